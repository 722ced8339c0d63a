import type { Database, DbOrTx } from '@sentinel/db';
import {
  AWAY_REPLY_DELAY_MS,
  CONVERSATION_KIND_LABELS,
  MESSAGE_EDIT_WINDOW_MS,
  MESSAGES,
  MESSAGES_PAGE_SIZE,
  type ConversationDetailResponse,
  type ConversationPerson,
  type ConversationsResponse,
  type ConversationSummary,
  type Message,
  type MessagesResponse,
  type UserType,
} from '@sentinel/shared';
import { actorEntry, audit } from '../../platform/audit';
import { badRequest, forbidden, notFound } from '../../platform/errors';
import type { JobHandler, JobQueue } from '../../platform/jobs';
import { publishLive, type LiveHub } from '../../platform/realtime';
import type { RequestContext } from '../../platform/request-context';
import type { Principal } from '../auth/principal';
import { casesRepository } from '../cases/cases.repository';
import { notificationsRepository } from '../notifications/notifications.repository';
import {
  conversationsRepository as repo,
  type ConversationListRow,
  type ConversationRow,
  type MessageRow,
} from './conversations.repository';

/** The job that sends away replies, AWAY_REPLY_DELAY_MS after the message they answer. */
export const AWAY_REPLY_JOB = 'away-reply';
/** Preview length in the list and the bell. */
const PREVIEW_CHARS = 100;

const fullName = (first: string | null, last: string | null) => [first, last].filter(Boolean).join(' ');
const person = (
  userId: string | null,
  first: string | null,
  last: string | null,
  userType: UserType | null,
) => (userId ? { userId, name: fullName(first, last) || 'Former member', userType } : null);
const preview = (body: string) => {
  const flat = body.replace(/\s+/g, ' ').trim();
  return flat.length > PREVIEW_CHARS ? `${flat.slice(0, PREVIEW_CHARS - 1)}…` : flat;
};

const toWire = (row: MessageRow, documents: { id: string; fileName: string }[] = []): Message => ({
  id: row.id,
  seq: row.seq,
  conversationId: row.conversationId,
  sender: person(row.senderId, row.senderFirst, row.senderLast, row.senderType),
  kind: row.kind,
  body: row.deletedAt ? '' : row.body,
  createdAt: row.createdAt.toISOString(),
  editedAt: row.editedAt?.toISOString() ?? null,
  deletedAt: row.deletedAt?.toISOString() ?? null,
  changeSeq: row.changeSeq,
  documents: row.deletedAt ? [] : documents,
});

const caseOf = (row: ConversationRow) =>
  row.caseId ? { id: row.caseId, caseNumber: row.caseNumber ?? '', title: row.caseTitle ?? '' } : null;

const titleOf = (row: ConversationRow, counterpart: ConversationPerson | null) =>
  row.kind === 'direct'
    ? (counterpart?.name ?? 'Former member')
    : (row.caseTitle ?? CONVERSATION_KIND_LABELS[row.kind]);

const summaryOf = (row: ConversationListRow): ConversationSummary => {
  const counterpart = person(
    row.counterpartId,
    row.counterpartFirst,
    row.counterpartLast,
    row.counterpartType,
  );
  return {
    id: row.id,
    kind: row.kind,
    title: titleOf(row, counterpart),
    case: caseOf(row),
    counterpart,
    lastMessage:
      row.lastSeq !== null && row.lastCreatedAt
        ? {
            preview: row.lastDeleted ? MESSAGES.messageDeleted : preview(row.lastBody ?? ''),
            sender: person(row.lastSenderId, row.lastSenderFirst, row.lastSenderLast, row.lastSenderType),
            createdAt: row.lastCreatedAt.toISOString(),
            seq: row.lastSeq,
          }
        : null,
    unread: row.unread,
  };
};

/** The bell entry a conversation's new messages make for each person: one per conversation. */
const messageSourceKey = (conversationId: string, userId: string) => `message:${conversationId}:${userId}`;

/**
 * Conversations and messages (issue 12): a case's two threads, direct conversations, messages
 * stored and never hard-deleted, read marks, the away reply, and the live frames and bell entries
 * each message makes. Who may read or write follows the case rules (`conversationsRepository`).
 */
export class ConversationsService {
  constructor(
    private readonly db: Database,
    private readonly jobs: JobQueue,
  ) {}

  /** Lets the live channel send the message itself to those it concerns. */
  registerLive(hub: LiveHub): void {
    hub.resolve('message', async (event) => {
      const row = await repo.messageById(this.db, String(event.data.messageId));
      if (!row) return null;
      const documents = await repo.documentsOf(this.db, [row.id], null);
      return { type: 'message', message: toWire(row, documents.get(row.id)) };
    });
    hub.resolve('read', async (event) => ({
      type: 'read',
      conversationId: String(event.data.conversationId),
      userId: String(event.data.userId),
      seq: Number(event.data.seq),
    }));
  }

  async list(principal: Principal, caseId?: string): Promise<ConversationsResponse> {
    if (caseId && !(await casesRepository.find(this.db, principal, caseId))) throw notFound();
    const [rows, unread] = await Promise.all([
      repo.list(this.db, principal, { caseId }),
      repo.unreadTotal(this.db, principal),
    ]);
    return { data: rows.map(summaryOf), unread };
  }

  async unread(principal: Principal): Promise<{ unread: number }> {
    return { unread: await repo.unreadTotal(this.db, principal) };
  }

  async detail(principal: Principal, id: string): Promise<ConversationDetailResponse> {
    const conversation = await this.readable(principal, id);
    const audience = await repo.audience(this.db, conversation);
    const readers = await repo.readers(this.db, conversation, [...new Set([...audience, principal.userId])]);
    return {
      conversation: await this.summaryFor(principal, conversation),
      participants: readers.map((reader) => ({
        userId: reader.userId,
        name: fullName(reader.firstName, reader.lastName),
        userType: reader.userType,
        readSeq: reader.readSeq,
      })),
      canWrite: true,
    };
  }

  async messages(
    principal: Principal,
    id: string,
    page: { before?: number; after?: number },
  ): Promise<MessagesResponse> {
    await this.readable(principal, id);
    const limit = MESSAGES_PAGE_SIZE;
    const rows = await repo.messages(this.db, id, { ...page, limit: limit + 1 });
    // One more than a page tells whether older ones exist (scrolling back); catching up returns all pages in turn.
    const hasMore = page.after === undefined && rows.length > limit;
    const shown = page.after === undefined ? rows.slice(rows.length > limit ? 1 : 0) : rows.slice(0, limit);
    const documents = await repo.documentsOf(
      this.db,
      shown.map((row) => row.id),
      principal,
    );
    return { data: shown.map((row) => toWire(row, documents.get(row.id))), hasMore };
  }

  async send(
    principal: Principal,
    id: string,
    input: { body: string; documentIds: string[] },
    context: RequestContext,
  ): Promise<Message> {
    const conversation = await this.readable(principal, id);
    const documentIds = [...new Set(input.documentIds)];
    const messageId = await this.db.transaction(async (tx) => {
      await this.checkDocuments(tx, principal, conversation, documentIds);
      const inserted = await repo.insertMessage(tx, {
        conversationId: id,
        firmId: principal.firmId,
        senderId: principal.userId,
        kind: 'text',
        body: input.body,
      });
      await repo.linkDocuments(tx, inserted!.id, documentIds);
      // Writing takes part, and reads everything up to one's own message.
      await repo.markRead(tx, conversation, principal.userId, inserted!.seq);
      await audit(
        tx,
        context,
        actorEntry(principal, 'message_sent', {
          conversationId: id,
          messageId: inserted!.id,
          caseId: conversation.caseId,
          documents: documentIds.length,
        }),
      );
      await this.announce(tx, conversation, principal, inserted!.id, input.body);
      await this.jobs.enqueue(
        tx,
        AWAY_REPLY_JOB,
        { messageId: inserted!.id, conversationId: id },
        { delayMs: AWAY_REPLY_DELAY_MS },
      );
      return inserted!.id;
    });
    return this.wire(principal, messageId);
  }

  async edit(principal: Principal, id: string, messageId: string, body: string, context: RequestContext) {
    const conversation = await this.readable(principal, id);
    await this.db.transaction(async (tx) => {
      const row = await this.ownMessage(tx, principal, id, messageId);
      if (row.kind !== 'text' || Date.now() - row.createdAt.getTime() > MESSAGE_EDIT_WINDOW_MS) {
        throw badRequest(MESSAGES.messageEditWindow);
      }
      await repo.editMessage(tx, messageId, body);
      await audit(tx, context, actorEntry(principal, 'message_edited', { conversationId: id, messageId }));
      await this.changed(tx, conversation, principal, messageId);
    });
    return this.wire(principal, messageId);
  }

  async remove(principal: Principal, id: string, messageId: string, context: RequestContext) {
    const conversation = await this.readable(principal, id);
    await this.db.transaction(async (tx) => {
      await this.ownMessage(tx, principal, id, messageId);
      await repo.deleteMessage(tx, messageId);
      await audit(tx, context, actorEntry(principal, 'message_deleted', { conversationId: id, messageId }));
      await this.changed(tx, conversation, principal, messageId);
    });
    return this.wire(principal, messageId);
  }

  /** Read up to `seq` (at most the last message): the read mark, the bell entry, the others' screens. */
  async markRead(principal: Principal, id: string, seq: number): Promise<void> {
    const conversation = await this.readable(principal, id);
    await this.db.transaction(async (tx) => {
      const upTo = Math.min(seq, await repo.lastSeq(tx, id));
      const mark = await repo.markRead(tx, conversation, principal.userId, upTo);
      await notificationsRepository.markReadBySource(
        tx,
        principal.userId,
        messageSourceKey(id, principal.userId),
      );
      const audience = await repo.audience(tx, conversation);
      await publishLive(tx, {
        kind: 'read',
        firmId: conversation.firmId,
        userIds: [...audience, principal.userId],
        data: { conversationId: id, userId: principal.userId, seq: mark },
      });
    });
  }

  /** The direct conversation between an attorney and another person of the firm (made the first time). */
  async direct(principal: Principal, userId: string, context: RequestContext): Promise<ConversationSummary> {
    if (userId === principal.userId) throw badRequest(MESSAGES.directWithSelf);
    const other = await repo.firmPerson(this.db, principal.firmId, userId);
    if (!other) throw badRequest(MESSAGES.directNeedsPerson);
    const id = await this.db.transaction(async (tx) => {
      const conversationId = await repo.directConversation(tx, principal.firmId, principal.userId, [
        principal.userId,
        userId,
      ]);
      await audit(
        tx,
        context,
        actorEntry(principal, 'conversation_opened', { conversationId, with: userId }),
      );
      return conversationId;
    });
    const conversation = await this.readable(principal, id);
    return this.summaryFor(principal, conversation);
  }

  /** Whom an attorney may write to directly: everyone working in the firm. */
  async people(principal: Principal): Promise<ConversationPerson[]> {
    const rows = await repo.firmPeople(this.db, principal.firmId, principal.userId);
    return rows.map((row) => person(row.userId, row.firstName, row.lastName, row.userType)!);
  }

  /** The away-reply job: each person the message reached who is away answers once a day per conversation. */
  readonly awayReplyJob: JobHandler = {
    run: async (payload) => {
      const message = await repo.messageById(this.db, String(payload.messageId));
      if (!message || message.deletedAt || message.kind !== 'text' || !message.senderId) return;
      const found = await repo.byId(this.db, message.conversationId);
      if (!found) return;
      const audience = await repo.audience(this.db, found);
      const away = await repo.awayReplies(
        this.db,
        audience.filter((id) => id !== message.senderId),
      );
      const day = new Date().toISOString().slice(0, 10);
      for (const { userId, text } of away) {
        await this.db.transaction(async (tx) => {
          const inserted = await repo.insertMessage(tx, {
            conversationId: found.id,
            firmId: found.firmId,
            senderId: userId,
            kind: 'away',
            body: text ?? MESSAGES.awayReplyDefault,
            awayDay: day,
          });
          if (!inserted) return; // already answered today
          await repo.markRead(tx, found, userId, inserted.seq);
          await publishLive(tx, {
            kind: 'message',
            firmId: found.firmId,
            userIds: audience,
            data: { messageId: inserted.id },
          });
        });
      }
    },
  };

  /** A new message: live frames to everyone on it, a bell entry for everyone else. */
  private async announce(
    tx: DbOrTx,
    conversation: ConversationRow,
    sender: Principal,
    messageId: string,
    body: string,
  ) {
    const audience = await repo.audience(tx, conversation);
    await publishLive(tx, {
      kind: 'message',
      firmId: conversation.firmId,
      userIds: [...audience, sender.userId],
      data: { messageId },
    });
    const senderName = fullName(sender.firstName, sender.lastName);
    const where =
      conversation.kind === 'direct'
        ? 'Direct message'
        : `${CONVERSATION_KIND_LABELS[conversation.kind]} · ${conversation.caseNumber} ${conversation.caseTitle}`;
    for (const userId of audience) {
      if (userId === sender.userId) continue;
      await notificationsRepository.upsert(tx, {
        userId,
        firmId: conversation.firmId,
        kind: 'message',
        title: `New message from ${senderName}`,
        body: `${where}: ${preview(body)}`,
        link: `/messages?conversation=${conversation.id}`,
        late: false,
        sourceKey: messageSourceKey(conversation.id, userId),
      });
    }
  }

  /** An edited or deleted message: the screens showing it replace it. */
  private async changed(tx: DbOrTx, conversation: ConversationRow, sender: Principal, messageId: string) {
    const audience = await repo.audience(tx, conversation);
    await publishLive(tx, {
      kind: 'message',
      firmId: conversation.firmId,
      userIds: [...audience, sender.userId],
      data: { messageId },
    });
  }

  private async readable(principal: Principal, id: string): Promise<ConversationRow> {
    const conversation = await repo.findReadable(this.db, principal, id);
    if (!conversation) throw notFound();
    return conversation;
  }

  private async ownMessage(tx: DbOrTx, principal: Principal, conversationId: string, messageId: string) {
    const row = await repo.findMessage(tx, conversationId, messageId, true);
    if (!row || row.deletedAt) throw notFound();
    if (row.senderId !== principal.userId) throw forbidden(MESSAGES.messageNotYours);
    return row;
  }

  /**
   * Linked documents must be the case's and seen by the sender; in a case thread the client must
   * see them too; in a direct conversation, both people.
   */
  private async checkDocuments(
    tx: DbOrTx,
    principal: Principal,
    conversation: ConversationRow,
    ids: string[],
  ) {
    if (ids.length === 0) return;
    const found = await repo.linkableDocuments(tx, principal, conversation.caseId, ids);
    if (found.length !== ids.length) throw badRequest(MESSAGES.documentNotInCase);
    if (conversation.kind === 'case' && found.some((doc) => !doc.sharedWithClient)) {
      throw badRequest(MESSAGES.documentNotShared);
    }
    if (conversation.kind === 'direct') {
      const audience = (await repo.audience(tx, conversation)).filter((id) => id !== principal.userId);
      for (const userId of audience) {
        const other = await repo.firmPerson(tx, conversation.firmId, userId);
        if (!other?.userType) throw badRequest(MESSAGES.documentNotInCase);
        const seen = await repo.linkableDocuments(
          tx,
          { firmId: conversation.firmId, userId, userType: other.userType },
          null,
          ids,
        );
        if (seen.length !== ids.length) throw badRequest(MESSAGES.documentNotInCase);
      }
    }
  }

  private async wire(principal: Principal, messageId: string): Promise<Message> {
    const row = (await repo.messageById(this.db, messageId))!;
    const documents = await repo.documentsOf(this.db, [messageId], principal);
    return toWire(row, documents.get(messageId));
  }

  /** One conversation's summary as the list shows it (also one the list would not show unasked). */
  private async summaryFor(
    principal: Principal,
    conversation: ConversationRow,
  ): Promise<ConversationSummary> {
    const [row] = await repo.list(this.db, principal, { id: conversation.id });
    if (!row) throw notFound(); // no longer readable since it was found
    return summaryOf(row);
  }
}
