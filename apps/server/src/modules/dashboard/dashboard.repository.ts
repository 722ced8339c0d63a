import { and, count, eq, inArray, sql } from 'drizzle-orm';
import { schema, type DbOrTx } from '@sentinel/db';
import type { CaseStatus, CaseType } from '@sentinel/shared';
import { nameInFirm } from '../memberships/memberships.repository';

const { cases, clientProfiles, memberships, users } = schema;

/** The attorney dashboard's figures, each one query over the firm's rows. */
export const dashboardRepository = {
  /**
   * Cases per status and type with the settlement sums the stat cards need, in one pass over the
   * firm's cases (an index-only scan of cases_firm_dashboard_idx where it can).
   */
  async caseFigures(db: DbOrTx, firmId: string, monthStart: Date) {
    const rows = await db
      .select({
        status: cases.status,
        caseType: cases.caseType,
        count: count(),
        settledMtd: sql<
          string | null
        >`sum(${cases.settlementAmount}) filter (where ${cases.settledAt} >= ${monthStart.toISOString()})`,
        withTarget: sql<number>`count(*) filter (where ${cases.targetSettlement} > 0)::int`,
        reachedTarget: sql<number>`count(*) filter (where ${cases.targetSettlement} > 0 and ${cases.settlementAmount} >= ${cases.targetSettlement} * 0.9)::int`,
      })
      .from(cases)
      .where(eq(cases.firmId, firmId))
      .groupBy(cases.status, cases.caseType);
    return rows.map((row) => ({
      status: row.status as CaseStatus,
      caseType: row.caseType as CaseType,
      count: row.count,
      settledMtd: Number(row.settledMtd ?? 0),
      withTarget: row.withTarget,
      reachedTarget: row.reachedTarget,
    }));
  },

  async totalClients(db: DbOrTx, firmId: string): Promise<number> {
    const [row] = await db
      .select({ total: count() })
      .from(clientProfiles)
      .where(eq(clientProfiles.firmId, firmId));
    return row?.total ?? 0;
  },

  /** Names for the cases and clients the activity mentions. */
  async labels(db: DbOrTx, firmId: string, caseIds: string[], clientIds: string[]) {
    const [caseRows, clientRows] = await Promise.all([
      caseIds.length
        ? db
            .select({ id: cases.id, caseNumber: cases.caseNumber, title: cases.title })
            .from(cases)
            .where(and(eq(cases.firmId, firmId), inArray(cases.id, caseIds)))
        : [],
      clientIds.length
        ? db
            .select({
              id: users.id,
              firstName: users.firstName,
              lastName: users.lastName,
              status: memberships.status,
              invitedAs: memberships.invitedAs,
            })
            .from(clientProfiles)
            .innerJoin(users, eq(users.id, clientProfiles.userId))
            .innerJoin(
              memberships,
              and(
                eq(memberships.firmId, clientProfiles.firmId),
                eq(memberships.userId, clientProfiles.userId),
              ),
            )
            .where(and(eq(clientProfiles.firmId, firmId), inArray(clientProfiles.userId, clientIds)))
        : [],
    ]);
    // A client who has not accepted yet is named as the firm entered them.
    return { caseRows, clientRows: clientRows.map((row) => ({ id: row.id, ...nameInFirm(row) })) };
  },
};
