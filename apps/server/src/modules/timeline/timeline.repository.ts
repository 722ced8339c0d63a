import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { schema, type DbOrTx } from '@sentinel/db';
import type { CaseStatus, CaseType } from '@sentinel/shared';
import { visibleTo, type CaseViewer } from '../cases/cases.repository';
import { documentsVisibleTo } from '../documents/documents.repository';
import type { StageRow, TemplateStage } from './stages';

const { calendarEvents, caseStages, caseStatusHistory, cases, conversations, documents, messages, users } =
  schema;

export type StageRecord = StageRow & { position: number };

const stageColumns = {
  id: caseStages.id,
  position: caseStages.position,
  title: caseStages.title,
  description: caseStages.description,
  stageKey: caseStages.stageKey,
  stageDate: caseStages.stageDate,
  completedAt: caseStages.completedAt,
  completedByFirst: users.firstName,
  completedByLast: users.lastName,
};

type StageSelect = {
  [K in keyof typeof stageColumns]: (typeof stageColumns)[K]['_']['data'] | null;
};

const toStage = ({ completedByFirst, completedByLast, ...row }: StageSelect & { caseId?: string }) => ({
  ...(row as Omit<StageRecord, 'completedByName'>),
  completedByName: completedByFirst ? `${completedByFirst} ${completedByLast ?? ''}`.trim() : null,
});

/**
 * The timeline's reads and writes (issue 12): a case's stages (`case_stages`), and what happened on
 * the case at its dates — documents, events, status changes and messages — each scoped by what the
 * viewer may see, newest first and bounded, each read from its table's case index.
 */
export const timelineRepository = {
  /** The cases the viewer may see, most recently active first (the timeline's case chooser). */
  async cases(db: DbOrTx, viewer: CaseViewer, limit: number) {
    return db
      .select({
        id: cases.id,
        caseNumber: cases.caseNumber,
        title: cases.title,
        caseType: cases.caseType,
        status: cases.status,
        dateOpened: cases.dateOpened,
        lastActivityAt: cases.lastActivityAt,
      })
      .from(cases)
      .where(visibleTo(viewer))
      .orderBy(sql`${cases.lastActivityAt} desc nulls last`, asc(cases.id))
      .limit(limit)
      .then((rows) =>
        rows.map((row) => ({ ...row, caseType: row.caseType as CaseType, status: row.status as CaseStatus })),
      );
  },

  /** The stages of some cases, in their order. */
  async stagesOf(db: DbOrTx, caseIds: string[]): Promise<Map<string, StageRecord[]>> {
    const byCase = new Map<string, StageRecord[]>(caseIds.map((id) => [id, []]));
    if (caseIds.length === 0) return byCase;
    const rows = await db
      .select({ ...stageColumns, caseId: caseStages.caseId })
      .from(caseStages)
      .leftJoin(users, eq(users.id, caseStages.completedById))
      .where(inArray(caseStages.caseId, caseIds))
      .orderBy(asc(caseStages.caseId), asc(caseStages.position), asc(caseStages.createdAt));
    for (const { caseId, ...row } of rows) byCase.get(caseId)?.push(toStage(row));
    return byCase;
  },

  async stages(db: DbOrTx, caseId: string): Promise<StageRecord[]> {
    return (await this.stagesOf(db, [caseId])).get(caseId) ?? [];
  },

  /**
   * Stores the template stages the case lacks, after those it has (all of them, in order, the first
   * time). Concurrent first reads both insert; the unique (case, template key) keeps one of each.
   */
  async materialise(
    db: DbOrTx,
    target: { caseId: string; firmId: string },
    template: TemplateStage[],
    existing: StageRecord[],
  ): Promise<boolean> {
    const stored = new Set(existing.map((row) => row.stageKey));
    const missing = template.filter((stage) => !stored.has(stage.key));
    if (missing.length === 0) return false;
    const after = existing.reduce((max, row) => Math.max(max, row.position), 0);
    await db
      .insert(caseStages)
      .values(
        missing.map((stage, index) => ({
          ...target,
          position: after + index + 1,
          title: stage.title,
          description: stage.description,
          stageKey: stage.key,
        })),
      )
      .onConflictDoNothing({ target: [caseStages.caseId, caseStages.stageKey] });
    return true;
  },

  async insertStage(db: DbOrTx, values: typeof caseStages.$inferInsert): Promise<string> {
    const [row] = await db.insert(caseStages).values(values).returning({ id: caseStages.id });
    return row!.id;
  },

  async updateStage(
    db: DbOrTx,
    caseId: string,
    stageId: string,
    values: Partial<
      Pick<
        typeof caseStages.$inferInsert,
        'title' | 'description' | 'stageDate' | 'completedAt' | 'completedById' | 'position'
      >
    >,
  ): Promise<void> {
    await db
      .update(caseStages)
      .set({ ...values, updatedAt: sql`now()` })
      .where(and(eq(caseStages.caseId, caseId), eq(caseStages.id, stageId)));
  },

  /** Removes a stage an attorney added; false when there is no such added stage on the case. */
  async removeAddedStage(db: DbOrTx, caseId: string, stageId: string): Promise<boolean> {
    const removed = await db
      .delete(caseStages)
      .where(and(eq(caseStages.caseId, caseId), eq(caseStages.id, stageId), isNull(caseStages.stageKey)))
      .returning({ id: caseStages.id });
    return removed.length > 0;
  },

  /** Writes positions 1…n in the order given (after an insertion or a move). */
  async renumber(db: DbOrTx, caseId: string, orderedIds: string[]): Promise<void> {
    if (orderedIds.length === 0) return;
    const cases_ = sql.join(
      orderedIds.map((id, index) => sql`when ${id}::uuid then ${index + 1}::int`),
      sql` `,
    );
    await db
      .update(caseStages)
      .set({ position: sql`case ${caseStages.id} ${cases_} end`, updatedAt: sql`now()` })
      .where(and(eq(caseStages.caseId, caseId), inArray(caseStages.id, orderedIds)));
  },

  /** The status history of some cases, oldest first. */
  async historyOf(db: DbOrTx, caseIds: string[]) {
    const byCase = new Map<string, Array<{ status: CaseStatus; at: Date; by: string | null }>>(
      caseIds.map((id) => [id, []]),
    );
    if (caseIds.length === 0) return byCase;
    const rows = await db
      .select({
        caseId: caseStatusHistory.caseId,
        status: caseStatusHistory.status,
        at: caseStatusHistory.changedAt,
        firstName: users.firstName,
        lastName: users.lastName,
      })
      .from(caseStatusHistory)
      .leftJoin(users, eq(users.id, caseStatusHistory.changedById))
      .where(inArray(caseStatusHistory.caseId, caseIds))
      .orderBy(asc(caseStatusHistory.caseId), asc(caseStatusHistory.changedAt), asc(caseStatusHistory.id));
    for (const row of rows)
      byCase.get(row.caseId)?.push({
        status: row.status as CaseStatus,
        at: row.at,
        by: row.firstName ? `${row.firstName} ${row.lastName ?? ''}`.trim() : null,
      });
    return byCase;
  },

  /** The case's documents the viewer may see (a client: those shared with them), newest first. */
  async documents(db: DbOrTx, viewer: CaseViewer, caseId: string, limit: number) {
    return db
      .select({ id: documents.id, fileName: documents.fileName, at: documents.createdAt })
      .from(documents)
      .where(and(eq(documents.caseId, caseId), documentsVisibleTo(viewer)))
      .orderBy(desc(documents.createdAt), desc(documents.id))
      .limit(limit);
  },

  /**
   * The case's own calendar events, latest first: whoever may see the case sees them (the calendar's
   * rule). The claim deadline engine's dates stay on the Deadlines tab and the calendar.
   */
  async events(db: DbOrTx, firmId: string, caseId: string, limit: number) {
    return db
      .select({
        id: calendarEvents.id,
        title: calendarEvents.title,
        eventType: calendarEvents.eventType,
        allDay: calendarEvents.allDay,
        at: calendarEvents.startsAt,
      })
      .from(calendarEvents)
      .where(
        and(
          eq(calendarEvents.caseId, caseId),
          eq(calendarEvents.firmId, firmId),
          isNull(calendarEvents.deadlineRule),
        ),
      )
      .orderBy(desc(calendarEvents.startsAt), desc(calendarEvents.id))
      .limit(limit);
  },

  /**
   * Messages of the case's threads per day (in `zone`), latest days first: the case thread, and the
   * team thread for everyone but clients. Deleted messages and away replies do not count.
   */
  async messageDays(db: DbOrTx, viewer: CaseViewer, caseId: string, zone: string, limit: number) {
    const day = sql<string>`to_char(${messages.createdAt} at time zone ${zone}, 'YYYY-MM-DD')`;
    const kinds = viewer.userType === 'client' ? ['case'] : ['case', 'team'];
    const rows = await db
      .select({
        conversationId: conversations.id,
        thread: conversations.kind,
        day,
        count: sql<number>`count(*)::int`,
        at: sql<Date>`max(${messages.createdAt})`.mapWith((value: string | Date) => new Date(value)),
      })
      .from(conversations)
      .innerJoin(messages, eq(messages.conversationId, conversations.id))
      .where(
        and(
          eq(conversations.caseId, caseId),
          eq(conversations.firmId, viewer.firmId),
          inArray(conversations.kind, kinds),
          isNull(messages.deletedAt),
          eq(messages.kind, 'text'),
        ),
      )
      // By position: the day's expression carries the zone as a parameter, and PostgreSQL does not
      // take two parameters for the same expression.
      .groupBy(sql`1, 2, 3`)
      .orderBy(sql`3 desc, 2 asc`)
      .limit(limit);
    return rows.map((row) => ({ ...row, thread: row.thread as 'case' | 'team', count: Number(row.count) }));
  },
};
