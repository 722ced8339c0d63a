import {
  EVENT_TITLE_PREFIXES,
  UNTITLED_EVENT,
  type EventType,
  type GoogleEventBody,
  type MicrosoftEventBody,
  type ReminderChoice,
  type SentinelEventBody,
} from '@sentinel/shared';
import { nextDay, toOffsetIso, toUtcWallClock } from './time';

/** What the Create Calendar Event dialog holds. Times are wall-clock values in the user's zone. */
export interface EventFormValues {
  title: string;
  eventType: EventType;
  /** A case id, '' for none. */
  relatedCase: string;
  /** `YYYY-MM-DDTHH:mm`, or `YYYY-MM-DD` when all-day. */
  start: string;
  /** As start; when all-day the last day (inclusive), as the dialog shows it. */
  end: string;
  allDay: boolean;
  location: string;
  attendees: string[];
  description: string;
  reminders: ReminderChoice[];
}

/** Spec §4: the title offered for an empty title, with the chosen case's title for '[Case Name]'. */
export function titleSuggestion(eventType: EventType, caseTitle: string | null): string | null {
  const prefix = EVENT_TITLE_PREFIXES[eventType];
  return prefix === null ? null : `${prefix}${caseTitle ?? '[Case Name]'}`;
}

/** The title saved: the one typed, else the suggestion, else 'Untitled Event'. */
export const resolvedTitle = (values: EventFormValues, caseTitle: string | null): string =>
  values.title.trim() || titleSuggestion(values.eventType, caseTitle) || UNTITLED_EVENT;

/** Plain text as HTML (Graph's body is HTML): escaped, line breaks kept. */
export const textToHtml = (text: string): string =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/\r?\n/g, '<br>');

/** POST /api/calendar/events/sentinel: wall-clock times plus the zone, or dates with end exclusive. */
export function sentinelPayload(values: EventFormValues, title: string, timeZone: string): SentinelEventBody {
  return {
    title,
    description: values.description,
    location: values.location.trim(),
    start: values.start,
    end: values.allDay ? nextDay(values.end) : values.end,
    allDay: values.allDay,
    eventType: values.eventType,
    relatedCase: values.relatedCase || null,
    attendees: values.attendees,
    reminders: values.reminders,
    timeZone,
  };
}

/** POST /api/calendar/events/google: `{date}` (end exclusive) for all-day, else `{dateTime}` with offset. */
export function googlePayload(values: EventFormValues, title: string, timeZone: string): GoogleEventBody {
  const time = (value: string) =>
    values.allDay ? { date: value } : { dateTime: toOffsetIso(value, timeZone) };
  return {
    summary: title,
    description: values.description,
    location: values.location.trim(),
    start: time(values.start),
    end: values.allDay ? { date: nextDay(values.end) } : time(values.end),
    attendees: values.attendees.map((email) => ({ email })),
  };
}

/** POST /api/calendar/events/outlook: UTC wall clock with timeZone 'UTC'; all-day from midnight to midnight. */
export function microsoftPayload(
  values: EventFormValues,
  title: string,
  timeZone: string,
): MicrosoftEventBody {
  const time = (value: string) => ({
    dateTime: values.allDay ? `${value}T00:00:00` : toUtcWallClock(value, timeZone),
    timeZone: 'UTC',
  });
  return {
    subject: title,
    body: { contentType: 'HTML', content: textToHtml(values.description) },
    location: { displayName: values.location.trim() },
    start: time(values.start),
    end: time(values.allDay ? nextDay(values.end) : values.end),
    isAllDay: values.allDay,
    attendees: values.attendees.map((address) => ({ emailAddress: { address }, type: 'required' })),
  };
}
