import { z } from 'zod';
import { MESSAGES } from '../messages';
import { USER_TYPES } from '../user-types';

/** Issue 12: conversations, messages, the live channel and the away reply. */

/** Longest message, in characters. */
export const MESSAGE_MAX_LENGTH = 5_000;
/** How long after sending a message its sender may edit it. */
export const MESSAGE_EDIT_WINDOW_MS = 5 * 60 * 1000;
/** Spec §9: the canned reply comes 2 seconds after the message it answers. */
export const AWAY_REPLY_DELAY_MS = 2_000;
/** Most documents one message links. */
export const MESSAGE_MAX_DOCUMENTS = 10;
/** Messages per page of a thread. */
export const MESSAGES_PAGE_SIZE = 50;

/**
 * case: the case thread (its client, the firm's attorneys, its members); team: the same without
 * the client; direct: two people of the firm, one of them an attorney.
 */
export const CONVERSATION_KINDS = ['case', 'team', 'direct'] as const;
export type ConversationKind = (typeof CONVERSATION_KINDS)[number];
export const CONVERSATION_KIND_LABELS: Record<ConversationKind, string> = {
  case: 'Case thread',
  team: 'Team thread',
  direct: 'Direct',
};

export const conversationPerson = z.object({
  userId: z.string(),
  name: z.string(),
  /** Their type in the firm (spec §2 "sender name and role"); null once they left it. */
  userType: z.enum(USER_TYPES).nullable(),
});
export type ConversationPerson = z.infer<typeof conversationPerson>;

export const messageDocument = z.object({ id: z.string(), fileName: z.string() });

export const message = z.object({
  id: z.string(),
  /** Orders every message; a screen that reconnects asks for those after the last it has. */
  seq: z.number().int(),
  conversationId: z.string(),
  /** Null when the sender's account is gone. */
  sender: conversationPerson.nullable(),
  /** 'away': an away reply, sent for the sender while they are away. */
  kind: z.enum(['text', 'away']),
  /** Empty once deleted. */
  body: z.string(),
  createdAt: z.string(),
  editedAt: z.string().nullable(),
  deletedAt: z.string().nullable(),
  /**
   * Where its last change falls in the order of seq (its seq until edited or deleted): catching
   * up asks for `after` the highest one held, and gets edits and deletions as well as new messages.
   */
  changeSeq: z.number().int(),
  documents: z.array(messageDocument),
});
export type Message = z.infer<typeof message>;

export const conversationSummary = z.object({
  id: z.string(),
  kind: z.enum(CONVERSATION_KINDS),
  /** What the list shows: the other person (direct) or the case's title (case and team threads). */
  title: z.string(),
  /** The case it belongs to; null for a direct conversation. */
  case: z.object({ id: z.string(), caseNumber: z.string(), title: z.string() }).nullable(),
  /** The other person of a direct conversation. */
  counterpart: conversationPerson.nullable(),
  lastMessage: z
    .object({
      preview: z.string(),
      sender: conversationPerson.nullable(),
      createdAt: z.string(),
      seq: z.number().int(),
    })
    .nullable(),
  /** Messages from others the caller has not read. */
  unread: z.number().int(),
});
export type ConversationSummary = z.infer<typeof conversationSummary>;

// GET /api/conversations[?caseId=]
export const conversationsQuery = z.object({ caseId: z.string().uuid('Unknown case').optional() });
export const conversationsResponse = z.object({
  data: z.array(conversationSummary),
  /** Unread messages across every conversation (the sidebar's count). */
  unread: z.number().int(),
});
export type ConversationsResponse = z.infer<typeof conversationsResponse>;

// GET /api/conversations/unread
export const unreadMessagesResponse = z.object({ unread: z.number().int() });

export const conversationParams = z.object({ id: z.string().uuid('Unknown conversation') });
export const messageParams = conversationParams.extend({ messageId: z.string().uuid('Unknown message') });

// GET /api/conversations/{id}
export const conversationDetailResponse = z.object({
  conversation: conversationSummary,
  /** Who reads it, and how far each has read (read marks). */
  participants: z.array(conversationPerson.extend({ readSeq: z.number().int() })),
  /** Whether the caller may write (everyone who may read does). */
  canWrite: z.boolean(),
});
export type ConversationDetailResponse = z.infer<typeof conversationDetailResponse>;

// GET /api/conversations/{id}/messages?before=&after=
export const messagesQuery = z.object({
  /** Older messages than this seq (scrolling back). */
  before: z.coerce.number().int().positive().optional(),
  /** Messages new or changed after this seq (catching up after a reconnect; by `changeSeq`). */
  after: z.coerce.number().int().nonnegative().optional(),
});
export const messagesResponse = z.object({
  /** Oldest first. */
  data: z.array(message),
  /** Older messages exist before the first of `data`. */
  hasMore: z.boolean(),
});
export type MessagesResponse = z.infer<typeof messagesResponse>;

const messageBody = z
  .string({ error: MESSAGES.messageRequired })
  .trim()
  .min(1, MESSAGES.messageRequired)
  .max(MESSAGE_MAX_LENGTH, MESSAGES.messageTooLong);

// POST /api/conversations/{id}/messages
export const sendMessageRequest = z.object({
  body: messageBody,
  documentIds: z
    .array(z.string().uuid(MESSAGES.documentNotInCase))
    .max(MESSAGE_MAX_DOCUMENTS, `At most ${MESSAGE_MAX_DOCUMENTS} documents per message`)
    .default([]),
});
export type SendMessageRequest = z.input<typeof sendMessageRequest>;
// PATCH /api/conversations/{id}/messages/{messageId}
export const editMessageRequest = z.object({ body: messageBody });
export const messageResponse = z.object({ message });

// POST /api/conversations/{id}/read
export const readConversationRequest = z.object({ seq: z.number().int().nonnegative() });

// POST /api/conversations/direct
export const directConversationRequest = z.object({ userId: z.string().uuid(MESSAGES.directNeedsPerson) });
export const conversationResponse = z.object({ conversation: conversationSummary });

// GET /api/conversations/people: whom an attorney may write to directly.
export const messagePeopleResponse = z.object({ data: z.array(conversationPerson) });

// GET|PUT /api/profile/messaging
export const messagingSettings = z.object({
  awayReplyEnabled: z.boolean(),
  /** Sent as the away reply; the spec's canned reply by default. */
  awayReplyText: z
    .string()
    .trim()
    .min(1, 'Write the away reply, or turn it off')
    .max(1_000, 'The away reply is at most 1,000 characters'),
  /** E-mail what stays unread in the bell for 15 minutes. */
  notificationDigest: z.boolean(),
});
export type MessagingSettings = z.infer<typeof messagingSettings>;

/**
 * The live channel, GET /api/live (a WebSocket). The browser's first frame, and one after each
 * token refresh, is `{type:'auth', token}`; the server answers 'ready' and then sends what
 * concerns the person in the firm the session acts in. Close codes: 4401 the token was refused or
 * ran out without a new one.
 */
export const liveClientFrame = z.object({ type: z.literal('auth'), token: z.string().min(1).max(4096) });
export type LiveClientFrame = z.infer<typeof liveClientFrame>;
export const liveServerFrame = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ready') }),
  /** A new message, or one edited or deleted. */
  z.object({ type: z.literal('message'), message }),
  /** Someone read a conversation up to seq. */
  z.object({
    type: z.literal('read'),
    conversationId: z.string(),
    userId: z.string(),
    seq: z.number().int(),
  }),
  /** The bell has something new. */
  z.object({ type: z.literal('notification') }),
]);
export type LiveServerFrame = z.infer<typeof liveServerFrame>;
export const LIVE_CLOSE_UNAUTHORISED = 4401;
