import { ChartTable } from './chart-table';

export interface BarChartRow {
  key: string;
  label: string;
  value: number;
  /** The figure as shown beside the bar and in the table. */
  display: string;
  /** A second figure for the table, e.g. how many cases make the amount. */
  detail?: string;
}

/**
 * Horizontal bars drawn with plain elements (no chart library), each labelled with its figure;
 * the longest bar is the largest value. The drawing is hidden from screen readers, which read the
 * same figures from the table.
 */
export function BarChart({
  caption,
  columns,
  rows,
  barClassName = 'bg-brand-700',
}: {
  caption: string;
  /** The table's headings: the category, the figure and, with `detail`, the detail. */
  columns: readonly string[];
  rows: BarChartRow[];
  barClassName?: string;
}) {
  const max = Math.max(0, ...rows.map((row) => row.value));
  return (
    <figure>
      <ol aria-hidden="true" className="space-y-3 print:hidden">
        {rows.map((row) => (
          <li key={row.key} className="text-sm">
            <div className="flex items-baseline justify-between gap-3">
              <span className="min-w-0 truncate text-slate-700">{row.label}</span>
              <span className="shrink-0 font-semibold text-slate-900 tabular-nums">{row.display}</span>
            </div>
            <span className="mt-1 block h-3 overflow-hidden rounded-full bg-slate-100">
              <span
                className={`block h-full rounded-full ${barClassName}`}
                style={{
                  width: max > 0 ? `${Math.max(row.value > 0 ? 1 : 0, (row.value / max) * 100)}%` : '0%',
                }}
              />
            </span>
          </li>
        ))}
      </ol>
      <ChartTable
        caption={caption}
        columns={columns}
        rows={rows.map((row) => ({
          label: row.label,
          value: row.detail === undefined ? row.display : [row.display, row.detail],
        }))}
      />
    </figure>
  );
}
