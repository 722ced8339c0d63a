import { and, asc, eq, inArray, isNotNull, notInArray, sql } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { schema, type DbOrTx } from '@sentinel/db';
import type { ClaimFacts, DeadlineStatus, KeyDateKind } from '@sentinel/shared';
import type { CaseViewer } from '../cases/cases.repository';
import { documentsVisibleTo } from '../documents/documents.repository';
import { rowsOf } from '../../platform/throttle';

const { caseKeyDates, caseDeadlineReviews, calendarEvents, calendarReminders, cases, documents, users } =
  schema;

const setBy = alias(users, 'set_by');

/** The columns of a case that select and adjust the rules. */
const factColumns = {
  propertyState: cases.propertyState,
  policyKind: cases.policyKind,
  policyEffectiveDate: cases.policyEffectiveDate,
  stateOfEmergency: cases.stateOfEmergency,
  surplusLines: cases.surplusLines,
  catastropheExtensionDays: cases.catastropheExtensionDays,
};

export interface KeyDateRow {
  kind: KeyDateKind;
  date: string;
  source: 'typed' | 'document';
  documentId: string | null;
  documentName: string | null;
  setBy: string | null;
  updatedAt: Date;
}

export interface ReviewRow {
  ruleId: string;
  status: DeadlineStatus;
  overrideDate: string | null;
  reason: string;
  reviewedBy: string | null;
  reviewedAt: Date;
}

/** One date an analysed document of the case read, with what the analysis says the document is. */
export interface DocumentDateRow {
  documentId: string;
  documentName: string;
  date: string;
  kind: string;
  text: string;
  summary: string;
}

/** A deadline event the engine keeps on the calendar for a case (calendar_events.deadline_rule). */
export interface RuleEventRow {
  id: string;
  ruleId: string;
  ownerId: string;
  title: string;
  description: string;
  startsAt: Date;
  timeZone: string;
}

const fullName = (person: { firstName: AnyPgColumn; lastName: AnyPgColumn }) =>
  sql<string>`${person.firstName} || ' ' || ${person.lastName}`;

/** The claim deadline engine's data: a case's facts, key dates, reviews and calendar events. */
export const deadlinesRepository = {
  async facts(db: DbOrTx, caseId: string): Promise<ClaimFacts> {
    const [row] = await db.select(factColumns).from(cases).where(eq(cases.id, caseId));
    return { ...row!, policyKind: row!.policyKind as ClaimFacts['policyKind'] };
  },

  async setFacts(db: DbOrTx, caseId: string, facts: ClaimFacts): Promise<void> {
    await db
      .update(cases)
      .set({ ...facts, updatedAt: new Date(), lastActivityAt: new Date() })
      .where(eq(cases.id, caseId));
  },

  /**
   * The key dates of a case. The date of loss is the case's own field (the case form, factories
   * and imports write it there); its row here only says where it came from, while it still agrees.
   */
  async keyDates(db: DbOrTx, caseId: string): Promise<KeyDateRow[]> {
    const rows = await db
      .select({
        kind: caseKeyDates.kind,
        date: caseKeyDates.date,
        source: caseKeyDates.source,
        documentId: caseKeyDates.documentId,
        documentName: documents.fileName,
        setBy: fullName(setBy),
        updatedAt: caseKeyDates.updatedAt,
      })
      .from(caseKeyDates)
      .leftJoin(documents, eq(documents.id, caseKeyDates.documentId))
      .leftJoin(setBy, eq(setBy.id, caseKeyDates.setById))
      .where(eq(caseKeyDates.caseId, caseId));
    const [kase] = await db
      .select({ dateOfLoss: cases.dateOfLoss, updatedAt: cases.updatedAt })
      .from(cases)
      .where(eq(cases.id, caseId));
    const dates: KeyDateRow[] = rows
      .filter((row) => row.kind !== 'date_of_loss')
      .map((row) => ({ ...row, kind: row.kind as KeyDateKind, source: row.source as KeyDateRow['source'] }));
    if (kase?.dateOfLoss) {
      const known = rows.find((row) => row.kind === 'date_of_loss' && row.date === kase.dateOfLoss);
      dates.unshift(
        known
          ? { ...known, kind: 'date_of_loss', source: known.source as KeyDateRow['source'] }
          : {
              kind: 'date_of_loss',
              date: kase.dateOfLoss,
              source: 'typed',
              documentId: null,
              documentName: null,
              setBy: null,
              updatedAt: kase.updatedAt,
            },
      );
    }
    return dates;
  },

  /** Sets one key date; the date of loss is also the case's own field. */
  async setKeyDate(
    db: DbOrTx,
    input: { caseId: string; kind: KeyDateKind; date: string; documentId: string | null; setById: string },
  ): Promise<void> {
    const values = {
      date: input.date,
      source: input.documentId ? 'document' : 'typed',
      documentId: input.documentId,
      setById: input.setById,
      updatedAt: new Date(),
    };
    await db
      .insert(caseKeyDates)
      .values({ caseId: input.caseId, kind: input.kind, ...values })
      .onConflictDoUpdate({ target: [caseKeyDates.caseId, caseKeyDates.kind], set: values });
    if (input.kind === 'date_of_loss')
      await db.update(cases).set({ dateOfLoss: input.date }).where(eq(cases.id, input.caseId));
  },

  /** Whether there was one to remove. */
  async removeKeyDate(db: DbOrTx, caseId: string, kind: KeyDateKind): Promise<boolean> {
    const removed = await db
      .delete(caseKeyDates)
      .where(and(eq(caseKeyDates.caseId, caseId), eq(caseKeyDates.kind, kind)))
      .returning({ kind: caseKeyDates.kind });
    if (kind !== 'date_of_loss') return removed.length > 0;
    const cleared = await db
      .update(cases)
      .set({ dateOfLoss: null })
      .where(and(eq(cases.id, caseId), isNotNull(cases.dateOfLoss)))
      .returning({ id: cases.id });
    return cleared.length > 0;
  },

  async reviews(db: DbOrTx, caseId: string): Promise<ReviewRow[]> {
    const rows = await db
      .select({
        ruleId: caseDeadlineReviews.ruleId,
        status: caseDeadlineReviews.status,
        overrideDate: caseDeadlineReviews.overrideDate,
        reason: caseDeadlineReviews.reason,
        reviewedBy: fullName(setBy),
        reviewedAt: caseDeadlineReviews.reviewedAt,
      })
      .from(caseDeadlineReviews)
      .leftJoin(setBy, eq(setBy.id, caseDeadlineReviews.reviewedById))
      .where(eq(caseDeadlineReviews.caseId, caseId));
    return rows.map((row) => ({ ...row, status: row.status as DeadlineStatus }));
  },

  async setReview(
    db: DbOrTx,
    input: {
      caseId: string;
      ruleId: string;
      status: DeadlineStatus;
      overrideDate: string | null;
      reason: string;
      reviewedById: string;
    },
  ): Promise<void> {
    const values = {
      status: input.status,
      overrideDate: input.overrideDate,
      reason: input.reason,
      reviewedById: input.reviewedById,
      reviewedAt: new Date(),
    };
    await db
      .insert(caseDeadlineReviews)
      .values({ caseId: input.caseId, ruleId: input.ruleId, ...values })
      .onConflictDoUpdate({ target: [caseDeadlineReviews.caseId, caseDeadlineReviews.ruleId], set: values });
  },

  /** The dates analysed documents of the case read, of the documents the viewer may see. */
  async documentDates(db: DbOrTx, viewer: CaseViewer, caseId: string): Promise<DocumentDateRow[]> {
    const result = await db.execute(sql`
      select ${documents.id} as document_id, ${documents.fileName} as document_name,
             d.elem->>'date' as date, d.elem->>'kind' as kind, coalesce(d.elem->>'text', '') as text,
             coalesce(${documents.analysis}->'content'->>'summary', '') as summary
        from ${documents}
        cross join lateral jsonb_array_elements(coalesce(${documents.analysis}->'entities'->'dates', '[]'::jsonb)) as d(elem)
       where ${documents.caseId} = ${caseId} and ${documentsVisibleTo(viewer)}
         and ${documents.analysisStatus} = 'completed'
         and d.elem->>'date' ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'
       order by ${documents.createdAt}, ${documents.id}`);
    return rowsOf<{
      document_id: string;
      document_name: string;
      date: string;
      kind: string;
      text: string;
      summary: string;
    }>(result).map((row) => ({
      documentId: row.document_id,
      documentName: row.document_name,
      date: row.date,
      kind: row.kind,
      text: row.text,
      summary: row.summary,
    }));
  },

  /** Whether the document is on the case and the viewer may see it. */
  async documentOnCase(db: DbOrTx, viewer: CaseViewer, caseId: string, documentId: string) {
    const [row] = await db
      .select({ id: documents.id })
      .from(documents)
      .where(and(eq(documents.id, documentId), eq(documents.caseId, caseId), documentsVisibleTo(viewer)));
    return row !== undefined;
  },

  /** Whose calendar a case's deadlines go on: its lead attorney, with their time zone. */
  async calendarOwner(db: DbOrTx, caseId: string) {
    const [row] = await db
      .select({
        firmId: cases.firmId,
        caseNumber: cases.caseNumber,
        ownerId: users.id,
        ownerName: fullName(users),
        timeZone: users.timeZone,
      })
      .from(cases)
      .leftJoin(users, eq(users.id, cases.leadAttorneyId))
      .where(eq(cases.id, caseId));
    return row!;
  },

  async ruleEvents(db: DbOrTx, caseId: string): Promise<RuleEventRow[]> {
    const rows = await db
      .select({
        id: calendarEvents.id,
        ruleId: calendarEvents.deadlineRule,
        ownerId: calendarEvents.ownerId,
        title: calendarEvents.title,
        description: calendarEvents.description,
        startsAt: calendarEvents.startsAt,
        timeZone: calendarEvents.timeZone,
      })
      .from(calendarEvents)
      .where(and(eq(calendarEvents.caseId, caseId), isNotNull(calendarEvents.deadlineRule)))
      .orderBy(asc(calendarEvents.startsAt));
    return rows.map((row) => ({ ...row, ruleId: row.ruleId! }));
  },

  async insertRuleEvent(db: DbOrTx, values: typeof calendarEvents.$inferInsert): Promise<string> {
    const [row] = await db.insert(calendarEvents).values(values).returning({ id: calendarEvents.id });
    return row!.id;
  },

  async updateRuleEvent(db: DbOrTx, id: string, values: Partial<typeof calendarEvents.$inferInsert>) {
    await db
      .update(calendarEvents)
      .set({ ...values, sequence: sql`${calendarEvents.sequence} + 1`, updatedAt: new Date() })
      .where(eq(calendarEvents.id, id));
  },

  async removeRuleEvents(db: DbOrTx, caseId: string, keepRules: string[]) {
    await db
      .delete(calendarEvents)
      .where(
        and(
          eq(calendarEvents.caseId, caseId),
          isNotNull(calendarEvents.deadlineRule),
          keepRules.length ? notInArray(calendarEvents.deadlineRule, keepRules) : undefined,
        ),
      );
  },

  async markSynced(db: DbOrTx, caseId: string, fingerprint: string) {
    await db.update(cases).set({ deadlinesSyncedWith: fingerprint }).where(eq(cases.id, caseId));
  },

  /** Cases with deadline data whose calendar events were computed under other rules. */
  async casesOutOfSync(db: DbOrTx, fingerprint: string, limit: number): Promise<string[]> {
    const rows = await db
      .select({ id: cases.id })
      .from(cases)
      .where(
        and(
          sql`${cases.deadlinesSyncedWith} is distinct from ${fingerprint}`,
          sql`(${cases.dateOfLoss} is not null
            or exists (select 1 from ${caseKeyDates} where ${caseKeyDates.caseId} = ${cases.id})
            or exists (select 1 from ${calendarEvents} where ${calendarEvents.caseId} = ${cases.id}
                        and ${calendarEvents.deadlineRule} is not null))`,
        ),
      )
      .limit(limit);
    return rows.map((row) => row.id);
  },

  /** Replaces the reminders of the events (those already sent too: a moved deadline reminds again). */
  async replaceReminders(
    db: DbOrTx,
    eventIds: string[],
    reminders: Array<{ eventId: string; minutesBefore: number; fireAt: Date }>,
  ) {
    if (eventIds.length)
      await db.delete(calendarReminders).where(inArray(calendarReminders.eventId, eventIds));
    if (reminders.length) await db.insert(calendarReminders).values(reminders);
  },
};
