import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { money } from './columns';
import { firms } from './firms';
import { users } from './users';

/**
 * The last case number handed out per firm and year. Creating a case increments its row in the
 * same transaction (UPDATE … RETURNING takes the row lock), so numbers are unique, gapless under
 * concurrency and never reused, even after a case is removed.
 */
export const caseNumberCounters = pgTable(
  'case_number_counters',
  {
    firmId: uuid('firm_id')
      .notNull()
      .references(() => firms.id, { onDelete: 'restrict' }),
    year: integer('year').notNull(),
    lastNumber: integer('last_number').notNull(),
  },
  (t) => [primaryKey({ columns: [t.firmId, t.year] })],
);

export const cases = pgTable(
  'cases',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    firmId: uuid('firm_id')
      .notNull()
      .references(() => firms.id, { onDelete: 'restrict' }),
    /** CASE-YYYY-NNN, unique in the firm. */
    caseNumber: text('case_number').notNull(),
    title: text('title').notNull(),
    caseType: text('case_type').notNull().default('property-damage'),
    status: text('status').notNull().default('active'),
    priority: text('priority').notNull().default('medium'),
    clientId: uuid('client_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    leadAttorneyId: uuid('lead_attorney_id').references(() => users.id, { onDelete: 'set null' }),
    description: text('description'),
    dateOpened: date('date_opened', { mode: 'string' })
      .notNull()
      .default(sql`current_date`),
    dueDate: date('due_date', { mode: 'string' }),
    carrier: text('carrier'),
    policyNumber: text('policy_number'),
    claimNumber: text('claim_number'),
    dateOfLoss: date('date_of_loss', { mode: 'string' }),
    propertyAddress: text('property_address'),
    /**
     * What selects the claim deadline rules (issue 16): the property's state (a US state code),
     * the policy kind, the policy's issue or renewal date, and orders or facts that change periods.
     */
    propertyState: text('property_state'),
    policyKind: text('policy_kind'),
    policyEffectiveDate: date('policy_effective_date', { mode: 'string' }),
    stateOfEmergency: boolean('state_of_emergency').notNull().default(false),
    surplusLines: boolean('surplus_lines').notNull().default(false),
    catastropheExtensionDays: integer('catastrophe_extension_days').notNull().default(0),
    /**
     * The rules fingerprint (@sentinel/deadlines) the case's deadline events on the calendar were
     * last computed with; the server recomputes cases whose fingerprint is another.
     */
    deadlinesSyncedWith: text('deadlines_synced_with'),
    targetSettlement: money('target_settlement'),
    settlementAmount: money('settlement_amount'),
    /** When the case last entered Settled (settlements month to date count from it). */
    settledAt: timestamp('settled_at', { withTimezone: true }),
    /**
     * Lower-cased title, case number and client name: what the case list's search matches,
     * kept by a trigger (migration 0003) and indexed with pg_trgm.
     */
    searchText: text('search_text').notNull().default(''),
    createdById: uuid('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    /** Moved by every change in the case. */
    lastActivityAt: timestamp('last_activity_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('cases_firm_number_key').on(t.firmId, t.caseNumber),
    index('cases_firm_activity_idx').on(t.firmId, t.lastActivityAt.desc(), t.id),
    index('cases_firm_title_idx').on(t.firmId, t.title, t.id),
    index('cases_firm_due_idx').on(t.firmId, t.dueDate, t.id),
    // Covers the dashboard's figures: an index-only scan instead of reading every case row.
    index('cases_firm_dashboard_idx').on(
      t.firmId,
      t.status,
      t.caseType,
      t.settledAt,
      t.settlementAmount,
      t.targetSettlement,
    ),
    // Firm Analytics (issue 13): cases opened per month of a period; the cases settled in a period
    // (an index-only scan for every figure made of them); the highest settlements first.
    index('cases_firm_opened_idx').on(t.firmId, t.dateOpened),
    index('cases_firm_settled_idx')
      .on(t.firmId, t.settledAt, t.caseType, t.settlementAmount, t.targetSettlement, t.dateOpened)
      .where(sql`${t.status} = 'settled'`),
    index('cases_firm_top_settlements_idx')
      .on(t.firmId, t.settlementAmount.desc())
      .where(sql`${t.status} = 'settled' and ${t.settlementAmount} is not null`),
    index('cases_client_idx').on(t.clientId),
    // An e-mail naming a claim or policy number finds its case (issue 10, suggested case).
    index('cases_firm_claim_number_idx').on(t.firmId, sql`upper(${t.claimNumber})`),
    index('cases_firm_policy_number_idx').on(t.firmId, sql`upper(${t.policyNumber})`),
    index('cases_search_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
    check(
      'cases_case_type_check',
      sql`${t.caseType} in ('property-damage','insurance-dispute','personal-injury','commercial-property','other')`,
    ),
    check(
      'cases_status_check',
      sql`${t.status} in ('active','discovery','negotiation','settlement','settled')`,
    ),
    check('cases_priority_check', sql`${t.priority} in ('high','medium','low')`),
    check(
      'cases_policy_kind_check',
      sql`${t.policyKind} is null or ${t.policyKind} in ('homeowners','commercial','flood')`,
    ),
    check('cases_property_state_check', sql`${t.propertyState} is null or ${t.propertyState} ~ '^[A-Z]{2}$'`),
    check('cases_catastrophe_extension_check', sql`${t.catastropheExtensionDays} between 0 and 180`),
    check(
      'cases_amounts_check',
      sql`coalesce(${t.targetSettlement}, 0) >= 0 and coalesce(${t.settlementAmount}, 0) >= 0`,
    ),
  ],
);

/** Who works on a case besides its client and lead attorney, and in which role. */
export const caseMembers = pgTable(
  'case_members',
  {
    caseId: uuid('case_id')
      .notNull()
      .references(() => cases.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    firmId: uuid('firm_id')
      .notNull()
      .references(() => firms.id, { onDelete: 'restrict' }),
    role: text('role').notNull(),
    addedById: uuid('added_by_id').references(() => users.id, { onDelete: 'set null' }),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.caseId, t.userId] }),
    index('case_members_user_idx').on(t.userId, t.caseId),
    check('case_members_role_check', sql`${t.role} in ('contractor','adjuster','expert','co-counsel')`),
  ],
);

/** Every status a case has been in, from its creation on. */
export const caseStatusHistory = pgTable(
  'case_status_history',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    caseId: uuid('case_id')
      .notNull()
      .references(() => cases.id, { onDelete: 'cascade' }),
    firmId: uuid('firm_id')
      .notNull()
      .references(() => firms.id, { onDelete: 'restrict' }),
    status: text('status').notNull(),
    changedById: uuid('changed_by_id').references(() => users.id, { onDelete: 'set null' }),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('case_status_history_case_idx').on(t.caseId, t.changedAt)],
);
