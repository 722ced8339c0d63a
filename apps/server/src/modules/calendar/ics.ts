import ical, {
  ICalAlarmType,
  ICalAttendeeRole,
  ICalAttendeeStatus,
  ICalCalendarMethod,
  ICalEventStatus,
  type ICalCalendar,
} from 'ical-generator';

/**
 * iCalendar (RFC 5545) text for the subscription feed and for invitations and cancellations sent
 * by e-mail (providers.md §7). Pure: plain values in, text out. ical-generator escapes text
 * (`\` `;` `,` and newlines), folds lines at 75 octets without splitting a UTF-8 sequence, and
 * ends lines with CRLF; times are written in UTC, all-day dates as `VALUE=DATE` read in UTC.
 */

/** Written as `PRODID:-//Sentinel//Claims Calendar//EN`. */
const PRODID = { company: 'Sentinel', product: 'Claims Calendar', language: 'EN' };
/** How often a subscribed calendar should fetch the feed again (X-PUBLISHED-TTL, REFRESH-INTERVAL). */
export const FEED_REFRESH_SECONDS = 15 * 60;

export type IcsAttendeeStatus = 'accepted' | 'declined' | 'tentative' | 'needsAction';

export interface IcsEvent {
  /** Stable across exports, e.g. `${eventId}@sentinel`; written as given. */
  uid: string;
  title: string;
  description: string;
  location: string;
  /** UTC instants; for an all-day event midnight UTC of the first day and of the day after the last. */
  start: Date;
  end: Date;
  allDay: boolean;
  /** One DISPLAY alarm per entry, this many minutes before the start. */
  reminderMinutes: number[];
  sequence: number;
  created: Date;
  lastModified: Date;
  url?: string | null;
  categories?: string[];
  organizer?: { name: string; email: string } | null;
  attendees?: { email: string; name?: string | null; status: IcsAttendeeStatus }[];
}

const PARTSTAT: Record<IcsAttendeeStatus, ICalAttendeeStatus> = {
  accepted: ICalAttendeeStatus.ACCEPTED,
  declined: ICalAttendeeStatus.DECLINED,
  tentative: ICalAttendeeStatus.TENTATIVE,
  needsAction: ICalAttendeeStatus.NEEDSACTION,
};

/** The text, its last line ended with CRLF like every other (ical-generator leaves it bare). */
const text = (cal: ICalCalendar): string => `${cal.toString()}\r\n`;

function calendar(method: ICalCalendarMethod, name?: string): ICalCalendar {
  return ical({ prodId: PRODID, method, ...(name === undefined ? {} : { name }) });
}

/** Adds the event; `rsvp` asks each attendee who has not answered to reply (an invitation). */
function addEvent(
  cal: ICalCalendar,
  event: IcsEvent,
  now: Date,
  options: { rsvp: boolean; cancelled: boolean },
): void {
  cal.createEvent({
    id: event.uid,
    stamp: now,
    start: event.start,
    end: event.end,
    allDay: event.allDay,
    summary: event.title,
    description: event.description || null,
    location: event.location || null,
    url: event.url ?? null,
    sequence: event.sequence,
    created: event.created,
    lastModified: event.lastModified,
    status: options.cancelled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    categories: (event.categories ?? []).map((name) => ({ name })),
    organizer: event.organizer ?? null,
    attendees: (event.attendees ?? []).map((attendee) => ({
      email: attendee.email,
      name: attendee.name ?? null,
      role: ICalAttendeeRole.REQ,
      status: PARTSTAT[attendee.status],
      rsvp: options.rsvp && attendee.status === 'needsAction' ? true : null,
    })),
    alarms: options.cancelled
      ? []
      : event.reminderMinutes.map((minutes) => ({
          type: ICalAlarmType.display,
          triggerBefore: minutes * 60,
          description: event.title,
        })),
  });
}

/** The subscription feed: every event, published read-only, with a refresh hint. */
export function buildFeed(input: { name: string; events: IcsEvent[]; now: Date }): string {
  const cal = calendar(ICalCalendarMethod.PUBLISH, input.name);
  cal.ttl(FEED_REFRESH_SECONDS);
  for (const event of input.events) addEvent(cal, event, input.now, { rsvp: false, cancelled: false });
  return text(cal);
}

/** An invitation (METHOD:REQUEST) to attach to the e-mail sent to the attendees. */
export function buildInvitation(input: { event: IcsEvent; now: Date }): string {
  const cal = calendar(ICalCalendarMethod.REQUEST);
  addEvent(cal, input.event, input.now, { rsvp: true, cancelled: false });
  return text(cal);
}

/**
 * A cancellation (METHOD:CANCEL, STATUS:CANCELLED). The caller gives the sequence already raised
 * above the invitation's, so that calendars apply it.
 */
export function buildCancellation(input: { event: IcsEvent; now: Date }): string {
  const cal = calendar(ICalCalendarMethod.CANCEL);
  addEvent(cal, input.event, input.now, { rsvp: false, cancelled: true });
  return text(cal);
}
