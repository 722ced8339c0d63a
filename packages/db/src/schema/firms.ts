import { boolean, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** A law firm. People work in it through `memberships`. */
export const firms = pgTable('firms', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  /** Whether the firm's attorneys must sign in with a second step (Settings → Security, issue 15). */
  requireMfaForAttorneys: boolean('require_mfa_for_attorneys').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
