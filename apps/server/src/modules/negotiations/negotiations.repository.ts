import { and, asc, count, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { schema, type DbOrTx } from '@sentinel/db';
import type { NegotiationActionKind, NegotiationSort } from '@sentinel/shared';
import { containsPattern } from '../../platform/search';
import { visibleTo, type CaseViewer } from '../cases/cases.repository';
import { documentsVisibleTo } from '../documents/documents.repository';

const { negotiations, negotiationActions, cases, documents, users } = schema;

export type NegotiationRow = typeof negotiations.$inferSelect;
export type NegotiationValues = Partial<
  Pick<
    typeof negotiations.$inferInsert,
    'status' | 'targetSource' | 'targetBasis' | 'settlementAmount' | 'settledAt'
  >
>;

/** A negotiation with the case fields the screens show (carrier, claim number, target live on the case). */
const withCase = {
  negotiation: negotiations,
  caseNumber: cases.caseNumber,
  caseTitle: cases.title,
  caseStatus: cases.status,
  clientId: cases.clientId,
  carrier: cases.carrier,
  claimNumber: cases.claimNumber,
  targetSettlement: cases.targetSettlement,
};
export type NegotiationWithCase = {
  negotiation: NegotiationRow;
  caseNumber: string;
  caseTitle: string;
  caseStatus: string;
  clientId: string;
  carrier: string | null;
  claimNumber: string | null;
  targetSettlement: number | null;
};

const ORDER: Record<NegotiationSort, SQL[]> = {
  lastAction: [desc(negotiations.lastActionAt), asc(negotiations.id)],
  caseName: [asc(cases.title), asc(negotiations.id)],
};

/** Case name or carrier contains the term (case-insensitive, LIKE wildcards literal). */
const searchWhere = (search: string | undefined) =>
  search
    ? sql`(lower(${cases.title}) like ${containsPattern(search)} or lower(coalesce(${cases.carrier}, '')) like ${containsPattern(search)})`
    : undefined;

/** Negotiations of cases the viewer may see (attorneys: the firm's). */
const visible = (viewer: CaseViewer) => and(eq(negotiations.firmId, viewer.firmId), visibleTo(viewer));

export interface LatestAction {
  negotiationId: string;
  kind: NegotiationActionKind;
  amount: number | null;
  date: string;
}

/**
 * Firm-scoped reads and writes of negotiations and their actions. Every query goes through the
 * case rules (`visibleTo`) and the firm; the documents a negotiation cites through `documentsVisibleTo`.
 */
export const negotiationsRepository = {
  async page(
    db: DbOrTx,
    viewer: CaseViewer,
    filter: { search?: string; sort: NegotiationSort; limit: number | null; offset: number },
  ): Promise<NegotiationWithCase[]> {
    const query = db
      .select(withCase)
      .from(negotiations)
      .innerJoin(cases, eq(cases.id, negotiations.caseId))
      .where(and(visible(viewer), searchWhere(filter.search)))
      .orderBy(...ORDER[filter.sort])
      .offset(filter.offset);
    return filter.limit === null ? query : query.limit(filter.limit);
  },

  async count(db: DbOrTx, viewer: CaseViewer, search: string | undefined): Promise<number> {
    const [row] = await db
      .select({ total: count() })
      .from(negotiations)
      .innerJoin(cases, eq(cases.id, negotiations.caseId))
      .where(and(visible(viewer), searchWhere(search)));
    return row?.total ?? 0;
  },

  /** One negotiation the viewer may see (locked with its case until the transaction ends, for changes). */
  async find(
    db: DbOrTx,
    viewer: CaseViewer,
    id: string,
    lock = false,
  ): Promise<NegotiationWithCase | undefined> {
    const query = db
      .select(withCase)
      .from(negotiations)
      .innerJoin(cases, eq(cases.id, negotiations.caseId))
      .where(and(visible(viewer), eq(negotiations.id, id)))
      .limit(1);
    const [row] = lock ? await query.for('update') : await query;
    return row;
  },

  /** The negotiation of a case, if it has one. */
  async findByCase(db: DbOrTx, viewer: CaseViewer, caseId: string): Promise<NegotiationRow | undefined> {
    const [row] = await db
      .select({ negotiation: negotiations })
      .from(negotiations)
      .innerJoin(cases, eq(cases.id, negotiations.caseId))
      .where(and(visible(viewer), eq(negotiations.caseId, caseId)))
      .limit(1);
    return row?.negotiation;
  },

  /** Opens a case's negotiation; undefined when the case has one already. */
  async insert(db: DbOrTx, values: typeof negotiations.$inferInsert): Promise<NegotiationRow | undefined> {
    const [row] = await db.insert(negotiations).values(values).onConflictDoNothing().returning();
    return row;
  },

  /** Changes a negotiation; every change is an action, so the list's Last Action moves too. */
  async update(db: DbOrTx, firmId: string, id: string, values: NegotiationValues): Promise<void> {
    await db
      .update(negotiations)
      .set({ ...values, lastActionAt: sql`now()`, updatedAt: sql`now()` })
      .where(and(eq(negotiations.firmId, firmId), eq(negotiations.id, id)));
  },

  async insertAction(db: DbOrTx, values: typeof negotiationActions.$inferInsert): Promise<void> {
    await db.insert(negotiationActions).values(values);
  },

  /** The negotiation's actions as they happened: by date, then in the order recorded. */
  async actions(db: DbOrTx, firmId: string, negotiationId: string) {
    return db
      .select({
        id: negotiationActions.id,
        kind: negotiationActions.kind,
        amount: negotiationActions.amount,
        actionDate: negotiationActions.actionDate,
        actor: negotiationActions.actor,
        note: negotiationActions.note,
        documentId: documents.id,
        documentName: documents.fileName,
        createdAt: negotiationActions.createdAt,
        byFirstName: users.firstName,
        byLastName: users.lastName,
      })
      .from(negotiationActions)
      .leftJoin(documents, eq(documents.id, negotiationActions.documentId))
      .leftJoin(users, eq(users.id, negotiationActions.createdById))
      .where(and(eq(negotiationActions.firmId, firmId), eq(negotiationActions.negotiationId, negotiationId)))
      .orderBy(
        asc(negotiationActions.actionDate),
        asc(negotiationActions.createdAt),
        asc(negotiationActions.id),
      );
  },

  /**
   * For each negotiation, its latest action of the kind (or of any kind): latest action date, then
   * the latest recorded — the carrier's current offer is the latest 'offer'.
   */
  async latest(
    db: DbOrTx,
    firmId: string,
    negotiationIds: string[],
    kind?: NegotiationActionKind,
  ): Promise<Map<string, LatestAction>> {
    if (negotiationIds.length === 0) return new Map();
    const rows = await db
      .selectDistinctOn([negotiationActions.negotiationId], {
        negotiationId: negotiationActions.negotiationId,
        kind: negotiationActions.kind,
        amount: negotiationActions.amount,
        date: negotiationActions.actionDate,
      })
      .from(negotiationActions)
      .where(
        and(
          eq(negotiationActions.firmId, firmId),
          inArray(negotiationActions.negotiationId, negotiationIds),
          kind ? eq(negotiationActions.kind, kind) : undefined,
        ),
      )
      .orderBy(
        negotiationActions.negotiationId,
        desc(negotiationActions.actionDate),
        desc(negotiationActions.createdAt),
        desc(negotiationActions.id),
      );
    return new Map(
      rows.map((row) => [row.negotiationId, { ...row, kind: row.kind as NegotiationActionKind }]),
    );
  },

  /** The cases the viewer may see that have no negotiation yet, most recently active first. */
  async casesWithout(db: DbOrTx, viewer: CaseViewer) {
    return db
      .select({ id: cases.id, caseNumber: cases.caseNumber, title: cases.title })
      .from(cases)
      .leftJoin(negotiations, eq(negotiations.caseId, cases.id))
      .where(and(visibleTo(viewer), isNull(negotiations.id)))
      .orderBy(sql`${cases.lastActivityAt} desc nulls last`, asc(cases.id));
  },

  /** The case's documents the viewer may see, with their analysis (the suggested target reads it). */
  async caseDocuments(db: DbOrTx, viewer: CaseViewer, caseId: string) {
    return db
      .select({
        id: documents.id,
        fileName: documents.fileName,
        analysisStatus: documents.analysisStatus,
        analysis: documents.analysis,
        analyzedAt: documents.analyzedAt,
        createdAt: documents.createdAt,
      })
      .from(documents)
      .where(and(documentsVisibleTo(viewer), eq(documents.caseId, caseId)))
      .orderBy(desc(documents.createdAt), desc(documents.id));
  },

  /** Whether the document is one of the case's that the viewer may see. */
  async caseHasDocument(
    db: DbOrTx,
    viewer: CaseViewer,
    caseId: string,
    documentId: string,
  ): Promise<boolean> {
    const [row] = await db
      .select({ id: documents.id })
      .from(documents)
      .where(and(documentsVisibleTo(viewer), eq(documents.caseId, caseId), eq(documents.id, documentId)))
      .limit(1);
    return Boolean(row);
  },
};
