import type { Database } from '@sentinel/db';
import { CASE_STATUSES, CASE_TYPES, type AttorneyDashboardResponse } from '@sentinel/shared';
import { activityOf, type AuditAction, type ReadAudit } from '../../platform/audit';
import type { FirmCache } from '../../platform/firm-cache';
import type { RequestContext } from '../../platform/request-context';
import type { Principal } from '../auth/principal';
import { calendarRepository } from '../calendar/calendar.repository';
import { deadlineTitle } from '../calendar/event-view';
import { addDays } from '../calendar/times';
import { dashboardRepository as repo } from './dashboard.repository';

const RECENT_ACTIVITY = 8;
/** What Recent Activity lists: changes to cases and clients. */
const ACTIVITY_ACTIONS: readonly AuditAction[] = [
  'case_created',
  'case_updated',
  'case_member_added',
  'case_member_removed',
  'client_created',
  'client_invitation_sent',
  'client_deactivated',
];
const UPCOMING_DEADLINES = 6;
/** Deadlines this far ahead are upcoming. */
const DEADLINE_HORIZON_DAYS = 366;

const text = (value: unknown) => (typeof value === 'string' ? value : null);

/** The attorney dashboard (spec §2) from the firm's cases, clients and audit trail. */
export class DashboardService {
  constructor(
    private readonly db: Database,
    private readonly readAudit: ReadAudit,
    private readonly firmCache: FirmCache,
  ) {}

  /** The figures are kept until the firm's cases or clients change (platform/firm-cache.ts). */
  async attorney(principal: Principal, context: RequestContext): Promise<AttorneyDashboardResponse> {
    const response = await this.firmCache.get(principal.firmId, 'dashboard', () => this.compute(principal));
    this.readAudit.record(context, {
      action: 'dashboard_viewed',
      outcome: 'success',
      firmId: principal.firmId,
      userId: principal.userId,
    });
    return response;
  }

  /** Four queries over the firm's cases, clients and audit trail, run side by side. */
  async compute(principal: Pick<Principal, 'firmId'>): Promise<AttorneyDashboardResponse> {
    const now = new Date();
    const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
    const today = now.toISOString().slice(0, 10);
    const [figures, totalClients, activity, upcomingDeadlines] = await Promise.all([
      repo.caseFigures(this.db, principal.firmId, monthStart),
      repo.totalClients(this.db, principal.firmId),
      activityOf(this.db, principal.firmId, { actions: ACTIVITY_ACTIONS }, RECENT_ACTIVITY),
      // The calendar's deadlines (case due dates, those document analysis found and those the
      // claim deadline engine computed), firm-wide.
      calendarRepository.deadlines(
        this.db,
        { firmId: principal.firmId, userId: '', userType: 'attorney' },
        today,
        addDays(today, DEADLINE_HORIZON_DAYS),
        UPCOMING_DEADLINES,
        { computed: true },
      ),
    ]);

    const settled = figures.filter((row) => row.status === 'settled');
    const withTarget = settled.reduce((sum, row) => sum + row.withTarget, 0);
    const reachedTarget = settled.reduce((sum, row) => sum + row.reachedTarget, 0);
    const sumBy = <K extends 'status' | 'caseType'>(key: K, value: string) =>
      figures.filter((row) => row[key] === value).reduce((sum, row) => sum + row.count, 0);

    const caseIds = new Set<string>();
    const clientIds = new Set<string>();
    for (const row of activity) {
      const caseId = text(row.details?.caseId);
      const clientId = text(row.details?.clientId);
      if (caseId) caseIds.add(caseId);
      if (clientId) clientIds.add(clientId);
    }
    const { caseRows, clientRows } = await repo.labels(
      this.db,
      principal.firmId,
      [...caseIds],
      [...clientIds],
    );

    return {
      stats: {
        activeCases: figures
          .filter((row) => row.status !== 'settled')
          .reduce((sum, row) => sum + row.count, 0),
        totalClients,
        settlementsMtd: Math.round(settled.reduce((sum, row) => sum + row.settledMtd, 0) * 100) / 100,
        successRate: withTarget === 0 ? null : Math.round((reachedTarget / withTarget) * 1000) / 10,
        settledWithTarget: withTarget,
      },
      funnel: CASE_STATUSES.map((status) => ({ status, count: sumBy('status', status) })),
      caseTypes: CASE_TYPES.map((caseType) => ({ caseType, count: sumBy('caseType', caseType) })),
      recentActivity: activity.map((row) => {
        const caseId = text(row.details?.caseId);
        const clientId = text(row.details?.clientId);
        const caseRow = caseRows.find((c) => c.id === caseId);
        const clientRow = clientRows.find((c) => c.id === clientId);
        return {
          action: row.action,
          at: row.at.toISOString(),
          by: row.by,
          caseId: caseRow ? caseRow.id : null,
          caseNumber: caseRow?.caseNumber ?? null,
          caseTitle: caseRow?.title ?? null,
          clientId: clientRow ? clientRow.id : null,
          clientName: clientRow ? `${clientRow.firstName} ${clientRow.lastName}` : null,
        };
      }),
      upcomingDeadlines: upcomingDeadlines.slice(0, UPCOMING_DEADLINES).map((row) => ({
        caseId: row.caseId,
        caseNumber: row.caseNumber,
        title: row.kind === 'case_due' ? row.caseTitle : deadlineTitle(row),
        date: row.date,
        priority: row.priority,
      })),
    };
  }
}
