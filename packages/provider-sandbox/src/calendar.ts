import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { googleAuth } from './gmail';
import { GRAPH, graphAuth } from './graph';
import type { Mailbox, SandboxState, StoredEvent } from './state';
import type { SeedAttendee } from './types';
import {
  decodeCursor,
  encodeCursor,
  googleError,
  googleNotFound,
  graphError,
  one,
  origin,
  sendJson,
  stripHtml,
} from './wire';

/** Google Calendar v3 (/google/calendar/v3) and Graph calendar (/microsoft/graph/v1.0/me/…). */

const WINDOWS_ZONES: Record<string, string> = {
  UTC: 'UTC',
  'Pacific Standard Time': 'America/Los_Angeles',
  'Mountain Standard Time': 'America/Denver',
  'US Mountain Standard Time': 'America/Phoenix',
  'Central Standard Time': 'America/Chicago',
  'Eastern Standard Time': 'America/New_York',
  'Atlantic Standard Time': 'America/Halifax',
  'Alaskan Standard Time': 'America/Anchorage',
  'Hawaiian Standard Time': 'Pacific/Honolulu',
  'GMT Standard Time': 'Europe/London',
  'Greenwich Standard Time': 'Atlantic/Reykjavik',
  'W. Europe Standard Time': 'Europe/Berlin',
  'Romance Standard Time': 'Europe/Paris',
  'Central Europe Standard Time': 'Europe/Budapest',
  'E. Europe Standard Time': 'Europe/Chisinau',
  'Tokyo Standard Time': 'Asia/Tokyo',
  'India Standard Time': 'Asia/Kolkata',
  'AUS Eastern Standard Time': 'Australia/Sydney',
};

/** An IANA zone for a Windows or IANA name, or undefined when Intl does not know it. */
export function ianaZone(name: string | undefined): string | undefined {
  if (!name) return undefined;
  const candidate = WINDOWS_ZONES[name] ?? name;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: candidate });
    return candidate;
  } catch {
    return undefined;
  }
}

function wallParts(date: Date, zone: string) {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(date);
  const get = (type: string) => parts.find((part) => part.type === type)?.value ?? '00';
  return {
    year: get('year'),
    month: get('month'),
    day: get('day'),
    hour: get('hour'),
    minute: get('minute'),
    second: get('second'),
  };
}

/** The zone's offset from UTC at `date`, in minutes. */
export function offsetMinutes(date: Date, zone: string): number {
  const p = wallParts(date, zone);
  const wall = Date.UTC(
    Number(p.year),
    Number(p.month) - 1,
    Number(p.day),
    Number(p.hour),
    Number(p.minute),
    Number(p.second),
  );
  return Math.round((wall - Math.floor(date.getTime() / 1000) * 1000) / 60000);
}

/** `YYYY-MM-DDTHH:mm:ss` on the wall clock of `zone`. */
export function wallClock(date: Date, zone: string): string {
  const p = wallParts(date, zone);
  return `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}:${p.second}`;
}

/** The instant a wall-clock time (no offset) names in `zone`. */
export function fromWallClock(text: string, zone: string): Date {
  const asUtc = new Date(`${text.replace(/(\.\d+)?Z?$/, '')}Z`);
  let guess = new Date(asUtc.getTime() - offsetMinutes(asUtc, zone) * 60000);
  guess = new Date(asUtc.getTime() - offsetMinutes(guess, zone) * 60000);
  return guess;
}

const formatOffset = (minutes: number) => {
  if (minutes === 0) return 'Z';
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
};

/** RFC 3339 in `zone` with its offset (`Z` for UTC). */
export function rfc3339In(date: Date, zone: string): string {
  return `${wallClock(date, zone)}${formatOffset(offsetMinutes(date, zone))}`;
}

const dateOnly = (date: Date) => date.toISOString().slice(0, 10);

const etag = (event: StoredEvent) =>
  `"${3_400_000_000_000_000 + event.seq * 1000 + (event.updated.getTime() % 1000)}"`;

/** Graph's `@odata.etag` (weak, its changeKey): a new one with every change. */
const graphChangeKey = (event: StoredEvent) =>
  createHash('sha256').update(`${event.id}:${event.seq}`).digest('base64').slice(0, 22);
const graphEtag = (event: StoredEvent) => `W/"${graphChangeKey(event)}"`;

/**
 * Whether a change's `If-Match` lets it through (as both providers do): no header, `*`, or one of
 * its entity tags naming the event's current version. Otherwise the change answers 412.
 */
function ifMatchHolds(request: FastifyRequest, current: string): boolean {
  const header = request.headers['if-match'];
  if (header === undefined) return true;
  const value = Array.isArray(header) ? header.join(',') : header;
  if (value.trim() === '*') return true;
  return value.split(',').some((tag) => tag.trim() === current);
}

// ---- Google ----

const GOOGLE_READ = [
  'https://www.googleapis.com/auth/calendar',
  'https://www.googleapis.com/auth/calendar.events',
  'https://www.googleapis.com/auth/calendar.readonly',
  'https://www.googleapis.com/auth/calendar.events.readonly',
];
const GOOGLE_WRITE = [
  'https://www.googleapis.com/auth/calendar',
  'https://www.googleapis.com/auth/calendar.events',
];

interface GoogleDateTime {
  date?: string;
  dateTime?: string;
  timeZone?: string;
}

function parseGoogleTime(
  value: GoogleDateTime | undefined,
): { at: Date; allDay: boolean; zone?: string } | undefined {
  if (!value) return undefined;
  if (value.date && /^\d{4}-\d{2}-\d{2}$/.test(value.date))
    return { at: new Date(`${value.date}T00:00:00Z`), allDay: true };
  if (!value.dateTime) return undefined;
  const zone = ianaZone(value.timeZone);
  const hasOffset = /(Z|[+-]\d{2}:\d{2})$/i.test(value.dateTime);
  if (!hasOffset && !zone) return undefined;
  const at = hasOffset ? new Date(value.dateTime) : fromWallClock(value.dateTime, zone as string);
  return Number.isNaN(at.getTime()) ? undefined : { at, allDay: false, zone: value.timeZone };
}

const GOOGLE_RESPONSES = ['accepted', 'declined', 'tentative', 'needsAction'] as const;

function googleEvent(box: Mailbox, event: StoredEvent, base: string, zone?: string): Record<string, unknown> {
  const eid = Buffer.from(`${event.id} ${box.email}`).toString('base64url');
  if (event.deleted) return { kind: 'calendar#event', etag: etag(event), id: event.id, status: 'cancelled' };
  const render = (date: Date) =>
    event.allDay
      ? { date: dateOnly(date) }
      : {
          dateTime: rfc3339In(date, ianaZone(zone ?? event.timeZone) ?? 'UTC'),
          timeZone: event.timeZone ?? zone ?? 'UTC',
        };
  return {
    kind: 'calendar#event',
    etag: etag(event),
    id: event.id,
    status: 'confirmed',
    htmlLink: `${base}/google/calendar/event?eid=${eid}`,
    created: event.created.toISOString(),
    updated: event.updated.toISOString(),
    summary: event.title,
    ...(event.description !== undefined ? { description: event.description } : {}),
    ...(event.location !== undefined ? { location: event.location } : {}),
    creator: { email: box.email, self: true },
    organizer: { email: box.email, self: true },
    start: render(event.start),
    end: render(event.end),
    iCalUID: `${event.id}@google.com`,
    sequence: 0,
    ...(event.attendees.length
      ? {
          attendees: event.attendees.map((attendee) => ({
            email: attendee.email,
            ...(attendee.name ? { displayName: attendee.name } : {}),
            responseStatus: attendee.response ?? 'needsAction',
            ...(attendee.email.toLowerCase() === box.email.toLowerCase()
              ? { self: true, organizer: true }
              : {}),
          })),
        }
      : {}),
    ...(event.conferenceUrl
      ? {
          hangoutLink: event.conferenceUrl,
          conferenceData: {
            conferenceId: event.conferenceUrl.split('/').pop(),
            conferenceSolution: {
              key: { type: 'hangoutsMeet' },
              name: 'Google Meet',
              iconUri:
                'https://fonts.gstatic.com/s/i/productlogos/meet_2020q4/v6/web-512dp/logo_meet_2020q4_color_2x_web_512dp.png',
            },
            entryPoints: [
              {
                entryPointType: 'video',
                uri: event.conferenceUrl,
                label: event.conferenceUrl.replace(/^https?:\/\//, ''),
              },
              {
                entryPointType: 'more',
                uri: `https://tel.meet/${event.conferenceUrl.split('/').pop()}?pin=1`,
                pin: '1',
              },
            ],
          },
        }
      : {}),
    reminders: { useDefault: true },
    eventType: 'default',
  };
}

interface GoogleListCursor {
  e: number;
  o: number;
  /** snapshot sequence for the nextSyncToken */
  u: number;
  /** changes since (sync) or undefined */
  s?: number;
}

export function registerCalendars(app: FastifyInstance, state: SandboxState, mount: string) {
  const base = '/google/calendar/v3/calendars/:calendarId/events';
  const sandboxBase = (request: FastifyRequest) => `${origin(request)}${mount}`;

  const googleBox = (request: FastifyRequest, reply: FastifyReply, scopes: string[]) => {
    const box = googleAuth(state, request, reply, scopes);
    if (!box) return undefined;
    const calendarId = decodeURIComponent((request.params as { calendarId: string }).calendarId);
    if (calendarId !== 'primary' && calendarId.toLowerCase() !== box.email.toLowerCase()) {
      void sendJson(reply, 404, googleNotFound());
      return undefined;
    }
    return box;
  };

  // Changed since the version the client names (If-Match): Google's and Exchange's own answers.
  const googlePreconditionFailed = (reply: FastifyReply) =>
    sendJson(reply, 412, googleError(412, 'Precondition Failed', 'conditionNotMet'));
  const graphPreconditionFailed = (reply: FastifyReply) =>
    sendJson(
      reply,
      412,
      graphError(
        'ErrorIrresolvableConflict',
        'The send or update operation could not be performed because the change key passed in the request does not match the current change key for the item.',
        state.now(),
      ),
    );

  const bad = (reply: FastifyReply, message: string, reason = 'invalid') =>
    sendJson(reply, 400, googleError(400, message, reason));

  app.get(base, async (request, reply) => {
    const box = googleBox(request, reply, GOOGLE_READ);
    if (!box) return reply;
    const query = request.query as Record<string, unknown>;
    const syncToken = one(query.syncToken);
    const pageToken = one(query.pageToken);
    const orderBy = one(query.orderBy);
    const singleEvents = one(query.singleEvents) === 'true';
    const timeMin = one(query.timeMin);
    const timeMax = one(query.timeMax);
    const q = one(query.q)?.toLowerCase();
    const zone = one(query.timeZone);
    const maxResults = Math.min(Math.max(Number(one(query.maxResults) ?? 250) || 250, 1), 2500);
    if (syncToken && (timeMin || timeMax || orderBy || q)) {
      return bad(reply, 'Sync token cannot be used with other query parameters.');
    }
    if (orderBy === 'startTime' && !singleEvents) {
      return bad(reply, 'The requested ordering is not available for the particular query.');
    }
    const offsetRequired = (value: string | undefined) =>
      value !== undefined && !/(Z|[+-]\d{2}:\d{2})$/i.test(value);
    if (offsetRequired(timeMin) || offsetRequired(timeMax)) return bad(reply, 'Bad Request', 'badRequest');
    let cursor: GoogleListCursor;
    if (pageToken) {
      const decoded = decodeCursor<GoogleListCursor>(pageToken);
      if (!decoded) return bad(reply, 'Invalid page token value.');
      cursor = decoded;
    } else if (syncToken) {
      const decoded = decodeCursor<{ e: number; s: number }>(syncToken);
      if (!decoded) return bad(reply, 'Invalid sync token value.');
      cursor = { e: decoded.e, s: decoded.s, u: box.seq, o: 0 };
    } else {
      cursor = { e: box.epoch, u: box.seq, o: 0 };
    }
    if (cursor.s !== undefined && cursor.e !== box.epoch) {
      return sendJson(
        reply,
        410,
        googleError(410, 'Sync token is no longer valid, a full sync is required.', 'fullSyncRequired'),
      );
    }
    const min = timeMin ? new Date(timeMin).getTime() : -Infinity;
    const max = timeMax ? new Date(timeMax).getTime() : Infinity;
    const showDeleted = one(query.showDeleted) === 'true';
    const since = cursor.s;
    const items = [...box.events.values()]
      .filter((event) => event.seq <= cursor.u)
      .filter((event) => (since !== undefined ? event.seq > since : showDeleted || !event.deleted))
      .filter((event) => event.end.getTime() > min && event.start.getTime() < max)
      .filter(
        (event) =>
          !q || `${event.title} ${event.description ?? ''} ${event.location ?? ''}`.toLowerCase().includes(q),
      )
      .sort((a, b) =>
        orderBy === 'updated'
          ? a.updated.getTime() - b.updated.getTime()
          : a.start.getTime() - b.start.getTime() || (a.id < b.id ? -1 : 1),
      );
    const slice = items.slice(cursor.o, cursor.o + maxResults);
    const more = cursor.o + maxResults < items.length;
    const baseUrl = sandboxBase(request);
    return sendJson(reply, 200, {
      kind: 'calendar#events',
      etag: `"p3${box.seq}"`,
      summary: box.email,
      description: '',
      updated: state.now().toISOString(),
      timeZone: zone ?? 'UTC',
      accessRole: 'owner',
      defaultReminders: [{ method: 'popup', minutes: 10 }],
      ...(more
        ? { nextPageToken: encodeCursor({ ...cursor, o: cursor.o + maxResults }) }
        : { nextSyncToken: encodeCursor({ e: box.epoch, s: cursor.u }) }),
      items: slice.map((event) => googleEvent(box, event, baseUrl, zone)),
    });
  });

  const attendeesFrom = (value: unknown): SeedAttendee[] | undefined =>
    Array.isArray(value)
      ? (value as { email?: string; displayName?: string; responseStatus?: string }[])
          .filter((attendee) => attendee.email)
          .map((attendee) => ({
            email: attendee.email as string,
            name: attendee.displayName,
            response:
              GOOGLE_RESPONSES.find((response) => response === attendee.responseStatus) ?? 'needsAction',
          }))
      : undefined;

  function writeGoogle(box: Mailbox, body: Record<string, unknown>, existing: StoredEvent | undefined) {
    const start = body.start !== undefined ? parseGoogleTime(body.start as GoogleDateTime) : undefined;
    const end = body.end !== undefined ? parseGoogleTime(body.end as GoogleDateTime) : undefined;
    if ((!existing || body.start !== undefined) && !start) return 'Missing start time.';
    if ((!existing || body.end !== undefined) && !end) return 'Missing end time.';
    const startAt = start?.at ?? (existing as StoredEvent).start;
    const endAt = end?.at ?? (existing as StoredEvent).end;
    if (endAt.getTime() < startAt.getTime()) return 'The specified time range is empty.';
    return state.putEvent(box, {
      // events.insert takes a client-chosen id (checked by the POST handler).
      id: existing?.id ?? (typeof body.id === 'string' ? body.id : undefined),
      title: body.summary !== undefined ? String(body.summary ?? '') : (existing?.title ?? ''),
      start: startAt,
      end: endAt,
      allDay: start?.allDay ?? existing?.allDay ?? false,
      location: body.location !== undefined ? String(body.location ?? '') : existing?.location,
      description: body.description !== undefined ? String(body.description ?? '') : existing?.description,
      attendees: attendeesFrom(body.attendees) ?? existing?.attendees ?? [],
      timeZone: start?.zone ?? existing?.timeZone,
      conferenceUrl: existing?.conferenceUrl,
    });
  }

  app.post(base, async (request, reply) => {
    const box = googleBox(request, reply, GOOGLE_WRITE);
    if (!box) return reply;
    const body = (request.body ?? {}) as Record<string, unknown>;
    // A client-chosen id: base32hex (a–v, 0–9), 5–1024 characters (providers.md §3.2).
    if (body.id !== undefined && (typeof body.id !== 'string' || !/^[a-v0-9]{5,1024}$/.test(body.id))) {
      return bad(reply, 'Invalid resource id value.');
    }
    if (typeof body.id === 'string' && box.events.has(body.id)) {
      return sendJson(reply, 409, googleError(409, 'The requested identifier already exists.', 'duplicate'));
    }
    const result = writeGoogle(box, body, undefined);
    if (typeof result === 'string') return bad(reply, result, 'required');
    return sendJson(reply, 200, googleEvent(box, result, sandboxBase(request)));
  });

  const eventFor = (box: Mailbox, request: FastifyRequest) =>
    box.events.get((request.params as { eventId: string }).eventId);

  app.get(`${base}/:eventId`, async (request, reply) => {
    const box = googleBox(request, reply, GOOGLE_READ);
    if (!box) return reply;
    const event = eventFor(box, request);
    if (!event) return sendJson(reply, 404, googleNotFound());
    return sendJson(
      reply,
      200,
      googleEvent(box, event, sandboxBase(request), one((request.query as Record<string, unknown>).timeZone)),
    );
  });

  const update = async (request: FastifyRequest, reply: FastifyReply) => {
    const box = googleBox(request, reply, GOOGLE_WRITE);
    if (!box) return reply;
    const event = eventFor(box, request);
    if (!event) return sendJson(reply, 404, googleNotFound());
    if (event.deleted) return sendJson(reply, 410, googleError(410, 'Resource has been deleted', 'deleted'));
    if (!ifMatchHolds(request, etag(event))) return googlePreconditionFailed(reply);
    const result = writeGoogle(
      box,
      (request.body ?? {}) as Record<string, unknown>,
      request.method === 'PUT' ? undefined : event,
    );
    if (typeof result === 'string') return bad(reply, result, 'required');
    return sendJson(reply, 200, googleEvent(box, result, sandboxBase(request)));
  };
  app.patch(`${base}/:eventId`, update);
  app.put(`${base}/:eventId`, update);

  app.delete(`${base}/:eventId`, async (request, reply) => {
    const box = googleBox(request, reply, GOOGLE_WRITE);
    if (!box) return reply;
    const event = eventFor(box, request);
    if (!event) return sendJson(reply, 404, googleNotFound());
    if (event.deleted) return sendJson(reply, 410, googleError(410, 'Resource has been deleted', 'deleted'));
    if (!ifMatchHolds(request, etag(event))) return googlePreconditionFailed(reply);
    state.deleteEvent(box, event.id);
    return reply.code(204).send();
  });

  // ---- Graph ----

  const GRAPH_READ = ['Calendars.Read', 'Calendars.ReadWrite', 'Calendars.ReadBasic'];
  const GRAPH_WRITE = ['Calendars.ReadWrite'];
  const GRAPH_RESPONSES: Record<string, string> = {
    accepted: 'accepted',
    declined: 'declined',
    tentative: 'tentativelyAccepted',
    needsAction: 'none',
  };
  const graphBase = (request: FastifyRequest) => `${origin(request)}${mount}${GRAPH}`;
  const preferredZone = (request: FastifyRequest) => {
    const match = /outlook\.timezone\s*=\s*"([^"]+)"/i.exec(String(request.headers.prefer ?? ''));
    return match?.[1];
  };
  const graphNotFound = (reply: FastifyReply) =>
    sendJson(
      reply,
      404,
      graphError('ErrorItemNotFound', 'The specified object was not found in the store.', state.now()),
    );

  function graphEvent(box: Mailbox, event: StoredEvent, base: string, zoneName: string | undefined) {
    const zone = ianaZone(zoneName);
    const label = zone ? (zoneName as string) : 'UTC';
    const render = (date: Date) =>
      event.allDay
        ? { dateTime: `${dateOnly(date)}T00:00:00.0000000`, timeZone: 'UTC' }
        : { dateTime: `${wallClock(date, zone ?? 'UTC')}.0000000`, timeZone: label };
    const key = graphChangeKey(event);
    const organizer = { emailAddress: { name: box.name, address: box.email } };
    return {
      '@odata.etag': graphEtag(event),
      id: event.id,
      createdDateTime: event.created.toISOString().replace('Z', '0000Z'),
      lastModifiedDateTime: event.updated.toISOString().replace('Z', '0000Z'),
      changeKey: key,
      categories: [],
      transactionId: null,
      originalStartTimeZone: event.timeZone ?? 'UTC',
      originalEndTimeZone: event.timeZone ?? 'UTC',
      iCalUId: `040000008200E00074C5B7101A82E008${createHash('sha256').update(event.id).digest('hex').slice(0, 48).toUpperCase()}`,
      reminderMinutesBeforeStart: 15,
      isReminderOn: true,
      hasAttachments: false,
      subject: event.title,
      bodyPreview: stripHtml(event.description ?? '').slice(0, 255),
      importance: 'normal',
      sensitivity: 'normal',
      isAllDay: event.allDay,
      isCancelled: false,
      isOrganizer: true,
      responseRequested: true,
      seriesMasterId: null,
      showAs: 'busy',
      type: 'singleInstance',
      webLink: `${base}/owa/?itemid=${encodeURIComponent(event.id)}&exvsurl=1&path=/calendar/item`,
      onlineMeetingUrl: null,
      isOnlineMeeting: Boolean(event.conferenceUrl),
      onlineMeetingProvider: event.conferenceUrl ? 'teamsForBusiness' : 'unknown',
      allowNewTimeProposals: true,
      isDraft: false,
      hideAttendees: false,
      responseStatus: { response: 'organizer', time: '0001-01-01T00:00:00Z' },
      body: { contentType: 'html', content: event.description ?? '' },
      start: render(event.start),
      end: render(event.end),
      location: {
        displayName: event.location ?? '',
        locationType: 'default',
        uniqueIdType: event.location ? 'private' : 'unknown',
        address: {},
        coordinates: {},
      },
      locations: event.location
        ? [{ displayName: event.location, locationType: 'default', uniqueIdType: 'private' }]
        : [],
      recurrence: null,
      attendees: event.attendees.map((attendee) => ({
        type: 'required',
        status: {
          response: GRAPH_RESPONSES[attendee.response ?? 'needsAction'] ?? 'none',
          time: '0001-01-01T00:00:00Z',
        },
        emailAddress: { name: attendee.name ?? attendee.email, address: attendee.email },
      })),
      organizer,
      onlineMeeting: event.conferenceUrl ? { joinUrl: event.conferenceUrl } : null,
    };
  }

  const parseGraphTime = (value: unknown): Date | undefined => {
    const input = value as { dateTime?: string; timeZone?: string } | undefined;
    if (!input?.dateTime) return undefined;
    if (/(Z|[+-]\d{2}:\d{2})$/i.test(input.dateTime)) return new Date(input.dateTime);
    const zone = ianaZone(input.timeZone ?? 'UTC');
    if (!zone) return undefined;
    const at = fromWallClock(input.dateTime, zone);
    return Number.isNaN(at.getTime()) ? undefined : at;
  };

  function writeGraph(box: Mailbox, body: Record<string, unknown>, existing: StoredEvent | undefined) {
    const start = body.start !== undefined ? parseGraphTime(body.start) : existing?.start;
    const end = body.end !== undefined ? parseGraphTime(body.end) : existing?.end;
    if (!start || !end)
      return "Your request can't be completed. The start and end of the event must be specified.";
    if (end.getTime() < start.getTime()) return 'The end of the event must be after its start.';
    const allDay = typeof body.isAllDay === 'boolean' ? body.isAllDay : (existing?.allDay ?? false);
    // Graph refuses an all-day event whose start or end is not a midnight.
    const atMidnight = (value: unknown) =>
      value === undefined ||
      /T00:00(:00(\.0+)?)?$/.test((value as { dateTime?: string } | undefined)?.dateTime ?? '');
    if (allDay && body.isAllDay !== undefined && (!atMidnight(body.start) || !atMidnight(body.end)))
      return 'The start and end of an all-day event must be at midnight.';
    const location = body.location as { displayName?: string } | undefined;
    const description = body.body as { content?: string } | undefined;
    const attendees = Array.isArray(body.attendees)
      ? (body.attendees as { emailAddress?: { address?: string; name?: string } }[])
          .filter((attendee) => attendee.emailAddress?.address)
          .map((attendee) => ({
            email: attendee.emailAddress?.address as string,
            name: attendee.emailAddress?.name,
            response: 'needsAction' as const,
          }))
      : undefined;
    return state.putEvent(box, {
      id: existing?.id,
      title: body.subject !== undefined ? String(body.subject ?? '') : (existing?.title ?? ''),
      start,
      end,
      allDay,
      location: location !== undefined ? (location?.displayName ?? '') : existing?.location,
      description: description !== undefined ? (description?.content ?? '') : existing?.description,
      attendees: attendees ?? existing?.attendees ?? [],
      timeZone: (body.start as { timeZone?: string } | undefined)?.timeZone ?? existing?.timeZone,
      conferenceUrl: existing?.conferenceUrl,
    });
  }

  const calendarView = async (request: FastifyRequest, reply: FastifyReply) => {
    const box = graphAuth(state, request, reply, GRAPH_READ);
    if (!box) return reply;
    const query = request.query as Record<string, unknown>;
    const startText = one(query.startDateTime) ?? one(query.StartDateTime);
    const endText = one(query.endDateTime) ?? one(query.EndDateTime);
    if (!startText || !endText) {
      return sendJson(
        reply,
        400,
        graphError(
          'ErrorInvalidParameter',
          'This request requires a time window specified by the query string parameters StartDateTime and EndDateTime.',
          state.now(),
        ),
      );
    }
    const toDate = (text: string) =>
      /(Z|[+-]\d{2}:\d{2})$/i.test(text) ? new Date(text) : new Date(`${text}Z`);
    const from = toDate(startText).getTime();
    const to = toDate(endText).getTime();
    const top = Math.min(Math.max(Number(one(query.$top) ?? 10) || 10, 1), 1000);
    const skip = Math.max(Number(one(query.$skip) ?? 0) || 0, 0);
    const zone = preferredZone(request);
    const fields = one(query.$select)
      ?.split(',')
      .map((field) => field.trim())
      .filter(Boolean);
    const matched = [...box.events.values()]
      .filter((event) => !event.deleted && event.start.getTime() < to && event.end.getTime() > from)
      .sort((a, b) => a.start.getTime() - b.start.getTime() || (a.id < b.id ? -1 : 1));
    const base = graphBase(request);
    const slice = matched.slice(skip, skip + top);
    let nextLink: string | undefined;
    if (skip + top < matched.length) {
      const url = new URL(`${base}/me/calendarView`);
      for (const [key, value] of Object.entries(query))
        if (key !== '$skip') url.searchParams.set(key, String(one(value)));
      url.searchParams.set('$top', String(top));
      url.searchParams.set('$skip', String(skip + top));
      nextLink = url.toString();
    }
    if (zone && ianaZone(zone)) reply.header('preference-applied', `outlook.timezone="${zone}"`);
    return sendJson(reply, 200, {
      '@odata.context': `${base}/$metadata#users('${box.email}')/calendarView`,
      value: slice.map((event) => {
        const full = graphEvent(box, event, base, zone) as Record<string, unknown>;
        if (!fields) return full;
        const picked: Record<string, unknown> = { '@odata.etag': full['@odata.etag'], id: full.id };
        for (const field of fields) if (field in full) picked[field] = full[field];
        return picked;
      }),
      ...(nextLink ? { '@odata.nextLink': nextLink } : {}),
    });
  };
  app.get(`${GRAPH}/me/calendarView`, calendarView);
  app.get(`${GRAPH}/me/calendar/calendarView`, calendarView);

  const createGraph = async (request: FastifyRequest, reply: FastifyReply) => {
    const box = graphAuth(state, request, reply, GRAPH_WRITE);
    if (!box) return reply;
    const result = writeGraph(box, (request.body ?? {}) as Record<string, unknown>, undefined);
    if (typeof result === 'string')
      return sendJson(reply, 400, graphError('ErrorInvalidRequest', result, state.now()));
    const base = graphBase(request);
    return sendJson(reply, 201, {
      '@odata.context': `${base}/$metadata#users('${box.email}')/events/$entity`,
      ...graphEvent(box, result, base, preferredZone(request)),
    });
  };
  app.post(`${GRAPH}/me/events`, createGraph);
  app.post(`${GRAPH}/me/calendar/events`, createGraph);

  const graphEventFor = (box: Mailbox, request: FastifyRequest) => {
    const event = box.events.get((request.params as { id: string }).id);
    return event && !event.deleted ? event : undefined;
  };

  app.get(`${GRAPH}/me/events/:id`, async (request, reply) => {
    const box = graphAuth(state, request, reply, GRAPH_READ);
    if (!box) return reply;
    const event = graphEventFor(box, request);
    if (!event) return graphNotFound(reply);
    return sendJson(reply, 200, graphEvent(box, event, graphBase(request), preferredZone(request)));
  });

  app.patch(`${GRAPH}/me/events/:id`, async (request, reply) => {
    const box = graphAuth(state, request, reply, GRAPH_WRITE);
    if (!box) return reply;
    const event = graphEventFor(box, request);
    if (!event) return graphNotFound(reply);
    if (!ifMatchHolds(request, graphEtag(event))) return graphPreconditionFailed(reply);
    const result = writeGraph(box, (request.body ?? {}) as Record<string, unknown>, event);
    if (typeof result === 'string')
      return sendJson(reply, 400, graphError('ErrorInvalidRequest', result, state.now()));
    return sendJson(reply, 200, graphEvent(box, result, graphBase(request), preferredZone(request)));
  });

  app.delete(`${GRAPH}/me/events/:id`, async (request, reply) => {
    const box = graphAuth(state, request, reply, GRAPH_WRITE);
    if (!box) return reply;
    const event = graphEventFor(box, request);
    if (!event) return graphNotFound(reply);
    if (!ifMatchHolds(request, graphEtag(event))) return graphPreconditionFailed(reply);
    state.deleteEvent(box, event.id);
    return reply.code(204).send();
  });
}
