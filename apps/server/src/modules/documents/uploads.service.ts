import { randomUUID } from 'node:crypto';
import { mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Database } from '@sentinel/db';
import { AI_UPLOAD_MAX_BYTES, malwareFoundMessage, MESSAGES, uploadDocumentRequest } from '@sentinel/shared';
import { audit } from '../../platform/audit';
import { AppError, badRequest, notFound } from '../../platform/errors';
import type { JobQueue } from '../../platform/jobs';
import { ScannerUnavailableError, type MalwareScanner } from '../../platform/malware-scanner';
import type { RequestContext } from '../../platform/request-context';
import type { BlobStore } from '../../platform/storage/blob-store';
import type { Principal } from '../auth/principal';
import { casesRepository } from '../cases/cases.repository';
import { ANALYSIS_JOB } from './analysis.service';
import { documentEntry, fileDetails, loadDocumentDetail } from './document-view';
import { documentsRepository as repo } from './documents.repository';
import { extensionOf } from './file-checks';
import type { ReceivedUpload } from './upload';

/** Malware scanning of every file before it is stored (CLAMD_URL), and where a detected one goes. */
export interface UploadScanning {
  scanner: MalwareScanner;
  quarantineDir: string;
}

/**
 * An upload, once its file is received and checked (`receiveUpload`, called by the route; or an
 * e-mail attachment): the file is scanned for malware when a scanner is set, put in the blob store
 * under a random key and only then is its row committed, with an analysis job when asked. A
 * failure at any step removes the temporary file and what was stored; a file with malware is
 * moved to the quarantine folder instead, and audited.
 */
export class DocumentUploadsService {
  constructor(
    private readonly db: Database,
    private readonly store: BlobStore,
    private readonly jobs: JobQueue,
    private readonly scanning?: UploadScanning,
  ) {}

  /** Refuses a file the scanner finds malware in (quarantined, audited), or cannot check (503). */
  private async scan(principal: Principal, received: ReceivedUpload, context: RequestContext) {
    if (!this.scanning) return;
    const result = await this.scanning.scanner.scanFile(received.tempFile).catch((error: unknown) => {
      if (error instanceof ScannerUnavailableError)
        throw new AppError('UNAVAILABLE', MESSAGES.malwareScanUnavailable);
      throw error;
    });
    if (!result.infected) return;
    await mkdir(this.scanning.quarantineDir, { recursive: true, mode: 0o700 });
    const kept = path.join(this.scanning.quarantineDir, `${randomUUID()}.quarantined`);
    await rename(received.tempFile, kept);
    await audit(this.db, context, {
      action: 'document_quarantined',
      outcome: 'failure',
      firmId: principal.firmId,
      userId: principal.userId,
      details: {
        fileName: received.fileName,
        sizeBytes: received.sizeBytes,
        sha256: received.sha256,
        signature: result.signature,
        quarantinedAs: path.basename(kept),
      },
    });
    throw badRequest(malwareFoundMessage(result.signature));
  }

  async upload(principal: Principal, received: ReceivedUpload, context: RequestContext) {
    const key = randomUUID();
    let stored = false;
    try {
      const parsed = uploadDocumentRequest.safeParse(received.fields);
      if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? MESSAGES.validationFailed);
      const fields = parsed.data;
      const aiUpload = fields.status === 'pending';
      if (aiUpload) {
        // The AI upload's own rules (spec §5).
        if (!fields.caseId) throw badRequest(MESSAGES.selectCase);
        if (extensionOf(received.fileName) !== 'pdf') throw badRequest(MESSAGES.aiPdfOnly);
        if (received.sizeBytes > AI_UPLOAD_MAX_BYTES)
          throw new AppError('PAYLOAD_TOO_LARGE', MESSAGES.aiFileTooLarge);
      }
      const forAnalysis = aiUpload || fields.analyze === 'true';
      const caseRow = fields.caseId
        ? await casesRepository.find(this.db, principal, fields.caseId)
        : undefined;
      if (fields.caseId && !caseRow) throw notFound('That case does not exist or is not yours');
      const typeHint = fields.documentType && fields.documentType !== 'auto' ? fields.documentType : null;
      await this.scan(principal, received, context);

      await this.store.put(key, received.tempFile, received.contentType);
      stored = true;
      const id = await this.db.transaction(async (tx) => {
        const row = await repo.insert(tx, {
          firmId: principal.firmId,
          caseId: caseRow?.id ?? null,
          fileName: received.fileName,
          contentType: received.contentType,
          sizeBytes: received.sizeBytes,
          sha256: received.sha256,
          activeContent: received.activeContent,
          storageKey: key,
          uploadedById: principal.userId,
          // A client's own upload to their case is theirs to see.
          sharedWithClient: principal.userType === 'client',
          analysisStatus: forAnalysis ? 'pending' : 'not_analyzed',
          typeHint,
        });
        if (forAnalysis)
          await this.jobs.enqueue(tx, ANALYSIS_JOB, { documentId: row.id }, { fairKey: principal.firmId });
        await audit(tx, context, documentEntry(principal, 'document_uploaded', row, fileDetails(row)));
        return row.id;
      });
      return { message: 'Document uploaded', data: await loadDocumentDetail(this.db, principal, id) };
    } catch (error) {
      await rm(received.tempFile, { force: true });
      if (stored) await this.store.delete(key).catch(() => undefined);
      throw error;
    }
  }
}
