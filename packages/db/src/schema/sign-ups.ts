import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * A sign-up waiting for its e-mail to be verified (issue 15). No account exists until the link
 * is followed, so an address someone typed without owning it holds nothing: it neither blocks an
 * invitation nor becomes an account unless its owner opens the mail and proves the password too
 * (docs/decisions/0010-sign-up-by-e-mail-and-password-policy.md). The link's token is stored as
 * a SHA-256 hash; a new link for the same sign-up replaces it, so only the newest works.
 */
export const pendingSignUps = pgTable(
  'pending_sign_ups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    companyName: text('company_name').notNull(),
    userType: text('user_type').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Set when the sign-up ends: verified, or superseded by an account made for the address. */
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('pending_sign_ups_email_idx').on(t.email),
    check('pending_sign_ups_email_lower_check', sql`${t.email} = lower(${t.email})`),
  ],
);
