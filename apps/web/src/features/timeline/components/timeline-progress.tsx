import type { TimelineStats } from '@sentinel/shared';
import { useId } from 'react';
import { ProgressTrack } from '@/components/ui/progress-track';
import { formatCount, formatPercent } from '@/lib/format';

/** Overall Progress (completed of all stages) with its bar, and the Completed / In Progress / Upcoming counters. */
export function TimelineProgress({ stats }: { stats: TimelineStats }) {
  const labelId = useId();
  const counters = [
    { label: 'Completed', value: stats.completed, className: 'text-emerald-700' },
    { label: 'In Progress', value: stats.inProgress, className: 'text-blue-700' },
    { label: 'Upcoming', value: stats.upcoming, className: 'text-slate-700' },
  ];
  return (
    <div>
      <div className="flex items-baseline justify-between gap-3">
        <p id={labelId} className="text-sm font-medium text-slate-700">
          Overall Progress
        </p>
        <p className="text-2xl font-bold text-slate-900">{formatPercent(stats.percent)}</p>
      </div>
      <ProgressTrack
        labelledBy={labelId}
        percent={stats.percent}
        valueText={`${formatPercent(stats.percent)}: ${formatCount(stats.completed)} of ${formatCount(stats.total)} stages completed`}
        className="mt-2 h-2.5"
      />
      <dl className="mt-5 grid grid-cols-3 gap-3">
        {counters.map((counter) => (
          <div key={counter.label} className="rounded-lg bg-slate-50 px-3 py-3 text-center">
            <dt className="text-xs font-medium text-slate-600 sm:text-sm">{counter.label}</dt>
            <dd className={`mt-1 text-xl font-bold sm:text-2xl ${counter.className}`}>
              {formatCount(counter.value)}
            </dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
