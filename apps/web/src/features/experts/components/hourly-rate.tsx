import { formatDollars } from '@/lib/format';

/** '$425.00 / hour', or that no rate is agreed. */
export function HourlyRate({ rate }: { rate: number | null }) {
  if (rate === null) return <span className="text-slate-600">Rate not set</span>;
  return (
    <span>
      {formatDollars(rate)}
      <span className="text-slate-600"> / hour</span>
    </span>
  );
}
