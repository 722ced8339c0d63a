import { z } from 'zod';
import { CASE_STATUSES, CASE_TYPES } from './cases';

/** The period selector of Firm Analytics (spec §2), as it travels in `?period=`. */
export const ANALYTICS_PERIODS = ['90d', '30d', 'year', 'all'] as const;
export type AnalyticsPeriod = (typeof ANALYTICS_PERIODS)[number];
export const DEFAULT_ANALYTICS_PERIOD: AnalyticsPeriod = '90d';

/** The selector's texts, in the spec's order. */
export const ANALYTICS_PERIOD_LABELS: Record<AnalyticsPeriod, string> = {
  '90d': 'Last 90 Days',
  '30d': 'Last 30 Days',
  year: 'This Year',
  all: 'All Time',
};

/** Days a rolling period spans, today included. */
export const ANALYTICS_PERIOD_DAYS = { '90d': 90, '30d': 30 } as const;

/** How many rows 'Top Performing Cases' lists. */
export const TOP_CASES_LIMIT = 10;

/** Average days in a month: a case's duration in days / this = months. */
export const DAYS_PER_MONTH = 30.4375;

/**
 * What each figure means, shown on hover and focus on the screen and written into the export.
 * "The period" is the one chosen: from its first day (UTC) to now; All Time has no first day.
 */
export const ANALYTICS_DEFINITIONS = {
  activeCases:
    'Cases not settled now. The line below counts the cases that were open at some time in the period: not settled, or settled during it.',
  settlementsMtd:
    'Settlement amounts of cases that entered Settled since the 1st of this month (UTC), as on the dashboard. The line below sums those settled in the period.',
  successRate:
    'Of the cases settled in the period that had a target settlement, the share whose settlement reached at least 90% of the target.',
  totalClients:
    "The firm's clients (the directory's rows, deactivated ones included). The line below counts those added in the period.",
  revenueByCaseType: 'Settlement amounts of cases settled in the period, summed by case type.',
  caseSuccessRate:
    'Cases settled in the period: settlement at least 90% of the target, below 90% of the target, or no target set.',
  monthlyTrends:
    'Per month (UTC) in the period: cases opened (by date opened), cases settled and their settlement total.',
  topCases: 'The cases settled in the period with the highest settlement amounts.',
  avgCaseDuration:
    'Of the cases settled in the period, the average time from the date opened to the settlement, in months of 30.4 days.',
  avgSettlementValue: 'The average settlement amount of the cases settled in the period with an amount.',
  casesInNegotiation: 'Cases whose status is Negotiation now.',
  pendingDepositions: 'Deposition events on cases that have not started yet.',
  expertReportsDue: 'Expert engagements on cases with a report due date and no report received yet.',
} as const;
export type AnalyticsFigure = keyof typeof ANALYTICS_DEFINITIONS;

/** GET /api/analytics and GET /api/analytics/export.csv. */
export const analyticsQuery = z.object({
  period: z.enum(ANALYTICS_PERIODS).default(DEFAULT_ANALYTICS_PERIOD),
});
export type AnalyticsQuery = z.infer<typeof analyticsQuery>;

/** GET /api/analytics: the firm's figures for one period. Amounts are dollars. */
export const analyticsResponse = z.object({
  period: z.enum(ANALYTICS_PERIODS),
  /** The period's first day (UTC), or null for All Time. */
  from: z.string().nullable(),
  /** Today (UTC): every period ends now. */
  to: z.string(),
  stats: z.object({
    activeCases: z.number().int(),
    activeCasesInPeriod: z.number().int(),
    settlementsMtd: z.number(),
    settlementsInPeriod: z.number(),
    /** 0–100, or null while no case settled in the period had a target. */
    successRate: z.number().nullable(),
    settledWithTarget: z.number().int(),
    totalClients: z.number().int(),
    newClients: z.number().int(),
  }),
  revenueByCaseType: z.array(
    z.object({ caseType: z.enum(CASE_TYPES), settled: z.number().int(), total: z.number() }),
  ),
  caseSuccess: z.object({
    reachedTarget: z.number().int(),
    belowTarget: z.number().int(),
    noTarget: z.number().int(),
  }),
  /** Oldest first; 'YYYY-MM'. */
  monthly: z.array(
    z.object({
      month: z.string(),
      opened: z.number().int(),
      settled: z.number().int(),
      settlementTotal: z.number(),
    }),
  ),
  topCases: z.array(
    z.object({
      caseId: z.string(),
      caseNumber: z.string(),
      title: z.string(),
      clientName: z.string(),
      settlementAmount: z.number(),
      status: z.enum(CASE_STATUSES),
      settledAt: z.string(),
    }),
  ),
  quickStats: z.object({
    /** Months with one decimal, or null while nothing settled in the period. */
    avgCaseDurationMonths: z.number().nullable(),
    avgSettlementValue: z.number().nullable(),
    casesInNegotiation: z.number().int(),
    pendingDepositions: z.number().int(),
    expertReportsDue: z.number().int(),
  }),
});
export type AnalyticsResponse = z.infer<typeof analyticsResponse>;
