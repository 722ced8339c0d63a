import { formatCount, formatPercent } from '@/lib/format';
import { ChartTable } from './chart-table';

export interface DoughnutSegment {
  key: string;
  label: string;
  count: number;
  /** Tailwind stroke and swatch classes of one colour. */
  stroke: string;
  swatch: string;
}

const RADIUS = 15.9155; // circumference 100, so dash lengths are percentages
const share = (count: number, total: number) => (total ? Math.round((count / total) * 1000) / 10 : 0);

/**
 * Counts as shares of a whole: an SVG doughnut (one dashed circle per segment) with a headline in
 * the middle and a legend that carries every figure in text; the table says the same to screen
 * readers and on paper.
 */
export function ShareDoughnut({
  caption,
  columns,
  segments,
  centre,
  centreNote,
}: {
  caption: string;
  columns: readonly [string, string];
  segments: readonly DoughnutSegment[];
  /** The figure in the middle, e.g. a rate. */
  centre: string;
  centreNote: string;
}) {
  const total = segments.reduce((sum, row) => sum + row.count, 0);
  let offset = 0;
  const arcs = segments
    .filter((row) => row.count > 0)
    .map((row) => {
      const length = (row.count / total) * 100;
      const arc = { ...row, length, offset };
      offset += length;
      return arc;
    });
  const gap = arcs.length > 1 ? 0.6 : 0;
  return (
    <figure className="flex flex-col items-center gap-6 sm:flex-row sm:items-center">
      <div aria-hidden="true" className="relative size-40 shrink-0 print:hidden">
        <svg viewBox="0 0 42 42" className="size-full -rotate-90">
          <circle cx="21" cy="21" r={RADIUS} fill="none" className="stroke-slate-100" strokeWidth="6" />
          {arcs.map((arc) => (
            <circle
              key={arc.key}
              cx="21"
              cy="21"
              r={RADIUS}
              fill="none"
              strokeWidth="6"
              className={arc.stroke}
              strokeDasharray={`${Math.max(0, arc.length - gap)} ${100 - arc.length + gap}`}
              strokeDashoffset={-arc.offset}
            />
          ))}
        </svg>
        <span className="absolute inset-0 flex flex-col items-center justify-center">
          <span className="text-2xl font-bold text-slate-900">{centre}</span>
          <span className="text-xs text-slate-600">{centreNote}</span>
        </span>
      </div>
      <ul aria-hidden="true" className="w-full min-w-0 flex-1 space-y-2 text-sm print:hidden">
        {segments.map((row) => (
          <li key={row.key} className="flex items-center gap-2">
            <span className={`size-3 shrink-0 rounded-sm ${row.swatch}`} />
            <span className="min-w-0 flex-1 text-slate-700">{row.label}</span>
            <span className="font-semibold text-slate-900 tabular-nums">{formatCount(row.count)}</span>
            <span className="w-14 text-right text-slate-600 tabular-nums">
              {formatPercent(share(row.count, total))}
            </span>
          </li>
        ))}
      </ul>
      <ChartTable
        caption={caption}
        columns={columns}
        rows={segments.map((row) => ({
          label: row.label,
          value: `${formatCount(row.count)} (${formatPercent(share(row.count, total))})`,
        }))}
      />
    </figure>
  );
}
