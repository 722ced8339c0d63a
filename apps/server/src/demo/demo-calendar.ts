import { and, eq, inArray, like } from 'drizzle-orm';
import { schema, type Transaction } from '@sentinel/db';
import { REMINDER_MINUTES, type EventType, type ReminderChoice } from '@sentinel/shared';
import { DateTime } from 'luxon';
import { calendarRepository } from '../modules/calendar/calendar.repository';
import { reminderFireAt } from '../modules/calendar/times';

/** The demo firm is in Miami: its people's calendars show Eastern time. */
export const DEMO_TIME_ZONE = 'America/New_York';

interface DemoEvent {
  /** Days from today (in the demo zone). */
  day: number;
  /** Wall-clock start and end ('HH:mm'); absent for all-day. */
  from?: string;
  to?: string;
  /** All-day events: how many days. */
  days?: number;
  title: string;
  type: EventType;
  /** Index into the firm's cases by title. */
  caseTitle?: string;
  location?: string;
  description?: string;
  attendees?: string[];
  /** Who already answered (the rest await a response). */
  accepted?: string[];
  declined?: string[];
  reminders: ReminderChoice[];
  owner?: 'attorney' | 'counsel';
}

/**
 * A few weeks of a claims practice's calendar for the demo firm's attorney (court dates,
 * inspections, depositions, mediation, client meetings, a filing deadline), plus one event of the
 * co-counsel's on a shared case. Times are relative to today, so the demo always looks current;
 * the first event starts within two hours so a reminder arrives while someone tries the demo.
 */
const DEMO_EVENTS: DemoEvent[] = [
  {
    day: 0,
    from: 'soon',
    title: 'Call with co-counsel – Hernandez Kitchen Fire settlement range',
    type: 'meeting',
    caseTitle: 'Hernandez Kitchen Fire',
    location: 'Phone',
    attendees: ['counsel@demo.test'],
    reminders: ['15 minutes before', '30 minutes before'],
  },
  {
    day: 1,
    from: '10:00',
    to: '11:00',
    title: 'Client Meeting - Ellis Residence – Water Damage',
    type: 'meeting',
    caseTitle: 'Ellis Residence – Water Damage',
    location: 'Morgan & Reyes, 200 S Biscayne Blvd, Suite 2400, Miami, FL',
    description: 'Walk Jordan through the carrier’s latest offer and the contractor’s supplement.',
    attendees: ['client@demo.test'],
    accepted: ['client@demo.test'],
    reminders: ['15 minutes before', '1 day before'],
  },
  {
    day: 3,
    from: '09:30',
    to: '12:30',
    title: 'Deposition - Carrier’s field adjuster (Riverside Plaza Flood)',
    type: 'deposition',
    caseTitle: 'Riverside Plaza Flood',
    location: 'Esquire Court Reporting, 1 SE 3rd Ave, Miami, FL',
    description: 'Notice served. Exhibits: first notice of loss, adjuster’s photo log, reserve history.',
    attendees: ['expert@demo.test', 'court.reporter@esquire.example'],
    accepted: ['court.reporter@esquire.example'],
    reminders: ['1 hour before', '1 day before'],
  },
  {
    day: 6,
    from: '14:00',
    to: '16:00',
    title: 'Property Inspection - Ellis Residence – Roof Wind Claim',
    type: 'inspection',
    caseTitle: 'Ellis Residence – Roof Wind Claim',
    location: '4412 Coral Way, Miami, FL',
    description: 'Joint re-inspection with the carrier’s engineer. Bring the drone survey.',
    attendees: ['contractor@demo.test', 'adjuster@demo.test'],
    accepted: ['contractor@demo.test'],
    declined: ['adjuster@demo.test'],
    reminders: ['1 hour before', '1 day before'],
  },
  {
    day: 9,
    from: '09:00',
    to: '09:30',
    title: 'Court Appearance - Status conference, Hernandez Denied Claim Appeal',
    type: 'court',
    caseTitle: 'Hernandez Denied Claim Appeal',
    location: 'Miami-Dade County Courthouse, 73 W Flagler St, Courtroom 6-1',
    reminders: ['1 day before', '1 week before'],
  },
  {
    day: 13,
    from: '09:00',
    to: '17:00',
    title: 'Mediation Session - Riverside Plaza Business Interruption',
    type: 'mediation',
    caseTitle: 'Riverside Plaza Business Interruption',
    location: 'Upchurch Mediation, 1111 Brickell Ave, Miami, FL',
    description: 'Mediator: Hon. R. Upchurch (ret.). Client representative attends in person.',
    attendees: ['adjuster@demo.test'],
    reminders: ['1 day before', '1 week before'],
  },
  {
    day: 17,
    days: 1,
    title: 'Filing Deadline - Sworn proof of loss, Ellis Detached Garage Collapse',
    type: 'deadline',
    caseTitle: 'Ellis Detached Garage Collapse',
    description: 'Sworn proof of loss due to the carrier (policy conditions, 60 days after request).',
    reminders: ['1 day before', '1 week before'],
  },
  {
    day: 20,
    from: '11:00',
    to: '12:00',
    title: 'Deposition - Client preparation session',
    type: 'deposition',
    caseTitle: 'Riverside Plaza HVAC Failure',
    location: 'Morgan & Reyes, Conference Room B',
    reminders: ['1 hour before'],
  },
  {
    day: 2,
    from: '15:00',
    to: '15:45',
    title: 'Expert call – moisture mapping results',
    type: 'meeting',
    caseTitle: 'Ellis Residence – Water Damage',
    location: 'Video call',
    attendees: ['expert@demo.test'],
    reminders: ['15 minutes before'],
    owner: 'counsel',
  },
  {
    day: -2,
    from: '16:00',
    to: '16:30',
    title: 'Weekly case review',
    type: 'other',
    location: 'Conference Room A',
    reminders: [],
  },
];

/** Seeds the demo calendars (inside the demo firm's transaction) and sets the firm's people to Eastern time. */
export async function seedDemoCalendar(
  tx: Transaction,
  firmId: string,
  people: { attorneyId: string; counselId: string },
  now = new Date(),
): Promise<void> {
  await tx
    .update(schema.users)
    .set({ timeZone: DEMO_TIME_ZONE })
    .where(like(schema.users.email, '%@demo.test'));
  const caseRows = await tx
    .select({ id: schema.cases.id, title: schema.cases.title })
    .from(schema.cases)
    .where(
      and(
        eq(schema.cases.firmId, firmId),
        inArray(
          schema.cases.title,
          DEMO_EVENTS.flatMap((e) => e.caseTitle ?? []),
        ),
      ),
    );
  const caseOf = new Map(caseRows.map((row) => [row.title, row.id]));
  const today = DateTime.fromJSDate(now, { zone: DEMO_TIME_ZONE }).startOf('day');
  for (const demo of DEMO_EVENTS) {
    const day = today.plus({ days: demo.day });
    let startsAt: Date;
    let endsAt: Date;
    if (demo.days) {
      startsAt = new Date(`${day.toISODate()}T00:00:00Z`);
      endsAt = new Date(startsAt.getTime() + demo.days * 86_400_000);
    } else if (demo.from === 'soon') {
      // The next full hour after the next one: its 30-minute reminder is still ahead.
      const start = DateTime.fromJSDate(now, { zone: DEMO_TIME_ZONE }).startOf('hour').plus({ hours: 2 });
      startsAt = start.toJSDate();
      endsAt = start.plus({ minutes: 30 }).toJSDate();
    } else {
      startsAt = DateTime.fromISO(`${day.toISODate()}T${demo.from}`, { zone: DEMO_TIME_ZONE }).toJSDate();
      endsAt = DateTime.fromISO(`${day.toISODate()}T${demo.to}`, { zone: DEMO_TIME_ZONE }).toJSDate();
    }
    const row = await calendarRepository.insert(tx, {
      firmId,
      ownerId: demo.owner === 'counsel' ? people.counselId : people.attorneyId,
      caseId: demo.caseTitle ? (caseOf.get(demo.caseTitle) ?? null) : null,
      title: demo.title,
      description: demo.description ?? '',
      location: demo.location ?? '',
      eventType: demo.type,
      allDay: Boolean(demo.days),
      startsAt,
      endsAt,
      timeZone: DEMO_TIME_ZONE,
    });
    if (demo.attendees?.length) await calendarRepository.setAttendees(tx, row.id, demo.attendees);
    for (const [response, emails] of [
      ['accepted', demo.accepted],
      ['declined', demo.declined],
    ] as const)
      if (emails?.length)
        await tx
          .update(schema.calendarEventAttendees)
          .set({ response })
          .where(
            and(
              eq(schema.calendarEventAttendees.eventId, row.id),
              inArray(schema.calendarEventAttendees.email, emails),
            ),
          );
    await calendarRepository.setReminders(
      tx,
      row.id,
      demo.reminders.map((choice) => ({
        minutes: REMINDER_MINUTES[choice],
        fireAt: reminderFireAt(row, REMINDER_MINUTES[choice]),
      })),
      now,
    );
  }
}
