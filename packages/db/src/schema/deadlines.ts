import { sql } from 'drizzle-orm';
import { check, date, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { cases } from './cases';
import { documents } from './documents';
import { users } from './users';

/**
 * The claim deadline engine (issue 16). A case's key dates (date of loss, claim reported, denial…)
 * with where each came from: typed by a person, or a date an analysed document suggested and an
 * attorney confirmed (its document kept). The date of loss is also the case's `date_of_loss`;
 * both are written together.
 */
export const caseKeyDates = pgTable(
  'case_key_dates',
  {
    caseId: uuid('case_id')
      .notNull()
      .references(() => cases.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    source: text('source').notNull().default('typed'),
    documentId: uuid('document_id').references(() => documents.id, { onDelete: 'set null' }),
    setById: uuid('set_by_id').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.caseId, t.kind] }),
    check(
      'case_key_dates_kind_check',
      sql`${t.kind} in ('date_of_loss','claim_reported','carrier_acknowledged','proof_of_loss_requested','proof_of_loss_submitted','all_items_received','claim_accepted','first_acv_payment','denial','presuit_notice','civil_remedy_notice','appraisal_demand','suit_filed')`,
    ),
    check('case_key_dates_source_check', sql`${t.source} in ('typed','document')`),
  ],
);

/**
 * An attorney's word on one computed deadline of a case: met, missed or waived, and/or a date of
 * their own in place of the computed one, with the reason (both audited). The computed deadline
 * itself is never stored: it follows from the key dates and the rules.
 */
export const caseDeadlineReviews = pgTable(
  'case_deadline_reviews',
  {
    caseId: uuid('case_id')
      .notNull()
      .references(() => cases.id, { onDelete: 'cascade' }),
    /** The rule's id in the reference, e.g. 'FL-08'. */
    ruleId: text('rule_id').notNull(),
    status: text('status').notNull().default('open'),
    overrideDate: date('override_date', { mode: 'string' }),
    reason: text('reason').notNull().default(''),
    reviewedById: uuid('reviewed_by_id').references(() => users.id, { onDelete: 'set null' }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.caseId, t.ruleId] }),
    check('case_deadline_reviews_status_check', sql`${t.status} in ('open','met','missed','waived')`),
    check(
      'case_deadline_reviews_reason_check',
      sql`${t.overrideDate} is null or length(trim(${t.reason})) > 0`,
    ),
  ],
);
