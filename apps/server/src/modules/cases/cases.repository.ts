import { and, asc, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { schema, type DbOrTx } from '@sentinel/db';
import type {
  CaseMember,
  CaseMemberRole,
  CaseSort,
  CaseStatus,
  CaseSummary,
  CaseType,
  Priority,
  UserType,
} from '@sentinel/shared';
import { containsPattern } from '../../platform/search';
import { documentsVisibleTo } from '../documents/documents.repository';
import { nameInFirm } from '../memberships/memberships.repository';
import type { AnalysedCaseDocument } from './case-field-suggestions';

const { documents } = schema;
const { cases, caseMembers, caseStatusHistory, caseNumberCounters, memberships, users } = schema;
const client = alias(users, 'client');
const clientMembership = alias(memberships, 'client_membership');
const lead = alias(users, 'lead');

/** Who is asking, as far as case visibility goes. */
export interface CaseViewer {
  firmId: string;
  userId: string;
  userType: UserType;
}

/**
 * The cases a viewer may see: the whole firm for attorneys, their own for clients, and the cases
 * they are members of for contractors, adjusters and experts. Every case query starts here.
 */
export function visibleTo(viewer: CaseViewer): SQL {
  const inFirm = eq(cases.firmId, viewer.firmId);
  if (viewer.userType === 'attorney') return inFirm;
  if (viewer.userType === 'client') return and(inFirm, eq(cases.clientId, viewer.userId))!;
  return and(
    inFirm,
    sql`exists (select 1 from ${caseMembers} where ${caseMembers.caseId} = ${cases.id} and ${caseMembers.userId} = ${viewer.userId})`,
  )!;
}

/** The client's membership of the case's firm: how the firm names them (`nameInFirm`). */
const clientMembershipOn = and(
  eq(clientMembership.firmId, cases.firmId),
  eq(clientMembership.userId, cases.clientId),
);

const summaryColumns = {
  id: cases.id,
  caseNumber: cases.caseNumber,
  title: cases.title,
  caseType: cases.caseType,
  status: cases.status,
  priority: cases.priority,
  dateOpened: cases.dateOpened,
  dueDate: cases.dueDate,
  settlementAmount: cases.settlementAmount,
  lastActivityAt: cases.lastActivityAt,
  clientId: client.id,
  clientFirstName: client.firstName,
  clientLastName: client.lastName,
  clientStatus: clientMembership.status,
  clientInvitedAs: clientMembership.invitedAs,
  leadId: lead.id,
  leadFirstName: lead.firstName,
  leadLastName: lead.lastName,
};

type SummaryRow = {
  [K in keyof typeof summaryColumns]: (typeof summaryColumns)[K]['_']['data'] | null;
};

const fullName = (first: string | null, last: string | null) => `${first ?? ''} ${last ?? ''}`.trim();

function toSummary(row: SummaryRow): CaseSummary {
  const clientName = nameInFirm({
    status: row.clientStatus ?? 'active',
    invitedAs: row.clientInvitedAs,
    firstName: row.clientFirstName ?? '',
    lastName: row.clientLastName ?? '',
  });
  return {
    id: row.id!,
    caseNumber: row.caseNumber!,
    title: row.title!,
    caseType: row.caseType as CaseType,
    status: row.status as CaseStatus,
    priority: row.priority as Priority,
    client: { id: row.clientId!, name: fullName(clientName.firstName, clientName.lastName) },
    leadAttorney: row.leadId ? { id: row.leadId, name: fullName(row.leadFirstName, row.leadLastName) } : null,
    dateOpened: row.dateOpened!,
    dueDate: row.dueDate,
    settlementAmount: row.settlementAmount,
    lastActivityAt: row.lastActivityAt!.toISOString(),
  };
}

const ORDER: Record<CaseSort, SQL[]> = {
  // "nulls last" as in cases_firm_activity_idx, or PostgreSQL cannot read the order off the index.
  lastActivity: [sql`${cases.lastActivityAt} desc nulls last`, asc(cases.id)],
  title: [asc(cases.title), asc(cases.id)],
  dueDate: [sql`${cases.dueDate} asc nulls last`, asc(cases.id)],
};

/** What narrows the case list (the total depends on these only). */
export interface CaseFilter {
  search?: string;
  clientId?: string;
  status?: CaseStatus;
}

export interface CaseListFilter extends CaseFilter {
  sort: CaseSort;
  limit: number | null;
  offset: number;
}

const listWhere = (viewer: CaseViewer, filter: CaseFilter) =>
  and(
    visibleTo(viewer),
    filter.search ? sql`${cases.searchText} like ${containsPattern(filter.search)}` : undefined,
    filter.clientId ? eq(cases.clientId, filter.clientId) : undefined,
    filter.status ? eq(cases.status, filter.status) : undefined,
  );

export type CaseRow = typeof cases.$inferSelect;
export type CaseValues = Partial<
  Omit<typeof cases.$inferInsert, 'id' | 'firmId' | 'caseNumber' | 'searchText' | 'createdAt'>
>;

/** Firm-scoped reads and writes of cases, their members and their status history. */
export const casesRepository = {
  /** The next CASE-YYYY-NNN of the firm; the counter row stays locked until the transaction ends. */
  async nextCaseNumber(db: DbOrTx, firmId: string, year: number): Promise<string> {
    const [row] = await db
      .insert(caseNumberCounters)
      .values({ firmId, year, lastNumber: 1 })
      .onConflictDoUpdate({
        target: [caseNumberCounters.firmId, caseNumberCounters.year],
        set: { lastNumber: sql`${caseNumberCounters.lastNumber} + 1` },
      })
      .returning({ lastNumber: caseNumberCounters.lastNumber });
    return `CASE-${year}-${String(row!.lastNumber).padStart(3, '0')}`;
  },

  async insert(db: DbOrTx, values: typeof cases.$inferInsert): Promise<CaseRow> {
    const [row] = await db.insert(cases).values(values).returning();
    return row!;
  },

  async update(db: DbOrTx, firmId: string, caseId: string, values: CaseValues): Promise<void> {
    await db
      .update(cases)
      .set({ ...values, updatedAt: sql`now()`, lastActivityAt: sql`now()` })
      .where(and(eq(cases.firmId, firmId), eq(cases.id, caseId)));
  },

  /** Every change in a case moves its last activity. */
  async touch(db: DbOrTx, caseId: string): Promise<void> {
    await db
      .update(cases)
      .set({ lastActivityAt: sql`now()` })
      .where(eq(cases.id, caseId));
  },

  async find(db: DbOrTx, viewer: CaseViewer, caseId: string, lock = false): Promise<CaseRow | undefined> {
    const query = db
      .select()
      .from(cases)
      .where(and(visibleTo(viewer), eq(cases.id, caseId)))
      .limit(1);
    const [row] = lock ? await query.for('update') : await query;
    return row;
  },

  /** Locks a case for a change made by the system (no viewer: background jobs). */
  async lockById(db: DbOrTx, caseId: string): Promise<void> {
    await db.select({ id: cases.id }).from(cases).where(eq(cases.id, caseId)).for('update');
  },

  /** A page of the cases the viewer may see. */
  async page(db: DbOrTx, viewer: CaseViewer, filter: CaseListFilter): Promise<CaseSummary[]> {
    const query = db
      .select(summaryColumns)
      .from(cases)
      .innerJoin(client, eq(client.id, cases.clientId))
      .leftJoin(clientMembership, clientMembershipOn)
      .leftJoin(lead, eq(lead.id, cases.leadAttorneyId))
      .where(listWhere(viewer, filter))
      .orderBy(...ORDER[filter.sort])
      .offset(filter.offset);
    const rows = filter.limit === null ? await query : await query.limit(filter.limit);
    return rows.map(toSummary);
  },

  /** How many cases the viewer may see match the filter. */
  async count(db: DbOrTx, viewer: CaseViewer, filter: CaseFilter): Promise<number> {
    const [row] = await db.select({ total: count() }).from(cases).where(listWhere(viewer, filter));
    return row?.total ?? 0;
  },

  /** People of the firm by id, named as the firm sees them (`nameInFirm`). */
  async people(db: DbOrTx, firmId: string, ids: string[]) {
    if (ids.length === 0) return [];
    const rows = await db
      .select({
        id: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
        phone: users.phone,
        status: memberships.status,
        invitedAs: memberships.invitedAs,
      })
      .from(users)
      .leftJoin(memberships, and(eq(memberships.firmId, firmId), eq(memberships.userId, users.id)))
      .where(inArray(users.id, ids));
    return rows.map(({ status, invitedAs, ...person }) => {
      const pending = status === 'pending' && invitedAs;
      return {
        ...person,
        ...nameInFirm({ status: status ?? 'active', invitedAs, ...person }),
        phone: pending ? (invitedAs.phone ?? null) : person.phone,
      };
    });
  },

  /**
   * The case's team, each with their type in the case's firm, named as the firm sees them
   * (`nameInFirm`).
   */
  async members(db: DbOrTx, caseId: string): Promise<CaseMember[]> {
    const rows = await db
      .select({
        userId: caseMembers.userId,
        role: caseMembers.role,
        addedAt: caseMembers.addedAt,
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
        userType: memberships.userType,
        status: memberships.status,
        invitedAs: memberships.invitedAs,
      })
      .from(caseMembers)
      .innerJoin(users, eq(users.id, caseMembers.userId))
      .innerJoin(
        memberships,
        and(eq(memberships.firmId, caseMembers.firmId), eq(memberships.userId, caseMembers.userId)),
      )
      .where(eq(caseMembers.caseId, caseId))
      .orderBy(asc(caseMembers.addedAt));
    return rows.map((row) => {
      const shown = nameInFirm(row);
      return {
        userId: row.userId,
        name: fullName(shown.firstName, shown.lastName),
        email: row.email,
        userType: row.userType,
        role: row.role as CaseMemberRole,
        addedAt: row.addedAt.toISOString(),
      };
    });
  },

  async addMember(db: DbOrTx, values: typeof caseMembers.$inferInsert): Promise<void> {
    await db
      .insert(caseMembers)
      .values(values)
      .onConflictDoUpdate({
        target: [caseMembers.caseId, caseMembers.userId],
        set: { role: values.role },
      });
  },

  /** Whether someone was removed. */
  async removeMember(db: DbOrTx, caseId: string, userId: string): Promise<boolean> {
    const removed = await db
      .delete(caseMembers)
      .where(and(eq(caseMembers.caseId, caseId), eq(caseMembers.userId, userId)))
      .returning({ userId: caseMembers.userId });
    return removed.length > 0;
  },

  async recordStatus(db: DbOrTx, values: typeof caseStatusHistory.$inferInsert): Promise<void> {
    await db.insert(caseStatusHistory).values(values);
  },

  async statusHistory(db: DbOrTx, caseId: string) {
    const rows = await db
      .select({
        status: caseStatusHistory.status,
        at: caseStatusHistory.changedAt,
        firstName: users.firstName,
        lastName: users.lastName,
      })
      .from(caseStatusHistory)
      .leftJoin(users, eq(users.id, caseStatusHistory.changedById))
      .where(eq(caseStatusHistory.caseId, caseId))
      .orderBy(asc(caseStatusHistory.changedAt), asc(caseStatusHistory.id));
    return rows.map((row) => ({
      status: row.status as CaseStatus,
      at: row.at.toISOString(),
      by: row.firstName ? fullName(row.firstName, row.lastName) : null,
    }));
  },

  /** The case summary of one case (after a change). */
  async summary(db: DbOrTx, caseId: string): Promise<CaseSummary | undefined> {
    const [row] = await db
      .select(summaryColumns)
      .from(cases)
      .innerJoin(client, eq(client.id, cases.clientId))
      .leftJoin(clientMembership, clientMembershipOn)
      .leftJoin(lead, eq(lead.id, cases.leadAttorneyId))
      .where(eq(cases.id, caseId));
    return row ? toSummary(row) : undefined;
  },

  /**
   * The case's documents the viewer may see whose analysis is completed, with the analysis's
   * document_metadata only (the stored analysis also holds the document's text).
   */
  async analysedDocuments(db: DbOrTx, viewer: CaseViewer, caseId: string): Promise<AnalysedCaseDocument[]> {
    return db
      .select({
        id: documents.id,
        fileName: documents.fileName,
        createdAt: documents.createdAt,
        metadata: sql<unknown>`${documents.analysis} -> 'document_metadata'`,
      })
      .from(documents)
      .where(
        and(
          documentsVisibleTo(viewer),
          eq(documents.caseId, caseId),
          eq(documents.analysisStatus, 'completed'),
        ),
      );
  },
};
