import { bigint, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { mfaChallenges } from './auth';
import { users } from './users';

/**
 * A WebAuthn passkey of a person, a second step of sign-in like an authenticator app (issue 15).
 * `credentialId` and `publicKey` (COSE) are base64url; `counter` is the authenticator's signature
 * counter, which may only grow (a regression refuses the sign-in: a cloned authenticator).
 */
export const passkeys = pgTable(
  'passkeys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    credentialId: text('credential_id').notNull().unique(),
    publicKey: text('public_key').notNull(),
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    /** What the browser said the authenticator speaks ('internal', 'usb', 'hybrid'…), passed back as hints. */
    transports: jsonb('transports').$type<string[]>().notNull().default([]),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [index('passkeys_user_idx').on(t.userId)],
);

/**
 * A WebAuthn challenge the server handed out, kept only as its SHA-256: single use (deleted when
 * presented), 5 minutes, for one person and one purpose. A sign-in's is tied to its second step
 * (`mfaChallengeId`), so it answers only for that ticket.
 */
export const passkeyChallenges = pgTable(
  'passkey_challenges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['register', 'sign_in', 'step_up'] }).notNull(),
    challengeHash: text('challenge_hash').notNull().unique(),
    mfaChallengeId: uuid('mfa_challenge_id').references(() => mfaChallenges.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('passkey_challenges_user_idx').on(t.userId)],
);
