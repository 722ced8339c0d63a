import { clsx } from 'clsx';
import { ShieldCheck } from 'lucide-react';

/** The Sentinel mark and word mark. */
export function Logo({
  className,
  inverted,
  compact,
}: {
  className?: string;
  inverted?: boolean;
  compact?: boolean;
}) {
  return (
    <span className={clsx('inline-flex items-center gap-2.5', className)}>
      <span className="flex size-8 shrink-0 items-center justify-center rounded-lg bg-brand-700 text-white shadow-sm">
        <ShieldCheck aria-hidden="true" className="size-5" />
      </span>
      <span
        className={clsx(
          'text-lg font-bold tracking-tight',
          inverted ? 'text-white' : 'text-slate-900',
          compact && 'sr-only',
        )}
      >
        Sentinel
      </span>
    </span>
  );
}
