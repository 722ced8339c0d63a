import { sql } from 'drizzle-orm';
import { check, index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { firms } from './firms';
import { users } from './users';

/**
 * A client of a firm: the directory's row for a person who is a client there (their account is the
 * users row with the same id; one person can be a client of several firms). Firm-scoped like every
 * table.
 */
export const clientProfiles = pgTable(
  'client_profiles',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    firmId: uuid('firm_id')
      .notNull()
      .references(() => firms.id, { onDelete: 'restrict' }),
    leadAttorneyId: uuid('lead_attorney_id').references(() => users.id, { onDelete: 'set null' }),
    status: text('status').notNull().default('active'),
    createdById: uuid('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    /** When the last invitation e-mail went out. */
    invitedAt: timestamp('invited_at', { withTimezone: true }),
    /**
     * Lower-cased name, e-mail, phone and company of the client's account: what the directory's
     * search matches, kept by triggers (migration 0003) and indexed with pg_trgm.
     */
    searchText: text('search_text').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.firmId, t.userId] }),
    index('client_profiles_user_idx').on(t.userId),
    index('client_profiles_firm_created_idx').on(t.firmId, t.createdAt),
    index('client_profiles_search_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
    check('client_profiles_status_check', sql`${t.status} in ('active','pending','resolved')`),
  ],
);
