import { ChartTable } from './chart-table';

export interface LineSeries {
  name: string;
  values: readonly number[];
  /** Tailwind stroke and swatch classes, e.g. 'stroke-brand-700' / 'bg-brand-700'. */
  stroke: string;
  swatch: string;
  dashed?: boolean;
}

const HEIGHT = 100;

/**
 * A line per series over categories (months), drawn in SVG without a chart library. The plot
 * stretches to its box (strokes keep their width); axis labels are HTML so they stay legible on a
 * phone. The drawing is hidden from screen readers, which read the table.
 */
export function LineChart({
  caption,
  categories,
  series,
  formatValue,
  table,
}: {
  caption: string;
  /** The x axis' labels, in order. */
  categories: readonly string[];
  series: readonly LineSeries[];
  /** How a value reads on the y axis. */
  formatValue: (value: number) => string;
  /** The table: its headings and one row per category. */
  table: { columns: readonly string[]; rows: Array<{ label: string; value: readonly string[] }> };
}) {
  const max = Math.max(0, ...series.flatMap((line) => line.values));
  // A round top for the axis: 1, 2 or 5 times a power of ten at or above the largest value.
  const top = max <= 0 ? 1 : niceCeiling(max);
  const step = categories.length > 1 ? 100 / (categories.length - 1) : 0;
  const x = (index: number) => (categories.length > 1 ? index * step : 50);
  const y = (value: number) => HEIGHT - (value / top) * HEIGHT;
  // At most six x labels, evenly spread, the last month always among them.
  const every = Math.max(1, Math.ceil(categories.length / 6));
  const shown = categories.map((_, index) => index % every === 0 || index === categories.length - 1);

  return (
    <figure>
      <div aria-hidden="true" className="print:hidden">
        <ul className="mb-3 flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-700">
          {series.map((line) => (
            <li key={line.name} className="flex items-center gap-2">
              <span className={`h-1 w-5 rounded-full ${line.swatch}`} />
              {line.name}
            </li>
          ))}
        </ul>
        <div className="grid grid-cols-[auto_1fr] gap-x-2">
          <div className="flex h-48 flex-col justify-between text-right text-xs text-slate-600 tabular-nums">
            <span>{formatValue(top)}</span>
            <span>{formatValue(top / 2)}</span>
            <span>{formatValue(0)}</span>
          </div>
          <div className="relative h-48 border-b border-l border-slate-200">
            <div className="absolute inset-x-0 top-0 border-t border-dashed border-slate-100" />
            <div className="absolute inset-x-0 top-1/2 border-t border-dashed border-slate-200" />
            <svg
              viewBox={`0 0 100 ${HEIGHT}`}
              preserveAspectRatio="none"
              className="absolute inset-0 size-full overflow-visible"
            >
              {series.map((line) => (
                <polyline
                  key={line.name}
                  fill="none"
                  strokeWidth="2.5"
                  strokeLinejoin="round"
                  strokeLinecap="round"
                  vectorEffect="non-scaling-stroke"
                  strokeDasharray={line.dashed ? '6 4' : undefined}
                  className={line.stroke}
                  points={line.values.map((value, index) => `${x(index)},${y(value)}`).join(' ')}
                />
              ))}
            </svg>
          </div>
          <span />
          <div className="relative mt-1 h-5 text-xs text-slate-600">
            {categories.map((label, index) =>
              shown[index] ? (
                <span
                  key={label}
                  className="absolute -translate-x-1/2 whitespace-nowrap first:translate-x-0 last:-translate-x-full"
                  style={{ left: `${x(index)}%` }}
                >
                  {label}
                </span>
              ) : null,
            )}
          </div>
        </div>
      </div>
      <ChartTable caption={caption} columns={table.columns} rows={table.rows} />
    </figure>
  );
}

function niceCeiling(value: number): number {
  const power = 10 ** Math.floor(Math.log10(value));
  for (const factor of [1, 2, 5, 10]) if (value <= factor * power) return factor * power;
  return 10 * power;
}
