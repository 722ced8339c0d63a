import { sql } from 'drizzle-orm';
import { check, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { firms } from './firms';
import { users } from './users';

/** The name and details a firm gave for a person it added. */
export interface InvitedAs {
  firstName: string;
  lastName: string;
  phone?: string | null;
  companyName?: string | null;
}

/**
 * A person's place in a firm (issue 9): one account works with several firms, with the user type
 * it has in each. Every rule of access reads the membership of the firm the session acts in.
 * pending: the firm added an existing account that has not answered; active; declined; ended
 * (removed by an attorney, left, or — a client — deactivated). One row per firm and person: a
 * person asked back has the same row made pending or active again.
 */
export const memberships = pgTable(
  'memberships',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    firmId: uuid('firm_id')
      .notNull()
      .references(() => firms.id, { onDelete: 'restrict' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    userType: text('user_type').notNull(),
    status: text('status').notNull(),
    invitedById: uuid('invited_by_id').references(() => users.id, { onDelete: 'set null' }),
    /**
     * What the firm typed when it added an existing account. Until the person accepts, the firm
     * sees them by these, so its answer does not tell whether the account existed.
     */
    invitedAs: jsonb('invited_as').$type<InvitedAs>(),
    /** When the firm added them (or last asked them back). */
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When they accepted or declined; for an account the firm created, when it was created. */
    respondedAt: timestamp('responded_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    /** removed | left | deactivated */
    endedReason: text('ended_reason'),
    /** When a session last chose this firm: sign-in acts in the firm used last. */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('memberships_firm_user_key').on(t.firmId, t.userId),
    index('memberships_user_idx').on(t.userId),
    check(
      'memberships_user_type_check',
      sql`${t.userType} in ('attorney','restoration-contractor','public-adjuster','expert-witness','client')`,
    ),
    check('memberships_status_check', sql`${t.status} in ('pending','active','declined','ended')`),
    check(
      'memberships_ended_reason_check',
      sql`${t.endedReason} is null or ${t.endedReason} in ('removed','left','deactivated')`,
    ),
  ],
);
