/**
 * A chart's figures as a table: read by screen readers (the drawing itself is hidden from them)
 * and printed in place of nothing (`print:` shows it on paper). A row's `value` is one cell or
 * several, one per column after the first.
 */
export function ChartTable({
  caption,
  columns,
  rows,
}: {
  caption: string;
  columns: readonly string[];
  rows: Array<{ label: string; value: string | readonly string[] }>;
}) {
  return (
    // The wrapper, not the table, is visually hidden: a table never shrinks to sr-only's 1 px, so
    // it would widen the page on a phone.
    <div className="sr-only print:not-sr-only print:mt-3 print:w-full">
      <table className="text-left text-sm print:w-full">
        <caption className="print:text-left print:font-semibold">{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.label}>
              <th scope="row" className="font-normal">
                {row.label}
              </th>
              {(typeof row.value === 'string' ? [row.value] : row.value).map((cell, index) => (
                <td key={index}>{cell}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
