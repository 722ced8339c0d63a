import { and, desc, eq, ne, sql, type SQL } from 'drizzle-orm';
import { schema, type DbOrTx } from '@sentinel/db';
import type { AnalysisStatus } from '@sentinel/shared';
import { containsPattern } from '../../platform/search';
import type { CaseViewer } from '../cases/cases.repository';

const { documents, cases, caseMembers, users, analysisLearning } = schema;

export type DocumentRow = typeof documents.$inferSelect;
export type DocumentListRow = DocumentRow & {
  caseNumber: string | null;
  caseTitle: string | null;
  uploaderFirstName: string | null;
  uploaderLastName: string | null;
};

/**
 * The documents a viewer may see: attorneys the firm's; everyone what they uploaded; case members
 * their cases' documents; a client their cases' documents shared with them.
 */
export function documentsVisibleTo(viewer: CaseViewer): SQL {
  const inFirm = eq(documents.firmId, viewer.firmId);
  if (viewer.userType === 'attorney') return inFirm;
  const throughCase =
    viewer.userType === 'client'
      ? sql`(${documents.sharedWithClient} and exists (select 1 from ${cases} where ${cases.id} = ${documents.caseId} and ${cases.clientId} = ${viewer.userId}))`
      : sql`exists (select 1 from ${caseMembers} where ${caseMembers.caseId} = ${documents.caseId} and ${caseMembers.userId} = ${viewer.userId})`;
  return and(inFirm, sql`(${documents.uploadedById} = ${viewer.userId} or ${throughCase})`)!;
}

function selectDocuments(db: DbOrTx) {
  return db
    .select({
      document: documents,
      caseNumber: cases.caseNumber,
      caseTitle: cases.title,
      uploaderFirstName: users.firstName,
      uploaderLastName: users.lastName,
    })
    .from(documents)
    .leftJoin(cases, eq(cases.id, documents.caseId))
    .leftJoin(users, eq(users.id, documents.uploadedById));
}

const flatten = ({
  document,
  ...rest
}: { document: DocumentRow } & Omit<DocumentListRow, keyof DocumentRow>) => ({
  ...document,
  ...rest,
});

/** Firm- and role-scoped reads and writes of documents. */
export const documentsRepository = {
  async insert(db: DbOrTx, values: typeof documents.$inferInsert): Promise<DocumentRow> {
    const [row] = await db.insert(documents).values(values).returning();
    return row!;
  },

  async find(db: DbOrTx, viewer: CaseViewer, id: string): Promise<DocumentListRow | undefined> {
    const [row] = await selectDocuments(db)
      .where(and(documentsVisibleTo(viewer), eq(documents.id, id)))
      .limit(1);
    return row ? flatten(row) : undefined;
  },

  /** Any document by id, whoever asks (a signed link has proved the right to it). */
  async findById(db: DbOrTx, id: string): Promise<DocumentRow | undefined> {
    const [row] = await db.select().from(documents).where(eq(documents.id, id)).limit(1);
    return row;
  },

  async list(
    db: DbOrTx,
    viewer: CaseViewer,
    filter: { analysisStatus?: AnalysisStatus; caseId?: string; search?: string },
  ): Promise<DocumentListRow[]> {
    const rows = await selectDocuments(db)
      .where(
        and(
          documentsVisibleTo(viewer),
          filter.analysisStatus ? eq(documents.analysisStatus, filter.analysisStatus) : undefined,
          filter.caseId ? eq(documents.caseId, filter.caseId) : undefined,
          filter.search
            ? sql`lower(${documents.fileName}) like ${containsPattern(filter.search)}`
            : undefined,
        ),
      )
      .orderBy(desc(documents.createdAt), desc(documents.id))
      .limit(500);
    return rows.map(flatten);
  },

  async update(db: DbOrTx, id: string, values: Partial<typeof documents.$inferInsert>): Promise<void> {
    await db.update(documents).set(values).where(eq(documents.id, id));
  },

  /** Marks the document's analysis pending unless it already is; false when it was. */
  async markAnalysisPending(db: DbOrTx, id: string): Promise<boolean> {
    const rows = await db
      .update(documents)
      .set({ analysisStatus: 'pending', analysisError: null })
      .where(and(eq(documents.id, id), ne(documents.analysisStatus, 'pending')))
      .returning({ id: documents.id });
    return rows.length > 0;
  },

  async delete(db: DbOrTx, id: string): Promise<void> {
    await db.delete(documents).where(eq(documents.id, id));
  },

  /** What the firm's reviews have taught the analyzer (a JSON value the analyzer owns). */
  async findLearning(db: DbOrTx, firmId: string, options: { forUpdate?: boolean } = {}): Promise<unknown> {
    const query = db.select().from(analysisLearning).where(eq(analysisLearning.firmId, firmId));
    const [row] = options.forUpdate ? await query.for('update') : await query;
    return row?.learned;
  },

  async saveLearning(db: DbOrTx, firmId: string, learned: unknown): Promise<void> {
    const value = learned as Record<string, unknown>;
    await db
      .insert(analysisLearning)
      .values({ firmId, learned: value })
      .onConflictDoUpdate({
        target: analysisLearning.firmId,
        set: { learned: value, updatedAt: new Date() },
      });
  },

  /** Storage keys that have a row (the clean-up keeps those). */
  async hasStorageKey(db: DbOrTx, key: string): Promise<boolean> {
    const [row] = await db
      .select({ id: documents.id })
      .from(documents)
      .where(eq(documents.storageKey, key))
      .limit(1);
    return Boolean(row);
  },
};
