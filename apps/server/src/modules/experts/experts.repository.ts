import { and, asc, count, eq, sql } from 'drizzle-orm';
import { schema, type DbOrTx } from '@sentinel/db';
import type { ExpertEngagement, ExpertSummary } from '@sentinel/shared';
import { containsPattern } from '../../platform/search';

const { experts, caseExperts, cases, caseMembers, documents } = schema;

export type ExpertRow = typeof experts.$inferSelect;
export type ExpertValues = Partial<
  Omit<typeof experts.$inferInsert, 'id' | 'firmId' | 'searchText' | 'createdAt' | 'createdById'>
>;

/** The cases an expert is engaged on, counted in the same statement as the row. */
const engagementCount = sql<number>`(select count(*)::int from ${caseExperts} where ${caseExperts.expertId} = ${experts.id})`;

const summaryColumns = {
  expert: experts,
  cvFileName: documents.fileName,
  engagementCount,
};

type SummaryRow = { expert: ExpertRow; cvFileName: string | null; engagementCount: number };

export function toExpertSummary({ expert, cvFileName, engagementCount }: SummaryRow): ExpertSummary {
  return {
    id: expert.id,
    name: expert.name,
    specialty: expert.specialty,
    credentials: expert.credentials,
    company: expert.company,
    availability: expert.availability,
    hourlyRate: expert.hourlyRate,
    email: expert.email,
    phone: expert.phone,
    notes: expert.notes,
    hasAccount: expert.userId !== null,
    cvDocument:
      expert.cvDocumentId && cvFileName !== null ? { id: expert.cvDocumentId, fileName: cvFileName } : null,
    engagementCount: Number(engagementCount),
    updatedAt: expert.updatedAt.toISOString(),
  };
}

export interface ExpertFilter {
  search?: string;
  specialty?: string;
}

const listWhere = (firmId: string, filter: ExpertFilter) =>
  and(
    eq(experts.firmId, firmId),
    filter.search ? sql`${experts.searchText} like ${containsPattern(filter.search)}` : undefined,
    filter.specialty ? eq(experts.specialty, filter.specialty) : undefined,
  );

/** The firm's expert directory and its engagements: every query names the firm. */
export const expertsRepository = {
  base(db: DbOrTx) {
    return db
      .select(summaryColumns)
      .from(experts)
      .leftJoin(documents, and(eq(documents.id, experts.cvDocumentId), eq(documents.firmId, experts.firmId)));
  },

  /** A page of the directory by name; search matches name, specialty or company. */
  async page(db: DbOrTx, firmId: string, filter: ExpertFilter, limit: number, offset: number) {
    const rows = await this.base(db)
      .where(listWhere(firmId, filter))
      .orderBy(asc(experts.name), asc(experts.id))
      .limit(limit)
      .offset(offset);
    return rows.map(toExpertSummary);
  },

  async count(db: DbOrTx, firmId: string, filter: ExpertFilter): Promise<number> {
    const [row] = await db.select({ total: count() }).from(experts).where(listWhere(firmId, filter));
    return row?.total ?? 0;
  },

  /** The specialties the firm's experts have. */
  async specialties(db: DbOrTx, firmId: string): Promise<string[]> {
    const rows = await db
      .selectDistinct({ specialty: experts.specialty })
      .from(experts)
      .where(eq(experts.firmId, firmId));
    return rows.map((row) => row.specialty);
  },

  async summary(db: DbOrTx, firmId: string, id: string): Promise<ExpertSummary | undefined> {
    const [row] = await this.base(db).where(and(eq(experts.firmId, firmId), eq(experts.id, id)));
    return row ? toExpertSummary(row) : undefined;
  },

  /** The row, locked for a change when asked. */
  async find(db: DbOrTx, firmId: string, id: string, lock = false): Promise<ExpertRow | undefined> {
    const query = db
      .select()
      .from(experts)
      .where(and(eq(experts.firmId, firmId), eq(experts.id, id)));
    const [row] = lock ? await query.for('update') : await query;
    return row;
  },

  async findByUser(db: DbOrTx, firmId: string, userId: string, lock = false): Promise<ExpertRow | undefined> {
    const query = db
      .select()
      .from(experts)
      .where(and(eq(experts.firmId, firmId), eq(experts.userId, userId)));
    const [row] = lock ? await query.for('update') : await query;
    return row;
  },

  async insert(db: DbOrTx, values: typeof experts.$inferInsert): Promise<ExpertRow> {
    const [row] = await db.insert(experts).values(values).returning();
    return row!;
  },

  async update(db: DbOrTx, firmId: string, id: string, values: ExpertValues): Promise<void> {
    await db
      .update(experts)
      .set({ ...values, updatedAt: new Date() })
      .where(and(eq(experts.firmId, firmId), eq(experts.id, id)));
  },

  async delete(db: DbOrTx, firmId: string, id: string): Promise<void> {
    await db.delete(experts).where(and(eq(experts.firmId, firmId), eq(experts.id, id)));
  },

  /** The cases the expert is engaged on, by report due date (none last), then engagement. */
  async engagements(db: DbOrTx, firmId: string, expert: Pick<ExpertRow, 'id' | 'userId'>) {
    const rows = await db
      .select({
        caseId: cases.id,
        caseNumber: cases.caseNumber,
        caseTitle: cases.title,
        caseStatus: cases.status,
        scope: caseExperts.scope,
        reportDueOn: caseExperts.reportDueOn,
        reportReceivedAt: caseExperts.reportReceivedAt,
        engagedAt: caseExperts.engagedAt,
        memberId: caseMembers.userId,
      })
      .from(caseExperts)
      .innerJoin(cases, and(eq(cases.id, caseExperts.caseId), eq(cases.firmId, caseExperts.firmId)))
      .leftJoin(
        caseMembers,
        and(
          eq(caseMembers.caseId, caseExperts.caseId),
          expert.userId ? eq(caseMembers.userId, expert.userId) : sql`false`,
        ),
      )
      .where(and(eq(caseExperts.firmId, firmId), eq(caseExperts.expertId, expert.id)))
      .orderBy(sql`${caseExperts.reportDueOn} asc nulls last`, asc(caseExperts.engagedAt), asc(cases.id));
    return rows.map(({ memberId, engagedAt, reportReceivedAt, ...row }): ExpertEngagement => ({
      ...row,
      reportReceivedAt: reportReceivedAt?.toISOString() ?? null,
      engagedAt: engagedAt.toISOString(),
      onCaseTeam: memberId !== null,
    }));
  },

  async findEngagement(db: DbOrTx, firmId: string, expertId: string, caseId: string) {
    const [row] = await db
      .select()
      .from(caseExperts)
      .where(
        and(
          eq(caseExperts.firmId, firmId),
          eq(caseExperts.expertId, expertId),
          eq(caseExperts.caseId, caseId),
        ),
      );
    return row;
  },

  /** Whether the engagement was new (false: the expert was already engaged on the case). */
  async insertEngagement(db: DbOrTx, values: typeof caseExperts.$inferInsert): Promise<boolean> {
    const inserted = await db
      .insert(caseExperts)
      .values(values)
      .onConflictDoNothing()
      .returning({ caseId: caseExperts.caseId });
    return inserted.length > 0;
  },

  async updateEngagement(
    db: DbOrTx,
    firmId: string,
    expertId: string,
    caseId: string,
    values: Partial<Pick<typeof caseExperts.$inferInsert, 'scope' | 'reportDueOn' | 'reportReceivedAt'>>,
  ): Promise<void> {
    await db
      .update(caseExperts)
      .set(values)
      .where(
        and(
          eq(caseExperts.firmId, firmId),
          eq(caseExperts.expertId, expertId),
          eq(caseExperts.caseId, caseId),
        ),
      );
  },

  async deleteEngagement(db: DbOrTx, firmId: string, expertId: string, caseId: string): Promise<boolean> {
    const removed = await db
      .delete(caseExperts)
      .where(
        and(
          eq(caseExperts.firmId, firmId),
          eq(caseExperts.expertId, expertId),
          eq(caseExperts.caseId, caseId),
        ),
      )
      .returning({ caseId: caseExperts.caseId });
    return removed.length > 0;
  },

  async engagementTotal(db: DbOrTx, firmId: string, expertId: string): Promise<number> {
    const [row] = await db
      .select({ total: count() })
      .from(caseExperts)
      .where(and(eq(caseExperts.firmId, firmId), eq(caseExperts.expertId, expertId)));
    return row?.total ?? 0;
  },
};
