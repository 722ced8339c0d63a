import { SUCCESS_RATE_DEFINITION, type AttorneyDashboardResponse } from '@sentinel/shared';
import { Briefcase, DollarSign, FolderOpen, PieChart, Trophy, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { paths } from '@/config/paths';
import { useAttorneyDashboard } from '../api/get-attorney-dashboard';
import { formatCount, formatDollarsRounded, formatPercent } from '@/lib/format';
import { DoughnutChart } from './doughnut-chart';
import { FunnelChart } from './funnel-chart';
import { InfoTip } from '@/components/charts/info-tip';
import { RecentActivity } from './recent-activity';
import { StatCard } from '@/components/charts/stat-card';
import { UpcomingDeadlines } from './upcoming-deadlines';
import { LoadError } from '@/components/ui/load-error';

/**
 * /attorney/dashboard: the firm's figures from GET /api/dashboard/attorney (spec §2). `notice`
 * shows under the heading (the invitations of other firms).
 */
export function AttorneyDashboard({ name, notice }: { name: string; notice?: ReactNode }) {
  const dashboard = useAttorneyDashboard();
  return (
    <>
      <PageHeader
        title={name ? `Welcome back, ${name}` : 'Welcome back'}
        documentTitle="Attorney Dashboard"
        description="An overview of your firm’s cases, settlements and deadlines."
      />
      {notice}
      {dashboard.isPending ? (
        <DashboardSkeleton />
      ) : dashboard.isError ? (
        <LoadError
          error={dashboard.error}
          fallback="The dashboard could not be loaded. Please try again."
          onRetry={() => void dashboard.refetch()}
          retrying={dashboard.isFetching}
        />
      ) : (
        <DashboardView data={dashboard.data} />
      )}
    </>
  );
}

export function DashboardView({ data, now }: { data: AttorneyDashboardResponse; now?: number }) {
  const { stats } = data;
  const totalCases = data.funnel.reduce((sum, row) => sum + row.count, 0);
  const settledWithTarget = `${formatCount(stats.settledWithTarget)} settled ${
    stats.settledWithTarget === 1 ? 'case' : 'cases'
  } with a target`;
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <StatCard
          label="Active Cases"
          icon={Briefcase}
          value={formatCount(stats.activeCases)}
          note={`${formatCount(totalCases)} in total`}
        />
        <StatCard label="Total Clients" icon={Users} value={formatCount(stats.totalClients)} />
        <StatCard
          label="Settlements MTD"
          icon={DollarSign}
          value={formatDollarsRounded(stats.settlementsMtd)}
          note="Settled since the 1st of this month"
        />
        <StatCard
          label="Success Rate"
          icon={Trophy}
          info={<InfoTip label="How Success Rate is measured" text={SUCCESS_RATE_DEFINITION} />}
          value={stats.successRate === null ? undefined : formatPercent(stats.successRate)}
          note={stats.successRate === null ? 'No settled cases with a target yet' : `Of ${settledWithTarget}`}
        />
      </div>

      <div className="mt-6 grid gap-6 lg:grid-cols-2">
        <Card title="Settlement Funnel" description="Cases by status, from intake to settled">
          {totalCases === 0 ? (
            <EmptyState
              icon={FolderOpen}
              headingLevel="h3"
              title="No cases yet"
              description="Each case is counted here under its status once you open it."
              action={
                <Link to={paths.cases} className={buttonClasses()}>
                  Go to Cases to open one
                </Link>
              }
            />
          ) : (
            <FunnelChart funnel={data.funnel} />
          )}
        </Card>
        <Card title="Case Types Distribution" description="All cases by type">
          {totalCases === 0 ? (
            <EmptyState
              icon={PieChart}
              headingLevel="h3"
              title="No case types to show"
              description="The share of each case type appears here once your firm has a case."
            />
          ) : (
            <DoughnutChart caseTypes={data.caseTypes} />
          )}
        </Card>
      </div>

      <div className="mt-6 grid gap-6 lg:grid-cols-2">
        <Card title="Recent Activity">
          <RecentActivity items={data.recentActivity} now={now} />
        </Card>
        <Card title="Upcoming Deadlines">
          <UpcomingDeadlines items={data.upcomingDeadlines} now={now} />
        </Card>
      </div>
    </>
  );
}

function DashboardSkeleton() {
  return (
    <div role="status" aria-live="polite">
      <span className="sr-only">Loading dashboard...</span>
      <div aria-hidden="true" className="animate-pulse">
        <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
          {[0, 1, 2, 3].map((key) => (
            <div key={key} className="h-35 rounded-xl border border-slate-200 bg-white p-5">
              <div className="h-4 w-24 rounded bg-slate-200" />
              <div className="mt-5 h-8 w-20 rounded bg-slate-200" />
              <div className="mt-3 h-3 w-32 rounded bg-slate-100" />
            </div>
          ))}
        </div>
        <div className="mt-6 grid gap-6 lg:grid-cols-2">
          {[0, 1].map((key) => (
            <div key={key} className="h-72 rounded-xl border border-slate-200 bg-white p-5">
              <div className="h-4 w-40 rounded bg-slate-200" />
              <div className="mt-6 space-y-3">
                {[0, 1, 2, 3, 4].map((row) => (
                  <div key={row} className="h-6 rounded bg-slate-100" />
                ))}
              </div>
            </div>
          ))}
        </div>
      </div>
    </div>
  );
}
