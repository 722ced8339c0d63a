import {
  CALENDAR_SOURCES,
  type CalendarEvent,
  type CalendarEventPatch,
  type CalendarEventsResponse,
  type CalendarSaveTarget,
  type CalendarSource,
  type CalendarStatus,
  type GoogleEventBody,
  type MicrosoftEventBody,
  type SentinelEventBody,
  CALENDAR_MESSAGES,
  EVENT_RELOAD_AFTER_SAVE_MS,
} from '@sentinel/shared';
import {
  keepPreviousData,
  type QueryClient,
  queryOptions,
  usePrefetchQuery,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { toast } from 'sonner';
import { queryKeys } from '@/api/query-keys';
import { api, isApiError } from '@/lib/api-client';
import type { Session } from '@/lib/session-store';
import { calendarOpening, WIDE_SCREEN } from '../utils/opening';
import { resolveTimeZone } from '../utils/time';

/** The visible range of the calendar, as FullCalendar reports it (ISO, end exclusive). */
export interface CalendarRange {
  start: string;
  end: string;
}

/** One calendar's answer: its events and status, or 'failed' when the call itself failed. */
export interface SourceResult {
  status: CalendarStatus | 'failed';
  events: CalendarEvent[];
}

export type CalendarResults = Record<CalendarSource, SourceResult>;

/** GET /api/calendar/events/{source}?userId&start&end */
export function getCalendarEvents(
  source: CalendarSource,
  userId: string,
  range: CalendarRange,
  signal?: AbortSignal,
) {
  const query = new URLSearchParams({ userId, start: range.start, end: range.end });
  return api.get<CalendarEventsResponse>(`/api/calendar/events/${source}?${query.toString()}`, { signal });
}

const LOAD_TOAST = 'calendar-load';

/**
 * Every calendar at once: one failing leaves the others showing; a non-array `data` counts as
 * empty. 'Loading calendars...' stays until it is replaced by the outcome.
 */
export async function loadCalendars(
  queryClient: QueryClient,
  userId: string,
  range: CalendarRange,
  signal?: AbortSignal,
): Promise<CalendarResults> {
  toast.loading(CALENDAR_MESSAGES.calendarsLoading, { id: LOAD_TOAST });
  const settled = await Promise.allSettled(
    CALENDAR_SOURCES.map(
      (source) =>
        (source === 'sentinel' && takeReadAhead(queryClient, userId, range)) ||
        getCalendarEvents(source, userId, range, signal),
    ),
  );
  const results = Object.fromEntries(
    CALENDAR_SOURCES.map((source, index) => {
      const outcome = settled[index];
      const result: SourceResult =
        outcome?.status === 'fulfilled'
          ? {
              status: outcome.value.status,
              events: Array.isArray(outcome.value.data) ? outcome.value.data : [],
            }
          : { status: 'failed', events: [] };
      return [source, result];
    }),
  ) as CalendarResults;
  // A load replaced by another (the range changed) leaves the toast to its successor.
  if (!signal?.aborted) {
    if (Object.values(results).some((result) => result.status === 'failed')) {
      toast.error(CALENDAR_MESSAGES.calendarsLoadFailed, { id: LOAD_TOAST });
    } else {
      toast.success(CALENDAR_MESSAGES.calendarsLoaded, { id: LOAD_TOAST });
    }
  }
  return results;
}

const calendarEventsQuery = (queryClient: QueryClient, userId: string, range: CalendarRange) =>
  queryOptions({
    queryKey: queryKeys.calendar.events(range),
    queryFn: ({ signal }) => loadCalendars(queryClient, userId, range, signal),
    staleTime: 60_000,
  });

/** How long a Sentinel calendar read ahead is shown as it is, rather than read again. */
const READ_AHEAD_FRESH_MS = 60_000;

const readAheadQuery = (userId: string, range: CalendarRange) =>
  queryOptions({
    queryKey: queryKeys.calendar.ahead(range),
    queryFn: () => getCalendarEvents('sentinel', userId, range),
    staleTime: READ_AHEAD_FRESH_MS,
    gcTime: READ_AHEAD_FRESH_MS,
  });

/**
 * Reads the Sentinel calendar of the range the screen would open on, in idle time while the
 * person is elsewhere in the app (as the calendar's code is loaded then too), so that opening the
 * calendar waits for no request of its own calendar: a busy month is drawn once, straight away.
 * Google and Outlook are not read ahead: their calendars are read live, when the screen opens.
 * Nothing is read for a person without a firm, or when the range is already loaded.
 */
export function readCalendarAhead(queryClient: QueryClient, session: Session | null): void {
  if (!session?.firm) return;
  const { range } = calendarOpening(
    new URLSearchParams(),
    window.matchMedia(WIDE_SCREEN).matches,
    resolveTimeZone(session.timeZone),
  );
  if (queryClient.getQueryState(queryKeys.calendar.events(range))) return;
  void queryClient.prefetchQuery(readAheadQuery(session.userId, range));
}

/**
 * The Sentinel calendar read ahead for `range`, taken once: as read if it is still fresh, the
 * read under way if there is one, else read again (it went stale, or a change invalidated it).
 * Null when nothing was read ahead. Once taken it is forgotten, so that Sync and later loads
 * read the calendar afresh.
 */
function takeReadAhead(queryClient: QueryClient, userId: string, range: CalendarRange) {
  const options = readAheadQuery(userId, range);
  if (!queryClient.getQueryState(options.queryKey)) return null;
  const answer = queryClient.fetchQuery(options);
  void answer
    .catch(() => undefined)
    .finally(() => queryClient.removeQueries({ queryKey: options.queryKey, exact: true }));
  return answer;
}

/**
 * The events of every calendar in `range`, asked for as the screen renders rather than once it
 * has mounted: drawing FullCalendar takes longer than the answer.
 */
export function useCalendarEvents(userId: string, range: CalendarRange) {
  const queryClient = useQueryClient();
  const options = calendarEventsQuery(queryClient, userId, range);
  usePrefetchQuery(options);
  return useQuery({ ...options, placeholderData: keepPreviousData });
}

/** The reload that follows a save (spec: events are reloaded 1000 ms after saving). */
let reloadTimer: ReturnType<typeof setTimeout> | undefined;

/**
 * Reads every calendar again EVENT_RELOAD_AFTER_SAVE_MS after a save, once: a second save within
 * that time moves the reload rather than adding one. The timer outlives the dialog that saved.
 */
export function reloadCalendarsAfterSave(queryClient: QueryClient): void {
  clearTimeout(reloadTimer);
  reloadTimer = setTimeout(() => {
    reloadTimer = undefined;
    void queryClient.invalidateQueries({ queryKey: queryKeys.calendar.all });
  }, EVENT_RELOAD_AFTER_SAVE_MS);
}

/** Drops a pending reload (tests: a save's reload must not land in the next test's calendar). */
export function cancelCalendarReload(): void {
  clearTimeout(reloadTimer);
  reloadTimer = undefined;
}

export type CreateEventBody =
  | { target: 'sentinel'; body: SentinelEventBody }
  | { target: 'google'; body: GoogleEventBody }
  | { target: 'outlook'; body: MicrosoftEventBody };

/** POST /api/calendar/events/{sentinel|google|outlook} */
export const createCalendarEvent = ({ target, body }: CreateEventBody) =>
  api.post<{ data: CalendarEvent }>(`/api/calendar/events/${target satisfies CalendarSaveTarget}`, body);

type EventRef = Pick<CalendarEvent, 'source' | 'id' | 'etag'>;

const eventPath = (event: EventRef) => `/api/calendar/events/${event.source}/${encodeURIComponent(event.id)}`;

/**
 * `If-Match` with the version of the event the person saw (its `etag`: Sentinel's, Google's or
 * Graph's): a change someone made since is refused (409) rather than silently overwritten.
 */
const ifMatch = (event: EventRef) => (event.etag ? { headers: { 'If-Match': event.etag } } : undefined);

/** PATCH /api/calendar/events/{source}/{id}: a move or resize, or the edit dialog's fields. */
export const moveCalendarEvent = (event: EventRef, change: CalendarEventPatch) =>
  api.patch<{ data: CalendarEvent }>(eventPath(event), change, ifMatch(event));

/** DELETE /api/calendar/events/{source}/{id} */
export const deleteCalendarEvent = (event: EventRef) =>
  api.delete<{ id: string; deleted: true }>(eventPath(event), ifMatch(event));

/**
 * The event as it is now, when a change was refused because someone else changed it first (409
 * with the current event in `details`); null for any other failure.
 */
export function changedElsewhere(error: unknown): { message: string; current: CalendarEvent | null } | null {
  if (!isApiError(error) || error.status !== 409 || error.code !== 'CONFLICT') return null;
  const details = error.details as { current?: CalendarEvent | null } | undefined;
  if (!details || !('current' in details)) return null;
  return {
    message: error.serverMessage ?? CALENDAR_MESSAGES.eventChangedElsewhere,
    current: details.current ?? null,
  };
}

/**
 * Writes one event's change into every cached range (the moved event's answer, or its removal),
 * so the screen shows it without reloading every calendar.
 */
export function useReplaceCachedEvent() {
  const queryClient = useQueryClient();
  return (source: CalendarSource, id: string, next: CalendarEvent | null) => {
    queryClient.setQueriesData<CalendarResults>({ queryKey: queryKeys.calendar.ranges }, (data) => {
      if (!data) return data;
      const result = data[source];
      const events = next
        ? result.events.map((event) => (event.id === id ? next : event))
        : result.events.filter((event) => event.id !== id);
      return { ...data, [source]: { ...result, events } };
    });
  };
}
