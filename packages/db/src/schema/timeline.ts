import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { cases } from './cases';
import { firms } from './firms';
import { users } from './users';

/**
 * A stage of a case's timeline (issue 12). A case's stages start from its type's template
 * (`stageKey` names the template stage, whose completion follows the case's status history);
 * attorneys add, rename, date and complete stages. `completedAt` is an attorney's completion.
 */
export const caseStages = pgTable(
  'case_stages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    caseId: uuid('case_id')
      .notNull()
      .references(() => cases.id, { onDelete: 'cascade' }),
    firmId: uuid('firm_id')
      .notNull()
      .references(() => firms.id, { onDelete: 'restrict' }),
    position: integer('position').notNull(),
    title: text('title').notNull(),
    description: text('description'),
    /** The template stage it came from; null for a stage an attorney added. */
    stageKey: text('stage_key'),
    /** The date an attorney gave it (planned, or when it happened). */
    stageDate: date('stage_date', { mode: 'string' }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    completedById: uuid('completed_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('case_stages_case_idx').on(t.caseId, t.position),
    uniqueIndex('case_stages_case_key').on(t.caseId, t.stageKey),
    check('case_stages_title_check', sql`length(${t.title}) between 1 and 120`),
  ],
);
