import {
  CALENDAR_COLOURS,
  NO_LOCATION,
  reminderChoiceOf,
  UNTITLED_EVENT,
  type AttendeeResponse,
  type CalendarAttendee,
  type MicrosoftEventBody,
} from '@sentinel/shared';
import { DateTime } from 'luxon';
import { providerFetch, providerJson, urlWith, type ProviderFetchOptions } from '../http';
import {
  ProviderError,
  type AccessTokenSource,
  type CalendarAdapter,
  type CalendarMove,
  type MicrosoftEndpoints,
  type ProviderCalendarEvent,
} from '../provider';
import { bearer, withAccessToken } from '../tokens';

/** Graph v1.0 event wire shapes (providers.md §5.5), only the fields read. */
export interface GraphDateTimeZone {
  /** No offset ("2026-11-23T15:00:00.0000000"), read in `timeZone`. */
  dateTime?: string | null;
  timeZone?: string | null;
}
export interface GraphPhysicalAddress {
  street?: string | null;
  city?: string | null;
  state?: string | null;
  countryOrRegion?: string | null;
  postalCode?: string | null;
}
export interface GraphLocation {
  displayName?: string | null;
  address?: GraphPhysicalAddress | null;
}
export interface GraphAttendee {
  emailAddress?: { name?: string | null; address?: string | null } | null;
  type?: string;
  status?: { response?: string | null } | null;
}
export interface GraphEvent {
  id?: string;
  '@odata.etag'?: string;
  subject?: string | null;
  /** Not a Graph field: some callers hand over a `title`; read when there is no subject. */
  title?: string | null;
  body?: { contentType?: string | null; content?: string | null } | null;
  bodyPreview?: string | null;
  start?: GraphDateTimeZone | null;
  end?: GraphDateTimeZone | null;
  isAllDay?: boolean;
  isCancelled?: boolean;
  location?: GraphLocation | string | null;
  locations?: GraphLocation[] | null;
  attendees?: GraphAttendee[] | null;
  onlineMeeting?: { joinUrl?: string | null } | null;
  onlineMeetingUrl?: string | null;
  webLink?: string | null;
  isReminderOn?: boolean;
  reminderMinutesBeforeStart?: number | null;
}
interface GraphPage {
  value?: unknown;
  '@odata.nextLink'?: string;
}

const SELECT = [
  'id',
  'subject',
  'body',
  'bodyPreview',
  'start',
  'end',
  'isAllDay',
  'isCancelled',
  'location',
  'locations',
  'attendees',
  'onlineMeeting',
  'onlineMeetingUrl',
  'webLink',
  'isReminderOn',
  'reminderMinutesBeforeStart',
].join(',');
/** Times in UTC whatever the mailbox's zone (providers.md §5.4); all-day events are never converted. */
const PREFER_UTC = 'outlook.timezone="UTC"';
const PAGE_SIZE = 500;

/**
 * Windows zone names Graph may write (the mailbox's or the creator's zone) for their IANA
 * equivalents (CLDR windowsZones, territory 001). The common ones only: Sentinel asks for UTC,
 * so these appear only when a caller did not, or on data written elsewhere.
 */
const WINDOWS_ZONES: Record<string, string> = {
  UTC: 'UTC',
  'Coordinated Universal Time': 'UTC',
  'Dateline Standard Time': 'Etc/GMT+12',
  'Hawaiian Standard Time': 'Pacific/Honolulu',
  'Alaskan Standard Time': 'America/Anchorage',
  'Pacific Standard Time': 'America/Los_Angeles',
  'US Mountain Standard Time': 'America/Phoenix',
  'Mountain Standard Time': 'America/Denver',
  'Central Standard Time': 'America/Chicago',
  'Central America Standard Time': 'America/Guatemala',
  'Eastern Standard Time': 'America/New_York',
  'US Eastern Standard Time': 'America/Indianapolis',
  'Atlantic Standard Time': 'America/Halifax',
  'Newfoundland Standard Time': 'America/St_Johns',
  'SA Pacific Standard Time': 'America/Bogota',
  'E. South America Standard Time': 'America/Sao_Paulo',
  'GMT Standard Time': 'Europe/London',
  'Greenwich Standard Time': 'Atlantic/Reykjavik',
  'W. Europe Standard Time': 'Europe/Berlin',
  'Romance Standard Time': 'Europe/Paris',
  'Central Europe Standard Time': 'Europe/Budapest',
  'Central European Standard Time': 'Europe/Warsaw',
  'E. Europe Standard Time': 'Europe/Chisinau',
  'FLE Standard Time': 'Europe/Kiev',
  'GTB Standard Time': 'Europe/Bucharest',
  'Russian Standard Time': 'Europe/Moscow',
  'South Africa Standard Time': 'Africa/Johannesburg',
  'Arabian Standard Time': 'Asia/Dubai',
  'India Standard Time': 'Asia/Calcutta',
  'China Standard Time': 'Asia/Shanghai',
  'Singapore Standard Time': 'Asia/Singapore',
  'Tokyo Standard Time': 'Asia/Tokyo',
  'Korea Standard Time': 'Asia/Seoul',
  'AUS Eastern Standard Time': 'Australia/Sydney',
  'E. Australia Standard Time': 'Australia/Brisbane',
  'New Zealand Standard Time': 'Pacific/Auckland',
};

/** The IANA zone luxon should read a Graph time in: UTC, an IANA name, a known Windows name, else UTC. */
export function graphZone(name: string | null | undefined): string {
  if (!name) return 'UTC';
  const candidate = WINDOWS_ZONES[name] ?? name;
  // Unknown names (a rare Windows zone, "tzone://Microsoft/Custom") fall back to UTC, which is
  // what Graph writes when asked with Prefer: outlook.timezone="UTC", as the adapter always does.
  return DateTime.local().setZone(candidate).isValid ? candidate : 'UTC';
}

const LOCAL = /^(\d{4}-\d{2}-\d{2})(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?)?$/;

/** A Graph dateTimeTimeZone as a luxon DateTime (invalid when unreadable). */
function readGraphTime(value: GraphDateTimeZone | null | undefined): DateTime | null {
  const text = value?.dateTime?.trim();
  if (!text) return null;
  const zone = graphZone(value?.timeZone);
  // Graph writes no offset; a trailing Z or offset (from toISOString, or other callers) wins.
  const parsed = /(Z|[+-]\d{2}:?\d{2})$/i.test(text)
    ? DateTime.fromISO(text, { setZone: true })
    : LOCAL.test(text)
      ? DateTime.fromISO(text, { zone })
      : null;
  return parsed?.isValid ? parsed : null;
}

const GRAPH_RESPONSES: Record<string, AttendeeResponse> = {
  accepted: 'accepted',
  declined: 'declined',
  tentativelyAccepted: 'tentative',
  organizer: 'organizer',
  none: 'needsAction',
  notResponded: 'needsAction',
};

function locationText(event: GraphEvent): string {
  const read = (location: GraphLocation | string | null | undefined): string | null => {
    if (!location) return null;
    if (typeof location === 'string') return location.trim() || null;
    if (location.displayName?.trim()) return location.displayName.trim();
    const address = location.address;
    if (!address) return null;
    const parts = [address.street, address.city, address.state, address.countryOrRegion]
      .map((part) => part?.trim())
      .filter((part): part is string => Boolean(part));
    return parts.length ? parts.join(', ') : null;
  };
  return read(event.location) ?? read(event.locations?.[0]) ?? NO_LOCATION;
}

/**
 * A Graph event (calendarView item, create or update answer) as the calendar screen shows it, or
 * null for one it cannot show (no id or start, cancelled). Timed events become UTC instants;
 * all-day ones keep the dates of their midnights, end exclusive. A missing or earlier end counts
 * as one day (all-day) or the start itself (timed).
 */
export function normaliseGraphEvent(raw: GraphEvent): ProviderCalendarEvent | null {
  if (!raw || typeof raw !== 'object' || !raw.id || raw.isCancelled) return null;
  const startAt = readGraphTime(raw.start);
  if (!startAt) return null;
  const endAt = readGraphTime(raw.end);
  const allDay = raw.isAllDay === true;
  let start: string;
  let end: string;
  if (allDay) {
    // All-day times are midnights in the event's own zone and are never converted: the date part.
    start = (raw.start?.dateTime ?? '').slice(0, 10);
    end = endAt ? (raw.end?.dateTime ?? '').slice(0, 10) : '';
    if (!end || end <= start)
      end = DateTime.fromISO(start, { zone: 'utc' }).plus({ days: 1 }).toISODate() as string;
  } else {
    start = startAt.toUTC().toISO() as string;
    end = endAt && endAt >= startAt ? (endAt.toUTC().toISO() as string) : start;
  }
  const attendees: CalendarAttendee[] = (raw.attendees ?? [])
    .filter((attendee) => Boolean(attendee?.emailAddress?.address))
    .map((attendee) => ({
      name: attendee.emailAddress?.name?.trim() || null,
      email: attendee.emailAddress?.address as string,
      status: GRAPH_RESPONSES[attendee.status?.response ?? 'none'] ?? 'needsAction',
    }));
  const isHtml = (raw.body?.contentType ?? '').toLowerCase() === 'html';
  const reminder =
    raw.isReminderOn && typeof raw.reminderMinutesBeforeStart === 'number'
      ? reminderChoiceOf(raw.reminderMinutesBeforeStart)
      : undefined;
  return {
    id: raw.id,
    title: raw.subject?.trim() ? raw.subject : raw.title?.trim() ? raw.title : UNTITLED_EVENT,
    start,
    end,
    allDay,
    color: CALENDAR_COLOURS.microsoft,
    source: 'microsoft',
    // Raw provider HTML (untrusted) or plain text: the calendar service sanitises it.
    description: isHtml ? (raw.body?.content ?? '') : raw.body?.content || raw.bodyPreview || '',
    location: locationText(raw),
    attendees,
    reminders: reminder ? [reminder] : [],
    editable: true,
    conferenceUrl: raw.onlineMeeting?.joinUrl || raw.onlineMeetingUrl || null,
    htmlLink: raw.webLink ?? null,
    ...(raw['@odata.etag'] ? { etag: raw['@odata.etag'] } : {}),
  };
}

/** Graph's own format for a UTC wall-clock time: no offset, with the zone named beside it. */
const graphUtc = (at: DateTime): GraphDateTimeZone => ({
  dateTime: at.toUTC().toFormat("yyyy-MM-dd'T'HH:mm:ss"),
  timeZone: 'UTC',
});
const midnight = (date: string): GraphDateTimeZone => ({ dateTime: `${date}T00:00:00`, timeZone: 'UTC' });
const nextDay = (date: string) =>
  DateTime.fromISO(date, { zone: 'utc' }).plus({ days: 1 }).toISODate() as string;

/**
 * Start and end for Graph. Timed: the instants the client meant (its wall clock read in its zone)
 * written in UTC. All-day: Graph wants midnights in one zone with an exclusive end, so the
 * dates' midnights in UTC (an all-day event is not converted between zones), at least one day.
 */
function graphTimes(
  start: { dateTime: string; timeZone?: string },
  end: { dateTime: string; timeZone?: string },
  allDay: boolean,
): { start: GraphDateTimeZone; end: GraphDateTimeZone } {
  if (allDay) {
    const first = start.dateTime.slice(0, 10);
    let after = end.dateTime.slice(0, 10);
    if (!LOCAL.test(first) || !LOCAL.test(after)) throw new RangeError('An all-day event needs dates');
    if (after <= first) after = nextDay(first);
    return { start: midnight(first), end: midnight(after) };
  }
  const from = readGraphTime(start);
  const to = readGraphTime(end);
  if (!from || !to) throw new RangeError('An event needs valid start and end times');
  return { start: graphUtc(from), end: graphUtc(to < from ? from : to) };
}

/** A move from the screen (dates when all-day, instants otherwise) as Graph's PATCH body. */
export function graphMove(move: CalendarMove): {
  start: GraphDateTimeZone;
  end: GraphDateTimeZone;
  isAllDay: boolean;
} {
  return {
    ...graphTimes({ dateTime: move.start }, { dateTime: move.end }, move.allDay),
    isAllDay: move.allDay,
  };
}

/** The create payload as Graph's event JSON (providers.md §5.4, §5.5). */
export function graphEventBody(input: MicrosoftEventBody): Record<string, unknown> {
  const allDay = input.isAllDay === true;
  const content = input.body?.content ?? '';
  const plain = /^text$/i.test(input.body?.contentType ?? 'HTML');
  return {
    subject: input.subject ?? '',
    body: { contentType: plain ? 'text' : 'html', content },
    ...(input.location?.displayName ? { location: { displayName: input.location.displayName } } : {}),
    ...graphTimes(input.start, input.end, allDay),
    isAllDay: allDay,
    attendees: (input.attendees ?? []).map((attendee) => ({
      emailAddress: {
        address: attendee.emailAddress.address,
        ...(attendee.emailAddress.name ? { name: attendee.emailAddress.name } : {}),
      },
      type: attendee.type ?? 'required',
    })),
  };
}

/** The signed-in user's default Outlook calendar through Graph (providers.md §5.4–5.6). */
export function graphCalendar(
  endpoints: MicrosoftEndpoints,
  http: ProviderFetchOptions = {},
): CalendarAdapter {
  const headers = (accessToken: string, json: boolean, ifMatch?: string) =>
    bearer(accessToken, {
      prefer: PREFER_UTC,
      ...(json ? { 'content-type': 'application/json' } : {}),
      ...(ifMatch ? { 'if-match': ifMatch } : {}),
    }).headers;

  const call = <T>(
    token: AccessTokenSource,
    url: string | URL,
    init: RequestInit = {},
    options = http,
    ifMatch?: string,
  ) =>
    withAccessToken(token, (accessToken) =>
      providerJson<T>(url, { ...init, headers: headers(accessToken, Boolean(init.body), ifMatch) }, options),
    );

  const answered = (raw: GraphEvent | undefined) => {
    const event = raw ? normaliseGraphEvent(raw) : null;
    if (!event)
      throw new ProviderError(200, 'invalid_event', 'Graph answered an event without an id or start', false);
    return event;
  };

  const eventUrl = (id: string) => urlWith(endpoints.graph, `/me/events/${encodeURIComponent(id)}`);

  return {
    provider: 'microsoft',

    async list(token, range) {
      const out: ProviderCalendarEvent[] = [];
      let next: string | URL | undefined = urlWith(endpoints.graph, '/me/calendarView', {
        startDateTime: range.start.toISOString(),
        endDateTime: range.end.toISOString(),
        $top: PAGE_SIZE,
        $orderby: 'start/dateTime',
        $select: SELECT,
      });
      while (next) {
        const page: GraphPage | undefined = await call<GraphPage>(token, next);
        // A value that is not an array (seen on odd answers) counts as an empty page.
        const items = Array.isArray(page?.value) ? (page.value as GraphEvent[]) : [];
        for (const item of items) {
          const event = normaliseGraphEvent(item);
          if (event) out.push(event);
        }
        // The next page's link is opaque: followed as given (providers.md §5.1).
        next = page?.['@odata.nextLink'] || undefined;
      }
      return out;
    },

    async create(token, input) {
      // Not repeated once Graph may have acted (a 5xx after the insert would duplicate it): only
      // 429, which Graph answers before acting, is retried.
      return answered(
        await call<GraphEvent>(
          token,
          urlWith(endpoints.graph, '/me/events'),
          // The route validated it against microsoftEventBody (the interface takes both payloads).
          { method: 'POST', body: JSON.stringify(graphEventBody(input as MicrosoftEventBody)) },
          { ...http, idempotent: false },
        ),
      );
    },

    async update(token, eventId, move, ifMatch) {
      return answered(
        await call<GraphEvent>(
          token,
          eventUrl(eventId),
          { method: 'PATCH', body: JSON.stringify(graphMove(move)) },
          http,
          ifMatch,
        ),
      );
    },

    async delete(token, eventId, ifMatch) {
      // 204 No Content; an unknown (or already deleted) event is 404 ErrorItemNotFound, thrown.
      await withAccessToken(token, (accessToken) =>
        providerFetch(
          eventUrl(eventId),
          { method: 'DELETE', headers: headers(accessToken, false, ifMatch) },
          http,
        ),
      );
    },
  };
}
