import type { DbOrTx } from '@sentinel/db';
import {
  documentAnalysis,
  mayRead,
  type AnalysisStatus,
  type DocumentAnalysis,
  type DocumentDetail,
} from '@sentinel/shared';
import { actorEntry, type AuditAction, type AuditEntry } from '../../platform/audit';
import { notFound } from '../../platform/errors';
import type { Principal } from '../auth/principal';
import { documentsRepository as repo, type DocumentListRow, type DocumentRow } from './documents.repository';

/**
 * What the documents services share: who may change a document, the document as the API shows it
 * to a caller, and the audit entry that names it.
 */

/** Attorneys and the uploader may delete, analyse and review a document. */
export const mayChange = (principal: Principal, row: DocumentRow) =>
  principal.userType === 'attorney' || row.uploadedById === principal.userId;

/** The document if the principal may see it; else 404. */
export async function requireDocument(
  db: DbOrTx,
  principal: Principal,
  id: string,
): Promise<DocumentListRow> {
  const row = await repo.find(db, principal, id);
  if (!row) throw notFound();
  return row;
}

/** A document the principal may see, read again after a change. */
export async function loadDocumentDetail(
  db: DbOrTx,
  principal: Principal,
  id: string,
): Promise<DocumentDetail> {
  return toDocumentDetail(principal, await requireDocument(db, principal, id));
}

export function toDocumentDetail(principal: Principal, row: DocumentListRow): DocumentDetail {
  const parsed = row.analysis ? documentAnalysis.safeParse(row.analysis) : undefined;
  return {
    id: row.id,
    fileName: row.fileName,
    fileSize: row.sizeBytes,
    contentType: row.contentType,
    createdAt: row.createdAt.toISOString(),
    caseId: row.caseId,
    caseNumber: row.caseNumber,
    caseTitle: row.caseTitle,
    uploadedBy: row.uploadedById
      ? {
          id: row.uploadedById,
          name: `${row.uploaderFirstName ?? ''} ${row.uploaderLastName ?? ''}`.trim(),
        }
      : null,
    sharedWithClient: row.sharedWithClient,
    activeContent: row.activeContent,
    analysisStatus: row.analysisStatus as AnalysisStatus,
    analysis: parsed?.success ? visibleAnalysis(principal, parsed.data) : null,
    analysisError: row.analysisError,
    canDelete: mayChange(principal, row),
    canReview: mayChange(principal, row),
  };
}

/** The analysis as FIELD_ACCESS lets the principal read it. */
function visibleAnalysis(principal: Principal, analysis: DocumentAnalysis): DocumentDetail['analysis'] {
  const may = (field: 'analysis.recommendations' | 'analysis.key_fields') =>
    mayRead(principal.userType, 'document', field);
  const { recommendations, ...rest } = analysis;
  const { key_fields: _firms, ...metadata } = analysis.document_metadata;
  return {
    ...rest,
    document_metadata: may('analysis.key_fields') ? analysis.document_metadata : metadata,
    ...(may('analysis.recommendations') && { recommendations }),
  };
}

/** The audit entry of an action on a document: its id and case in the details. */
export function documentEntry(
  principal: Principal,
  action: AuditAction,
  row: DocumentRow,
  details: Record<string, unknown> = {},
): AuditEntry {
  return actorEntry(principal, action, { documentId: row.id, caseId: row.caseId, ...details });
}

/** What the audit trail keeps of a stored file (it outlives the document). */
export const fileDetails = (row: DocumentRow) => ({
  fileName: row.fileName,
  sizeBytes: row.sizeBytes,
  sha256: row.sha256,
});
