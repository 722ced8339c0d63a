import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { schema, type Database } from '@sentinel/db';
import {
  AI_UPLOAD_MAX_BYTES,
  MESSAGES,
  documentAnalysis,
  uploadFields,
  type AnalysisStatus,
  type DocumentAnalysis,
  type DocumentDto,
  type DocumentType,
  type PersonRole,
  type documentListQuery,
  type reviewDocumentRequest,
} from '@sentinel/shared';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Config } from '../../config';
import { audit, type AuditAction, type ReadAudit } from '../../platform/audit';
import { AppError, badRequest, forbidden, notFound } from '../../platform/errors';
import type { JobHandler, JobQueue } from '../../platform/jobs';
import type { RequestContext } from '../../platform/request-context';
import type { BlobStore } from '../../platform/storage/blob-store';
import type { Principal } from '../auth/sessions.service';
import { casesRepository } from '../cases/cases.repository';
import { extensionOf } from './file-checks';
import { documentsRepository as repo, type DocumentListRow, type DocumentRow } from './documents.repository';
import type { Disposition, SignedUrls } from './signed-urls';
import { receiveUpload } from './upload';

/** A correction a reviewer made, as the analyzer learns it. */
export type Correction =
  | { kind: 'type'; documentType: DocumentType; text: string }
  | { kind: 'person'; name: string; role: PersonRole | null }
  | { kind: 'remove'; entity: 'person' | 'date' | 'amount'; text: string };

/** The document analyzer as this module uses it (packages/analyzer, wired in app.ts). */
export interface AnalyzerPort {
  analyze(input: {
    bytes: Uint8Array;
    contentType: string;
    fileName: string;
    typeHint?: DocumentType;
    learned?: unknown;
  }): Promise<DocumentAnalysis & { text?: string }>;
  /** Folds a correction into the firm's learned data (a JSON value the analyzer owns). */
  learn(learned: unknown, correction: Correction): Promise<unknown>;
}

export const ANALYSIS_JOB = 'document.analyze';

type ListInput = z.output<typeof documentListQuery>;
type ReviewInput = z.output<typeof reviewDocumentRequest>;

/**
 * Documents: upload (streamed, hashed, checked, stored, then committed), the list and one
 * document for whoever may see it, signed links to the bytes, deletion, analysis as a background
 * job, and the review of an analysis that later analyses learn from.
 */
export class DocumentsService {
  constructor(
    private readonly db: Database,
    private readonly store: BlobStore,
    private readonly links: SignedUrls,
    private readonly jobs: JobQueue,
    private readonly analyzer: AnalyzerPort,
    private readonly readAudit: ReadAudit,
    private readonly config: Pick<Config, 'dataDir' | 'documentMaxBytes'>,
  ) {}

  get tmpDir() {
    return path.join(this.config.dataDir, 'tmp');
  }

  async upload(principal: Principal, request: FastifyRequest, context: RequestContext) {
    const received = await receiveUpload(request, {
      tmpDir: this.tmpDir,
      maxBytes: this.config.documentMaxBytes,
    });
    const key = randomUUID();
    let stored = false;
    try {
      const parsed = uploadFields.safeParse(received.fields);
      if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? MESSAGES.validationFailed);
      const fields = parsed.data;
      const forAnalysis = fields.status === 'pending';
      if (forAnalysis) {
        // The AI upload's own rules (spec §5).
        if (!fields.caseId) throw badRequest(MESSAGES.selectCase);
        if (extensionOf(received.fileName) !== 'pdf') throw badRequest(MESSAGES.aiPdfOnly);
        if (received.sizeBytes > AI_UPLOAD_MAX_BYTES)
          throw new AppError('PAYLOAD_TOO_LARGE', MESSAGES.aiFileTooLarge);
      }
      const caseRow = fields.caseId
        ? await casesRepository.find(this.db, principal, fields.caseId)
        : undefined;
      if (fields.caseId && !caseRow) throw notFound('That case does not exist or is not yours');
      const typeHint = fields.documentType && fields.documentType !== 'auto' ? fields.documentType : null;

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
          storageKey: key,
          uploadedById: principal.userId,
          // A client's own upload to their case is theirs to see.
          sharedWithClient: principal.userType === 'client',
          analysisStatus: forAnalysis ? 'pending' : 'not_analyzed',
          typeHint,
        });
        if (forAnalysis) await this.jobs.enqueue(tx, ANALYSIS_JOB, { documentId: row.id });
        await this.audit(tx, principal, context, 'document_uploaded', row, {
          fileName: row.fileName,
          sizeBytes: row.sizeBytes,
          sha256: row.sha256,
        });
        return row.id;
      });
      return { message: 'Document uploaded', data: await this.dto(principal, id) };
    } catch (error) {
      await rm(received.tempFile, { force: true });
      if (stored) await this.store.delete(key).catch(() => undefined);
      throw error;
    }
  }

  async list(principal: Principal, userId: string, query: ListInput, context: RequestContext) {
    // The spec's path names the signed-in user; nobody lists another person's documents.
    if (userId !== principal.userId) throw notFound();
    const rows = await repo.list(this.db, principal, { ...query, search: query.search || undefined });
    this.readAudit.record(context, {
      action: 'document_list_viewed',
      outcome: 'success',
      firmId: principal.firmId,
      userId: principal.userId,
      details: { ...query, returned: rows.length },
    });
    return { data: rows.map((row) => this.toDto(principal, row)) };
  }

  async get(principal: Principal, id: string, context: RequestContext) {
    const row = await this.require(principal, id);
    this.readAudit.record(context, this.entry(principal, 'document_viewed', row));
    return { data: this.toDto(principal, row) };
  }

  async remove(principal: Principal, id: string, context: RequestContext) {
    const row = await this.require(principal, id);
    if (!this.mayChange(principal, row))
      throw forbidden('Only attorneys and the uploader can delete a document');
    await this.db.transaction(async (tx) => {
      await repo.delete(tx, id);
      // The record of what was deleted outlives the document (the audit trail is append-only).
      await this.audit(tx, principal, context, 'document_deleted', row, {
        fileName: row.fileName,
        sizeBytes: row.sizeBytes,
        sha256: row.sha256,
      });
    });
    await this.store.delete(row.storageKey).catch(() => undefined);
    return { message: MESSAGES.documentDeleted };
  }

  async signedUrl(principal: Principal, id: string, disposition: Disposition, context: RequestContext) {
    const row = await this.require(principal, id);
    this.readAudit.record(context, this.entry(principal, 'document_link_issued', row, { disposition }));
    return this.links.create(id, disposition);
  }

  /** The bytes behind a signed link; a deleted document or a bad link answers 404. */
  async open(id: string, query: { d?: string; e?: string; s?: string }, context: RequestContext) {
    const disposition = this.links.verify(id, query);
    const row = disposition ? await repo.findById(this.db, id) : undefined;
    if (!disposition || !row) throw notFound('This link is invalid or has expired');
    const body: Readable = await this.store.get(row.storageKey);
    this.readAudit.record(context, {
      action: 'document_downloaded',
      outcome: 'success',
      firmId: row.firmId,
      details: { documentId: row.id, caseId: row.caseId, disposition },
    });
    return { row, body, disposition };
  }

  /** Queues (again) the analysis of a document. */
  async analyze(principal: Principal, id: string, context: RequestContext) {
    const row = await this.require(principal, id);
    if (!this.mayChange(principal, row))
      throw forbidden('Only attorneys and the uploader can analyse a document');
    if (row.analysisStatus === 'pending') throw new AppError('CONFLICT', 'The analysis is already under way');
    await this.db.transaction(async (tx) => {
      await repo.update(tx, id, { analysisStatus: 'pending', analysisError: null });
      await this.jobs.enqueue(tx, ANALYSIS_JOB, { documentId: id });
      await this.audit(tx, principal, context, 'document_analysis_requested', row);
    });
    return { data: await this.dto(principal, id) };
  }

  /** The review: corrections are applied to this analysis and kept for the firm's later ones. */
  async review(principal: Principal, id: string, input: ReviewInput, context: RequestContext) {
    const row = await this.require(principal, id);
    if (!this.mayChange(principal, row))
      throw forbidden('Only attorneys and the uploader can review a document');
    if (input.sharedWithClient !== undefined && principal.userType !== 'attorney')
      throw forbidden('Only attorneys decide what the client sees');
    const corrections: Correction[] = [];
    const current = row.analysis ? documentAnalysis.safeParse(row.analysis) : undefined;
    let analysis = current?.success ? current.data : null;
    if ((input.documentType || input.entityCorrections?.length) && !analysis)
      throw new AppError('CONFLICT', 'This document has no analysis to correct yet');
    if (analysis && input.documentType) {
      analysis = {
        ...analysis,
        document_metadata: {
          ...analysis.document_metadata,
          document_type: input.documentType,
          confidence: 1,
          type_source: 'user',
        },
      };
      corrections.push({ kind: 'type', documentType: input.documentType, text: textOf(row) });
    }
    for (const correction of input.entityCorrections ?? []) {
      if (!analysis) break;
      if (correction.kind === 'person') {
        const persons = analysis.entities.persons.some((p) => p.name === correction.name)
          ? analysis.entities.persons.map((p) =>
              p.name === correction.name ? { ...p, role: correction.role } : p,
            )
          : [...analysis.entities.persons, { name: correction.name, role: correction.role }];
        analysis = { ...analysis, entities: { ...analysis.entities, persons } };
      } else {
        const keep = <T extends { text?: string; name?: string }>(items: T[]) =>
          items.filter((item) => (item.text ?? item.name) !== correction.text);
        analysis = {
          ...analysis,
          entities: {
            persons:
              correction.entity === 'person' ? keep(analysis.entities.persons) : analysis.entities.persons,
            dates: correction.entity === 'date' ? keep(analysis.entities.dates) : analysis.entities.dates,
            amounts:
              correction.entity === 'amount' ? keep(analysis.entities.amounts) : analysis.entities.amounts,
          },
        };
      }
      corrections.push(correction);
    }
    await this.db.transaction(async (tx) => {
      await repo.update(tx, id, {
        ...(analysis ? { analysis: analysis as unknown as Record<string, unknown> } : {}),
        ...(input.sharedWithClient !== undefined ? { sharedWithClient: input.sharedWithClient } : {}),
      });
      if (corrections.length) {
        const [existing] = await tx
          .select()
          .from(schema.analysisLearning)
          .where(eq(schema.analysisLearning.firmId, principal.firmId))
          .for('update');
        let learned: unknown = existing?.learned;
        for (const correction of corrections) learned = await this.analyzer.learn(learned, correction);
        await tx
          .insert(schema.analysisLearning)
          .values({ firmId: principal.firmId, learned: learned as Record<string, unknown> })
          .onConflictDoUpdate({
            target: schema.analysisLearning.firmId,
            set: { learned: learned as Record<string, unknown>, updatedAt: new Date() },
          });
      }
      await this.audit(tx, principal, context, 'document_reviewed', row, {
        corrections: corrections.map((c) =>
          c.kind === 'type' ? { kind: c.kind, documentType: c.documentType } : c,
        ),
        sharedWithClient: input.sharedWithClient,
      });
    });
    return { data: await this.dto(principal, id) };
  }

  /** The background job: read the bytes, analyse them with what the firm has taught, store the result. */
  readonly analysisJob: JobHandler = {
    run: async (payload) => {
      const row = await repo.findById(this.db, String(payload.documentId));
      if (!row) return; // deleted meanwhile
      const bytes = await readAll(await this.store.get(row.storageKey));
      const [learning] = await this.db
        .select()
        .from(schema.analysisLearning)
        .where(eq(schema.analysisLearning.firmId, row.firmId));
      const { text, ...result } = await this.analyzer.analyze({
        bytes,
        contentType: row.contentType,
        fileName: row.fileName,
        typeHint: (row.typeHint as DocumentType | null) ?? undefined,
        learned: learning?.learned,
      });
      const analysis = documentAnalysis.parse(result);
      await repo.update(this.db, row.id, {
        analysis: { ...analysis, ...(text ? { text: text.slice(0, 200_000) } : {}) } as Record<
          string,
          unknown
        >,
        analysisStatus: 'completed',
        analysisError: null,
        analyzedAt: new Date(),
      });
    },
    failed: async (payload, reason) => {
      await repo.update(this.db, String(payload.documentId), {
        analysisStatus: 'failed',
        analysisError: `The analysis failed: ${reason}`.slice(0, 500),
      });
    },
  };

  private async require(principal: Principal, id: string): Promise<DocumentListRow> {
    const row = await repo.find(this.db, principal, id);
    if (!row) throw notFound();
    return row;
  }

  private mayChange(principal: Principal, row: DocumentRow) {
    return principal.userType === 'attorney' || row.uploadedById === principal.userId;
  }

  private async dto(principal: Principal, id: string): Promise<DocumentDto> {
    return this.toDto(principal, (await repo.find(this.db, principal, id))!);
  }

  private toDto(principal: Principal, row: DocumentListRow): DocumentDto {
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
      analysisStatus: row.analysisStatus as AnalysisStatus,
      analysis: parsed?.success ? parsed.data : null,
      analysisError: row.analysisError,
      canDelete: this.mayChange(principal, row),
      canReview: this.mayChange(principal, row),
    };
  }

  private entry(
    principal: Principal,
    action: AuditAction,
    row: DocumentRow,
    details: Record<string, unknown> = {},
  ) {
    return {
      action,
      outcome: 'success' as const,
      firmId: principal.firmId,
      userId: principal.userId,
      details: { documentId: row.id, caseId: row.caseId, ...details },
    };
  }

  private audit(
    db: Parameters<typeof audit>[0],
    principal: Principal,
    context: RequestContext,
    action: AuditAction,
    row: DocumentRow,
    details: Record<string, unknown> = {},
  ) {
    return audit(db, context, this.entry(principal, action, row, details));
  }
}

/** The text the analyzer kept with the analysis (for learning from a corrected type). */
const textOf = (row: DocumentRow) => {
  const text = (row.analysis as { text?: unknown } | null)?.text;
  return typeof text === 'string' ? text : '';
};

async function readAll(stream: Readable): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return new Uint8Array(Buffer.concat(chunks));
}
