import { index, integer, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * A write sent with an `Idempotency-Key` header (reference row 42, IETF
 * draft-ietf-httpapi-idempotency-key-header): one row per person and key, claimed before the
 * route runs. `committedAt` is set inside the route's own transaction, so it is true exactly when
 * the write committed, even if the answer was lost; the answer is kept (sealed) once sent, and
 * replayed to a retry with the same key. Rows are kept 24 hours (platform/idempotency.ts).
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    /** SHA-256 of the method, route, firm and body: the same key with another request is refused. */
    fingerprint: text('fingerprint').notNull(),
    /** While the first request runs (renewed as it goes); after it, a crashed run may be taken over. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }).notNull(),
    committedAt: timestamp('committed_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    responseStatus: integer('response_status'),
    /** The answer's content type, location, ETag and body as JSON, sealed with the server's secret box. */
    response: text('response'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('idempotency_keys_user_key_unique').on(t.userId, t.key),
    index('idempotency_keys_created_idx').on(t.createdAt),
  ],
);
