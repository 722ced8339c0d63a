import type { Readable } from 'node:stream';
import type { Database } from '@sentinel/db';
import { MESSAGES, type listDocumentsQuery, type UserType } from '@sentinel/shared';
import type { z } from 'zod';
import { actorEntry, audit, type ReadAudit } from '../../platform/audit';
import { forbidden, notFound } from '../../platform/errors';
import type { RequestContext } from '../../platform/request-context';
import type { BlobStore } from '../../platform/storage/blob-store';
import type { Principal } from '../auth/principal';
import { membershipsRepository } from '../memberships/memberships.repository';
import { documentEntry, fileDetails, mayChange, requireDocument, toDocumentDetail } from './document-view';
import { documentsRepository as repo } from './documents.repository';
import type { Disposition, SignedUrls } from './signed-urls';

type ListInput = z.output<typeof listDocumentsQuery>;

/**
 * Documents once stored: the list and one document for whoever may see it, deletion, signed
 * links to the bytes and the bytes behind them. Uploads are `DocumentUploadsService`'s, analysis
 * and review `DocumentAnalysisService`'s.
 */
export class DocumentsService {
  constructor(
    private readonly db: Database,
    private readonly store: BlobStore,
    private readonly links: SignedUrls,
    private readonly readAudit: ReadAudit,
  ) {}

  async list(principal: Principal, userId: string, query: ListInput, context: RequestContext) {
    // The spec's path names the signed-in user; nobody lists another person's documents.
    if (userId !== principal.userId) throw notFound();
    const rows = await repo.list(this.db, principal, { ...query, search: query.search || undefined });
    this.readAudit.record(
      context,
      actorEntry(principal, 'document_list_viewed', { ...query, returned: rows.length }),
    );
    return { data: rows.map((row) => toDocumentDetail(principal, row)) };
  }

  async get(principal: Principal, id: string, context: RequestContext) {
    const row = await requireDocument(this.db, principal, id);
    this.readAudit.record(context, documentEntry(principal, 'document_viewed', row));
    return { data: toDocumentDetail(principal, row) };
  }

  async remove(principal: Principal, id: string, context: RequestContext) {
    const row = await requireDocument(this.db, principal, id);
    if (!mayChange(principal, row)) throw forbidden('Only attorneys and the uploader can delete a document');
    await this.db.transaction(async (tx) => {
      await repo.delete(tx, id);
      // The record of what was deleted outlives the document (the audit trail is append-only).
      await audit(tx, context, documentEntry(principal, 'document_deleted', row, fileDetails(row)));
    });
    await this.store.delete(row.storageKey).catch(() => undefined);
    return { message: MESSAGES.documentDeleted };
  }

  async signedUrl(principal: Principal, id: string, disposition: Disposition, context: RequestContext) {
    const row = await requireDocument(this.db, principal, id);
    // A file with active content is never shown in the browser, only downloaded.
    const served = row.activeContent.length ? 'attachment' : disposition;
    this.readAudit.record(
      context,
      documentEntry(principal, 'document_link_issued', row, { disposition: served }),
    );
    return this.links.create(id, served, { userId: principal.userId, firmId: principal.firmId });
  }

  /**
   * The bytes behind a signed link. A bad or expired link, a deleted document, and a holder who
   * may no longer see it (un-shared, off the case, out of the firm) all answer 404.
   */
  async open(
    id: string,
    query: { d?: string; e?: string; u?: string; f?: string; s?: string },
    context: RequestContext,
  ) {
    const link = this.links.verify(id, query);
    const membership = link
      ? await membershipsRepository.find(this.db, link.holder.firmId, link.holder.userId)
      : undefined;
    const row =
      link && membership?.status === 'active'
        ? await repo.find(this.db, { ...link.holder, userType: membership.userType as UserType }, id)
        : undefined;
    if (!link || !row) throw notFound('This link is invalid or has expired');
    const disposition = row.activeContent.length ? 'attachment' : link.disposition;
    const body: Readable = await this.store.get(row.storageKey);
    this.readAudit.record(context, {
      action: 'document_downloaded',
      outcome: 'success',
      firmId: row.firmId,
      userId: link.holder.userId,
      details: { documentId: row.id, caseId: row.caseId, disposition },
    });
    return { row, body, disposition };
  }
}
