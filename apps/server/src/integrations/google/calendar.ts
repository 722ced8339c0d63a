import { randomUUID } from 'node:crypto';
import {
  CALENDAR_COLOURS,
  NO_LOCATION,
  reminderChoiceOf,
  UNTITLED_EVENT,
  type AttendeeResponse,
  type CalendarAttendee,
  type GoogleEventBody,
  type ReminderChoice,
} from '@sentinel/shared';
import { DateTime } from 'luxon';
import { providerFetch, providerJson, urlWith, type ProviderFetchOptions } from '../http';
import {
  ProviderError,
  type AccessTokenSource,
  type CalendarAdapter,
  type CalendarMove,
  type GoogleEndpoints,
  type ProviderCalendarEvent,
} from '../provider';
import { bearer, withAccessToken } from '../tokens';

/** Google Calendar v3 wire shapes (providers.md §3.4), only the fields read. */
export interface GoogleEventDateTime {
  date?: string | null;
  dateTime?: string | null;
  timeZone?: string | null;
}
export interface GoogleEventAttendee {
  email?: string;
  displayName?: string;
  responseStatus?: string;
  organizer?: boolean;
  self?: boolean;
  resource?: boolean;
}
export interface GoogleCalendarEvent {
  id?: string;
  etag?: string;
  status?: 'confirmed' | 'tentative' | 'cancelled';
  htmlLink?: string;
  summary?: string | null;
  description?: string | null;
  location?: string | null;
  start?: GoogleEventDateTime;
  end?: GoogleEventDateTime;
  attendees?: GoogleEventAttendee[];
  hangoutLink?: string;
  conferenceData?: { entryPoints?: { entryPointType?: string; uri?: string }[] };
  reminders?: { useDefault?: boolean; overrides?: { method?: string; minutes?: number }[] };
}
interface GoogleEventList {
  items?: GoogleCalendarEvent[];
  nextPageToken?: string;
}

/** The most events.list gives in one page (providers.md §3.1). */
const PAGE_SIZE = 2500;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const GOOGLE_RESPONSES: readonly AttendeeResponse[] = ['accepted', 'declined', 'tentative', 'needsAction'];

const addDays = (date: string, days: number) =>
  DateTime.fromISO(date, { zone: 'utc' }).plus({ days }).toISODate() as string;

/**
 * One EventDateTime as Sentinel shows it: a date stays a date (all-day); a dateTime becomes a UTC
 * instant. Google always writes an offset on dateTime; one without an offset is read in its
 * `timeZone` (IANA), or as UTC when it has none. Null when unreadable.
 */
function readTime(value: GoogleEventDateTime | undefined): { value: string; allDay: boolean } | null {
  if (!value) return null;
  if (value.date && DATE.test(value.date)) return { value: value.date, allDay: true };
  if (!value.dateTime) return null;
  const hasOffset = /(Z|[+-]\d{2}:?\d{2})$/i.test(value.dateTime);
  let parsed = hasOffset
    ? DateTime.fromISO(value.dateTime, { setZone: true })
    : DateTime.fromISO(value.dateTime, { zone: value.timeZone || 'utc' });
  // A zone luxon does not know: the wall-clock time read as UTC rather than the event lost.
  if (!parsed.isValid && !hasOffset) parsed = DateTime.fromISO(value.dateTime, { zone: 'utc' });
  if (!parsed.isValid) return null;
  return { value: parsed.toUTC().toISO() as string, allDay: false };
}

function attendeeStatus(attendee: GoogleEventAttendee): AttendeeResponse {
  if (attendee.organizer) return 'organizer';
  return GOOGLE_RESPONSES.find((response) => response === attendee.responseStatus) ?? 'needsAction';
}

/**
 * A Google event (events.list item, insert or patch answer) as the calendar screen shows it, or
 * null for one it cannot show: no id, no readable start, or cancelled.
 *
 * A missing `end` (Google gives none only for malformed data; `endTimeUnspecified` events carry
 * end = start) counts as one day for an all-day event and as the start itself for a timed one,
 * so nothing is invented beyond what the provider said. An end before the start is clamped to it.
 */
export function normaliseGoogleEvent(raw: GoogleCalendarEvent): ProviderCalendarEvent | null {
  if (!raw || typeof raw !== 'object' || !raw.id || raw.status === 'cancelled') return null;
  const start = readTime(raw.start);
  if (!start) return null;
  let end = readTime(raw.end);
  if (!end || end.allDay !== start.allDay) {
    end = { value: start.allDay ? addDays(start.value, 1) : start.value, allDay: start.allDay };
  } else if (end.value < start.value) {
    // Both are ISO (UTC instants or dates) of the same kind, so they compare as strings.
    end = { value: start.allDay ? addDays(start.value, 1) : start.value, allDay: start.allDay };
  }
  const attendees: CalendarAttendee[] = (raw.attendees ?? [])
    .filter((attendee): attendee is GoogleEventAttendee & { email: string } => Boolean(attendee?.email))
    .map((attendee) => ({
      name: attendee.displayName?.trim() || null,
      email: attendee.email,
      status: attendeeStatus(attendee),
    }));
  const video = raw.conferenceData?.entryPoints?.find(
    (entry) => entry.entryPointType === 'video' && entry.uri,
  );
  const reminders = raw.reminders?.useDefault
    ? []
    : [
        ...new Set(
          (raw.reminders?.overrides ?? [])
            .map((override) => reminderChoiceOf(Number(override.minutes)))
            .filter((choice): choice is ReminderChoice => choice !== undefined),
        ),
      ];
  return {
    id: raw.id,
    title: raw.summary?.trim() ? raw.summary : UNTITLED_EVENT,
    start: start.value,
    end: end.value,
    allDay: start.allDay,
    color: CALENDAR_COLOURS.google,
    source: 'google',
    // Raw provider HTML (untrusted): the calendar service sanitises it before anyone sees it.
    description: raw.description ?? '',
    location: raw.location?.trim() ? raw.location : NO_LOCATION,
    attendees,
    reminders,
    editable: true,
    conferenceUrl: raw.hangoutLink || video?.uri || null,
    htmlLink: raw.htmlLink ?? null,
    ...(raw.etag ? { etag: raw.etag } : {}),
  };
}

/** A time of the create payload as Google's EventDateTime: a date, or a dateTime (+ its zone). */
function eventDateTime(value: { date?: string; dateTime?: string; timeZone?: string }): GoogleEventDateTime {
  if (value.date) return { date: value.date };
  return { dateTime: value.dateTime, ...(value.timeZone ? { timeZone: value.timeZone } : {}) };
}

/** A move from the screen as Google's start and end; `null` clears the other kind under PATCH. */
export function googleMove(move: CalendarMove): { start: GoogleEventDateTime; end: GoogleEventDateTime } {
  if (move.allDay) {
    const start = move.start.slice(0, 10);
    let end = move.end.slice(0, 10);
    if (!DATE.test(start) || !DATE.test(end)) throw new RangeError('An all-day move needs dates');
    if (end <= start) end = addDays(start, 1);
    return { start: { date: start, dateTime: null }, end: { date: end, dateTime: null } };
  }
  const start = new Date(move.start);
  const end = new Date(move.end);
  if (Number.isNaN(start.getTime()) || Number.isNaN(end.getTime()))
    throw new RangeError('A move needs valid start and end times');
  return {
    start: { dateTime: start.toISOString(), date: null },
    end: { dateTime: (end < start ? start : end).toISOString(), date: null },
  };
}

/**
 * The primary Google Calendar (providers.md §3). Creates, moves and deletes with
 * `sendUpdates=all`, so guests get Google's own invitations, updates and cancellations.
 */
export function googleCalendar(endpoints: GoogleEndpoints, http: ProviderFetchOptions = {}): CalendarAdapter {
  const events = (path = '', query?: Parameters<typeof urlWith>[2]) =>
    urlWith(endpoints.calendar, `/calendars/primary/events${path}`, query);
  const eventPath = (id: string) => `/${encodeURIComponent(id)}`;

  const call = <T>(token: AccessTokenSource, url: URL, init: RequestInit = {}, ifMatch?: string) =>
    withAccessToken(token, (accessToken) => {
      const auth = bearer(accessToken, {
        ...(init.body ? { 'content-type': 'application/json' } : {}),
        ...(ifMatch ? { 'if-match': ifMatch } : {}),
      });
      return providerJson<T>(url, { ...init, headers: auth.headers }, http);
    });

  const created = (raw: GoogleCalendarEvent | undefined) => {
    const event = raw ? normaliseGoogleEvent(raw) : null;
    if (!event)
      throw new ProviderError(200, 'invalid_event', 'Google answered an event without an id or start', false);
    return event;
  };

  return {
    provider: 'google',

    async list(token, range) {
      const out: ProviderCalendarEvent[] = [];
      let pageToken: string | undefined;
      do {
        const page = await call<GoogleEventList>(
          token,
          events('', {
            timeMin: range.start.toISOString(),
            timeMax: range.end.toISOString(),
            singleEvents: 'true',
            orderBy: 'startTime',
            maxResults: PAGE_SIZE,
            pageToken,
          }),
        );
        for (const item of page?.items ?? []) {
          const event = normaliseGoogleEvent(item);
          if (event) out.push(event);
        }
        pageToken = page?.nextPageToken;
      } while (pageToken);
      return out;
    },

    async create(token, input) {
      // The route validated it against googleEventBody (the interface takes both payloads).
      const body = input as GoogleEventBody;
      // A client-chosen id (base32hex: a UUID's hex digits) makes the insert safe to retry: if
      // an attempt Google acted on is answered 5xx, the retry gets 409 and we read the event.
      const id = randomUUID().replace(/-/g, '');
      const event: Record<string, unknown> = {
        id,
        summary: body.summary ?? '',
        ...(body.description ? { description: body.description } : {}),
        ...(body.location ? { location: body.location } : {}),
        start: eventDateTime(body.start),
        end: eventDateTime(body.end),
        ...(body.attendees?.length ? { attendees: body.attendees.map(({ email }) => ({ email })) } : {}),
      };
      try {
        return created(
          await call<GoogleCalendarEvent>(token, events('', { sendUpdates: 'all' }), {
            method: 'POST',
            body: JSON.stringify(event),
          }),
        );
      } catch (error) {
        if (!(error instanceof ProviderError) || error.status !== 409) throw error;
        return created(await call<GoogleCalendarEvent>(token, events(eventPath(id))));
      }
    },

    async update(token, eventId, move, ifMatch) {
      return created(
        await call<GoogleCalendarEvent>(
          token,
          events(eventPath(eventId), { sendUpdates: 'all' }),
          { method: 'PATCH', body: JSON.stringify(googleMove(move)) },
          ifMatch,
        ),
      );
    },

    async delete(token, eventId, ifMatch) {
      try {
        await withAccessToken(token, (accessToken) =>
          providerFetch(
            events(eventPath(eventId), { sendUpdates: 'all' }),
            { method: 'DELETE', ...bearer(accessToken, ifMatch ? { 'if-match': ifMatch } : {}) },
            http,
          ),
        );
      } catch (error) {
        // 410 Gone: deleted already (providers.md §3.3), which is what was asked.
        if (error instanceof ProviderError && error.status === 410) return;
        throw error;
      }
    },
  };
}
