import { offerStanding, targetRange, type OfferTone } from '@sentinel/shared';
import { clsx } from 'clsx';
import { formatDollars, formatDollarsInThousands } from '@/lib/format';

/** Spec §4: red, yellow, green; the words beside the colour say the same (colour is never alone). */
const TONE_CLASSES: Record<OfferTone, string> = {
  red: 'bg-red-50 text-red-800 ring-red-200',
  yellow: 'bg-amber-50 text-amber-900 ring-amber-200',
  green: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  none: 'bg-slate-100 text-slate-700 ring-slate-200',
};
const TONE_DOT: Record<OfferTone, string> = {
  red: 'bg-red-600',
  yellow: 'bg-amber-500',
  green: 'bg-emerald-600',
  none: 'bg-slate-400',
};

/** The carrier's current offer, coloured by offer / target, with the percentage in words. */
export function CurrentOffer({
  offer,
  target,
  className,
}: {
  offer: number | null;
  target: number | null;
  className?: string;
}) {
  const standing = offerStanding(offer, target);
  return (
    <div className={clsx('min-w-0', className)} data-tone={standing.tone}>
      {offer !== null && <p className="font-medium text-slate-900">{formatDollars(offer)}</p>}
      <span
        className={clsx(
          'mt-0.5 inline-flex items-center gap-1.5 rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset',
          TONE_CLASSES[standing.tone],
        )}
      >
        <span aria-hidden="true" className={clsx('size-1.5 rounded-full', TONE_DOT[standing.tone])} />
        {standing.label}
      </span>
    </div>
  );
}

/** Spec §4: 90 %–110 % of the target, in thousands of dollars; 'No target set' without one. */
export function AiTargetRange({ target }: { target: number | null }) {
  const range = targetRange(target);
  if (!range) return <span className="text-slate-500">No target set</span>;
  return (
    <span className="whitespace-nowrap text-slate-900">
      {formatDollarsInThousands(range.low)} – {formatDollarsInThousands(range.high)}
    </span>
  );
}
