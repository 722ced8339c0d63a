import { clsx } from 'clsx';

export interface ProgressTrackProps {
  /** The id of the element that names this progress. */
  labelledBy: string;
  /** 0–100. */
  percent: number;
  /** What a screen reader says instead of the bare number, e.g. '40%: Under Review'. */
  valueText?: string;
  className?: string;
}

/** A progressbar's track and fill; the caller shows the label and the figure. */
export function ProgressTrack({ labelledBy, percent, valueText, className }: ProgressTrackProps) {
  return (
    <div
      role="progressbar"
      aria-labelledby={labelledBy}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      aria-valuetext={valueText}
      className={clsx('overflow-hidden rounded-full bg-slate-100', className)}
    >
      <div className="h-full rounded-full bg-brand-700 transition-[width]" style={{ width: `${percent}%` }} />
    </div>
  );
}
