import type { Readable } from 'node:stream';
import type { Database } from '@sentinel/db';
import {
  documentAnalysis,
  SUBTYPE_TYPES,
  type DocumentAnalysis,
  type DocumentType,
  type reviewDocumentRequest,
} from '@sentinel/shared';
import type { z } from 'zod';
import { audit } from '../../platform/audit';
import { AppError, forbidden } from '../../platform/errors';
import type { JobHandler, JobQueue } from '../../platform/jobs';
import type { RequestContext } from '../../platform/request-context';
import type { BlobStore } from '../../platform/storage/blob-store';
import type { Principal } from '../auth/principal';
import type { AnalyzerPort, Correction } from './analyzer-port';
import { loadDocumentDetail, documentEntry, mayChange, requireDocument } from './document-view';
import { documentsRepository as repo, type DocumentRow } from './documents.repository';
import { notifyDocumentAnalyzed, notifyDocumentShared } from '../notifications/notify';

export const ANALYSIS_JOB = 'document.analyze';

type ReviewInput = z.output<typeof reviewDocumentRequest>;

/**
 * A document's analysis: queued as a background job (the job reads the bytes and analyses them
 * with what the firm has taught), and the review of an analysis, whose corrections later
 * analyses of the firm learn from.
 */
export class DocumentAnalysisService {
  constructor(
    private readonly db: Database,
    private readonly store: BlobStore,
    private readonly jobs: JobQueue,
    private readonly analyzer: AnalyzerPort,
  ) {}

  /**
   * Queues (again) the analysis of a document. A document whose analysis is already queued or
   * running is left as it is (the answer is the same), so repeated clicks add no work.
   */
  async analyze(principal: Principal, id: string, context: RequestContext) {
    const row = await requireDocument(this.db, principal, id);
    if (!mayChange(principal, row)) throw forbidden('Only attorneys and the uploader can analyse a document');
    await this.db.transaction(async (tx) => {
      if (!(await repo.markAnalysisPending(tx, id))) return;
      await this.jobs.enqueue(tx, ANALYSIS_JOB, { documentId: id }, { fairKey: row.firmId });
      await audit(tx, context, documentEntry(principal, 'document_analysis_requested', row));
    });
    return { data: await loadDocumentDetail(this.db, principal, id) };
  }

  /** The review: corrections are applied to this analysis and kept for the firm's later ones. */
  async review(principal: Principal, id: string, input: ReviewInput, context: RequestContext) {
    const row = await requireDocument(this.db, principal, id);
    if (!mayChange(principal, row)) throw forbidden('Only attorneys and the uploader can review a document');
    if (input.sharedWithClient !== undefined && principal.userType !== 'attorney')
      throw forbidden('Only attorneys decide what the client sees');
    const current = row.analysis ? documentAnalysis.safeParse(row.analysis) : undefined;
    const before = current?.success ? current.data : null;
    if ((input.documentType || input.entityCorrections?.length) && !before)
      throw new AppError('CONFLICT', 'This document has no analysis to correct yet');
    const { analysis, corrections } = before
      ? applyCorrections(before, input, textOf(row))
      : { analysis: null, corrections: [] };
    await this.db.transaction(async (tx) => {
      await repo.update(tx, id, {
        ...(analysis ? { analysis: analysis as unknown as Record<string, unknown> } : {}),
        ...(input.sharedWithClient !== undefined ? { sharedWithClient: input.sharedWithClient } : {}),
      });
      if (input.sharedWithClient === true && !row.sharedWithClient) {
        await notifyDocumentShared(tx, id, `${principal.firstName} ${principal.lastName}`);
      }
      if (corrections.length) {
        let learned = await repo.findLearning(tx, principal.firmId, { forUpdate: true });
        for (const correction of corrections) learned = await this.analyzer.learn(learned, correction);
        await repo.saveLearning(tx, principal.firmId, learned);
      }
      await audit(
        tx,
        context,
        documentEntry(principal, 'document_reviewed', row, {
          corrections: corrections.map((c) =>
            c.kind === 'type' ? { kind: c.kind, documentType: c.documentType } : c,
          ),
          sharedWithClient: input.sharedWithClient,
        }),
      );
    });
    return { data: await loadDocumentDetail(this.db, principal, id) };
  }

  /**
   * The background job: read the bytes, analyse them (in a worker thread) with what the firm has
   * taught, store the result. Jobs are queued with the firm as their fair key.
   */
  readonly analysisJob: JobHandler = {
    run: async (payload) => {
      const row = await repo.findById(this.db, String(payload.documentId));
      if (!row) return; // deleted meanwhile
      const bytes = await readAll(await this.store.get(row.storageKey));
      const { text, ...result } = await this.analyzer.analyze({
        bytes,
        contentType: row.contentType,
        fileName: row.fileName,
        typeHint: (row.typeHint as DocumentType | null) ?? undefined,
        learned: await repo.findLearning(this.db, row.firmId),
      });
      const analysis = documentAnalysis.parse(result);
      await this.db.transaction(async (tx) => {
        await repo.update(tx, row.id, {
          analysis: { ...analysis, ...(text ? { text: text.slice(0, 200_000) } : {}) } as Record<
            string,
            unknown
          >,
          analysisStatus: 'completed',
          analysisError: null,
          analyzedAt: new Date(),
        });
        await notifyDocumentAnalyzed(tx, row, 'completed');
      });
    },
    failed: async (payload, reason) => {
      await this.db.transaction(async (tx) => {
        await repo.update(tx, String(payload.documentId), {
          analysisStatus: 'failed',
          analysisError: `The analysis failed: ${reason}`.slice(0, 500),
        });
        const row = await repo.findById(tx, String(payload.documentId));
        if (row) await notifyDocumentAnalyzed(tx, row, 'failed');
      });
    },
  };
}

/** A review's type and entity corrections applied to an analysis, and what the analyzer learns. */
function applyCorrections(
  before: DocumentAnalysis,
  input: ReviewInput,
  text: string,
): { analysis: DocumentAnalysis; corrections: Correction[] } {
  let analysis = before;
  const corrections: Correction[] = [];
  if (input.documentType) {
    const subtype = analysis.document_metadata.subtype;
    analysis = {
      ...analysis,
      document_metadata: {
        ...analysis.document_metadata,
        document_type: input.documentType,
        confidence: 1,
        type_source: 'user',
        // A person chose it: "Not sure — please confirm" is answered.
        ...(analysis.document_metadata.needs_confirmation !== undefined && { needs_confirmation: false }),
        // A subtype of another type (a declarations page is no pleading) goes, with its key fields.
        ...(subtype &&
          !SUBTYPE_TYPES[subtype].includes(input.documentType) && { subtype: null, key_fields: [] }),
      },
    };
    corrections.push({ kind: 'type', documentType: input.documentType, text });
  }
  for (const correction of input.entityCorrections ?? []) {
    const { persons, dates, amounts } = analysis.entities;
    if (correction.kind === 'person') {
      const updated = persons.some((p) => p.name === correction.name)
        ? persons.map((p) => (p.name === correction.name ? { ...p, role: correction.role } : p))
        : [...persons, { name: correction.name, role: correction.role }];
      analysis = { ...analysis, entities: { ...analysis.entities, persons: updated } };
    } else {
      const keep = <T extends { text?: string; name?: string }>(items: T[]) =>
        items.filter((item) => (item.text ?? item.name) !== correction.text);
      analysis = {
        ...analysis,
        entities: {
          persons: correction.entity === 'person' ? keep(persons) : persons,
          dates: correction.entity === 'date' ? keep(dates) : dates,
          amounts: correction.entity === 'amount' ? keep(amounts) : amounts,
        },
      };
    }
    corrections.push(correction);
  }
  return { analysis, corrections };
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
