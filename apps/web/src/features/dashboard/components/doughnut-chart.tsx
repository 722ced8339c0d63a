import { CASE_TYPE_LABELS, type CaseType } from '@sentinel/shared';
import { formatCount, formatPercent } from '@/lib/format';
import { ChartTable } from '@/components/charts/chart-table';

/** One colour per case type: text-safe shades, told apart in the legend by name and figure too. */
const COLOURS: Record<CaseType, { stroke: string; swatch: string }> = {
  'property-damage': { stroke: 'stroke-brand-700', swatch: 'bg-brand-700' },
  'insurance-dispute': { stroke: 'stroke-emerald-600', swatch: 'bg-emerald-600' },
  'personal-injury': { stroke: 'stroke-amber-500', swatch: 'bg-amber-500' },
  'commercial-property': { stroke: 'stroke-violet-600', swatch: 'bg-violet-600' },
  other: { stroke: 'stroke-slate-400', swatch: 'bg-slate-400' },
};

const RADIUS = 15.9155; // circumference 100, so dash lengths are percentages
const share = (count: number, total: number) => (total ? Math.round((count / total) * 1000) / 10 : 0);

/**
 * 'Case Types Distribution': an SVG doughnut (one dashed circle per type, no chart library) with
 * the total in the middle and a legend that carries every figure in text.
 */
export function DoughnutChart({ caseTypes }: { caseTypes: Array<{ caseType: CaseType; count: number }> }) {
  const total = caseTypes.reduce((sum, row) => sum + row.count, 0);
  let offset = 0;
  const segments = caseTypes
    .filter((row) => row.count > 0)
    .map((row) => {
      const length = (row.count / total) * 100;
      const segment = { ...row, length, offset };
      offset += length;
      return segment;
    });
  return (
    <figure className="flex flex-col items-center gap-6 sm:flex-row sm:items-center">
      <div aria-hidden="true" className="relative size-40 shrink-0">
        <svg viewBox="0 0 42 42" className="size-full -rotate-90">
          <circle cx="21" cy="21" r={RADIUS} fill="none" className="stroke-slate-100" strokeWidth="6" />
          {segments.map((segment) => (
            <circle
              key={segment.caseType}
              cx="21"
              cy="21"
              r={RADIUS}
              fill="none"
              strokeWidth="6"
              className={COLOURS[segment.caseType].stroke}
              // A hair's gap between segments when there are several.
              strokeDasharray={`${Math.max(0, segment.length - (segments.length > 1 ? 0.6 : 0))} ${100 - segment.length + (segments.length > 1 ? 0.6 : 0)}`}
              strokeDashoffset={-segment.offset}
            />
          ))}
        </svg>
        <span className="absolute inset-0 flex flex-col items-center justify-center">
          <span className="text-2xl font-bold text-slate-900">{formatCount(total)}</span>
          <span className="text-xs text-slate-600">{total === 1 ? 'case' : 'cases'}</span>
        </span>
      </div>
      <ul aria-hidden="true" className="w-full min-w-0 flex-1 space-y-2 text-sm">
        {caseTypes.map((row) => (
          <li key={row.caseType} className="flex items-center gap-2">
            <span className={`size-3 shrink-0 rounded-sm ${COLOURS[row.caseType].swatch}`} />
            <span className="min-w-0 flex-1 truncate text-slate-700">{CASE_TYPE_LABELS[row.caseType]}</span>
            <span className="font-semibold text-slate-900 tabular-nums">{formatCount(row.count)}</span>
            <span className="w-14 text-right text-slate-600 tabular-nums">
              {formatPercent(share(row.count, total))}
            </span>
          </li>
        ))}
      </ul>
      <ChartTable
        caption={`Case Types Distribution: ${formatCount(total)} ${total === 1 ? 'case' : 'cases'} by type`}
        columns={['Case type', 'Cases']}
        rows={caseTypes.map((row) => ({
          label: CASE_TYPE_LABELS[row.caseType],
          value: `${formatCount(row.count)} (${formatPercent(share(row.count, total))})`,
        }))}
      />
    </figure>
  );
}
