import { createHash } from 'node:crypto';
import { RULES } from './rules';
import type { Rule } from './rules/types';

/**
 * Raise when the engine's own behaviour changes (counting, rolling, explanations) without a rule
 * changing: stored copies of computed deadlines (the calendar's events) are then recomputed.
 */
const ENGINE_VERSION = 1;

/** A short hash of the rules (their data and the source of their conditions) and the engine's version. */
export function fingerprintOf(rules: readonly Rule[], engineVersion: number): string {
  return createHash('sha256')
    .update(String(engineVersion))
    .update(
      JSON.stringify(rules, (_key, value: unknown) => (typeof value === 'function' ? String(value) : value)),
    )
    .digest('hex')
    .slice(0, 16);
}

/**
 * What the deadlines computed now depend on besides a case's own data. A copy made under another
 * fingerprint is out of date.
 */
export const RULES_FINGERPRINT: string = fingerprintOf(RULES, ENGINE_VERSION);
