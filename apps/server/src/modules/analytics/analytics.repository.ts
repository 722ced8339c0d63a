import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx, InvitedAs } from '@sentinel/db';
import type { CaseStatus, CaseType } from '@sentinel/shared';
import { rowsOf } from '../../platform/throttle';
import { nameInFirm } from '../memberships/memberships.repository';

/**
 * The window figures are computed over: `from` is the first instant of the period (UTC midnight
 * of its first day), null for All Time; `today` is the period's last day (UTC).
 */
export interface AnalyticsWindow {
  from: Date | null;
  fromDay: string | null;
  today: string;
  monthStart: Date;
  now: Date;
}

const since = (column: SQL, from: Date | string | null) =>
  from === null ? sql`true` : sql`${column} >= ${from instanceof Date ? from.toISOString() : from}`;

async function rows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  return rowsOf<T>(await db.execute(query));
}

/** The statements, apart so the benchmark can EXPLAIN them (bench/analytics.ts). */
export const analyticsSql = {
  // The open cases are three of the four statuses: ranges of cases_firm_dashboard_idx.
  caseCounts: (firmId: string, window: AnalyticsWindow) =>
    sql`select count(*)::int as active,
               count(*) filter (where status = 'negotiation')::int as in_negotiation,
               (select coalesce(sum(settlement_amount), 0)::text from cases
                 where firm_id = ${firmId} and status = 'settled' and settled_at >= ${window.monthStart.toISOString()}) as mtd
        from cases
        where firm_id = ${firmId} and status in ('active', 'discovery', 'negotiation', 'settlement')`,
  settledByType: (firmId: string, window: AnalyticsWindow) =>
    sql`select case_type,
                 count(*)::int as settled,
                 count(settlement_amount)::int as with_amount,
                 coalesce(sum(settlement_amount), 0)::text as total,
                 count(*) filter (where target_settlement > 0)::int as with_target,
                 count(*) filter (where target_settlement > 0 and settlement_amount >= target_settlement * 0.9)::int as reached,
                 coalesce(sum(greatest(0, (settled_at at time zone 'UTC')::date - date_opened)), 0)::text as duration_days
          from cases
          where firm_id = ${firmId} and status = 'settled' and ${since(sql`settled_at`, window.from)}
          group by case_type`,
  // Grouped by the month's first day and named after: to_char on every row costs more than the scan.
  monthly: (firmId: string, window: AnalyticsWindow) =>
    sql`select to_char(month, 'YYYY-MM') as month, sum(opened)::int as opened, sum(settled)::int as settled,
               coalesce(sum(total), 0)::text as total
        from (
          select date_trunc('month', date_opened)::date as month, count(*) as opened, 0 as settled, null::numeric as total
          from cases
          where firm_id = ${firmId} and ${since(sql`date_opened`, window.fromDay)} and date_opened <= ${window.today}
          group by 1
          union all
          select date_trunc('month', settled_at at time zone 'UTC')::date, 0, count(*), sum(settlement_amount)
          from cases
          where firm_id = ${firmId} and status = 'settled' and ${since(sql`settled_at`, window.from)}
          group by 1
        ) m
        group by m.month
        order by m.month`,
  // 'nulls last' as cases_firm_top_settlements_idx has it: the index gives the order, the scan stops at the limit.
  topCases: (firmId: string, window: AnalyticsWindow, limit: number) =>
    sql`select c.id, c.case_number, c.title, c.settlement_amount::text as amount, c.status,
                 to_char(c.settled_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as settled_at,
                 u.first_name, u.last_name, m.status as membership_status, m.invited_as
          from cases c
          join users u on u.id = c.client_id
          left join memberships m on m.firm_id = c.firm_id and m.user_id = c.client_id
          where c.firm_id = ${firmId} and c.status = 'settled' and c.settlement_amount is not null
            and ${since(sql`c.settled_at`, window.from)}
          order by c.settlement_amount desc nulls last, c.settled_at desc, c.id
          limit ${limit}`,
  clients: (firmId: string, window: AnalyticsWindow) =>
    sql`select count(*)::int as total, count(*) filter (where ${since(sql`created_at`, window.from)})::int as added
          from client_profiles where firm_id = ${firmId}`,
  upcoming: (firmId: string, window: AnalyticsWindow) =>
    sql`select
            (select count(*)::int from calendar_events
              where firm_id = ${firmId} and case_id is not null and event_type = 'deposition'
                and starts_at >= ${window.now.toISOString()}) as depositions,
            (select count(*)::int from case_experts
              where firm_id = ${firmId} and report_received_at is null and report_due_on is not null) as reports`,
};

/**
 * Firm Analytics' queries, each scoped by firm, each one index scan: the open cases from
 * `cases_firm_dashboard_idx`, the settled ones from `cases_firm_settled_idx` and
 * `cases_firm_top_settlements_idx`, the openings from `cases_firm_opened_idx` (migration 0018;
 * plans in docs/performance.md).
 */
export const analyticsRepository = {
  /** The open cases, those in negotiation, and this month's settlements. */
  async caseCounts(db: DbOrTx, firmId: string, window: AnalyticsWindow) {
    const [row] = await rows<{ active: number; in_negotiation: number; mtd: string }>(
      db,
      analyticsSql.caseCounts(firmId, window),
    );
    return {
      activeCases: row?.active ?? 0,
      casesInNegotiation: row?.in_negotiation ?? 0,
      settlementsMtd: Number(row?.mtd ?? 0),
    };
  },

  /** The cases settled in the period, per case type. */
  async settledByType(db: DbOrTx, firmId: string, window: AnalyticsWindow) {
    const result = await rows<{
      case_type: string;
      settled: number;
      with_amount: number;
      total: string;
      with_target: number;
      reached: number;
      duration_days: string;
    }>(db, analyticsSql.settledByType(firmId, window));
    return result.map((row) => ({
      caseType: row.case_type as CaseType,
      settled: row.settled,
      withAmount: row.with_amount,
      total: Number(row.total),
      withTarget: row.with_target,
      reached: row.reached,
      durationDays: Number(row.duration_days),
    }));
  },

  /** Cases opened and settled per month (UTC) of the period, oldest first. */
  async monthly(db: DbOrTx, firmId: string, window: AnalyticsWindow) {
    const result = await rows<{ month: string; opened: number; settled: number; total: string }>(
      db,
      analyticsSql.monthly(firmId, window),
    );
    return result.map((row) => ({
      month: row.month,
      opened: row.opened,
      settled: row.settled,
      settlementTotal: Number(row.total),
    }));
  },

  /** The cases settled in the period with the highest settlement amounts. */
  async topCases(db: DbOrTx, firmId: string, window: AnalyticsWindow, limit: number) {
    const result = await rows<{
      id: string;
      case_number: string;
      title: string;
      amount: string;
      status: string;
      settled_at: string;
      first_name: string;
      last_name: string;
      membership_status: string | null;
      invited_as: InvitedAs | null;
    }>(db, analyticsSql.topCases(firmId, window, limit));
    return result.map((row) => {
      // A client who has not accepted yet is named as the firm entered them.
      const name = nameInFirm({
        status: row.membership_status ?? 'active',
        invitedAs: row.invited_as,
        firstName: row.first_name,
        lastName: row.last_name,
      });
      return {
        caseId: row.id,
        caseNumber: row.case_number,
        title: row.title,
        clientName: `${name.firstName} ${name.lastName}`.trim(),
        settlementAmount: Number(row.amount),
        status: row.status as CaseStatus,
        settledAt: row.settled_at,
      };
    });
  },

  /** The firm's clients, and those added in the period. */
  async clients(db: DbOrTx, firmId: string, window: AnalyticsWindow) {
    const [row] = await rows<{ total: number; added: number }>(db, analyticsSql.clients(firmId, window));
    return { totalClients: row?.total ?? 0, newClients: row?.added ?? 0 };
  },

  /** Depositions on cases still to come, and expert reports due and not received. */
  async upcoming(db: DbOrTx, firmId: string, window: AnalyticsWindow) {
    const [row] = await rows<{ depositions: number; reports: number }>(
      db,
      analyticsSql.upcoming(firmId, window),
    );
    return { pendingDepositions: row?.depositions ?? 0, expertReportsDue: row?.reports ?? 0 };
  },
};
