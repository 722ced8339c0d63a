import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  date,
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { cases } from './cases';
import { documents } from './documents';
import { firms } from './firms';
import { users } from './users';

/**
 * A conversation (issue 12). Every case has two, made with the case (migration 0014's trigger):
 * the case thread ('case': its client, the firm's attorneys and its members) and the team thread
 * ('team': the same without the client). A 'direct' conversation is between two people of a
 * firm, one of them an attorney; its two people are in `conversation_participants`.
 */
export const conversations = pgTable(
  'conversations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    firmId: uuid('firm_id')
      .notNull()
      .references(() => firms.id, { onDelete: 'restrict' }),
    kind: text('kind').notNull(),
    caseId: uuid('case_id').references(() => cases.id, { onDelete: 'cascade' }),
    /** A direct conversation's two people, sorted and joined: one conversation per pair and firm. */
    directKey: text('direct_key'),
    createdById: uuid('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Moved by each message: the list's order. */
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('conversations_case_kind_key').on(t.caseId, t.kind),
    uniqueIndex('conversations_direct_key').on(t.firmId, t.directKey),
    index('conversations_firm_last_idx').on(t.firmId, t.lastMessageAt.desc()),
    check('conversations_kind_check', sql`${t.kind} in ('case','team','direct')`),
    check(
      'conversations_shape_check',
      sql`(${t.kind} = 'direct') = (${t.caseId} is null) and (${t.kind} = 'direct') = (${t.directKey} is not null)`,
    ),
  ],
);

/**
 * Who takes part in a conversation beyond what the case says (a direct conversation's two people;
 * an attorney who opened a case's thread), and how far each has read: messages with a `seq` above
 * `readSeq` are unread for them.
 */
export const conversationParticipants = pgTable(
  'conversation_participants',
  {
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    firmId: uuid('firm_id')
      .notNull()
      .references(() => firms.id, { onDelete: 'restrict' }),
    readSeq: bigint('read_seq', { mode: 'number' }).notNull().default(0),
    readAt: timestamp('read_at', { withTimezone: true }),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.conversationId, t.userId] }),
    index('conversation_participants_user_idx').on(t.userId, t.conversationId),
  ],
);

/**
 * A message. Never deleted: a deleted message keeps its row with `deletedAt` set and is shown as
 * deleted. `seq` orders every message of the product, so a screen that reconnects asks for what
 * came after the last it has. 'away' messages are away replies, at most one a day per person and
 * conversation (`awayDay`, unique).
 */
export const messages = pgTable(
  'messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    seq: bigserial('seq', { mode: 'number' }).notNull().unique(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    firmId: uuid('firm_id')
      .notNull()
      .references(() => firms.id, { onDelete: 'restrict' }),
    senderId: uuid('sender_id').references(() => users.id, { onDelete: 'set null' }),
    kind: text('kind').notNull().default('text'),
    body: text('body').notNull(),
    /** The day (UTC) of an away reply; null for other messages. */
    awayDay: date('away_day', { mode: 'string' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    editedAt: timestamp('edited_at', { withTimezone: true }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /**
     * Where in the order of `seq` its last edit or deletion falls (a value of the same sequence,
     * taken at the change); null while never changed. A screen catching up asks for messages whose
     * `coalesce(change_seq, seq)` is after the last it holds, so it gets the changes too.
     */
    changeSeq: bigint('change_seq', { mode: 'number' }),
  },
  (t) => [
    index('messages_conversation_seq_idx').on(t.conversationId, t.seq),
    uniqueIndex('messages_away_once_key').on(t.conversationId, t.senderId, t.awayDay),
    check('messages_kind_check', sql`${t.kind} in ('text','away')`),
    check('messages_away_day_check', sql`(${t.kind} = 'away') = (${t.awayDay} is not null)`),
  ],
);

/** The case documents a message links to. */
export const messageDocuments = pgTable(
  'message_documents',
  {
    messageId: uuid('message_id')
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    documentId: uuid('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.messageId, t.documentId] }),
    index('message_documents_document_idx').on(t.documentId),
  ],
);
