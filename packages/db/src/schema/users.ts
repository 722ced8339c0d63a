import { sql } from 'drizzle-orm';
import { bigint, boolean, check, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/**
 * A person's account: one e-mail, one password. Which firms they work in, and as what, is in
 * `memberships` (issue 9).
 */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Stored lower-cased; unique across the product because people sign in by e-mail. */
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    companyName: text('company_name'),
    phone: text('phone'),
    /** IANA time zone the person's calendar shows (from the browser at first sign-in; Settings). */
    timeZone: text('time_zone'),
    /** The away reply (issue 12): off by default; null text means the spec's canned reply. */
    awayReplyEnabled: boolean('away_reply_enabled').notNull().default(false),
    awayReplyText: text('away_reply_text'),
    /** Whether notifications left unread for 15 minutes are e-mailed as a digest (issue 12). */
    notificationDigest: boolean('notification_digest').notNull().default(true),
    /** Set while the password is a temporary one (invited users): when it stops working. */
    temporaryPasswordExpiresAt: timestamp('temporary_password_expires_at', { withTimezone: true }),
    /**
     * Two-step sign-in (TOTP, RFC 6238). The secret is sealed with APP_SECRET (SecretBox
     * 'totp'); it is in force while `totpEnabledAt` is set.
     * `totpLastStep` is the 30-second step of the last code accepted: no code is accepted twice.
     * A secret being set up waits in `totpPendingSecret` until a code from it is entered, so
     * moving to a new phone never leaves the account without a working authenticator.
     */
    totpSecret: text('totp_secret'),
    totpPendingSecret: text('totp_pending_secret'),
    totpEnabledAt: timestamp('totp_enabled_at', { withTimezone: true }),
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    // Lower-cased, so the unique index is case-insensitive (migration 0010 refuses to merge).
    check('users_email_lower_check', sql`${t.email} = lower(${t.email})`),
  ],
);
