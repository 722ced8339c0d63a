import { ANALYTICS_DEFINITIONS, type AnalyticsResponse } from '@sentinel/shared';
import { InfoTip } from '@/components/charts/info-tip';
import { Card } from '@/components/ui/card';
import { formatCount, formatDollarsRounded } from '@/lib/format';

type Figure =
  'avgCaseDuration' | 'avgSettlementValue' | 'casesInNegotiation' | 'pendingDepositions' | 'expertReportsDue';

/** 'Quick Stats': five figures, each with what it covers and its definition on hover and focus. */
export function QuickStats({ data, within }: { data: AnalyticsResponse; within: string }) {
  const { quickStats } = data;
  const months = quickStats.avgCaseDurationMonths;
  const rows: Array<{ figure: Figure; label: string; value: string | null; covers: string }> = [
    {
      figure: 'avgCaseDuration',
      label: 'Avg. Case Duration',
      value: months === null ? null : `${months.toFixed(1)} ${months === 1 ? 'month' : 'months'}`,
      covers: `Cases settled ${within}`,
    },
    {
      figure: 'avgSettlementValue',
      label: 'Avg. Settlement Value',
      value:
        quickStats.avgSettlementValue === null ? null : formatDollarsRounded(quickStats.avgSettlementValue),
      covers: `Cases settled ${within}`,
    },
    {
      figure: 'casesInNegotiation',
      label: 'Cases in Negotiation',
      value: formatCount(quickStats.casesInNegotiation),
      covers: 'Now',
    },
    {
      figure: 'pendingDepositions',
      label: 'Pending Depositions',
      value: formatCount(quickStats.pendingDepositions),
      covers: 'Upcoming',
    },
    {
      figure: 'expertReportsDue',
      label: 'Expert Reports Due',
      value: formatCount(quickStats.expertReportsDue),
      covers: 'Not yet received',
    },
  ];
  return (
    <Card title="Quick Stats" className="relative">
      <dl className="divide-y divide-slate-100">
        {rows.map((row) => (
          <div
            key={row.figure}
            className="relative flex items-center justify-between gap-3 py-3 first:pt-0 last:pb-0"
          >
            <dt className="min-w-0 text-sm font-medium text-slate-700">
              <span className="flex items-center gap-1">
                {row.label}
                <InfoTip label={`How ${row.label} is measured`} text={ANALYTICS_DEFINITIONS[row.figure]} />
              </span>
              <span className="block text-xs font-normal text-slate-600">{row.covers}</span>
            </dt>
            <dd className="shrink-0 text-lg font-semibold text-slate-900 tabular-nums">
              {row.value ?? (
                <>
                  <span aria-hidden="true">—</span>
                  <span className="sr-only">No figure: nothing settled {within}</span>
                </>
              )}
            </dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}
