import type { RuleState } from '@sentinel/shared';
import { california } from './california';
import { federalFlood } from './federal-flood';
import { florida } from './florida';
import { louisiana } from './louisiana';
import { newYork } from './new-york';
import { policyTerms } from './policy-terms';
import { texas } from './texas';
import type { Rule, RuleSet } from './types';

/** The statutes of each state the engine knows, by the property's state. */
export const STATE_RULE_SETS: Record<RuleState, RuleSet> = {
  FL: florida,
  TX: texas,
  CA: california,
  LA: louisiana,
  NY: newYork,
};

export { federalFlood, policyTerms };

/** Every rule set, in the reference's order. */
export const RULE_SETS: readonly RuleSet[] = [...Object.values(STATE_RULE_SETS), federalFlood, policyTerms];

/** Every row of the reference, as data. */
export const RULES: readonly Rule[] = RULE_SETS.flatMap((set) => set.rules);
