import type { ClaimFacts, ComputedDeadline } from '@sentinel/shared';
import { computeDeadlines, type DeadlineResult } from './engine';
import type { KeyDates } from './rules/types';

/** Facts for a test claim: a Florida homeowners policy unless told otherwise. */
export const testFacts = (overrides: Partial<ClaimFacts> = {}): ClaimFacts => ({
  propertyState: 'FL',
  policyKind: 'homeowners',
  policyEffectiveDate: '2024-06-01',
  stateOfEmergency: false,
  surplusLines: false,
  catastropheExtensionDays: 0,
  ...overrides,
});

export const compute = (facts: Partial<ClaimFacts>, keyDates: KeyDates): DeadlineResult =>
  computeDeadlines({ facts: testFacts(facts), keyDates });

/** The deadline of one rule, failing the test when the engine did not compute it. */
export const deadlineOf = (result: DeadlineResult, ruleId: string): ComputedDeadline => {
  const deadline = result.deadlines.find((candidate) => candidate.ruleId === ruleId);
  if (!deadline) throw new Error(`No deadline for ${ruleId}`);
  return deadline;
};

export const ruleIds = (result: DeadlineResult): string[] =>
  result.deadlines.map((deadline) => deadline.ruleId);
