import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { cases } from './cases';
import { money } from './columns';
import { documents } from './documents';
import { firms } from './firms';
import { users } from './users';

/**
 * A firm's expert witness directory (issue 13). `userId` links an expert-witness user of the firm
 * when there is one: they may then keep their own availability. `availability` is the spec's free
 * text ('Available', 'Busy until …', 'Unavailable'), coloured by §4's rule.
 */
export const experts = pgTable(
  'experts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    firmId: uuid('firm_id')
      .notNull()
      .references(() => firms.id, { onDelete: 'restrict' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    specialty: text('specialty').notNull(),
    credentials: text('credentials').notNull().default(''),
    /** The expert's own firm or company (the spec's "firm"). */
    company: text('company').notNull().default(''),
    availability: text('availability').notNull().default('Available'),
    hourlyRate: money('hourly_rate'),
    email: text('email'),
    phone: text('phone'),
    notes: text('notes').notNull().default(''),
    cvDocumentId: uuid('cv_document_id').references(() => documents.id, { onDelete: 'set null' }),
    /** Lower-cased name, specialty and company: what the directory's search matches. */
    searchText: text('search_text')
      .notNull()
      .generatedAlwaysAs(sql`lower(name || ' ' || specialty || ' ' || company)`),
    createdById: uuid('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('experts_firm_name_idx').on(t.firmId, t.name, t.id),
    uniqueIndex('experts_firm_user_key')
      .on(t.firmId, t.userId)
      .where(sql`${t.userId} is not null`),
    index('experts_search_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
    check('experts_name_check', sql`length(${t.name}) between 1 and 120`),
    check('experts_specialty_check', sql`length(${t.specialty}) between 1 and 80`),
    check('experts_availability_check', sql`length(${t.availability}) between 1 and 80`),
    check('experts_rate_check', sql`coalesce(${t.hourlyRate}, 0) >= 0`),
  ],
);

/**
 * An expert engaged on a case. The expert's user (if any) is also a case member with role
 * 'expert', which is what gives them the case; this row holds the engagement itself. A report
 * due date that has not been met counts in the analytics' "Expert Reports Due".
 */
export const caseExperts = pgTable(
  'case_experts',
  {
    caseId: uuid('case_id')
      .notNull()
      .references(() => cases.id, { onDelete: 'cascade' }),
    expertId: uuid('expert_id')
      .notNull()
      .references(() => experts.id, { onDelete: 'cascade' }),
    firmId: uuid('firm_id')
      .notNull()
      .references(() => firms.id, { onDelete: 'restrict' }),
    scope: text('scope').notNull().default(''),
    reportDueOn: date('report_due_on', { mode: 'string' }),
    reportReceivedAt: timestamp('report_received_at', { withTimezone: true }),
    engagedById: uuid('engaged_by_id').references(() => users.id, { onDelete: 'set null' }),
    engagedAt: timestamp('engaged_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.caseId, t.expertId] }),
    index('case_experts_expert_idx').on(t.expertId, t.caseId),
    index('case_experts_report_due_idx')
      .on(t.firmId, t.reportDueOn)
      .where(sql`${t.reportReceivedAt} is null and ${t.reportDueOn} is not null`),
  ],
);
