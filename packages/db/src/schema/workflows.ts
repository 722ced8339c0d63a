import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { cases } from './cases';
import { documents } from './documents';
import { firms } from './firms';
import { users } from './users';

/**
 * A firm's automation (issue 13): when `triggerType` happens (with `trigger` holding its
 * parameters, e.g. the status or the number of days) on a case matching `conditions` (case types,
 * statuses), run `actions` in order. `status` error is set by the engine when a run fails, with
 * `lastError`; resuming puts it back to active.
 */
export const workflows = pgTable(
  'workflows',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    firmId: uuid('firm_id')
      .notNull()
      .references(() => firms.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    category: text('category').notNull(),
    /** The template it was made from, if any. */
    templateKey: text('template_key'),
    status: text('status').notNull().default('active'),
    triggerType: text('trigger_type').notNull(),
    trigger: jsonb('trigger').$type<Record<string, unknown>>().notNull().default({}),
    conditions: jsonb('conditions').$type<Record<string, unknown>>().notNull().default({}),
    actions: jsonb('actions').$type<Array<Record<string, unknown>>>().notNull().default([]),
    lastError: text('last_error'),
    lastRunAt: timestamp('last_run_at', { withTimezone: true }),
    createdById: uuid('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('workflows_firm_idx').on(t.firmId, t.createdAt),
    // The engine's match: the firm's active workflows for one trigger.
    index('workflows_firm_trigger_idx')
      .on(t.firmId, t.triggerType)
      .where(sql`${t.status} = 'active'`),
    check('workflows_status_check', sql`${t.status} in ('active','paused','error')`),
    check(
      'workflows_category_check',
      sql`${t.category} in ('case-management','documentation','communication','financial','compliance','resources')`,
    ),
    check(
      'workflows_trigger_check',
      sql`${t.triggerType} in ('case-created','case-status-changed','document-analyzed','deadline-approaching','client-created','client-message','case-inactive')`,
    ),
    check('workflows_name_check', sql`length(${t.name}) between 1 and 120`),
  ],
);

/**
 * Something that happened that workflows may react to, written in the transaction that made it
 * happen (by database triggers for case, document, client and message changes, so no code path
 * can forget; by the engine's scan for the time-based triggers, under `dedupeKey`). The engine
 * matches each undispatched event against the firm's active workflows.
 */
export const workflowEvents = pgTable(
  'workflow_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    firmId: uuid('firm_id')
      .notNull()
      .references(() => firms.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    caseId: uuid('case_id').references(() => cases.id, { onDelete: 'cascade' }),
    /** What it is about besides the case: the document, client, message or calendar event. */
    subjectId: text('subject_id'),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    /** Time-based events: the same condition seen again writes nothing. */
    dedupeKey: text('dedupe_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    dispatchedAt: timestamp('dispatched_at', { withTimezone: true }),
  },
  (t) => [
    index('workflow_events_pending_idx')
      .on(t.id)
      .where(sql`${t.dispatchedAt} is null`),
    uniqueIndex('workflow_events_dedupe_key')
      .on(t.firmId, t.dedupeKey)
      .where(sql`${t.dedupeKey} is not null`),
  ],
);

/**
 * One workflow's run for one event: unique per (workflow, event), so an event delivered twice
 * runs a workflow once. Each action's outcome is in workflow_run_actions.
 */
export const workflowRuns = pgTable(
  'workflow_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workflowId: uuid('workflow_id')
      .notNull()
      .references(() => workflows.id, { onDelete: 'cascade' }),
    firmId: uuid('firm_id')
      .notNull()
      .references(() => firms.id, { onDelete: 'restrict' }),
    eventId: bigint('event_id', { mode: 'number' })
      .notNull()
      .references(() => workflowEvents.id, { onDelete: 'cascade' }),
    caseId: uuid('case_id').references(() => cases.id, { onDelete: 'set null' }),
    status: text('status').notNull().default('queued'),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('workflow_runs_once_key').on(t.workflowId, t.eventId),
    // The engine's clean-up asks whether an old event made any run.
    index('workflow_runs_event_idx').on(t.eventId),
    index('workflow_runs_workflow_idx').on(t.workflowId, t.createdAt.desc()),
    index('workflow_runs_firm_idx').on(t.firmId, t.createdAt.desc()),
    check('workflow_runs_status_check', sql`${t.status} in ('queued','running','succeeded','failed')`),
  ],
);

/** What each action of a run did: succeeded (with what it made), failed (with why) or skipped. */
export const workflowRunActions = pgTable(
  'workflow_run_actions',
  {
    runId: uuid('run_id')
      .notNull()
      .references(() => workflowRuns.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    type: text('type').notNull(),
    status: text('status').notNull(),
    detail: text('detail').notNull().default(''),
    error: text('error'),
    finishedAt: timestamp('finished_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.runId, t.position] }),
    check('workflow_run_actions_status_check', sql`${t.status} in ('succeeded','failed','skipped')`),
  ],
);

/**
 * A document asked of a case's client (a workflow's action or an attorney's request): it appears
 * on the client's checklist until a document of the case fulfils it.
 */
export const documentRequests = pgTable(
  'document_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    firmId: uuid('firm_id')
      .notNull()
      .references(() => firms.id, { onDelete: 'restrict' }),
    caseId: uuid('case_id')
      .notNull()
      .references(() => cases.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    note: text('note').notNull().default(''),
    status: text('status').notNull().default('open'),
    documentId: uuid('document_id').references(() => documents.id, { onDelete: 'set null' }),
    requestedById: uuid('requested_by_id').references(() => users.id, { onDelete: 'set null' }),
    workflowRunId: uuid('workflow_run_id').references(() => workflowRuns.id, {
      onDelete: 'set null',
    }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    fulfilledAt: timestamp('fulfilled_at', { withTimezone: true }),
  },
  (t) => [
    index('document_requests_case_idx').on(t.caseId, t.createdAt),
    uniqueIndex('document_requests_open_title_key')
      .on(t.caseId, sql`lower(${t.title})`)
      .where(sql`${t.status} = 'open'`),
    check('document_requests_status_check', sql`${t.status} in ('open','received','cancelled')`),
    check('document_requests_title_check', sql`length(${t.title}) between 1 and 160`),
  ],
);
