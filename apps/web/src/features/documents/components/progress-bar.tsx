import { clsx } from 'clsx';
import { useId } from 'react';
import { ProgressTrack } from '@/components/ui/progress-track';

/** The real progress of an upload: a labelled progressbar with its value, and the percentage. */
export function ProgressBar({
  value,
  label,
  className,
}: {
  value: number;
  label: string;
  className?: string;
}) {
  const labelId = useId();
  const percent = Math.max(0, Math.min(100, Math.round(value)));
  return (
    <div className={clsx('space-y-1.5', className)}>
      <div className="flex items-baseline justify-between text-sm">
        <span id={labelId} className="font-medium text-slate-800">
          {label}
        </span>
        <span className="text-slate-700 tabular-nums">{percent}%</span>
      </div>
      <ProgressTrack labelledBy={labelId} percent={percent} className="h-2" />
    </div>
  );
}
