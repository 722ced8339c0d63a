import { z } from 'zod';
import { PRIORITIES } from '../constants';
import { CASE_STATUSES, CASE_TYPES } from './cases';

/**
 * Success rate: of the firm's settled cases that had a target settlement, the share whose
 * settlement reached at least 90 % of the target — the low end of the spec's AI target range.
 */
export const SUCCESS_RATE_DEFINITION =
  'Settled cases whose settlement reached at least 90% of the target settlement, out of all settled cases with a target.';

/** GET /api/dashboard/attorney: the attorney dashboard of spec §2, from the firm's data. */
export const attorneyDashboardResponse = z.object({
  stats: z.object({
    /** Cases not yet settled. */
    activeCases: z.number().int(),
    totalClients: z.number().int(),
    /** Sum of settlement amounts of cases settled since the first of this month (UTC). */
    settlementsMtd: z.number(),
    /** 0–100, or null while no settled case has a target. */
    successRate: z.number().nullable(),
    settledWithTarget: z.number().int(),
  }),
  funnel: z.array(z.object({ status: z.enum(CASE_STATUSES), count: z.number().int() })),
  caseTypes: z.array(z.object({ caseType: z.enum(CASE_TYPES), count: z.number().int() })),
  recentActivity: z.array(
    z.object({
      action: z.string(),
      at: z.string(),
      by: z.string().nullable(),
      caseId: z.string().nullable(),
      caseNumber: z.string().nullable(),
      caseTitle: z.string().nullable(),
      clientId: z.string().nullable(),
      clientName: z.string().nullable(),
    }),
  ),
  upcomingDeadlines: z.array(
    z.object({
      caseId: z.string(),
      caseNumber: z.string(),
      title: z.string(),
      date: z.string(),
      priority: z.enum(PRIORITIES),
    }),
  ),
});
export type AttorneyDashboardResponse = z.infer<typeof attorneyDashboardResponse>;
