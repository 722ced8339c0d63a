import {
  ANALYTICS_DEFINITIONS,
  ANALYTICS_PERIOD_LABELS,
  CASE_TYPE_LABELS,
  type AnalyticsResponse,
} from '@sentinel/shared';
import { Briefcase, DollarSign, LineChart as LineIcon, PieChart, Trophy, Users } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { generatePath, Link } from 'react-router';
import { BarChart } from '@/components/charts/bar-chart';
import { InfoTip } from '@/components/charts/info-tip';
import { LineChart } from '@/components/charts/line-chart';
import { ShareDoughnut } from '@/components/charts/share-doughnut';
import { StatCard } from '@/components/charts/stat-card';
import { Card } from '@/components/ui/card';
import { CaseStatusBadge } from '@/components/ui/case-status-badge';
import { EmptyState } from '@/components/ui/empty-state';
import { bodyCell, ListTable, TableOrCards } from '@/components/ui/list';
import { paths } from '@/config/paths';
import { formatCount, formatDollarsRounded, formatMonth, formatPercent } from '@/lib/format';
import { PERIOD_PHRASES } from '../utils/period';
import { QuickStats } from './quick-stats';

const cases = (count: number) => `${formatCount(count)} ${count === 1 ? 'case' : 'cases'}`;

/** Every figure of one period: stat cards, the three charts, the top cases and the quick stats. */
export function AnalyticsView({ data }: { data: AnalyticsResponse }) {
  const { stats } = data;
  const within = PERIOD_PHRASES[data.period];
  const settledInPeriod = data.revenueByCaseType.reduce((sum, row) => sum + row.settled, 0);
  const tip = (label: string, figure: keyof typeof ANALYTICS_DEFINITIONS) => (
    <InfoTip label={`How ${label} is measured`} text={ANALYTICS_DEFINITIONS[figure]} />
  );

  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <StatCard
          label="Active Cases"
          icon={Briefcase}
          info={tip('Active Cases', 'activeCases')}
          value={formatCount(stats.activeCases)}
          note={`${formatCount(stats.activeCasesInPeriod)} open at some time ${within}`}
        />
        <StatCard
          label="Total Settlements MTD"
          icon={DollarSign}
          info={tip('Total Settlements MTD', 'settlementsMtd')}
          value={formatDollarsRounded(stats.settlementsMtd)}
          note={`${formatDollarsRounded(stats.settlementsInPeriod)} settled ${within}`}
        />
        <StatCard
          label="Success Rate"
          icon={Trophy}
          info={tip('Success Rate', 'successRate')}
          value={stats.successRate === null ? undefined : formatPercent(stats.successRate)}
          note={
            stats.successRate === null
              ? `No case settled with a target ${within}`
              : `Of ${cases(stats.settledWithTarget)} settled with a target ${within}`
          }
        />
        <StatCard
          label="Total Clients"
          icon={Users}
          info={tip('Total Clients', 'totalClients')}
          value={formatCount(stats.totalClients)}
          note={`${formatCount(stats.newClients)} added ${within}`}
        />
      </div>

      <div className="mt-6 grid gap-6 lg:grid-cols-2">
        <Card
          className="relative"
          title="Revenue by Case Type"
          description={`Settlement amounts of cases settled ${within}`}
          actions={tip('Revenue by Case Type', 'revenueByCaseType')}
        >
          {settledInPeriod === 0 ? (
            <NoSettlements within={within} />
          ) : (
            <BarChart
              caption={`Revenue by Case Type, ${ANALYTICS_PERIOD_LABELS[data.period]}`}
              columns={['Case type', 'Settlement total', 'Cases settled']}
              rows={data.revenueByCaseType.map((row) => ({
                key: row.caseType,
                label: CASE_TYPE_LABELS[row.caseType],
                value: row.total,
                display: formatDollarsRounded(row.total),
                detail: formatCount(row.settled),
              }))}
            />
          )}
        </Card>
        <Card
          className="relative"
          title="Case Success Rate"
          description={`Cases settled ${within}, against their target settlement`}
          actions={tip('Case Success Rate', 'caseSuccessRate')}
        >
          {settledInPeriod === 0 ? (
            <NoSettlements within={within} />
          ) : (
            <ShareDoughnut
              caption={`Case Success Rate, ${ANALYTICS_PERIOD_LABELS[data.period]}: ${cases(settledInPeriod)} settled`}
              columns={['Outcome', 'Cases']}
              centre={stats.successRate === null ? '—' : formatPercent(stats.successRate)}
              centreNote={stats.successRate === null ? 'no targets' : 'success'}
              segments={[
                {
                  key: 'reached',
                  label: 'Reached 90% of target',
                  count: data.caseSuccess.reachedTarget,
                  stroke: 'stroke-emerald-600',
                  swatch: 'bg-emerald-600',
                },
                {
                  key: 'below',
                  label: 'Below 90% of target',
                  count: data.caseSuccess.belowTarget,
                  stroke: 'stroke-amber-500',
                  swatch: 'bg-amber-500',
                },
                {
                  key: 'none',
                  label: 'No target set',
                  count: data.caseSuccess.noTarget,
                  stroke: 'stroke-slate-400',
                  swatch: 'bg-slate-400',
                },
              ]}
            />
          )}
        </Card>
      </div>

      <MonthlyTrends data={data} tip={tip('Monthly Performance Trends', 'monthlyTrends')} />

      <div className="mt-6 grid gap-6 xl:grid-cols-3">
        <Card
          className="relative xl:col-span-2"
          title="Top Performing Cases"
          description={`Highest settlements ${within}`}
          actions={tip('Top Performing Cases', 'topCases')}
          bodyClassName="p-0"
        >
          <TopCases data={data} within={within} />
        </Card>
        <QuickStats data={data} within={within} />
      </div>
    </>
  );
}

function NoSettlements({ within }: { within: string }) {
  return (
    <EmptyState
      icon={PieChart}
      headingLevel="h3"
      title={`No case settled ${within}`}
      description="Cases count here once they are settled with a settlement amount. Choose a longer period to see earlier ones."
    />
  );
}

function MonthlyTrends({ data, tip }: { data: AnalyticsResponse; tip: ReactNode }) {
  const [view, setView] = useState<'cases' | 'settlements'>('cases');
  const within = PERIOD_PHRASES[data.period];
  const quiet = data.monthly.every((row) => row.opened === 0 && row.settled === 0);
  const months = data.monthly.map((row) => formatMonth(row.month));
  const toggle = (value: typeof view, label: string) => (
    <button
      type="button"
      aria-pressed={view === value}
      onClick={() => setView(value)}
      className={
        view === value
          ? 'rounded-md bg-white px-3 py-1.5 text-sm font-medium text-slate-900 shadow-xs'
          : 'rounded-md px-3 py-1.5 text-sm font-medium text-slate-600 hover:text-slate-900'
      }
    >
      {label}
    </button>
  );
  return (
    <Card
      className="relative mt-6"
      title="Monthly Performance Trends"
      description={`Per month ${within}`}
      actions={
        <div className="flex items-center gap-2">
          {!quiet && (
            <div
              role="group"
              aria-label="Show"
              data-print="hide"
              className="flex rounded-lg bg-slate-100 p-1"
            >
              {toggle('cases', 'Cases')}
              {toggle('settlements', 'Settlements')}
            </div>
          )}
          {tip}
        </div>
      }
    >
      {quiet ? (
        <EmptyState
          icon={LineIcon}
          headingLevel="h3"
          title={`No case opened or settled ${within}`}
          description="Each month shows the cases opened and settled in it, and their settlement total."
        />
      ) : (
        <LineChart
          caption={`Monthly Performance Trends, ${ANALYTICS_PERIOD_LABELS[data.period]}`}
          categories={months}
          series={
            view === 'cases'
              ? [
                  {
                    name: 'Cases opened',
                    values: data.monthly.map((row) => row.opened),
                    stroke: 'stroke-sky-600',
                    swatch: 'bg-sky-600',
                  },
                  {
                    name: 'Cases settled',
                    values: data.monthly.map((row) => row.settled),
                    stroke: 'stroke-emerald-600',
                    swatch: 'bg-emerald-600',
                    dashed: true,
                  },
                ]
              : [
                  {
                    name: 'Settlement total',
                    values: data.monthly.map((row) => row.settlementTotal),
                    stroke: 'stroke-brand-700',
                    swatch: 'bg-brand-700',
                  },
                ]
          }
          formatValue={view === 'cases' ? formatCount : formatDollarsRounded}
          table={{
            columns: ['Month', 'Cases opened', 'Cases settled', 'Settlement total'],
            rows: data.monthly.map((row, index) => ({
              label: months[index]!,
              value: [
                formatCount(row.opened),
                formatCount(row.settled),
                formatDollarsRounded(row.settlementTotal),
              ],
            })),
          }}
        />
      )}
    </Card>
  );
}

function TopCases({ data, within }: { data: AnalyticsResponse; within: string }) {
  if (data.topCases.length === 0)
    return (
      <EmptyState
        icon={Trophy}
        headingLevel="h3"
        title={`No case settled ${within}`}
        description="The cases with the highest settlements appear here once they are settled with an amount."
      />
    );
  const caseLink = (row: AnalyticsResponse['topCases'][number]) => (
    <Link
      to={generatePath(paths.case, { id: row.caseId })}
      className="font-medium text-brand-700 hover:underline"
    >
      {row.caseNumber}
    </Link>
  );
  return (
    <TableOrCards
      minWidth="768px"
      table={
        <ListTable caption={`Top Performing Cases ${within}`} columns={['Case', 'Client', 'Value', 'Status']}>
          {data.topCases.map((row) => (
            <tr key={row.caseId}>
              <td className={bodyCell}>
                {caseLink(row)}
                <span className="block max-w-72 truncate text-slate-600">{row.title}</span>
              </td>
              <td className={`${bodyCell} text-slate-700`}>{row.clientName}</td>
              <td className={`${bodyCell} font-semibold text-slate-900 tabular-nums`}>
                {formatDollarsRounded(row.settlementAmount)}
              </td>
              <td className={bodyCell}>
                <CaseStatusBadge status={row.status} />
              </td>
            </tr>
          ))}
        </ListTable>
      }
      cards={
        <ul className="divide-y divide-slate-100" aria-label={`Top Performing Cases ${within}`}>
          {data.topCases.map((row) => (
            <li key={row.caseId} className="p-4">
              <div className="flex items-start justify-between gap-3">
                <div className="min-w-0">
                  {caseLink(row)}
                  <p className="truncate text-sm text-slate-600">{row.title}</p>
                </div>
                <CaseStatusBadge status={row.status} />
              </div>
              <dl className="mt-2 grid grid-cols-2 gap-2 text-sm">
                <div>
                  <dt className="text-slate-600">Client</dt>
                  <dd className="text-slate-900">{row.clientName}</dd>
                </div>
                <div>
                  <dt className="text-slate-600">Value</dt>
                  <dd className="font-semibold text-slate-900 tabular-nums">
                    {formatDollarsRounded(row.settlementAmount)}
                  </dd>
                </div>
              </dl>
            </li>
          ))}
        </ul>
      }
    />
  );
}
