import {
  bigint,
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

/**
 * Append-only audit trail (a trigger refuses UPDATE and DELETE). Firm and user are plain
 * columns, not foreign keys, so the record outlives what it describes. Rows are chained by hash
 * (migration 0012): a trigger gives each row the next `chain_seq`, the previous row's hash and its
 * own SHA-256 over both and its content, so `npm run verify-audit` can tell a changed, removed or
 * inserted row.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    firmId: uuid('firm_id'),
    userId: uuid('user_id'),
    action: text('action').notNull(),
    outcome: text('outcome').notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    requestId: text('request_id'),
    details: jsonb('details').$type<Record<string, unknown>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set by the chain trigger: the row's place in the chain, the previous row's hash and its own. */
    chainSeq: bigint('chain_seq', { mode: 'number' }),
    prevHash: text('prev_hash'),
    hash: text('hash'),
  },
  (t) => [
    index('audit_log_firm_created_idx').on(t.firmId, t.createdAt),
    index('audit_log_user_created_idx').on(t.userId, t.createdAt),
  ],
);

/** The chain's head, one row: the last sequence number and hash given (the chain trigger's lock). */
export const auditChainHead = pgTable('audit_chain_head', {
  id: integer('id').primaryKey(),
  seq: bigint('seq', { mode: 'number' }).notNull(),
  hash: text('hash'),
});
