import type { Database, StoredAttachment } from '@sentinel/db';
import {
  MESSAGES,
  providerUnavailableText,
  type Email,
  type EmailDetail,
  type InboxResponse,
  type Provider,
} from '@sentinel/shared';
import type { emailPatchBody, inboxQuery } from '@sentinel/shared';
import type { z } from 'zod';
import { GrantRevokedError, ProviderError, type ProviderAdapters } from '../../integrations/provider';
import { actorEntry, audit } from '../../platform/audit';
import { AppError, badRequest, notFound } from '../../platform/errors';
import type { JobQueue } from '../../platform/jobs';
import type { RequestContext } from '../../platform/request-context';
import type { Account, Principal } from '../auth/principal';
import { casesRepository } from '../cases/cases.repository';
import { connectionsRepository } from '../connections/connections.repository';
import type { ProviderTokens } from '../connections/provider-tokens';
import type { ReceivedUpload } from '../documents/upload';
import { receiveBytes } from '../documents/upload';
import {
  emailsRepository as repo,
  type CaseClue,
  type EmailListRow,
  type InboxFilter,
  type RawQuery,
} from './emails.repository';
import { enqueueDueSyncs } from './mail-sync-jobs';
import { restoreRemoteImages } from './sanitize';
import { CaseSuggester } from './suggestions';

/** Stores a received file as a document of a case (DocumentUploadsService.upload, given by app.ts). */
export type SaveDocument = (
  principal: Principal,
  received: ReceivedUpload,
  context: RequestContext,
) => Promise<{ data: { id: string } }>;

const CASE_NOT_YOURS = 'That case does not exist or is not yours';

const encodeCursor = (row: { receivedAt: Date; id: string }) =>
  Buffer.from(`${row.receivedAt.toISOString()}|${row.id}`).toString('base64url');

function decodeCursor(cursor: string): { receivedAt: Date; id: string } {
  const [at, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const receivedAt = new Date(at ?? '');
  if (!id || !/^[0-9a-f-]{36}$/i.test(id) || Number.isNaN(receivedAt.getTime()))
    throw badRequest('That page of the inbox is not valid any more; start from the first page');
  return { receivedAt, id };
}

/**
 * The merged inbox of the signed-in person: their own mail only, whichever firm they act in;
 * cases (filing, suggestions) are those the person may see in the firm they act in. Read state
 * and filing persist (ARCHITECTURE §6).
 */
export class EmailsService {
  constructor(
    private readonly db: Database,
    /** The same database's plain query, for the inbox's first page. */
    private readonly raw: RawQuery,
    private readonly jobs: JobQueue,
    private readonly adapters: Record<Provider, ProviderAdapters | null>,
    private readonly tokens: ProviderTokens,
    private readonly saveDocument: SaveDocument,
    private readonly files: { tmpDir: string; maxBytes: number },
  ) {}

  /**
   * The cases these e-mails are filed to or point at, as the viewer may see them, and the
   * suggester that picks one per e-mail.
   */
  private async casesFor(principal: Principal, rows: EmailListRow[], ownAddresses?: string[]) {
    const own = [
      principal.email,
      ...(ownAddresses ?? (await connectionsRepository.accountEmails(this.db, principal.userId))),
    ];
    const clues = await repo.caseClues(this.db, principal, {
      tokens: [...new Set(rows.flatMap((row) => row.mentions))],
      addresses: [...new Set(rows.map((row) => row.fromAddress.toLowerCase()))],
      caseIds: [...new Set(rows.flatMap((row) => (row.caseId ? [row.caseId] : [])))],
    });
    return { clues: new Map(clues.map((clue) => [clue.id, clue])), suggester: new CaseSuggester(clues, own) };
  }

  async inbox(
    principal: Principal,
    provider: Provider | 'all',
    query: z.output<typeof inboxQuery>,
  ): Promise<InboxResponse> {
    let caseFilter: InboxFilter['caseFilter'];
    if (query.case === 'unfiled') caseFilter = { kind: 'unfiled' };
    else if (query.case === 'suggested') caseFilter = { kind: 'suggested', viewer: principal };
    else if (query.case) {
      if (!(await casesRepository.find(this.db, principal, query.case))) throw notFound(CASE_NOT_YOURS);
      caseFilter = { kind: 'case', caseId: query.case };
    }
    const words = query.q?.split(/\s+/).filter(Boolean).slice(0, 8);
    const { rows, unread, ownAddresses } = await repo.pageWithCounts(
      this.db,
      {
        userId: principal.userId,
        provider,
        unread: query.unread === 'true',
        words,
        caseFilter,
        after: query.cursor ? decodeCursor(query.cursor) : undefined,
        limit: query.limit + 1,
      },
      this.raw,
    );
    const more = rows.length > query.limit;
    const page = more ? rows.slice(0, query.limit) : rows;
    const { clues, suggester } = await this.casesFor(principal, page, ownAddresses);
    return {
      data: page.map((row) => toEmail(row, clues, suggester)),
      nextCursor: more ? encodeCursor(page[page.length - 1]!) : null,
      unreadCount: unread,
    };
  }

  async detail(principal: Principal, id: string, remoteImages: boolean): Promise<EmailDetail> {
    const row = await repo.findOwn(this.db, principal.userId, id);
    if (!row) throw notFound(MESSAGES.emailNotFound);
    const { clues, suggester } = await this.casesFor(principal, [row]);
    const showImages = remoteImages && row.remoteImages;
    return {
      ...toEmail(row, clues, suggester),
      to: row.toAddresses,
      cc: row.ccAddresses,
      html: showImages ? restoreRemoteImages(row.bodyHtml) : row.bodyHtml,
      remoteImages: row.remoteImages && !showImages ? countRemote(row.bodyHtml) : 0,
      attachments: row.attachments.map((a) => ({
        id: a.id,
        name: a.name,
        mimeType: a.mimeType,
        size: a.size,
        documentId: a.documentId ?? null,
      })),
    };
  }

  async patch(
    principal: Principal,
    id: string,
    body: z.output<typeof emailPatchBody>,
    context: RequestContext,
  ): Promise<Email> {
    const row = await repo.findOwn(this.db, principal.userId, id);
    if (!row) throw notFound(MESSAGES.emailNotFound);
    await this.db.transaction(async (tx) => {
      if (body.status !== undefined) await repo.setUnread(tx, id, body.status === 'Unread');
      if (body.case_id === undefined) return;
      if (body.case_id === null) {
        if (!row.caseId) return;
        await repo.file(tx, id, null, principal.userId);
        await audit(tx, context, actorEntry(principal, 'email_unfiled', { emailId: id, caseId: row.caseId }));
        return;
      }
      const target = await casesRepository.find(tx, principal, body.case_id);
      if (!target) throw notFound(CASE_NOT_YOURS);
      if (row.caseId === target.id) return;
      await repo.file(tx, id, target.id, principal.userId);
      await casesRepository.touch(tx, target.id);
      await audit(tx, context, actorEntry(principal, 'email_filed', { emailId: id, caseId: target.id }));
    });
    const updated = (await repo.listRowOf(this.db, principal.userId, id))!;
    const { clues, suggester } = await this.casesFor(principal, [updated]);
    return toEmail(updated, clues, suggester);
  }

  /** Fetches the attachment from the provider and stores it as a document of the case, analysed like an upload. */
  async saveAttachment(
    principal: Principal,
    id: string,
    attachmentId: string,
    caseId: string | undefined,
    context: RequestContext,
  ) {
    const row = await repo.findOwn(this.db, principal.userId, id);
    if (!row) throw notFound(MESSAGES.emailNotFound);
    const attachment = row.attachments.find((a) => a.id === attachmentId);
    if (!attachment) throw notFound(MESSAGES.attachmentNotFound);
    const targetId = caseId ?? row.caseId;
    if (!targetId) throw badRequest(MESSAGES.emailNoCaseToSave);
    const target = await casesRepository.find(this.db, principal, targetId);
    if (!target) throw notFound(CASE_NOT_YOURS);
    const connection = row.connectionId
      ? await connectionsRepository.findById(this.db, row.connectionId)
      : undefined;
    const adapter = connection ? this.adapters[connection.provider as Provider] : null;
    if (!connection || !adapter) throw badRequest(MESSAGES.providerNotConnected);

    let data: Buffer;
    try {
      ({ data } = await adapter.mail.attachment(this.tokens.source(connection.id), {
        providerMessageId: row.providerMessageId,
        attachmentId,
      }));
    } catch (error) {
      if (error instanceof GrantRevokedError) throw badRequest(MESSAGES.providerNotConnected);
      if (error instanceof ProviderError && !error.transient && error.status === 404)
        throw notFound(MESSAGES.attachmentNotFound);
      throw new AppError('UNAVAILABLE', providerUnavailableText(connection.provider));
    }
    const received = await receiveBytes(data, attachment.name, this.files);
    const saved = await this.saveDocument(
      principal,
      { ...received, fields: { caseId: target.id, analyze: 'true' } },
      context,
    );
    await this.db.transaction(async (tx) => {
      const current = (await repo.findOwn(tx, principal.userId, id))?.attachments ?? row.attachments;
      const next: StoredAttachment[] = current.map((a) =>
        a.id === attachmentId ? { ...a, documentId: saved.data.id } : a,
      );
      await repo.setAttachments(tx, id, next);
      await audit(
        tx,
        context,
        actorEntry(principal, 'email_attachment_saved', {
          emailId: id,
          caseId: target.id,
          documentId: saved.data.id,
        }),
      );
    });
    return { document: { id: saved.data.id, name: received.fileName, caseId: target.id } };
  }

  /** POST /api/emails/sync: every connected mailbox of the caller, unless one is already syncing. */
  async syncNow(account: Account): Promise<number> {
    return enqueueDueSyncs(this.db, this.jobs, { olderThanSeconds: 0, userId: account.userId });
  }
}

const countRemote = (html: string) => (html.match(/data-remote-src=/g) ?? []).length;

function toEmail(row: EmailListRow, clues: Map<string, CaseClue>, suggester: CaseSuggester): Email {
  // A case of another firm (filed while acting there) is not shown here.
  const filed = row.caseId ? clues.get(row.caseId) : undefined;
  return {
    id: row.id,
    provider: row.provider as Provider,
    from: row.fromName ? `${row.fromName} <${row.fromAddress}>` : row.fromAddress,
    fromName: row.fromName,
    fromAddress: row.fromAddress,
    subject: row.subject,
    body: row.preview,
    received_at: row.receivedAt.toISOString(),
    status: row.unread ? 'Unread' : 'Read',
    priority: row.priority === 'high' ? 'High' : 'Normal',
    case_id: filed?.id ?? null,
    attachments: row.attachments.map((a) => a.name),
    case: filed ? { id: filed.id, caseNumber: filed.caseNumber, title: filed.title } : null,
    suggestion: filed ? null : suggester.suggest(row),
  };
}
