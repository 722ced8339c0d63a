import type { Database } from '@sentinel/db';
import {
  ANALYTICS_PERIOD_DAYS,
  CASE_TYPES,
  DAYS_PER_MONTH,
  TOP_CASES_LIMIT,
  type AnalyticsPeriod,
  type AnalyticsResponse,
} from '@sentinel/shared';
import { actorEntry, type ReadAudit } from '../../platform/audit';
import type { FirmCache } from '../../platform/firm-cache';
import type { RequestContext } from '../../platform/request-context';
import type { Principal } from '../auth/principal';
import { analyticsCsv } from './analytics-csv';
import { analyticsRepository as repo, type AnalyticsWindow } from './analytics.repository';

const DAY_MS = 24 * 60 * 60 * 1000;
const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/**
 * The period's window. Days and months are UTC, as the dashboard's Settlements MTD counts them:
 * 'Last 30 Days' is today and the 29 days before it, 'This Year' starts on 1 January.
 */
export function analyticsWindow(period: AnalyticsPeriod, now: Date = new Date()): AnalyticsWindow {
  const today = isoDay(now);
  const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  let fromDay: string | null;
  if (period === 'all') fromDay = null;
  else if (period === 'year') fromDay = `${now.getUTCFullYear()}-01-01`;
  else
    fromDay = isoDay(
      new Date(Date.parse(`${today}T00:00:00Z`) - (ANALYTICS_PERIOD_DAYS[period] - 1) * DAY_MS),
    );
  return { from: fromDay ? new Date(`${fromDay}T00:00:00Z`) : null, fromDay, today, monthStart, now };
}

/** Every month from `first` to `last` ('YYYY-MM'), both included. */
function monthsBetween(first: string, last: string): string[] {
  const months: string[] = [];
  let [year, month] = first.split('-').map(Number) as [number, number];
  const [lastYear, lastMonth] = last.split('-').map(Number) as [number, number];
  while (year < lastYear || (year === lastYear && month <= lastMonth)) {
    months.push(`${year}-${String(month).padStart(2, '0')}`);
    if (++month > 12) [year, month] = [year + 1, 1];
  }
  return months;
}

const cents = (value: number) => Math.round(value * 100) / 100;

/** Firm Analytics (spec §2): the firm's figures for a period, and the same as CSV. */
export class AnalyticsService {
  constructor(
    private readonly db: Database,
    private readonly readAudit: ReadAudit,
    private readonly firmCache: FirmCache,
  ) {}

  /** Kept per firm and period until the firm's cases or clients change (platform/firm-cache.ts). */
  async figures(
    principal: Principal,
    period: AnalyticsPeriod,
    context: RequestContext,
  ): Promise<AnalyticsResponse> {
    const response = await this.cached(principal.firmId, period);
    this.readAudit.record(context, actorEntry(principal, 'analytics_viewed', { period }));
    return response;
  }

  /** The period's figures and top cases as CSV, with its file name. */
  async exportCsv(principal: Principal, period: AnalyticsPeriod, context: RequestContext) {
    const response = await this.cached(principal.firmId, period);
    this.readAudit.record(context, actorEntry(principal, 'analytics_exported', { period }));
    return { fileName: `sentinel-analytics-${period}-${response.to}.csv`, csv: analyticsCsv(response) };
  }

  private cached(firmId: string, period: AnalyticsPeriod) {
    return this.firmCache.get(firmId, `analytics:${period}`, () => this.compute(firmId, period));
  }

  /** Six queries over the firm's cases, clients, calendar and expert engagements, side by side. */
  async compute(firmId: string, period: AnalyticsPeriod, now: Date = new Date()): Promise<AnalyticsResponse> {
    const window = analyticsWindow(period, now);
    const [counts, byType, monthlyRows, topCases, clients, upcoming] = await Promise.all([
      repo.caseCounts(this.db, firmId, window),
      repo.settledByType(this.db, firmId, window),
      repo.monthly(this.db, firmId, window),
      repo.topCases(this.db, firmId, window, TOP_CASES_LIMIT),
      repo.clients(this.db, firmId, window),
      repo.upcoming(this.db, firmId, window),
    ]);

    const sum = (pick: (row: (typeof byType)[number]) => number) =>
      byType.reduce((total, row) => total + pick(row), 0);
    const settled = sum((row) => row.settled);
    const withAmount = sum((row) => row.withAmount);
    const withTarget = sum((row) => row.withTarget);
    const reached = sum((row) => row.reached);
    const settlementsInPeriod = cents(sum((row) => row.total));

    const thisMonth = window.today.slice(0, 7);
    const firstMonth = window.fromDay?.slice(0, 7) ?? monthlyRows[0]?.month;
    const monthly = firstMonth
      ? monthsBetween(firstMonth, thisMonth).map(
          (month) =>
            monthlyRows.find((row) => row.month === month) ?? {
              month,
              opened: 0,
              settled: 0,
              settlementTotal: 0,
            },
        )
      : [];

    return {
      period,
      from: window.fromDay,
      to: window.today,
      stats: {
        activeCases: counts.activeCases,
        // Open now, or settled during the period: open at some time in it.
        activeCasesInPeriod: counts.activeCases + settled,
        settlementsMtd: cents(counts.settlementsMtd),
        settlementsInPeriod,
        successRate: withTarget === 0 ? null : Math.round((reached / withTarget) * 1000) / 10,
        settledWithTarget: withTarget,
        totalClients: clients.totalClients,
        newClients: clients.newClients,
      },
      revenueByCaseType: CASE_TYPES.map((caseType) => {
        const row = byType.find((item) => item.caseType === caseType);
        return { caseType, settled: row?.settled ?? 0, total: cents(row?.total ?? 0) };
      }),
      caseSuccess: {
        reachedTarget: reached,
        belowTarget: withTarget - reached,
        noTarget: settled - withTarget,
      },
      monthly: monthly.map((row) => ({ ...row, settlementTotal: cents(row.settlementTotal) })),
      topCases,
      quickStats: {
        avgCaseDurationMonths:
          settled === 0
            ? null
            : Math.round((sum((row) => row.durationDays) / settled / DAYS_PER_MONTH) * 10) / 10,
        avgSettlementValue: withAmount === 0 ? null : cents(settlementsInPeriod / withAmount),
        casesInNegotiation: counts.casesInNegotiation,
        pendingDepositions: upcoming.pendingDepositions,
        expertReportsDue: upcoming.expertReportsDue,
      },
    };
  }
}
