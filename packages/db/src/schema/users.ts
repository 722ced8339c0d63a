import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { firms } from './firms';

export const USER_STATUSES = ['active', 'deactivated'] as const;

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    firmId: uuid('firm_id')
      .notNull()
      .references(() => firms.id, { onDelete: 'restrict' }),
    /** Stored lower-cased; unique across the product because people sign in by e-mail. */
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    userType: text('user_type').notNull(),
    companyName: text('company_name'),
    phone: text('phone'),
    status: text('status').notNull().default('active'),
    /** Set while the password is a temporary one (invited users): when it stops working. */
    temporaryPasswordExpiresAt: timestamp('temporary_password_expires_at', { withTimezone: true }),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    index('users_firm_idx').on(t.firmId),
    check(
      'users_user_type_check',
      sql`${t.userType} in ('attorney','restoration-contractor','public-adjuster','expert-witness','client')`,
    ),
    check('users_status_check', sql`${t.status} in ('active','deactivated')`),
  ],
);
