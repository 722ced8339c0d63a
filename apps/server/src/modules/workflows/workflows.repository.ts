import { and, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import { schema, type DbOrTx } from '@sentinel/db';
import {
  WORKFLOW_ACTION_MINUTES,
  type CaseStatus,
  type DocumentRequestView,
  WORKFLOW_MAX_DEPTH,
  type WorkflowAction,
  type WorkflowCategory,
  type WorkflowConditions,
  type WorkflowRunView,
  type WorkflowStats,
  type WorkflowTrigger,
} from '@sentinel/shared';
import { rowsOf } from '../../platform/throttle';

const { workflows, workflowRuns, workflowRunActions, workflowEvents, cases } = schema;

export type WorkflowRow = typeof workflows.$inferSelect;

export interface WorkflowFigures {
  runs: number;
  tasksCompleted: number;
  succeeded: number;
  finished: number;
}

/** What a run needs to act: its workflow, its event and the case the event is about. */
export interface RunContext {
  runId: string;
  runStatus: string;
  firmId: string;
  firmName: string;
  workflowId: string;
  workflowName: string;
  actions: WorkflowAction[];
  createdById: string | null;
  eventType: string;
  eventPayload: Record<string, unknown>;
  eventSubjectId: string | null;
  caseId: string | null;
}

export interface CaseFacts {
  id: string;
  firmId: string;
  caseNumber: string;
  title: string;
  status: CaseStatus;
  clientId: string;
  leadAttorneyId: string | null;
}

export interface FirmPerson {
  userId: string;
  userType: string;
  email: string;
  firstName: string;
  lastName: string;
}

/** Minutes saved per succeeded action, as SQL (the table is WORKFLOW_ACTION_MINUTES). */
const minutesCase = sql.raw(
  `case a.type ${Object.entries(WORKFLOW_ACTION_MINUTES)
    .map(([type, minutes]) => `when '${type}' then ${minutes}`)
    .join(' ')} else 0 end`,
);

/**
 * Workflows (issue 13): the firm's workflows and their figures, each run with its actions' outcomes,
 * and the engine's queries — claiming events, matching them to workflows, recording runs. Every read
 * for a person is scoped by the firm.
 */
export function toDocumentRequestView(row: typeof schema.documentRequests.$inferSelect): DocumentRequestView {
  return {
    id: row.id,
    title: row.title,
    note: row.note,
    status: row.status as DocumentRequestView['status'],
    createdAt: row.createdAt.toISOString(),
  };
}

export const workflowsRepository = {
  async list(db: DbOrTx, firmId: string): Promise<Array<WorkflowRow & WorkflowFigures>> {
    const rows = await db
      .select()
      .from(workflows)
      .where(eq(workflows.firmId, firmId))
      .orderBy(desc(workflows.createdAt), desc(workflows.id));
    const figures = await this.figures(
      db,
      rows.map((row) => row.id),
    );
    return rows.map((row) => ({ ...row, ...(figures.get(row.id) ?? emptyFigures) }));
  },

  async figures(db: DbOrTx, ids: string[]): Promise<Map<string, WorkflowFigures>> {
    if (ids.length === 0) return new Map();
    const rows = rowsOf<WorkflowFigures & { id: string }>(
      await db.execute(sql`
        select r.workflow_id as id, count(*)::int as runs,
          count(*) filter (where r.status = 'succeeded')::int as succeeded,
          count(*) filter (where r.status in ('succeeded', 'failed'))::int as finished,
          coalesce(sum((select count(*) from ${workflowRunActions} a
            where a.run_id = r.id and a.status = 'succeeded')), 0)::int as "tasksCompleted"
        from ${workflowRuns} r
        where r.workflow_id in (${sql.join(
          ids.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})
        group by r.workflow_id`),
    );
    return new Map(rows.map((row) => [row.id, row]));
  },

  /** The four stat cards, from the firm's runs. */
  async stats(db: DbOrTx, firmId: string): Promise<WorkflowStats> {
    const [row] = rowsOf<{
      active: number;
      tasks: number;
      minutes: number;
      succeeded: number;
      finished: number;
    }>(
      await db.execute(sql`
        select
          (select count(*) from ${workflows} where firm_id = ${firmId} and status = 'active')::int as active,
          (select count(*) from ${workflowRunActions} a join ${workflowRuns} r on r.id = a.run_id
            where r.firm_id = ${firmId} and a.status = 'succeeded')::int as tasks,
          (select coalesce(sum(${minutesCase}), 0) from ${workflowRunActions} a join ${workflowRuns} r on r.id = a.run_id
            where r.firm_id = ${firmId} and a.status = 'succeeded')::int as minutes,
          (select count(*) from ${workflowRuns} where firm_id = ${firmId} and status = 'succeeded')::int as succeeded,
          (select count(*) from ${workflowRuns} where firm_id = ${firmId} and status in ('succeeded', 'failed'))::int as finished`),
    );
    return {
      activeWorkflows: row?.active ?? 0,
      tasksAutomated: row?.tasks ?? 0,
      timeSavedHours: Math.round(((row?.minutes ?? 0) / 60) * 10) / 10,
      successRate: row && row.finished > 0 ? Math.round((row.succeeded / row.finished) * 100) : null,
    };
  },

  async find(db: DbOrTx, firmId: string, id: string, lock = false): Promise<WorkflowRow | undefined> {
    const query = db
      .select()
      .from(workflows)
      .where(and(eq(workflows.firmId, firmId), eq(workflows.id, id)))
      .limit(1);
    const [row] = lock ? await query.for('update') : await query;
    return row;
  },

  async insert(db: DbOrTx, values: typeof workflows.$inferInsert): Promise<WorkflowRow> {
    const [row] = await db.insert(workflows).values(values).returning();
    return row!;
  },

  async update(
    db: DbOrTx,
    firmId: string,
    id: string,
    values: Partial<typeof workflows.$inferInsert>,
  ): Promise<void> {
    await db
      .update(workflows)
      .set({ ...values, updatedAt: sql`now()` })
      .where(and(eq(workflows.firmId, firmId), eq(workflows.id, id)));
  },

  async remove(db: DbOrTx, firmId: string, id: string): Promise<void> {
    await db.delete(workflows).where(and(eq(workflows.firmId, firmId), eq(workflows.id, id)));
  },

  /** A workflow's newest runs, each with its event's type, its case's number and its actions. */
  async runs(db: DbOrTx, firmId: string, workflowId: string, limit: number): Promise<WorkflowRunView[]> {
    const runs = await db
      .select({
        id: workflowRuns.id,
        status: workflowRuns.status,
        eventType: workflowEvents.type,
        caseId: workflowRuns.caseId,
        caseNumber: cases.caseNumber,
        createdAt: workflowRuns.createdAt,
        finishedAt: workflowRuns.finishedAt,
      })
      .from(workflowRuns)
      .innerJoin(workflowEvents, eq(workflowEvents.id, workflowRuns.eventId))
      .leftJoin(cases, eq(cases.id, workflowRuns.caseId))
      .where(and(eq(workflowRuns.firmId, firmId), eq(workflowRuns.workflowId, workflowId)))
      .orderBy(desc(workflowRuns.createdAt), desc(workflowRuns.id))
      .limit(limit);
    const ids = runs.map((run) => run.id);
    const actions =
      ids.length === 0
        ? []
        : await db
            .select()
            .from(workflowRunActions)
            .where(inArray(workflowRunActions.runId, ids))
            .orderBy(workflowRunActions.runId, workflowRunActions.position);
    return runs.map((run) => ({
      ...run,
      status: run.status as WorkflowRunView['status'],
      eventType: run.eventType as WorkflowRunView['eventType'],
      createdAt: run.createdAt.toISOString(),
      finishedAt: run.finishedAt?.toISOString() ?? null,
      actions: actions
        .filter((action) => action.runId === run.id)
        .map((action) => ({
          position: action.position,
          type: action.type as WorkflowAction['type'],
          status: action.status as 'succeeded' | 'failed' | 'skipped',
          detail: action.detail,
          error: action.error,
        })),
    }));
  },

  /** The documents asked of a case's client, oldest first (cancelled ones left out). */
  async documentRequests(db: DbOrTx, firmId: string, caseId: string): Promise<DocumentRequestView[]> {
    const { documentRequests } = schema;
    const rows = await db
      .select()
      .from(documentRequests)
      .where(
        and(
          eq(documentRequests.firmId, firmId),
          eq(documentRequests.caseId, caseId),
          ne(documentRequests.status, 'cancelled'),
        ),
      )
      .orderBy(documentRequests.createdAt, documentRequests.id);
    return rows.map(toDocumentRequestView);
  },

  /** One request of the case, locked for its change; undefined when it is not this case's. */
  async findDocumentRequest(db: DbOrTx, firmId: string, caseId: string, requestId: string) {
    const { documentRequests } = schema;
    const [row] = await db
      .select()
      .from(documentRequests)
      .where(
        and(
          eq(documentRequests.firmId, firmId),
          eq(documentRequests.caseId, caseId),
          eq(documentRequests.id, requestId),
        ),
      )
      .for('update');
    return row;
  },

  async setDocumentRequestStatus(db: DbOrTx, requestId: string, status: DocumentRequestView['status']) {
    const { documentRequests } = schema;
    const [row] = await db
      .update(documentRequests)
      .set({ status, fulfilledAt: status === 'received' ? sql`now()` : null })
      .where(eq(documentRequests.id, requestId))
      .returning();
    return row!;
  },

  // The engine.

  /**
   * Takes up to `limit` undispatched events (locked; another dispatcher skips them), makes a run of
   * every active workflow of the event's firm that it matches — trigger and its parameters, the case's
   * type and status, created before the event, not the workflow that caused it, within the chain
   * depth — at most once per (workflow, event), and marks the events dispatched. Returns the new runs.
   */
  async dispatch(
    db: DbOrTx,
    limit: number,
  ): Promise<{ claimed: number; runs: Array<{ id: string; firmId: string }> }> {
    const [row] = rowsOf<{ claimed: number; runs: Array<{ id: string; firmId: string }> }>(
      await db.execute(sql`
        with claimed as (
          select id, firm_id, type, case_id, payload, created_at
            from ${workflowEvents}
           where dispatched_at is null
           order by id
           limit ${limit}
           for update skip locked),
        marked as (
          update ${workflowEvents} e set dispatched_at = now() from claimed c where e.id = c.id),
        matched as (
          select w.id as workflow_id, w.firm_id, e.id as event_id, e.case_id
            from claimed e
            join ${workflows} w on w.firm_id = e.firm_id and w.trigger_type = e.type and w.status = 'active'
            left join ${cases} c on c.id = e.case_id
           where w.created_at <= e.created_at
             and (e.payload ->> 'causedByWorkflow') is distinct from w.id::text
             and coalesce((e.payload ->> 'depth')::int, 0) < ${WORKFLOW_MAX_DEPTH}
             and (w.trigger ->> 'toStatus' is null or w.trigger ->> 'toStatus' = e.payload ->> 'to')
             and (w.trigger ->> 'documentType' is null or w.trigger ->> 'documentType' = e.payload ->> 'documentType')
             and (w.trigger ->> 'days' is null or (w.trigger ->> 'days')::int = (e.payload ->> 'days')::int)
             and (jsonb_array_length(coalesce(w.conditions -> 'caseTypes', '[]'::jsonb)) = 0
                  or w.conditions -> 'caseTypes' @> jsonb_build_array(c.case_type))
             and (jsonb_array_length(coalesce(w.conditions -> 'statuses', '[]'::jsonb)) = 0
                  or w.conditions -> 'statuses' @> jsonb_build_array(coalesce(e.payload ->> 'to', c.status)))),
        inserted as (
          insert into ${workflowRuns} (workflow_id, firm_id, event_id, case_id)
          select workflow_id, firm_id, event_id, case_id from matched
          on conflict (workflow_id, event_id) do nothing
          returning id, firm_id)
        select (select count(*) from claimed)::int as claimed,
          coalesce((select json_agg(json_build_object('id', id, 'firmId', firm_id)) from inserted), '[]'::json) as runs`),
    );
    return { claimed: row?.claimed ?? 0, runs: row?.runs ?? [] };
  },

  /**
   * The time-based triggers' scan: a deadline on a case (a calendar event of type deadline or one
   * the deadline engine keeps) starting within N days, and a case, not settled, without activity
   * for N days — N of each active workflow. The dedupe key names the condition (the deadline and its
   * date, the case and its last activity), so the same condition never makes a second event.
   */
  async scanTimeTriggers(db: DbOrTx): Promise<number> {
    const deadlines = rowsOf<{ id: number }>(
      await db.execute(sql`
        insert into ${workflowEvents} (firm_id, type, case_id, subject_id, payload, dedupe_key)
        select e.firm_id, 'deadline-approaching', e.case_id, e.id::text,
               jsonb_build_object('days', w.days, 'title', e.title, 'startsAt', e.starts_at, 'depth', 0),
               'deadline-approaching:' || w.days || ':' || e.id || ':' || extract(epoch from e.starts_at)::bigint
          from (select distinct firm_id, (trigger ->> 'days')::int as days from ${workflows}
                 where status = 'active' and trigger_type = 'deadline-approaching') w
          join ${schema.calendarEvents} e on e.firm_id = w.firm_id and e.case_id is not null
               and (e.event_type = 'deadline' or e.deadline_rule is not null)
               and e.starts_at > now() and e.starts_at <= now() + make_interval(days => w.days)
        on conflict (firm_id, dedupe_key) where dedupe_key is not null do nothing
        returning id`),
    );
    const inactive = rowsOf<{ id: number }>(
      await db.execute(sql`
        insert into ${workflowEvents} (firm_id, type, case_id, subject_id, payload, dedupe_key)
        select c.firm_id, 'case-inactive', c.id, c.id::text,
               jsonb_build_object('days', w.days, 'lastActivityAt', c.last_activity_at, 'depth', 0),
               'case-inactive:' || w.days || ':' || c.id || ':' || extract(epoch from c.last_activity_at)::bigint
          from (select distinct firm_id, (trigger ->> 'days')::int as days from ${workflows}
                 where status = 'active' and trigger_type = 'case-inactive') w
          join ${cases} c on c.firm_id = w.firm_id and c.status <> 'settled'
               and c.last_activity_at < now() - make_interval(days => w.days)
        on conflict (firm_id, dedupe_key) where dedupe_key is not null do nothing
        returning id`),
    );
    return deadlines.length + inactive.length;
  },

  /**
   * Deletes, a batch at a time, the dispatched events older than `days` that made no run: most
   * events match no workflow, and without this the table would grow with every case, document and
   * message. Events that made a run stay (the run's history names them), and so do the time-based
   * ones (their dedupe key is what stops the same condition firing again).
   */
  async pruneEvents(db: DbOrTx, days: number, batch: number): Promise<number> {
    const rows = rowsOf<{ id: number }>(
      await db.execute(sql`
        delete from ${workflowEvents} where id in (
          select e.id from ${workflowEvents} e
           where e.dispatched_at < now() - make_interval(days => ${days})
             and e.dedupe_key is null
             and not exists (select 1 from ${workflowRuns} r where r.event_id = e.id)
           limit ${batch})
        returning id`),
    );
    return rows.length;
  },

  async runContext(db: DbOrTx, runId: string): Promise<RunContext | undefined> {
    const [row] = rowsOf<RunContext>(
      await db.execute(sql`
        select r.id as "runId", r.status as "runStatus", r.firm_id as "firmId", f.name as "firmName",
          w.id as "workflowId", w.name as "workflowName", w.actions, w.created_by_id as "createdById",
          e.type as "eventType", e.payload as "eventPayload", e.subject_id as "eventSubjectId",
          r.case_id as "caseId"
        from ${workflowRuns} r
        join ${workflows} w on w.id = r.workflow_id
        join ${workflowEvents} e on e.id = r.event_id
        join ${schema.firms} f on f.id = r.firm_id
        where r.id = ${runId}`),
    );
    return row;
  },

  /** Positions of the run's actions already recorded (a retried job does not redo them). */
  async recordedPositions(
    db: DbOrTx,
    runId: string,
  ): Promise<Map<number, { status: string; error: string | null }>> {
    const rows = await db
      .select({
        position: workflowRunActions.position,
        status: workflowRunActions.status,
        error: workflowRunActions.error,
      })
      .from(workflowRunActions)
      .where(eq(workflowRunActions.runId, runId));
    return new Map(rows.map((row) => [row.position, { status: row.status, error: row.error }]));
  },

  async recordAction(db: DbOrTx, values: typeof workflowRunActions.$inferInsert): Promise<void> {
    await db.insert(workflowRunActions).values(values).onConflictDoNothing();
  },

  async startRun(db: DbOrTx, runId: string): Promise<void> {
    await db
      .update(workflowRuns)
      .set({ status: 'running', startedAt: sql`coalesce(${workflowRuns.startedAt}, now())` })
      .where(eq(workflowRuns.id, runId));
  },

  /** The case the run is about (locked for the action's transaction), if the event names one. */
  async caseForRun(db: DbOrTx, run: Pick<RunContext, 'caseId' | 'firmId'>): Promise<CaseFacts | undefined> {
    if (!run.caseId) return undefined;
    const [row] = rowsOf<CaseFacts>(
      await db.execute(sql`
        select id, firm_id as "firmId", case_number as "caseNumber", title, status, client_id as "clientId",
          lead_attorney_id as "leadAttorneyId"
        from ${cases} where id = ${run.caseId} and firm_id = ${run.firmId} for update`),
    );
    return row;
  },

  /** These people, if they still work in the firm (with their type there). */
  async activePeople(db: DbOrTx, firmId: string, ids: Array<string | null>): Promise<FirmPerson[]> {
    const wanted = [...new Set(ids.filter((id): id is string => !!id))];
    if (wanted.length === 0) return [];
    return rowsOf<FirmPerson>(
      await db.execute(sql`
        select u.id as "userId", m.user_type as "userType", u.email, u.first_name as "firstName",
          u.last_name as "lastName"
        from ${schema.users} u
        join ${schema.memberships} m on m.user_id = u.id and m.firm_id = ${firmId} and m.status = 'active'
        where u.id in (${sql.join(
          wanted.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})`),
    );
  },

  /** The case's lead attorney and team members. */
  async teamOf(db: DbOrTx, facts: Pick<CaseFacts, 'id' | 'leadAttorneyId'>): Promise<string[]> {
    const members = await db
      .select({ userId: schema.caseMembers.userId })
      .from(schema.caseMembers)
      .where(eq(schema.caseMembers.caseId, facts.id));
    return [facts.leadAttorneyId, ...members.map((member) => member.userId)].filter(
      (id): id is string => !!id,
    );
  },

  /** Asks the case's client for a document; undefined when the same one is already open. */
  async requestDocument(db: DbOrTx, values: typeof schema.documentRequests.$inferInsert) {
    const [row] = await db.insert(schema.documentRequests).values(values).onConflictDoNothing().returning();
    return row;
  },

  /** Puts someone on the case's team; false when they are on it already. */
  async addMemberOnce(db: DbOrTx, values: typeof schema.caseMembers.$inferInsert): Promise<boolean> {
    const rows = await db
      .insert(schema.caseMembers)
      .values(values)
      .onConflictDoNothing()
      .returning({ userId: schema.caseMembers.userId });
    return rows.length > 0;
  },

  /** Ends the run; a failed one puts its workflow in error with the reason. */
  async finishRun(
    db: DbOrTx,
    run: { runId: string; workflowId: string },
    failure: string | null,
  ): Promise<void> {
    await db
      .update(workflowRuns)
      .set({ status: failure ? 'failed' : 'succeeded', finishedAt: sql`now()` })
      .where(eq(workflowRuns.id, run.runId));
    await db
      .update(workflows)
      .set({
        lastRunAt: sql`now()`,
        ...(failure ? { status: 'error', lastError: failure.slice(0, 1000) } : {}),
      })
      .where(eq(workflows.id, run.workflowId));
  },
};

const emptyFigures: WorkflowFigures = { runs: 0, tasksCompleted: 0, succeeded: 0, finished: 0 };

export const toWorkflowView = (row: WorkflowRow & WorkflowFigures) => ({
  id: row.id,
  name: row.name,
  description: row.description,
  category: row.category as WorkflowCategory,
  templateKey: row.templateKey,
  status: row.status as 'active' | 'paused' | 'error',
  trigger: row.trigger as unknown as WorkflowTrigger,
  conditions: row.conditions as unknown as WorkflowConditions,
  actions: row.actions as unknown as WorkflowAction[],
  lastError: row.lastError,
  lastRunAt: row.lastRunAt?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
  runs: row.runs,
  tasksCompleted: row.tasksCompleted,
  successRate: row.finished > 0 ? Math.round((row.succeeded / row.finished) * 100) : null,
});
