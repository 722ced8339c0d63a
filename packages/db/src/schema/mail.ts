import { sql } from 'drizzle-orm';
import { boolean, check, index, jsonb, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { sessions } from './auth';
import { cases } from './cases';
import { users } from './users';

/**
 * A person's connection to Google or Microsoft (issue 10). It belongs to the account, not to a
 * firm: one mailbox, whichever firm the person acts in. Tokens are AES-256-GCM ciphertexts
 * (platform/secret-box.ts), never returned by any route and never logged.
 */
export const providerConnections = pgTable(
  'provider_connections',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    accountEmail: text('account_email').notNull(),
    /** connected, or needs_reconnect once the provider refused the grant (invalid_grant). */
    status: text('status').notNull().default('connected'),
    accessToken: text('access_token').notNull(),
    refreshToken: text('refresh_token'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    scopes: text('scopes')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Gmail's last historyId or Graph's deltaLink; null until the first sync finished. */
    syncCursor: text('sync_cursor'),
    lastSyncedAt: timestamp('last_synced_at', { withTimezone: true }),
    lastSyncError: text('last_sync_error'),
    /** Set while a sync job is queued or running; cleared when it ends. */
    syncRequestedAt: timestamp('sync_requested_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('provider_connections_user_provider_unique').on(t.userId, t.provider),
    check('provider_connections_provider_check', sql`${t.provider} in ('google','microsoft')`),
    check('provider_connections_status_check', sql`${t.status} in ('connected','needs_reconnect')`),
  ],
);

/**
 * A pending OAuth connect: the state (stored hashed) is bound to the session that asked for it,
 * used once and valid ten minutes; the PKCE verifier is encrypted.
 */
export const oauthStates = pgTable(
  'oauth_states',
  {
    stateHash: text('state_hash').primaryKey(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    codeVerifier: text('code_verifier').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('oauth_states_session_idx').on(t.sessionId)],
);

export interface StoredAttachment {
  id: string;
  name: string;
  mimeType: string;
  size: number;
  /** The document it was saved as, once someone saved it into a case. */
  documentId?: string;
}

/**
 * An e-mail synced from a connection. The body is sanitised on the server before it is stored;
 * remote images are kept as data-remote-src until the reader asks for them.
 */
export const emails = pgTable(
  'emails',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Null once the connection is gone: an e-mail filed to a case stays with the case. */
    connectionId: uuid('connection_id').references(() => providerConnections.id, { onDelete: 'set null' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    providerMessageId: text('provider_message_id').notNull(),
    threadId: text('thread_id'),
    fromName: text('from_name'),
    fromAddress: text('from_address').notNull(),
    toAddresses: text('to_addresses')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    ccAddresses: text('cc_addresses')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    subject: text('subject').notNull().default(''),
    /** Body stripped of markup, at most 100 characters (§9). */
    preview: text('preview').notNull().default(''),
    bodyHtml: text('body_html').notNull().default(''),
    /** The plain text (for search), at most 20,000 characters. */
    bodyText: text('body_text').notNull().default(''),
    remoteImages: boolean('remote_images').notNull().default(false),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
    unread: boolean('unread').notNull().default(true),
    priority: text('priority').notNull().default('normal'),
    attachments: jsonb('attachments').$type<StoredAttachment[]>().notNull().default([]),
    /** Case, claim and policy numbers the e-mail names (upper case), for suggestions. */
    mentions: text('mentions')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    caseId: uuid('case_id').references(() => cases.id, { onDelete: 'set null' }),
    filedById: uuid('filed_by_id').references(() => users.id, { onDelete: 'set null' }),
    filedAt: timestamp('filed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('emails_connection_message_unique').on(t.connectionId, t.providerMessageId),
    index('emails_user_received_idx').on(t.userId, t.receivedAt.desc(), t.id.desc()),
    index('emails_case_idx').on(t.caseId),
    // The inbox's unread count reads only the unread.
    index('emails_user_unread_idx')
      .on(t.userId)
      .where(sql`${t.unread}`),
    check('emails_provider_check', sql`${t.provider} in ('google','microsoft')`),
    check('emails_priority_check', sql`${t.priority} in ('high','normal')`),
  ],
);
