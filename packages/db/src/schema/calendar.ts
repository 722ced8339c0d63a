import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { cases } from './cases';
import { firms } from './firms';
import { users } from './users';

/**
 * Sentinel's own calendar (issue 11; the spec's `sentinel` provider). An event belongs to the
 * person who made it, in the firm they acted in; one with a case is also seen by whoever may see
 * that case. Times are UTC instants; `time_zone` is the zone its wall-clock times were chosen in
 * (a move keeps 10:00 at 10:00 across a daylight-saving change). An all-day event runs from
 * midnight UTC of its first day to midnight UTC of the day after its last (`ends_at` exclusive),
 * and its dates are read back in UTC.
 */
export const calendarEvents = pgTable(
  'calendar_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    firmId: uuid('firm_id')
      .notNull()
      .references(() => firms.id, { onDelete: 'cascade' }),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    caseId: uuid('case_id').references(() => cases.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    location: text('location').notNull().default(''),
    eventType: text('event_type').notNull().default('meeting'),
    allDay: boolean('all_day').notNull().default(false),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    timeZone: text('time_zone').notNull().default('UTC'),
    /**
     * A deadline the claim deadline engine computed for the case (issue 16): the rule's id and
     * who must act. Such an event is kept by the engine (created, moved, removed as the case's
     * key dates change) and cannot be changed or deleted on the calendar.
     */
    deadlineRule: text('deadline_rule'),
    deadlineParty: text('deadline_party'),
    /** iCalendar SEQUENCE: raised on every change, so subscribed calendars take the update. */
    sequence: integer('sequence').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The screen's range read: one person's events starting in a window (the window opens a week
    // early for events that began before it), and the few longer than a week apart, so the read
    // never walks a person's whole history.
    index('calendar_events_owner_range_idx').on(t.firmId, t.ownerId, t.startsAt),
    index('calendar_events_long_idx')
      .on(t.firmId, t.startsAt)
      .where(sql`${t.endsAt} - ${t.startsAt} > interval '7 days'`),
    // Case events of the firm in a window (others' events on cases the viewer may see).
    index('calendar_events_firm_case_range_idx')
      .on(t.firmId, t.startsAt)
      .where(sql`${t.caseId} is not null`),
    index('calendar_events_case_idx').on(t.caseId, t.startsAt),
    uniqueIndex('calendar_events_case_rule_key')
      .on(t.caseId, t.deadlineRule)
      .where(sql`${t.deadlineRule} is not null`),
    check(
      'calendar_events_type_check',
      sql`${t.eventType} in ('meeting','court','deadline','deposition','mediation','inspection','other')`,
    ),
    check('calendar_events_range_check', sql`${t.endsAt} > ${t.startsAt}`),
  ],
);

/** Who is invited: Sentinel users are linked; anyone else gets an e-mail with an .ics invitation. */
export const calendarEventAttendees = pgTable(
  'calendar_event_attendees',
  {
    eventId: uuid('event_id')
      .notNull()
      .references(() => calendarEvents.id, { onDelete: 'cascade' }),
    /** Lower-cased. */
    email: text('email').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    response: text('response').notNull().default('needsAction'),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.eventId, t.email] }),
    // The events a Sentinel user is invited to.
    index('calendar_event_attendees_user_idx')
      .on(t.userId)
      .where(sql`${t.userId} is not null`),
    check(
      'calendar_event_attendees_response_check',
      sql`${t.response} in ('accepted','declined','tentative','needsAction')`,
    ),
  ],
);

/**
 * One reminder of one event, for its owner. `fire_at` is the start minus `minutes_before`;
 * `delivered_at` is set in the same transaction that writes the notification and queues the
 * e-mail, on the row locked FOR UPDATE SKIP LOCKED, so each reminder is delivered once however
 * many servers run. `late` marks one delivered after its time (the server was down).
 */
export const calendarReminders = pgTable(
  'calendar_reminders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => calendarEvents.id, { onDelete: 'cascade' }),
    minutesBefore: integer('minutes_before').notNull(),
    fireAt: timestamp('fire_at', { withTimezone: true }).notNull(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    late: boolean('late').notNull().default(false),
  },
  (t) => [
    unique('calendar_reminders_event_minutes_key').on(t.eventId, t.minutesBefore),
    index('calendar_reminders_due_idx')
      .on(t.fireAt)
      .where(sql`${t.deliveredAt} is null`),
    check('calendar_reminders_minutes_check', sql`${t.minutesBefore} between 0 and 40320`),
  ],
);

/**
 * The secret subscription feed of a person's calendar in one firm (Settings → Calendar). Only the
 * SHA-256 of the token is kept; regenerating replaces the row, so the old URL stops working.
 */
export const calendarFeeds = pgTable(
  'calendar_feeds',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    firmId: uuid('firm_id')
      .notNull()
      .references(() => firms.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    /** Encrypted token (platform/secret-box.ts), so Settings can show the URL again. */
    token: text('token').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.firmId] }),
    unique('calendar_feeds_token_hash_key').on(t.tokenHash),
  ],
);

/**
 * In-app notifications: the bell in the top bar (event reminders and invitations, messages,
 * documents shared or analysed, case status changes, invitations accepted).
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The firm it concerns; null for notifications about the account itself. */
    firmId: uuid('firm_id').references(() => firms.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull().default(''),
    link: text('link'),
    late: boolean('late').notNull().default(false),
    /** What it was made from (a reminder id), so a retried delivery cannot write it twice. */
    sourceKey: text('source_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
    /** When it went out in an e-mail digest (unread 15 minutes after it was written). */
    digestedAt: timestamp('digested_at', { withTimezone: true }),
  },
  (t) => [
    index('notifications_user_idx').on(t.userId, t.createdAt.desc()),
    unique('notifications_source_key').on(t.sourceKey),
    // The digest's scan: unread, not yet digested.
    index('notifications_digest_idx')
      .on(t.createdAt)
      .where(sql`${t.readAt} is null and ${t.digestedAt} is null`),
    check(
      'notifications_kind_check',
      sql`${t.kind} in ('event_reminder','event_invitation','message','document_shared','document_analyzed','case_status','invitation_accepted','workflow')`,
    ),
  ],
);

/**
 * Each firm's calendar generation: a counter that every committed change to what a calendar
 * answer is made of (events, their attendees and reminders, cases, case teams, documents' found
 * deadlines) moves on, kept by deferred triggers (migration 0013), so a server may keep an answer
 * as long as the generation it was read under still stands.
 */
export const calendarGenerations = pgTable('calendar_generations', {
  firmId: uuid('firm_id').primaryKey(),
  generation: bigint('generation', { mode: 'number' }).notNull(),
});
