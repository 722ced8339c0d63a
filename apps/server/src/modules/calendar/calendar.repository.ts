import { and, asc, eq, gt, inArray, notInArray, or, sql, type SQL } from 'drizzle-orm';
import { schema, type DbOrTx } from '@sentinel/db';
import type { Priority } from '@sentinel/shared';
import { visibleTo, type CaseViewer } from '../cases/cases.repository';
import { rowsOf } from '../../platform/throttle';
import { documentsVisibleTo } from '../documents/documents.repository';

const {
  calendarEvents,
  calendarEventAttendees,
  calendarReminders,
  calendarFeeds,
  calendarGenerations,
  caseDeadlineReviews,
  cases,
  documents,
  users,
} = schema;

export type CalendarEventRow = typeof calendarEvents.$inferSelect;
export type AttendeeRow = typeof calendarEventAttendees.$inferSelect;

/** An event with its case (as the viewer may see it), attendees and reminders. */
export interface EventWithDetails extends CalendarEventRow {
  caseNumber: string | null;
  caseTitle: string | null;
  attendees: AttendeeRow[];
  reminderMinutes: number[];
}

export interface Range {
  start: Date;
  end: Date;
}

/** An event of a range read: its attendees without their account link (the screen does not need it). */
export type RangeEvent = Omit<EventWithDetails, 'attendees'> & {
  attendees: Array<Omit<AttendeeRow, 'userId'>>;
};

/** A row of `inRange`'s statement, as the driver hands it over. */
interface RawEventRow {
  id: string;
  firm_id: string;
  owner_id: string;
  case_id: string | null;
  title: string;
  description: string;
  location: string;
  event_type: string;
  all_day: boolean;
  starts_at: number;
  ends_at: number;
  time_zone: string;
  deadline_rule: string | null;
  deadline_party: string | null;
  sequence: number;
  created_at: number;
  updated_at: number;
  case_number: string | null;
  case_title: string | null;
  /** 'accepted ann@example.com,needsAction joe@example.com' */
  attendees: string | null;
  /** '15,1440' */
  reminders: string | null;
}

/** A deadline from a case's due date or a document's analysis (dates are calendar days). */
export interface DeadlineRow {
  /** A case's due date, a date document analysis found, or one the claim deadline engine computed. */
  kind: 'case_due' | 'document' | 'rule';
  date: string;
  caseId: string;
  caseNumber: string;
  caseTitle: string;
  priority: Priority;
  documentId: string | null;
  documentName: string | null;
  /** The words of the document the date was read from. */
  text: string | null;
}

const eventColumns = {
  event: calendarEvents,
  caseNumber: cases.caseNumber,
  caseTitle: cases.title,
};

/** Whether the viewer is invited to the event (as a Sentinel user). */
const invitedTo = (viewer: CaseViewer) =>
  sql`exists (select 1 from ${calendarEventAttendees} where ${calendarEventAttendees.eventId} = ${calendarEvents.id} and ${calendarEventAttendees.userId} = ${viewer.userId})`;

/** Whether the viewer may see the event's case (then they see the event). */
const caseVisible = (viewer: CaseViewer, caseId: SQL = sql`${calendarEvents.caseId}`) =>
  sql`exists (select 1 from ${cases} where ${cases.id} = ${caseId} and ${visibleTo(viewer)})`;

/**
 * Of the deadlines the claim deadline engine put on a case's calendar, a client sees only their
 * own duties; everyone else who may see the case sees them all.
 */
const deadlineShown = (viewer: CaseViewer, rule: SQL, party: SQL) =>
  viewer.userType === 'client' ? sql`(${rule} is null or ${party} = 'policyholder')` : sql`true`;

/** Sentinel's own calendar: events, attendees, reminders and the subscription feed. */
export const calendarRepository = {
  /** The firm's calendar generation (0 before its first change; migration 0013 keeps it). */
  async generation(db: DbOrTx, firmId: string): Promise<number> {
    // Asked on every calendar read: a plain statement, without the query builder's work.
    const [row] = rowsOf<{ generation: string }>(
      await db.execute(sql`select generation from ${calendarGenerations} where firm_id = ${firmId}`),
    );
    return row ? Number(row.generation) : 0;
  },

  /**
   * The events overlapping the range that the viewer sees in the firm they act in: their own,
   * those of cases they may see and those they are invited to, each with its case only if they
   * may see that case (an invitation does not show them the case's name). Three scans that cannot overlap
   * (own events by owner, others' by case, then invitations to events of no visible case), each
   * reading whole rows from its index, rather than one OR the planner cannot use an index for.
   */
  async inRange(db: DbOrTx, viewer: CaseViewer, range: Range): Promise<RangeEvent[]> {
    // A plain statement read without an ORM mapping: a busy month is a thousand events
    // (bench/calendar.ts).
    const from = range.start.toISOString();
    const to = range.end.toISOString();
    // Overlapping the range: an event of a week or less starts at most a week before it (an index
    // range), a longer one is in the small partial index calendar_events_long_idx.
    const overlaps = sql`e.firm_id = ${viewer.firmId}
      and e.starts_at < ${to}::timestamptz and e.ends_at > ${from}::timestamptz
      and (e.starts_at > ${from}::timestamptz - interval '7 days' or e.ends_at - e.starts_at > interval '7 days')`;
    // Times as epoch milliseconds: the driver's own timestamp parsing took most of the time.
    const epoch = (column: string) =>
      sql.raw(`(extract(epoch from e.${column}) * 1000)::float8 as ${column}`);
    // The attendees and reminders as comma-joined text beside each event (no address holds a
    // comma; parsing PostgreSQL arrays cost more).
    const columns = sql`e.id, e.firm_id, e.owner_id, e.case_id, e.title, e.description, e.location,
      e.event_type, e.all_day, ${epoch('starts_at')}, ${epoch('ends_at')}, e.time_zone,
      e.deadline_rule, e.deadline_party, e.sequence,
      ${epoch('created_at')}, ${epoch('updated_at')}, ${cases.caseNumber}, ${cases.title} as case_title,
      (select string_agg(a.response || ' ' || a.email, ',' order by a.position)
         from ${calendarEventAttendees} a where a.event_id = e.id) as attendees,
      (select string_agg(r.minutes_before::text, ',' order by r.minutes_before)
         from ${calendarReminders} r where r.event_id = e.id) as reminders`;
    const events = rowsOf<RawEventRow>(
      await db.execute(
        sql`select ${columns}
          from ${calendarEvents} e left join ${cases} on ${cases.id} = e.case_id and ${visibleTo(viewer)}
         where e.owner_id = ${viewer.userId} and ${overlaps}
        union all
        select ${columns}
          from ${calendarEvents} e join ${cases} on ${cases.id} = e.case_id and ${visibleTo(viewer)}
         where e.owner_id <> ${viewer.userId} and e.case_id is not null and ${overlaps}
           and ${deadlineShown(viewer, sql`e.deadline_rule`, sql`e.deadline_party`)}
        union all
        select ${columns}
          from ${calendarEvents} e left join ${cases} on ${cases.id} = e.case_id and ${visibleTo(viewer)}
         where e.owner_id <> ${viewer.userId} and ${overlaps}
           and exists (select 1 from ${calendarEventAttendees} i where i.event_id = e.id and i.user_id = ${viewer.userId})
           and not (e.case_id is not null and ${caseVisible(viewer, sql`e.case_id`)})
         order by starts_at, id`,
      ),
    );
    return events.map((row) => ({
      id: row.id,
      firmId: row.firm_id,
      ownerId: row.owner_id,
      caseId: row.case_id,
      title: row.title,
      description: row.description,
      location: row.location,
      eventType: row.event_type,
      allDay: row.all_day,
      startsAt: new Date(row.starts_at),
      endsAt: new Date(row.ends_at),
      timeZone: row.time_zone,
      deadlineRule: row.deadline_rule,
      deadlineParty: row.deadline_party,
      sequence: row.sequence,
      createdAt: new Date(row.created_at),
      updatedAt: new Date(row.updated_at),
      caseNumber: row.case_number,
      caseTitle: row.case_title,
      // 'response email': the response has no space; the address none either.
      attendees: (row.attendees ? row.attendees.split(',') : []).map((entry, position) => {
        const space = entry.indexOf(' ');
        return { eventId: row.id, email: entry.slice(space + 1), response: entry.slice(0, space), position };
      }),
      reminderMinutes: row.reminders ? row.reminders.split(',').map(Number) : [],
    }));
  },

  /**
   * One event the viewer sees (own, of a case they may see, or one they are invited to), or
   * undefined; its case only if they may see that case.
   */
  async find(db: DbOrTx, viewer: CaseViewer, id: string): Promise<EventWithDetails | undefined> {
    const rows = await db
      .select(eventColumns)
      .from(calendarEvents)
      .leftJoin(cases, and(eq(cases.id, calendarEvents.caseId), visibleTo(viewer)))
      .where(
        and(
          eq(calendarEvents.id, id),
          eq(calendarEvents.firmId, viewer.firmId),
          or(
            eq(calendarEvents.ownerId, viewer.userId),
            and(
              sql`${calendarEvents.caseId} is not null`,
              caseVisible(viewer),
              deadlineShown(
                viewer,
                sql`${calendarEvents.deadlineRule}`,
                sql`${calendarEvents.deadlineParty}`,
              ),
            ),
            invitedTo(viewer),
          ),
        ),
      );
    return (await this.withDetails(db, rows))[0];
  },

  /** The events of one case, soonest first from `from` on (the case page). */
  async ofCase(db: DbOrTx, viewer: CaseViewer, caseId: string, from: Date, limit: number) {
    const rows = await db
      .select(eventColumns)
      .from(calendarEvents)
      .innerJoin(cases, eq(cases.id, calendarEvents.caseId))
      .where(
        and(
          eq(calendarEvents.caseId, caseId),
          eq(calendarEvents.firmId, viewer.firmId),
          gt(calendarEvents.endsAt, from),
          visibleTo(viewer),
          deadlineShown(viewer, sql`${calendarEvents.deadlineRule}`, sql`${calendarEvents.deadlineParty}`),
        ),
      )
      .orderBy(asc(calendarEvents.startsAt), asc(calendarEvents.id))
      .limit(limit);
    return this.withDetails(db, rows);
  },

  async withDetails(
    db: DbOrTx,
    rows: Array<{ event: CalendarEventRow; caseNumber: string | null; caseTitle: string | null }>,
  ): Promise<EventWithDetails[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((row) => row.event.id);
    const [attendees, reminders] = await Promise.all([
      db
        .select()
        .from(calendarEventAttendees)
        .where(inArray(calendarEventAttendees.eventId, ids))
        .orderBy(asc(calendarEventAttendees.position)),
      db
        .select({ eventId: calendarReminders.eventId, minutes: calendarReminders.minutesBefore })
        .from(calendarReminders)
        .where(inArray(calendarReminders.eventId, ids))
        .orderBy(asc(calendarReminders.minutesBefore)),
    ]);
    const attendeesOf = groupBy(attendees, (a) => a.eventId);
    const remindersOf = groupBy(reminders, (r) => r.eventId);
    return rows.map(({ event, caseNumber, caseTitle }) => ({
      ...event,
      caseNumber,
      caseTitle,
      attendees: attendeesOf.get(event.id) ?? [],
      reminderMinutes: (remindersOf.get(event.id) ?? []).map((r) => r.minutes),
    }));
  },

  async reminderMinutes(db: DbOrTx, eventId: string): Promise<number[]> {
    const rows = await db
      .select({ minutes: calendarReminders.minutesBefore })
      .from(calendarReminders)
      .where(eq(calendarReminders.eventId, eventId));
    return rows.map((row) => row.minutes);
  },

  async insert(db: DbOrTx, values: typeof calendarEvents.$inferInsert): Promise<CalendarEventRow> {
    const [row] = await db.insert(calendarEvents).values(values).returning();
    return row!;
  },

  async update(
    db: DbOrTx,
    id: string,
    values: Partial<typeof calendarEvents.$inferInsert>,
  ): Promise<CalendarEventRow> {
    const [row] = await db
      .update(calendarEvents)
      .set({ ...values, sequence: sql`${calendarEvents.sequence} + 1`, updatedAt: new Date() })
      .where(eq(calendarEvents.id, id))
      .returning();
    return row!;
  },

  async remove(db: DbOrTx, id: string): Promise<void> {
    await db.delete(calendarEvents).where(eq(calendarEvents.id, id));
  },

  /** Locks the viewer's own event for a change; undefined if it is not theirs. */
  async lockOwn(db: DbOrTx, viewer: CaseViewer, id: string): Promise<CalendarEventRow | undefined> {
    const [row] = await db
      .select()
      .from(calendarEvents)
      .where(
        and(
          eq(calendarEvents.id, id),
          eq(calendarEvents.firmId, viewer.firmId),
          eq(calendarEvents.ownerId, viewer.userId),
        ),
      )
      .for('update');
    return row;
  },

  /**
   * Sets the attendees, linking those who have a Sentinel account; answers the addresses that
   * were not invited before (they get the invitation).
   */
  async setAttendees(db: DbOrTx, eventId: string, emails: string[]): Promise<AttendeeRow[]> {
    const before = await db
      .select({ email: calendarEventAttendees.email })
      .from(calendarEventAttendees)
      .where(eq(calendarEventAttendees.eventId, eventId));
    const known = new Set(before.map((row) => row.email));
    if (emails.length === 0) {
      await db.delete(calendarEventAttendees).where(eq(calendarEventAttendees.eventId, eventId));
      return [];
    }
    await db
      .delete(calendarEventAttendees)
      .where(
        and(eq(calendarEventAttendees.eventId, eventId), notInArray(calendarEventAttendees.email, emails)),
      );
    const accounts = await db
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(inArray(users.email, emails));
    const idOf = new Map(accounts.map((a) => [a.email, a.id]));
    await db
      .insert(calendarEventAttendees)
      .values(
        emails.map((email, position) => ({ eventId, email, userId: idOf.get(email) ?? null, position })),
      )
      .onConflictDoUpdate({
        target: [calendarEventAttendees.eventId, calendarEventAttendees.email],
        set: { position: sql`excluded.position` },
      });
    const all = await db
      .select()
      .from(calendarEventAttendees)
      .where(eq(calendarEventAttendees.eventId, eventId))
      .orderBy(asc(calendarEventAttendees.position));
    return all.filter((row) => !known.has(row.email));
  },

  /**
   * Sets the reminders of an event from (minutes before, when it fires). A reminder whose moment
   * does not change keeps its delivery; one that moves fires again; one whose moment has already
   * passed when it is set is not delivered at all (nobody wants a reminder for the past).
   */
  async setReminders(
    db: DbOrTx,
    eventId: string,
    reminders: Array<{ minutes: number; fireAt: Date }>,
    now: Date,
  ): Promise<void> {
    const minutes = reminders.map((r) => r.minutes);
    await db
      .delete(calendarReminders)
      .where(
        minutes.length > 0
          ? and(eq(calendarReminders.eventId, eventId), notInArray(calendarReminders.minutesBefore, minutes))
          : eq(calendarReminders.eventId, eventId),
      );
    if (reminders.length === 0) return;
    await db
      .insert(calendarReminders)
      .values(
        reminders.map((r) => ({
          eventId,
          minutesBefore: r.minutes,
          fireAt: r.fireAt,
          deliveredAt: r.fireAt <= now ? now : null,
        })),
      )
      .onConflictDoUpdate({
        target: [calendarReminders.eventId, calendarReminders.minutesBefore],
        set: {
          fireAt: sql`excluded.fire_at`,
          deliveredAt: sql`case when ${calendarReminders.fireAt} = excluded.fire_at then ${calendarReminders.deliveredAt} else excluded.delivered_at end`,
          late: sql`case when ${calendarReminders.fireAt} = excluded.fire_at then ${calendarReminders.late} else false end`,
        },
      });
  },

  /**
   * Case due dates and the deadlines document analysis found, from `from` to `to` (dates,
   * inclusive), on cases and documents the viewer may see; settled and closed cases are left out.
   * With `computed`, also the open deadlines the claim deadline engine put on the calendar (the
   * dashboard; the calendar reads those as events).
   */
  async deadlines(
    db: DbOrTx,
    viewer: CaseViewer,
    from: string,
    to: string,
    limit = 2000,
    { computed = false }: { computed?: boolean } = {},
  ): Promise<DeadlineRow[]> {
    // One statement (each query costs a round trip the calendar's range read is measured with).
    const open = sql`${cases.status} not in ('settled', 'closed')`;
    const result = await db.execute(sql`
      (select 'case_due' as kind, ${cases.dueDate}::text as date, null::text as text,
              null::uuid as document_id, null::text as document_name, ${cases.id} as case_id,
              ${cases.caseNumber} as case_number, ${cases.title} as case_title, ${cases.priority} as priority
         from ${cases}
        where ${visibleTo(viewer)} and ${open} and ${cases.dueDate} between ${from} and ${to}
        order by ${cases.dueDate}, ${cases.id}
        limit ${limit})
      union all
      (select 'document', d.elem->>'date', d.elem->>'text', ${documents.id}, ${documents.fileName},
              ${cases.id}, ${cases.caseNumber}, ${cases.title}, ${cases.priority}
         from ${documents}
         join ${cases} on ${cases.id} = ${documents.caseId}
         cross join lateral jsonb_array_elements(coalesce(${documents.analysis}->'entities'->'dates', '[]'::jsonb)) as d(elem)
        where ${documentsVisibleTo(viewer)} and ${visibleTo(viewer)} and ${open}
          and ${documents.analysisStatus} = 'completed'
          and d.elem->>'kind' = 'deadline'
          and d.elem->>'date' ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'
          and d.elem->>'date' between ${from} and ${to}
        order by d.elem->>'date', ${documents.id}
        limit ${limit})
      ${
        computed
          ? sql`union all
      (select 'rule', (e.starts_at at time zone 'UTC')::date::text, e.title, null, null,
              ${cases.id}, ${cases.caseNumber}, ${cases.title}, ${cases.priority}
         from ${calendarEvents} e
         join ${cases} on ${cases.id} = e.case_id
         left join ${caseDeadlineReviews} r on r.case_id = e.case_id and r.rule_id = e.deadline_rule
        where e.firm_id = ${viewer.firmId} and e.deadline_rule is not null and ${visibleTo(viewer)} and ${open}
          and ${deadlineShown(viewer, sql`e.deadline_rule`, sql`e.deadline_party`)}
          and coalesce(r.status, 'open') = 'open'
          and e.starts_at >= ${from}::date and e.starts_at < ${to}::date + 1
        order by e.starts_at, e.id
        limit ${limit})`
          : sql``
      }`);
    const rows: DeadlineRow[] = rowsOf<{
      kind: DeadlineRow['kind'];
      date: string;
      text: string | null;
      document_id: string | null;
      document_name: string | null;
      case_id: string;
      case_number: string;
      case_title: string;
      priority: Priority;
    }>(result).map((row) => ({
      kind: row.kind,
      date: row.date,
      caseId: row.case_id,
      caseNumber: row.case_number,
      caseTitle: row.case_title,
      priority: row.priority,
      documentId: row.document_id,
      documentName: row.document_name,
      text: row.text,
    }));
    // The same date read twice from one document is one deadline.
    const seen = new Set<string>();
    return rows
      .filter((row) => {
        const key = `${row.kind}:${row.documentId ?? row.caseId}:${row.date}`;
        if (seen.has(key)) return false;
        seen.add(key);
        return true;
      })
      .sort((a, b) => a.date.localeCompare(b.date) || a.caseNumber.localeCompare(b.caseNumber));
  },

  async feedOf(db: DbOrTx, userId: string, firmId: string) {
    const [row] = await db
      .select()
      .from(calendarFeeds)
      .where(and(eq(calendarFeeds.userId, userId), eq(calendarFeeds.firmId, firmId)));
    return row;
  },

  async saveFeed(db: DbOrTx, values: typeof calendarFeeds.$inferInsert) {
    const [row] = await db
      .insert(calendarFeeds)
      .values(values)
      .onConflictDoUpdate({
        target: [calendarFeeds.userId, calendarFeeds.firmId],
        set: { tokenHash: values.tokenHash, token: values.token, createdAt: new Date() },
      })
      .returning();
    return row!;
  },

  /** The feed of a token, with whether its person still works in its firm (and as what). */
  async feedByTokenHash(db: DbOrTx, tokenHash: string) {
    const [row] = await db
      .select({
        userId: calendarFeeds.userId,
        firmId: calendarFeeds.firmId,
        userType: schema.memberships.userType,
        status: schema.memberships.status,
      })
      .from(calendarFeeds)
      .innerJoin(
        schema.memberships,
        and(
          eq(schema.memberships.userId, calendarFeeds.userId),
          eq(schema.memberships.firmId, calendarFeeds.firmId),
        ),
      )
      .where(eq(calendarFeeds.tokenHash, tokenHash));
    return row;
  },

  async userTimeZone(db: DbOrTx, userId: string): Promise<string | null> {
    const [row] = await db.select({ timeZone: users.timeZone }).from(users).where(eq(users.id, userId));
    return row?.timeZone ?? null;
  },
};

function groupBy<T>(items: T[], key: (item: T) => string): Map<string, T[]> {
  const map = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    const list = map.get(k);
    if (list) list.push(item);
    else map.set(k, [item]);
  }
  return map;
}
