import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { cases } from './cases';
import { firms } from './firms';
import { users } from './users';

/**
 * A stored file. The bytes live in the blob store under `storage_key` (random, never derived
 * from the file name); the row is committed only once they are in place.
 */
export const documents = pgTable(
  'documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    firmId: uuid('firm_id')
      .notNull()
      .references(() => firms.id, { onDelete: 'restrict' }),
    /** The case it belongs to; none for a document filed outside a case. */
    caseId: uuid('case_id').references(() => cases.id, { onDelete: 'restrict' }),
    /** The name shown and used for downloads (cleaned of paths and control characters). */
    fileName: text('file_name').notNull(),
    /** Detected from the bytes, not taken from the browser. */
    contentType: text('content_type').notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    sha256: text('sha256').notNull(),
    storageKey: text('storage_key').notNull().unique(),
    uploadedById: uuid('uploaded_by_id').references(() => users.id, { onDelete: 'set null' }),
    /** The case's client sees it (attorneys, case members and the uploader always do). */
    sharedWithClient: boolean('shared_with_client').notNull().default(false),
    /** What in the file can act rather than show (PDF JavaScript, launch actions…); served only as a download. */
    activeContent: text('active_content')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    analysisStatus: text('analysis_status').notNull().default('not_analyzed'),
    /** The type the user chose at upload; it wins over the classifier. */
    typeHint: text('type_hint'),
    analysis: jsonb('analysis').$type<Record<string, unknown>>(),
    analysisError: text('analysis_error'),
    analyzedAt: timestamp('analyzed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('documents_firm_created_idx').on(t.firmId, t.createdAt),
    index('documents_case_idx').on(t.caseId, t.createdAt),
    check(
      'documents_analysis_status_check',
      sql`${t.analysisStatus} in ('not_analyzed','pending','completed','failed')`,
    ),
  ],
);

/**
 * Background jobs (document analysis, clean-up): claimed by one conditional UPDATE, retried with
 * backoff, kept across restarts.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    status: text('status').notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(3),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    /** While a worker holds it; a crashed worker's job is taken again after this. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    /** Jobs with a key (the firm) take turns with other keys' jobs of their kind (JobQueue). */
    fairKey: text('fair_key'),
    /** When the last attempt started: the key served longest ago goes next. */
    startedAt: timestamp('started_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('jobs_runnable_idx').on(t.status, t.runAt),
    index('jobs_fair_idx')
      .on(t.kind, t.fairKey, t.startedAt)
      .where(sql`${t.fairKey} is not null`),
    check('jobs_status_check', sql`${t.status} in ('queued','running','done','failed')`),
  ],
);

/**
 * What a firm's reviews have taught the analyzer (corrected types with the documents' features,
 * names' roles, entities to ignore), in the analyzer's own JSON shape; read by every analysis.
 */
export const analysisLearning = pgTable('analysis_learning', {
  firmId: uuid('firm_id')
    .primaryKey()
    .references(() => firms.id, { onDelete: 'restrict' }),
  learned: jsonb('learned').$type<Record<string, unknown>>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
