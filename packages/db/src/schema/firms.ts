import { pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** A law firm (or, for non-attorney sign-ups, the user's own company). Every user belongs to one. */
export const firms = pgTable('firms', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
