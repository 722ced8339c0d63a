import { createHash, randomUUID } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { and, eq, inArray } from 'drizzle-orm';
import { textPages, writePdf } from '@sentinel/analyzer/fixtures/pdf-writer';
import { schema, type Transaction } from '@sentinel/db';
import { documentAnalysis, type DocumentSubtype, type DocumentType } from '@sentinel/shared';
import type { Config } from '../config';
import { AnalysisPool } from '../modules/documents/analysis-pool';
import type { AnalyzerPort } from '../modules/documents/analyzer-port';
import { documentsRepository } from '../modules/documents/documents.repository';
import { localAnalyzer } from '../modules/documents/local-analyzer';
import { uploadTmpDir } from '../modules/documents/upload';
import type { BlobStore } from '../platform/storage/blob-store';
import { blobStoreFor } from '../platform/storage/blob-store-for';
import { complaint } from './documents/complaint';
import { declarationsPage } from './documents/declarations-page';
import { denialLetter } from './documents/denial-letter';
import { engagementLetter } from './documents/engagement-letter';
import { addDays, type DemoCaseFacts } from './documents/facts';
import {
  dwellingDeclarations,
  hurricaneReservationOfRights,
  OKAFOR_FACTS,
  OKAFOR_LOSS_DAYS_AGO,
} from './documents/okafor-duplex';
import { proofOfLoss } from './documents/proof-of-loss';
import { repairEstimate } from './documents/repair-estimate';
import { reservationOfRights } from './documents/reservation-of-rights';

const DAY_MS = 24 * 60 * 60 * 1000;
/** The second demo firm's case (demo-firm.ts DEMO_SECOND_FIRM) that has documents. */
const DEMO_SECOND_FIRM_CASE = 'Okafor Duplex – Hurricane Roof Loss';

/** What seeding the demo documents needs: where files go, and the analyzer that reads them. */
export interface DemoDocumentsDeps {
  store: BlobStore;
  analyzer: AnalyzerPort;
  /** A folder on the store's file system for the files before they are put (DATA_DIR/tmp). */
  tmpDir: string;
}

/** Who uploaded a document (the demo sign-ins of demo-firm.ts and demo-cases.ts). */
type Uploader =
  | 'attorney@demo.test'
  | 'client@demo.test'
  | 'contractor@demo.test'
  | 'maria.hernandez@demo.test'
  | 'castillo@demo.test';

interface DemoDocument {
  caseTitle: string;
  fileName: string;
  uploadedBy: Uploader;
  /** Days after the case's date of loss: the document's own date, and the day it was uploaded. */
  datedAfterLoss: number;
  uploadedAfterLoss: number;
  /**
   * Shared with the client as an attorney would: all of these are the client's own papers or
   * papers the client has already received (their policy, the carrier's letters to them, their
   * engagement letter and sworn proof of loss, the estimate for their home, their filed complaint).
   */
  sharedWithClient: boolean;
  text: (facts: DemoCaseFacts, dated: string) => string;
  /**
   * What the document knows that its case does not (a case opened with a title and a carrier
   * only): used where the case's field is empty, so the case page can offer to fill it.
   */
  lacking?: Omit<DemoCaseFacts, 'caseNumber' | 'client' | 'dateOfLoss'> & { lossDaysAgo: number };
  /**
   * What the analyzer is expected to make of it (the seed test checks it): the subtype, and the
   * types consistent with it, the likeliest first (a declarations page is a contract but mostly a
   * table of money; a proof of loss a sworn form about money).
   */
  expected: { types: DocumentType[]; subtype: DocumentSubtype };
}

/**
 * The demo firms' documents (issue 14): the four papers that decide a property claim — a policy
 * declarations page, a reservation-of-rights letter, a contractor's estimate and a complaint —
 * and a denial letter, a sworn proof of loss and an engagement letter, on the cases they belong
 * to, with those cases' carrier, numbers, address and date of loss. Written for the demo (see
 * documents/); the Ellis water case is the one with most, as the demo's main case. The second
 * firm's hurricane case, opened with a title and a carrier only, gets the two papers that name
 * the rest, so its case page has fields to suggest from documents.
 */
export const DEMO_DOCUMENTS: DemoDocument[] = [
  {
    caseTitle: 'Ellis Residence – Water Damage',
    fileName: 'Harborline HO-3 Declarations Page.pdf',
    uploadedBy: 'client@demo.test',
    datedAfterLoss: -173,
    uploadedAfterLoss: 10,
    sharedWithClient: true,
    text: (facts) => declarationsPage(facts),
    expected: { types: ['contract', 'financial'], subtype: 'declarations_page' },
  },
  {
    caseTitle: 'Ellis Residence – Water Damage',
    fileName: 'Engagement Letter - Ellis Water Claim.pdf',
    uploadedBy: 'attorney@demo.test',
    datedAfterLoss: 9,
    uploadedAfterLoss: 9,
    sharedWithClient: true,
    text: engagementLetter,
    expected: { types: ['correspondence', 'contract'], subtype: 'engagement_letter' },
  },
  {
    caseTitle: 'Ellis Residence – Water Damage',
    fileName: 'Harborline Reservation of Rights Letter.pdf',
    uploadedBy: 'attorney@demo.test',
    datedAfterLoss: 19,
    uploadedAfterLoss: 21,
    sharedWithClient: true,
    text: reservationOfRights,
    expected: { types: ['correspondence'], subtype: 'reservation_of_rights' },
  },
  {
    caseTitle: 'Ellis Residence – Water Damage',
    fileName: 'Whitaker Restoration Estimate - Water Damage.pdf',
    uploadedBy: 'contractor@demo.test',
    datedAfterLoss: 30,
    uploadedAfterLoss: 31,
    sharedWithClient: true,
    text: repairEstimate,
    expected: { types: ['financial'], subtype: 'repair_estimate' },
  },
  {
    caseTitle: 'Ellis Residence – Roof Wind Claim',
    fileName: 'Complaint - Ellis v. Harborline Mutual.pdf',
    uploadedBy: 'attorney@demo.test',
    datedAfterLoss: 36,
    uploadedAfterLoss: 36,
    sharedWithClient: true,
    text: complaint,
    expected: { types: ['pleading'], subtype: 'complaint' },
  },
  {
    caseTitle: 'Hernandez Denied Claim Appeal',
    fileName: 'Sunstate Denial Letter.pdf',
    uploadedBy: 'maria.hernandez@demo.test',
    datedAfterLoss: 7,
    uploadedAfterLoss: 9,
    sharedWithClient: true,
    text: denialLetter,
    expected: { types: ['correspondence'], subtype: 'denial_letter' },
  },
  {
    caseTitle: 'Hernandez Kitchen Fire',
    fileName: 'Sworn Proof of Loss - Hernandez Fire.pdf',
    uploadedBy: 'attorney@demo.test',
    datedAfterLoss: 55,
    uploadedAfterLoss: 56,
    sharedWithClient: true,
    text: proofOfLoss,
    expected: { types: ['financial', 'contract'], subtype: 'proof_of_loss' },
  },
  {
    caseTitle: DEMO_SECOND_FIRM_CASE,
    fileName: 'Gulfstream DP-3 Declarations - Okafor Duplex.pdf',
    uploadedBy: 'castillo@demo.test',
    datedAfterLoss: -126,
    uploadedAfterLoss: 20,
    sharedWithClient: true,
    text: (facts) => dwellingDeclarations(facts),
    lacking: { ...OKAFOR_FACTS, lossDaysAgo: OKAFOR_LOSS_DAYS_AGO },
    expected: { types: ['contract', 'financial'], subtype: 'declarations_page' },
  },
  {
    caseTitle: DEMO_SECOND_FIRM_CASE,
    fileName: 'Gulfstream Reservation of Rights - Okafor.pdf',
    uploadedBy: 'castillo@demo.test',
    datedAfterLoss: 16,
    uploadedAfterLoss: 20,
    sharedWithClient: true,
    text: hurricaneReservationOfRights,
    lacking: { ...OKAFOR_FACTS, lossDaysAgo: OKAFOR_LOSS_DAYS_AGO },
    expected: { types: ['correspondence'], subtype: 'reservation_of_rights' },
  },
];

/**
 * Seeds DEMO_DOCUMENTS as uploads are stored (the PDF in the blob store under a random key, a
 * documents row) with their analysis already completed by the real analyzer, so the AI screens
 * have something to show at once. Part of the demo firm's transaction (seedDemoFirm): called
 * once, after the cases exist. The files are put before the rows commit; should the transaction
 * fail, the storage clean-up removes them as files no row refers to.
 */
export async function seedDemoDocuments(tx: Transaction, firmIds: string[], deps: DemoDocumentsDeps) {
  const titles = [...new Set(DEMO_DOCUMENTS.map((d) => d.caseTitle))];
  const caseRows = await tx
    .select({
      id: schema.cases.id,
      firmId: schema.cases.firmId,
      title: schema.cases.title,
      caseNumber: schema.cases.caseNumber,
      carrier: schema.cases.carrier,
      policyNumber: schema.cases.policyNumber,
      claimNumber: schema.cases.claimNumber,
      dateOfLoss: schema.cases.dateOfLoss,
      propertyAddress: schema.cases.propertyAddress,
      createdAt: schema.cases.createdAt,
      firstName: schema.users.firstName,
      lastName: schema.users.lastName,
    })
    .from(schema.cases)
    .innerJoin(schema.users, eq(schema.users.id, schema.cases.clientId))
    .where(and(inArray(schema.cases.firmId, firmIds), inArray(schema.cases.title, titles)));
  const uploaders = await tx
    .select({ id: schema.users.id, email: schema.users.email })
    .from(schema.users)
    .where(inArray(schema.users.email, [...new Set(DEMO_DOCUMENTS.map((d) => d.uploadedBy))]));
  const uploaderId = new Map(uploaders.map((u) => [u.email, u.id]));

  await mkdir(deps.tmpDir, { recursive: true });
  const now = Date.now();
  const prepared = await Promise.all(
    DEMO_DOCUMENTS.map(async (demo) => {
      const row = caseRows.find((c) => c.title === demo.caseTitle);
      const lacking = demo.lacking;
      const dateOfLoss =
        row?.dateOfLoss ??
        (lacking && new Date(now - lacking.lossDaysAgo * DAY_MS).toISOString().slice(0, 10));
      if (!row || !dateOfLoss)
        throw new Error(`demo case "${demo.caseTitle}" is missing or has no date of loss`);
      const facts: DemoCaseFacts = {
        caseNumber: row.caseNumber,
        carrier: row.carrier || lacking?.carrier || '',
        policyNumber: row.policyNumber || lacking?.policyNumber || '',
        claimNumber: row.claimNumber || lacking?.claimNumber || '',
        dateOfLoss,
        propertyAddress: row.propertyAddress || lacking?.propertyAddress || '',
        client: { firstName: row.firstName, lastName: row.lastName },
      };
      const bytes = writePdf(textPages(demo.text(facts, addDays(dateOfLoss, demo.datedAfterLoss))));
      // Uploaded to the case once it was opened, and not later than now.
      const uploadedAt = Math.min(
        now,
        Math.max(
          row.createdAt.getTime(),
          Date.parse(`${addDays(dateOfLoss, demo.uploadedAfterLoss)}T15:00:00Z`),
        ),
      );
      return {
        demo,
        firmId: row.firmId,
        caseId: row.id,
        bytes,
        uploadedAt,
        ...(await analyse(deps.analyzer, bytes, demo.fileName)),
      };
    }),
  );

  for (const { demo, firmId, caseId, bytes, uploadedAt, analysis, analysisError } of prepared) {
    const key = randomUUID();
    const tempFile = path.join(deps.tmpDir, `${key}.upload`);
    await writeFile(tempFile, bytes);
    try {
      await deps.store.put(key, tempFile, 'application/pdf');
    } finally {
      await rm(tempFile, { force: true });
    }
    await documentsRepository.insert(tx, {
      firmId,
      caseId,
      fileName: demo.fileName,
      contentType: 'application/pdf',
      sizeBytes: bytes.length,
      sha256: createHash('sha256').update(bytes).digest('hex'),
      storageKey: key,
      uploadedById: uploaderId.get(demo.uploadedBy) ?? null,
      sharedWithClient: demo.sharedWithClient,
      analysisStatus: analysis ? 'completed' : 'failed',
      analysis,
      analysisError,
      analyzedAt: analysis ? new Date(uploadedAt + 60_000) : null,
      createdAt: new Date(uploadedAt),
    });
  }
}

/**
 * The document's analysis as the analysis job stores it (with the text beside it, for learning and
 * the LLM), or why it failed: a failing analyzer leaves a failed analysis, to run again from the
 * documents screen, rather than stopping `npm start`.
 */
async function analyse(analyzer: AnalyzerPort, bytes: Uint8Array, fileName: string) {
  try {
    const { text, ...result } = await analyzer.analyze({
      bytes: bytes.slice(), // the pool takes the buffer it is given
      contentType: 'application/pdf',
      fileName,
    });
    const analysis: Record<string, unknown> = {
      ...documentAnalysis.parse(result),
      ...(text ? { text: text.slice(0, 200_000) } : {}),
    };
    return { analysis, analysisError: null };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return { analysis: null, analysisError: `The analysis failed: ${reason}`.slice(0, 500) };
  }
}

/**
 * Runs `seed` with what seeding the demo documents needs under `config` — the blob store the app
 * will use and a short-lived analysis pool, closed after — as `npm start` and `npm run seed:demo` do.
 */
export async function withDemoDocuments<T>(
  config: Config,
  seed: (deps: DemoDocumentsDeps) => Promise<T>,
): Promise<T> {
  const pool = new AnalysisPool(config.analysis);
  try {
    return await seed({
      store: blobStoreFor(config),
      analyzer: localAnalyzer(pool),
      tmpDir: uploadTmpDir(config.dataDir),
    });
  } finally {
    await pool.close();
  }
}
