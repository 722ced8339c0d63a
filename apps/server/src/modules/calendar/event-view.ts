import {
  CALENDAR_COLOURS,
  NO_LOCATION,
  reminderChoiceOf,
  type CalendarEvent,
  type EventType,
} from '@sentinel/shared';
import type { DeadlineRow, RangeEvent } from './calendar.repository';
import { addDays, writeEventTime } from './times';
import { eventEtag } from './versions';

/** A Sentinel event as the screen shows it; the owner may move and delete it, others only see it. */
export function toCalendarEvent(row: RangeEvent, viewerId: string): CalendarEvent {
  const editable = row.ownerId === viewerId && !row.deadlineRule;
  return {
    id: row.id,
    title: row.title,
    start: writeEventTime(row.startsAt, row.allDay),
    end: writeEventTime(row.endsAt, row.allDay),
    allDay: row.allDay,
    color: row.deadlineRule ? CALENDAR_COLOURS.deadline : CALENDAR_COLOURS.sentinel,
    source: 'sentinel',
    description: row.description,
    location: row.location || NO_LOCATION,
    attendees: row.attendees.map((a) => ({
      name: null,
      email: a.email,
      status: a.response as CalendarEvent['attendees'][number]['status'],
    })),
    eventType: row.eventType as EventType,
    case:
      row.caseId && row.caseNumber && row.caseTitle
        ? { id: row.caseId, caseNumber: row.caseNumber, title: row.caseTitle }
        : null,
    reminders: row.reminderMinutes.flatMap((m) => reminderChoiceOf(m) ?? []),
    deadline: row.deadlineRule ? { kind: 'rule', documentId: null, ruleId: row.deadlineRule } : null,
    editable,
    conferenceUrl: null,
    htmlLink: null,
    // The version its owner's If-Match names (reference row 46).
    ...(editable ? { etag: eventEtag(row.sequence) } : {}),
  };
}

/** The id of a deadline event: stable, so a subscribed calendar updates rather than duplicates it. */
export const deadlineId = (row: DeadlineRow) =>
  row.kind === 'case_due' ? `deadline-case-${row.caseId}` : `deadline-doc-${row.documentId}-${row.date}`;

/** The title of a deadline: the case's due date, or what the document says is due. */
export function deadlineTitle(row: DeadlineRow): string {
  if (row.kind === 'case_due') return `Due: ${row.caseNumber} ${row.caseTitle}`;
  // The engine's event says who must do what; lists show the case beside it.
  if (row.kind === 'rule') return (row.text ?? row.caseTitle).replace(` (${row.caseNumber})`, '');
  return `Deadline: ${row.text?.trim() || row.documentName || row.caseTitle} (${row.caseNumber})`;
}

/** A deadline as a read-only all-day event of Sentinel's calendar, linked to its case. */
export function deadlineEvent(row: DeadlineRow): CalendarEvent {
  return {
    id: deadlineId(row),
    title: deadlineTitle(row),
    start: row.date,
    end: addDays(row.date, 1),
    allDay: true,
    color: CALENDAR_COLOURS.deadline,
    source: 'sentinel',
    description:
      row.kind === 'case_due'
        ? `The due date of ${row.caseNumber}.`
        : `Found by the analysis of ${row.documentName ?? 'a document'}.`,
    location: NO_LOCATION,
    attendees: [],
    eventType: 'deadline',
    case: { id: row.caseId, caseNumber: row.caseNumber, title: row.caseTitle },
    reminders: [],
    deadline: { kind: row.kind, documentId: row.documentId, ruleId: null },
    editable: false,
    conferenceUrl: null,
    htmlLink: null,
  };
}
