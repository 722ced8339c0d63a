/**
 * The negotiation screen's rules (spec §4 "Display states", §9): the AI target range is 90 %–110 %
 * of the target settlement, shown in thousands of dollars; the carrier's current offer is coloured
 * by offer / target — under 60 % red, under 85 % yellow, otherwise green. Server and web read the
 * same functions, so the list, the detail and the tests cannot disagree.
 */

/** Spec §9: the target range is 0.9 to 1.1 of the target (in percent, so the arithmetic is exact). */
export const NEGOTIATION_TARGET_RANGE_PERCENT = { low: 90, high: 110 } as const;

/** Spec §9: the colour thresholds, in percent of the target. */
export const OFFER_THRESHOLD_PERCENT = { red: 60, yellow: 85 } as const;

/** The offer's standing against the target: the colour, and 'none' when there is nothing to compare. */
export type OfferTone = 'red' | 'yellow' | 'green' | 'none';

export interface OfferStanding {
  tone: OfferTone;
  /** offer / target in whole percent (rounded down), or null without an offer or a target. */
  percentOfTarget: number | null;
  /** The words beside the colour, so colour is never the only signal. */
  label: string;
}

/** Dollars with at most two decimals as whole cents, so the comparisons are exact. */
const cents = (dollars: number) => Math.round(dollars * 100);

/**
 * The colour of the carrier's offer against our target: red under 60 %, yellow under 85 %,
 * green from 85 % on (exactly 60 % is yellow, exactly 85 % green). Without an offer, or without a
 * target above zero, the tone is 'none' and the label says which is missing.
 */
export function offerStanding(
  offer: number | null | undefined,
  target: number | null | undefined,
): OfferStanding {
  if (offer === null || offer === undefined)
    return { tone: 'none', percentOfTarget: null, label: 'No offer yet' };
  if (target === null || target === undefined || cents(target) <= 0)
    return { tone: 'none', percentOfTarget: null, label: 'No target set' };
  const offerCents = cents(offer);
  const targetCents = cents(target);
  // offer / target < 60 %  ⇔  offer × 100 < target × 60, in integers.
  const tone: OfferTone =
    offerCents * 100 < targetCents * OFFER_THRESHOLD_PERCENT.red
      ? 'red'
      : offerCents * 100 < targetCents * OFFER_THRESHOLD_PERCENT.yellow
        ? 'yellow'
        : 'green';
  // Rounded down, so the number never reads 60 % beside "below 60 %".
  const percentOfTarget = Math.floor((offerCents * 100) / targetCents);
  const label = {
    red: `${percentOfTarget}% of target: below ${OFFER_THRESHOLD_PERCENT.red}%`,
    yellow: `${percentOfTarget}% of target: below ${OFFER_THRESHOLD_PERCENT.yellow}%`,
    green: `${percentOfTarget}% of target`,
  }[tone];
  return { tone, percentOfTarget, label };
}

/**
 * The AI target range of a target settlement in dollars: 90 % and 110 % of it, to the cent. Null
 * without a target above zero. The screens show it in thousands of dollars (`formatThousands` in
 * the web app's format.ts).
 */
export function targetRange(target: number | null | undefined): { low: number; high: number } | null {
  if (target === null || target === undefined || cents(target) <= 0) return null;
  const targetCents = cents(target);
  return {
    low: Math.round((targetCents * NEGOTIATION_TARGET_RANGE_PERCENT.low) / 100) / 100,
    high: Math.round((targetCents * NEGOTIATION_TARGET_RANGE_PERCENT.high) / 100) / 100,
  };
}
