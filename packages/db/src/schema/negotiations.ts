import { sql } from 'drizzle-orm';
import { check, date, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { cases } from './cases';
import { money } from './columns';
import { documents } from './documents';
import { firms } from './firms';
import { users } from './users';

/**
 * A case's negotiation with its carrier (issue 13): one per case. The carrier, claim number and
 * target settlement stay on the case (one source of truth, the case form edits them too); this row
 * holds the negotiation's state and, once settled, the amount (copied onto the case, which moves
 * the dashboard's Settlements MTD and Success Rate).
 */
export const negotiations = pgTable(
  'negotiations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    firmId: uuid('firm_id')
      .notNull()
      .references(() => firms.id, { onDelete: 'restrict' }),
    caseId: uuid('case_id')
      .notNull()
      .references(() => cases.id, { onDelete: 'cascade' }),
    status: text('status').notNull().default('open'),
    /**
     * Where the case's current target came from: typed by an attorney, or a suggestion from the
     * case's analysed documents that an attorney accepted (`targetBasis` lists the documents cited).
     */
    targetSource: text('target_source'),
    targetBasis: jsonb('target_basis').$type<unknown>(),
    settlementAmount: money('settlement_amount'),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    createdById: uuid('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    /** Moved by every action: the list's "Last Action" order. */
    lastActionAt: timestamp('last_action_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('negotiations_case_key').on(t.caseId),
    index('negotiations_firm_last_idx').on(t.firmId, t.lastActionAt.desc(), t.id),
    check('negotiations_status_check', sql`${t.status} in ('open','settled','closed')`),
    check(
      'negotiations_target_source_check',
      sql`${t.targetSource} is null or ${t.targetSource} in ('typed','documents')`,
    ),
    check('negotiations_settlement_check', sql`coalesce(${t.settlementAmount}, 0) >= 0`),
  ],
);

/**
 * One step of a negotiation, as it happened: our demand, the carrier's offer, a change of target,
 * the settlement, or a note. `actor` is who made it (free text: "Dana Price, State Farm adjuster").
 */
export const negotiationActions = pgTable(
  'negotiation_actions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    negotiationId: uuid('negotiation_id')
      .notNull()
      .references(() => negotiations.id, { onDelete: 'cascade' }),
    firmId: uuid('firm_id')
      .notNull()
      .references(() => firms.id, { onDelete: 'restrict' }),
    caseId: uuid('case_id')
      .notNull()
      .references(() => cases.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    amount: money('amount'),
    actionDate: date('action_date', { mode: 'string' }).notNull(),
    actor: text('actor'),
    note: text('note'),
    documentId: uuid('document_id').references(() => documents.id, { onDelete: 'set null' }),
    createdById: uuid('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('negotiation_actions_negotiation_idx').on(t.negotiationId, t.actionDate, t.createdAt),
    check(
      'negotiation_actions_kind_check',
      sql`${t.kind} in ('demand','offer','target','settlement','note')`,
    ),
    check(
      'negotiation_actions_amount_check',
      sql`(${t.kind} = 'note' or ${t.amount} is not null) and coalesce(${t.amount}, 0) >= 0`,
    ),
    check('negotiation_actions_note_check', sql`${t.note} is null or length(${t.note}) <= 2000`),
  ],
);
