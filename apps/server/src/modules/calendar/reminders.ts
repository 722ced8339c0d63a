import { sql } from 'drizzle-orm';
import { schema, type Database } from '@sentinel/db';
import type { FastifyBaseLogger } from 'fastify';
import type { JobHandler, JobQueue } from '../../platform/jobs';
import type { Mailer } from '../../platform/mailer';
import { rowsOf } from '../../platform/throttle';
import { notificationsRepository } from '../notifications/notifications.repository';
import { reminderMail } from './calendar.emails';
import { dayIn, describeWhen, knownZone } from './times';

/** The job that e-mails one delivered reminder. */
export const REMINDER_MAIL_JOB = 'calendar.reminder-mail';
/** A reminder delivered this long after its moment is marked late (the server was down). */
export const LATE_AFTER_MS = 5 * 60_000;
/** How often the server looks for reminders due (so one arrives at most this late). */
export const REMINDER_SCAN_MS = 15_000;
/** Reminders claimed per transaction. */
const BATCH = 200;

interface DueReminder {
  id: string;
  minutes_before: number;
  fire_at: Date;
  late: boolean;
  event_id: string;
  firm_id: string;
  owner_id: string;
  title: string;
  event_type: string;
  location: string;
  all_day: boolean;
  starts_at: Date;
  ends_at: Date;
  time_zone: string;
  case_number: string | null;
  case_title: string | null;
  user_time_zone: string | null;
}

/** "in 15 minutes", "in 1 hour", "tomorrow"… how far ahead the reminder is set. */
export function leadText(minutes: number): string {
  if (minutes === 0) return 'now';
  if (minutes % (7 * 24 * 60) === 0)
    return minutes === 7 * 24 * 60 ? 'in 1 week' : `in ${minutes / (7 * 24 * 60)} weeks`;
  if (minutes % (24 * 60) === 0) return minutes === 24 * 60 ? 'in 1 day' : `in ${minutes / (24 * 60)} days`;
  if (minutes % 60 === 0) return minutes === 60 ? 'in 1 hour' : `in ${minutes / 60} hours`;
  return `in ${minutes} minutes`;
}

/** A deadline "is due in 1 week"; anything else "starts in 15 minutes". */
const reminderVerb = (eventType: string) => (eventType === 'deadline' ? 'is due' : 'starts');

/**
 * Delivers the reminders of Sentinel events (issue 11): at each reminder's moment its owner gets
 * an in-app notification and an e-mail. The reminders due are claimed with FOR UPDATE SKIP
 * LOCKED and marked delivered in the same transaction that writes the notification and queues the
 * e-mail job, so each is delivered exactly once however many servers scan; after downtime the
 * missed ones go out once, marked late. The e-mail job survives restarts (the jobs table).
 */
export class ReminderDelivery {
  constructor(
    private readonly db: Database,
    private readonly jobs: JobQueue,
    private readonly mailer: Mailer,
    private readonly publicUrl: string,
    private readonly log: FastifyBaseLogger,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  /** Delivers everything due at `now`; answers how many reminders went out. */
  async deliverDue(now: Date = this.clock()): Promise<number> {
    let total = 0;
    for (;;) {
      const delivered = await this.deliverBatch(now);
      total += delivered;
      if (delivered < BATCH) return total;
    }
  }

  private async deliverBatch(now: Date): Promise<number> {
    return this.db.transaction(async (tx) => {
      const result = await tx.execute(sql`
        with due as (
          select r.id from ${schema.calendarReminders} r
           where r.delivered_at is null and r.fire_at <= ${now.toISOString()}::timestamptz
           order by r.fire_at
           limit ${BATCH}
           for update of r skip locked
        )
        update ${schema.calendarReminders} r
           set delivered_at = ${now.toISOString()}::timestamptz,
               late = ${now.toISOString()}::timestamptz - r.fire_at > make_interval(secs => ${LATE_AFTER_MS / 1000})
          from due, ${schema.calendarEvents} e
          left join ${schema.cases} c on c.id = e.case_id
          join ${schema.users} u on u.id = e.owner_id
         where r.id = due.id and e.id = r.event_id
        returning r.id, r.minutes_before, r.fire_at, r.late, e.id as event_id, e.firm_id, e.owner_id,
                  e.title, e.event_type, e.location, e.all_day, e.starts_at, e.ends_at, e.time_zone,
                  c.case_number, c.title as case_title, u.time_zone as user_time_zone`);
      const rows = rowsOf<DueReminder>(result);
      for (const row of rows) {
        const startsAt = new Date(row.starts_at);
        const endsAt = new Date(row.ends_at);
        const zone = knownZone(row.user_time_zone, row.time_zone);
        const when = describeWhen({ startsAt, endsAt, allDay: row.all_day }, zone);
        const lead = leadText(row.minutes_before);
        // The day the event is on for its owner (all-day events keep their own date).
        const day = row.all_day ? startsAt.toISOString().slice(0, 10) : dayIn(startsAt, zone);
        await notificationsRepository.insert(tx, {
          userId: row.owner_id,
          firmId: row.firm_id,
          kind: 'event_reminder',
          title: `${row.title} ${reminderVerb(row.event_type)} ${lead}`,
          body: [when, row.location].filter(Boolean).join(' · '),
          link: `/calendar?date=${day}`,
          late: row.late,
          sourceKey: `reminder:${row.id}:${new Date(row.fire_at).toISOString()}`,
        });
        await this.jobs.enqueue(tx, REMINDER_MAIL_JOB, {
          reminderId: row.id,
          eventId: row.event_id,
          lead,
          late: row.late,
          when,
          day,
        });
      }
      return rows.length;
    });
  }

  /** E-mails the reminder; an event deleted meanwhile sends nothing. */
  readonly mailJob: JobHandler = {
    run: async (payload) => {
      const eventId = String(payload.eventId);
      const result = await this.db.execute(sql`
        select u.email, u.first_name, e.title, e.event_type, e.location, c.case_number, c.title as case_title
          from ${schema.calendarEvents} e
          join ${schema.users} u on u.id = e.owner_id
          left join ${schema.cases} c on c.id = e.case_id
         where e.id = ${eventId}`);
      const row = rowsOf<{
        email: string;
        first_name: string;
        title: string;
        event_type: string;
        location: string;
        case_number: string | null;
        case_title: string | null;
      }>(result)[0];
      if (!row) return;
      await this.mailer.send(
        reminderMail({
          to: row.email,
          firstName: row.first_name,
          lead: String(payload.lead),
          verb: reminderVerb(row.event_type),
          late: payload.late === true,
          link: `${this.publicUrl}/calendar?date=${String(payload.day)}`,
          event: {
            title: row.title,
            when: String(payload.when),
            location: row.location || null,
            caseLabel: row.case_number ? `${row.case_number} ${row.case_title ?? ''}`.trim() : null,
          },
        }),
      );
    },
    failed: async (payload, reason) => {
      this.log.error({ reminderId: payload.reminderId, reason }, 'reminder e-mail not sent');
    },
  };
}
