import { z } from 'zod';

/**
 * The unified calendar (issue 11). Spec §2 "Calendar" and "Create Calendar Event dialog", §3
 * "Calendar event (normalized)" and the three creation payloads, §4/§5 "Calendar dialog", §7
 * /api/calendar/events/{provider}, §8 calendar toasts, §9 event constants.
 *
 * Times on the wire: a timed event's `start`/`end` are ISO 8601 instants with an offset (`Z` from
 * the server); an all-day event's are dates `YYYY-MM-DD` with `end` exclusive (the day after the
 * last day), as Google, Graph, iCalendar and FullCalendar all count them.
 */

/** The calendars the screen shows: Sentinel's own and the two providers. */
export const CALENDAR_SOURCES = ['sentinel', 'google', 'microsoft'] as const;
export type CalendarSource = (typeof CALENDAR_SOURCES)[number];
export const calendarSourceSchema = z.enum(CALENDAR_SOURCES, { error: 'Unknown calendar' });

/** §7: "Calendar provider values on save are sentinel, google and outlook"; outlook means microsoft. */
export const CALENDAR_SAVE_TARGETS = ['sentinel', 'google', 'outlook'] as const;
export type CalendarSaveTarget = (typeof CALENDAR_SAVE_TARGETS)[number];

/** The path segment of /api/calendar/events/{provider}: the three sources, and `outlook` for microsoft. */
export const calendarProviderParam = z
  .enum(['sentinel', 'google', 'microsoft', 'outlook'], { error: 'Unknown calendar' })
  .transform((value): CalendarSource => (value === 'outlook' ? 'microsoft' : value));

export const CALENDAR_SOURCE_LABELS: Record<CalendarSource, string> = {
  sentinel: 'Sentinel Calendar',
  google: 'Google Calendar',
  microsoft: 'Outlook Calendar',
};

/** §9 colours: Google blue, Microsoft dark green; Sentinel's own is the product's indigo; deadlines red. */
export const CALENDAR_COLOURS = {
  google: '#1a73e8',
  microsoft: '#166534',
  sentinel: '#4f46e5',
  deadline: '#b91c1c',
} as const;

/** §3 event types. */
export const EVENT_TYPES = [
  'meeting',
  'court',
  'deadline',
  'deposition',
  'mediation',
  'inspection',
  'other',
] as const;
export type EventType = (typeof EVENT_TYPES)[number];
export const EVENT_TYPE_LABELS: Record<EventType, string> = {
  meeting: 'Meeting',
  court: 'Court Date',
  deadline: 'Deadline',
  deposition: 'Deposition',
  mediation: 'Mediation',
  inspection: 'Inspection',
  other: 'Other',
};
/** §4: the title offered for an empty title, per type, each followed by '[Case Name]'; other has none. */
export const EVENT_TITLE_PREFIXES: Record<EventType, string | null> = {
  meeting: 'Client Meeting - ',
  court: 'Court Appearance - ',
  deadline: 'Filing Deadline - ',
  deposition: 'Deposition - ',
  mediation: 'Mediation Session - ',
  inspection: 'Property Inspection - ',
  other: null,
};
export const UNTITLED_EVENT = 'Untitled Event';
export const NO_LOCATION = 'No location';

/** §5 reminder choices and how many minutes before the start each means. */
export const REMINDER_CHOICES = [
  '15 minutes before',
  '30 minutes before',
  '1 hour before',
  '1 day before',
  '1 week before',
] as const;
export type ReminderChoice = (typeof REMINDER_CHOICES)[number];
export const REMINDER_MINUTES: Record<ReminderChoice, number> = {
  '15 minutes before': 15,
  '30 minutes before': 30,
  '1 hour before': 60,
  '1 day before': 24 * 60,
  '1 week before': 7 * 24 * 60,
};
const REMINDER_BY_MINUTES = new Map<number, ReminderChoice>(
  REMINDER_CHOICES.map((choice) => [REMINDER_MINUTES[choice], choice]),
);
/** The choice a number of minutes before the start is, if it is one (provider reminders, stored ones). */
export const reminderChoiceOf = (minutes: number): ReminderChoice | undefined =>
  REMINDER_BY_MINUTES.get(minutes);

/** §4: the one reminder a fresh dialog has; §5: what Add reminder adds. */
export const DEFAULT_REMINDER: ReminderChoice = '15 minutes before';
export const ADDED_REMINDER: ReminderChoice = '30 minutes before';
/** §9 */
export const DEFAULT_EVENT_MINUTES = 60;
export const SLOT_DURATION = '00:30:00';
/** At most this many attendees and reminders per event (Google allows 5 reminder overrides). */
export const MAX_EVENT_ATTENDEES = 100;
export const MAX_EVENT_REMINDERS = 5;
/** Widest range one GET may ask for (the year list view). */
export const MAX_CALENDAR_RANGE_DAYS = 400;

export const ATTENDEE_RESPONSES = ['accepted', 'declined', 'tentative', 'needsAction', 'organizer'] as const;
export type AttendeeResponse = (typeof ATTENDEE_RESPONSES)[number];
export const ATTENDEE_RESPONSE_LABELS: Record<AttendeeResponse, string> = {
  accepted: 'Accepted',
  declined: 'Declined',
  tentative: 'Tentative',
  needsAction: 'Awaiting response',
  organizer: 'Organizer',
};

export const calendarAttendee = z.object({
  name: z.string().nullable(),
  email: z.string(),
  status: z.enum(ATTENDEE_RESPONSES),
});
export type CalendarAttendee = z.infer<typeof calendarAttendee>;

/**
 * §3 "Calendar event (normalized)" (id, title, start, end, allDay, colour, source, description,
 * location, attendees) plus what the screen needs beyond the spec: the event type and case, the
 * reminders, whether it may be moved or deleted here, a conference link and the provider's page.
 */
export const calendarEvent = z.object({
  id: z.string(),
  title: z.string(),
  start: z.string(),
  end: z.string(),
  allDay: z.boolean(),
  color: z.string(),
  source: calendarSourceSchema,
  /** Sanitised HTML (provider descriptions may carry markup) or plain text; '' when none. */
  description: z.string(),
  location: z.string(),
  attendees: z.array(calendarAttendee),
  eventType: z.enum(EVENT_TYPES).nullable(),
  /** The case it belongs to, when the user may see that case. */
  case: z.object({ id: z.string(), caseNumber: z.string(), title: z.string() }).nullable(),
  reminders: z.array(z.enum(REMINDER_CHOICES)),
  /**
   * A deadline from a case's due date, a document's analysis or the claim deadline engine (its
   * rule, e.g. 'FL-08'): shown, never moved or deleted here.
   */
  deadline: z
    .object({
      kind: z.enum(['case_due', 'document', 'rule']),
      documentId: z.string().nullable(),
      ruleId: z.string().nullable(),
    })
    .nullable(),
  /** The user may move, resize and delete it (their own Sentinel event, or a provider event). */
  editable: z.boolean(),
  conferenceUrl: z.string().nullable(),
  /** The event on the provider's own site. */
  htmlLink: z.string().nullable(),
  /**
   * The version of a Sentinel event the viewer may change, as an HTTP entity tag (`"3"`): sent
   * back as `If-Match` with PATCH or DELETE, which then answer 409 if someone changed it since
   * (reference row 46). Absent for provider events and deadlines.
   */
  etag: z.string().optional(),
});
export type CalendarEvent = z.infer<typeof calendarEvent>;

// GET /api/calendar/events/{provider}?userId=&start=&end=
export const calendarEventsQuery = z.object({
  /** §7's query; anyone else's id gives an empty list. */
  userId: z.string().max(100).optional(),
  /** The visible range, ISO instants or dates; default: four weeks back to eight weeks ahead. */
  start: z.string().max(40).optional(),
  end: z.string().max(40).optional(),
});
export const CALENDAR_STATUSES = ['ok', 'not_connected', 'needs_reconnect', 'not_configured'] as const;
export type CalendarStatus = (typeof CALENDAR_STATUSES)[number];
export const calendarEventsResponse = z.object({
  data: z.array(calendarEvent),
  source: calendarSourceSchema,
  /** ok, or why a provider calendar shows nothing (the screen says so in its legend). */
  status: z.enum(CALENDAR_STATUSES),
});
export type CalendarEventsResponse = z.infer<typeof calendarEventsResponse>;

const isoDate = /^\d{4}-\d{2}-\d{2}$/;
const localDateTime = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?$/;
const instant = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;

/**
 * A time as the dialog sends it: a date (all-day), a wall-clock `YYYY-MM-DDTHH:mm` read in the
 * event's `timeZone` (so 10:00 stays 10:00 across a daylight-saving change), or an instant.
 */
export const eventTimeField = z
  .string()
  .trim()
  .refine((value) => isoDate.test(value) || localDateTime.test(value) || instant.test(value), {
    message: 'Enter a valid date and time',
  });

const reminderList = z
  .array(z.enum(REMINDER_CHOICES, { error: 'Choose a reminder from the list' }))
  .max(MAX_EVENT_REMINDERS, `At most ${MAX_EVENT_REMINDERS} reminders`);

/** §3 sentinelEvent: POST /api/calendar/events/sentinel. */
export const sentinelEventBody = z.object({
  title: z.string().trim().max(300, 'Event title is too long').default(''),
  description: z.string().max(10_000, 'Description is too long').default(''),
  location: z.string().trim().max(500, 'Location is too long').default(''),
  start: eventTimeField,
  end: eventTimeField,
  allDay: z.boolean().default(false),
  eventType: z.enum(EVENT_TYPES, { error: 'Choose an event type' }).default('meeting'),
  /** A case id, or '' / null for none. */
  relatedCase: z.string().max(100).nullable().default(null),
  attendees: z
    .array(z.string().trim().toLowerCase().email('Enter a valid e-mail address'))
    .max(MAX_EVENT_ATTENDEES, `At most ${MAX_EVENT_ATTENDEES} attendees`)
    .default([]),
  reminders: reminderList.default([]),
  /** IANA zone the wall-clock times are in; default the user's own. */
  timeZone: z.string().max(64).optional(),
});
export type SentinelEventBody = z.input<typeof sentinelEventBody>;

// PATCH /api/calendar/events/{provider}/{eventId}: a move or resize from the screen (start and
// end together), or any field of the dialog.
export const calendarEventPatch = sentinelEventBody.partial().extend({
  title: z.string().trim().max(300, 'Event title is too long').optional(),
  description: z.string().max(10_000, 'Description is too long').optional(),
  location: z.string().trim().max(500, 'Location is too long').optional(),
  allDay: z.boolean().optional(),
  eventType: z.enum(EVENT_TYPES, { error: 'Choose an event type' }).optional(),
  relatedCase: z.string().max(100).nullable().optional(),
  attendees: z
    .array(z.string().trim().toLowerCase().email('Enter a valid e-mail address'))
    .max(MAX_EVENT_ATTENDEES)
    .optional(),
  reminders: reminderList.optional(),
});
export type CalendarEventPatch = z.input<typeof calendarEventPatch>;

const eventDateTime = z
  .object({
    date: z.string().regex(isoDate, 'Enter a valid date').optional(),
    dateTime: z.string().regex(instant, 'Enter a valid date and time').optional(),
    timeZone: z.string().max(64).optional(),
  })
  .refine((value) => Boolean(value.date) !== Boolean(value.dateTime), {
    message: 'Give either a date or a date and time',
  });

/** §3 googleEvent: POST /api/calendar/events/google. */
export const googleEventBody = z.object({
  summary: z.string().trim().max(300).default(''),
  description: z.string().max(10_000).default(''),
  location: z.string().max(500).default(''),
  start: eventDateTime,
  end: eventDateTime,
  attendees: z
    .array(z.object({ email: z.string().trim().toLowerCase().email('Enter a valid e-mail address') }))
    .max(MAX_EVENT_ATTENDEES)
    .default([]),
});
export type GoogleEventBody = z.input<typeof googleEventBody>;

const graphLocal = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,7})?)?Z?$/;
const graphDateTime = z.object({
  /** Graph writes no offset ("2026-12-01T15:00:00.0000000"); a trailing Z (toISOString) is accepted. */
  dateTime: z.string().regex(graphLocal, 'Enter a valid date and time'),
  timeZone: z.string().max(64).default('UTC'),
});

/** §3 microsoftEvent: POST /api/calendar/events/microsoft (or /outlook). */
export const microsoftEventBody = z.object({
  subject: z.string().trim().max(300).default(''),
  body: z
    .object({
      contentType: z.enum(['HTML', 'html', 'Text', 'text']).default('HTML'),
      content: z.string().max(10_000),
    })
    .default({ contentType: 'HTML', content: '' }),
  location: z.object({ displayName: z.string().max(500) }).default({ displayName: '' }),
  start: graphDateTime,
  end: graphDateTime,
  isAllDay: z.boolean().default(false),
  attendees: z
    .array(
      z.object({
        emailAddress: z.object({
          address: z.string().trim().toLowerCase().email('Enter a valid e-mail address'),
          name: z.string().max(200).optional(),
        }),
        type: z.enum(['required', 'optional', 'resource']).default('required'),
      }),
    )
    .max(MAX_EVENT_ATTENDEES)
    .default([]),
});
export type MicrosoftEventBody = z.input<typeof microsoftEventBody>;

// POST answers the created event; DELETE answers { id, deleted: true }.
export const calendarEventResponse = z.object({ data: calendarEvent });
export const calendarEventParams = z.object({
  provider: calendarProviderParam,
  eventId: z.string().min(1).max(1024),
});
export const calendarDeleteResponse = z.object({ id: z.string(), deleted: z.literal(true) });

// GET /api/calendar/feed and POST /api/calendar/feed (regenerate): the secret subscription URL.
export const calendarFeedResponse = z.object({
  /** webcal://… for phone and desktop calendars. */
  webcalUrl: z.string(),
  /** The same feed over http(s), for calendars that take only http(s) links. */
  httpUrl: z.string(),
  createdAt: z.string(),
});
export type CalendarFeedResponse = z.infer<typeof calendarFeedResponse>;

// PUT /api/profile/time-zone
export const timeZoneBody = z.object({
  timeZone: z
    .string()
    .trim()
    .min(1, 'Choose a time zone')
    .max(64)
    .refine(isTimeZone, { message: 'Unknown time zone' }),
});
export const timeZoneResponse = z.object({ timeZone: z.string() });

/** Whether the runtime knows this IANA zone name. */
export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

// Notifications (in-app): GET /api/notifications, POST /api/notifications/{id}/read, POST /api/notifications/read-all
export const NOTIFICATION_KINDS = [
  'event_reminder',
  'event_invitation',
  'message',
  'document_shared',
  'document_analyzed',
  'case_status',
  'invitation_accepted',
  /** A workflow's 'notify someone' action (issue 13). */
  'workflow',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];
export const notification = z.object({
  id: z.string(),
  kind: z.enum(NOTIFICATION_KINDS),
  title: z.string(),
  body: z.string(),
  /** In-app path to open, e.g. /calendar?event=… */
  link: z.string().nullable(),
  createdAt: z.string(),
  readAt: z.string().nullable(),
  /** A reminder delivered after its time (the server was down): the screen says it is late. */
  late: z.boolean(),
});
export type Notification = z.infer<typeof notification>;
export const notificationsResponse = z.object({ data: z.array(notification), unread: z.number().int() });
export type NotificationsResponse = z.infer<typeof notificationsResponse>;
export const notificationParams = z.object({ id: z.string().uuid('Unknown notification') });
