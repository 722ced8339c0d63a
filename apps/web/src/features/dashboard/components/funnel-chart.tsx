import { CASE_STATUS_LABELS, type CaseStatus } from '@sentinel/shared';
import { formatCount } from '@/lib/format';
import { ChartTable } from '@/components/charts/chart-table';

/** Each status's colour, as the case badges have them (spec §4 "Display states"). */
const BAR_COLOURS: Record<CaseStatus, string> = {
  active: 'bg-emerald-600',
  discovery: 'bg-sky-600',
  negotiation: 'bg-amber-500',
  settlement: 'bg-violet-600',
  settled: 'bg-brand-700',
};

const casesText = (count: number) => `${formatCount(count)} ${count === 1 ? 'case' : 'cases'}`;

/**
 * 'Settlement Funnel': cases per status, in the order a case moves through them. Horizontal bars
 * drawn with plain elements (no chart library); the longest bar is the busiest status.
 */
export function FunnelChart({ funnel }: { funnel: Array<{ status: CaseStatus; count: number }> }) {
  const max = Math.max(1, ...funnel.map((row) => row.count));
  return (
    <figure>
      <ol aria-hidden="true" className="space-y-3">
        {funnel.map((row) => (
          <li key={row.status} className="grid grid-cols-[6.5rem_1fr_2.5rem] items-center gap-3 text-sm">
            <span className="truncate text-slate-700">{CASE_STATUS_LABELS[row.status]}</span>
            <span className="h-6 overflow-hidden rounded-md bg-slate-100">
              <span
                className={`block h-full rounded-md ${BAR_COLOURS[row.status]}`}
                style={{ width: `${(row.count / max) * 100}%` }}
              />
            </span>
            <span className="text-right font-semibold text-slate-900 tabular-nums">
              {formatCount(row.count)}
            </span>
          </li>
        ))}
      </ol>
      <ChartTable
        caption="Settlement Funnel: cases by status"
        columns={['Status', 'Cases']}
        rows={funnel.map((row) => ({ label: CASE_STATUS_LABELS[row.status], value: casesText(row.count) }))}
      />
    </figure>
  );
}
