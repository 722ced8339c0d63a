import type {
  ClaimFacts,
  DeadlineParty,
  KeyDateKind,
  PolicyKind,
  RuleState,
  RuleVerification,
} from '@sentinel/shared';
import type { HolidayJurisdiction } from '../counting';

/**
 * Rules as data: one row of shared/reference/claim-deadlines.md is one Rule, with the reference's
 * id and citation. A row that sets a dated deadline is a DeadlineRule; a row that defines a term,
 * extends or tolls other deadlines, or runs from a date the key dates do not hold is a NoteRule,
 * whose text joins the caveat of the deadlines it bears on.
 */

export type KeyDates = Partial<Record<KeyDateKind, string>>;

export type PeriodUnit = 'days' | 'business_days' | 'months' | 'years';

export interface Period {
  amount: number;
  unit: PeriodUnit;
  /** 'before' counts back from the trigger ('at least 10 business days before'). */
  direction: 'after' | 'before';
}

/** Which date decides the version in force: Florida's turn on the policy date or the claim's receipt. */
export type VersionBasis = 'date_of_loss' | 'policy_effective' | 'trigger';

export interface RuleVersion {
  /** How the explanation names it after the citation, e.g. 'as amended 2023'; null for a rule with no history. */
  label: string | null;
  /** The day it took effect; null for earlier law whose start the reference does not give. */
  effective: string | null;
  decidedBy: VersionBasis;
  period: Period;
  /** A variant for some claims only (a state-of-emergency loss, a surplus lines carrier). */
  when?: (facts: ClaimFacts) => boolean;
}

/** At least one version, the first for every claim (no `when`). */
export type RuleVersions = readonly [RuleVersion, ...RuleVersion[]];

/** A key date, or another rule's deadline (FL-12 counts back from FL-15's last day to sue). */
export type RuleTrigger = KeyDateKind | { rule: string };

/** Statutes roll a last day off weekends and holidays (backward periods earlier); contract terms do not. */
export type RollDirection = 'forward' | 'backward' | 'none';

interface RuleRow {
  id: string;
  action: string;
  /** As the reference gives it, prefixed the way a lawyer cites ('Fla. Stat. § 627.70131(1)(a)'). */
  citation: string;
  verification: RuleVerification;
  policyKinds: readonly PolicyKind[];
}

export interface DeadlineRule extends RuleRow {
  kind: 'deadline';
  who: DeadlineParty;
  trigger: RuleTrigger;
  /** 'the insurer received notice of the claim'; for a rule trigger, 'the last day to sue'. */
  triggerPhrase: string;
  roll: RollDirection;
  /** 'property_state' for the policy terms, which follow wherever the property is. */
  holidays: HolidayJurisdiction | 'property_state';
  /** Oldest first; the engine takes the last one in force (and whose `when` holds). */
  versions: RuleVersions;
  caveat: string | null;
  /** The state's own time to sue: the common policy term (HO-06) gives way to it. */
  suitLimit?: true;
  /** HO-06: left out when the state's rules have their own time to sue. */
  yieldsToStateSuitLimit?: true;
  /** The rule applies to some claims only (Louisiana's catastrophic-loss statute). */
  condition?: (facts: ClaimFacts, keyDates: KeyDates) => boolean;
}

export interface NoteRule extends RuleRow {
  kind: 'note';
  /** Null where the reference names nobody (FL-03 defines a term). */
  who: DeadlineParty | null;
  /** The deadline rules it bears on. */
  appliesTo: readonly string[];
  /** The sentence added to their caveat. */
  caveat: string;
  /**
   * FL-10, TX-06: an order adds ClaimFacts.catastropheExtensionDays to those deadlines; the caveat
   * is shown only while no extension is entered.
   */
  catastropheOrder?: true;
  /** CA-08: the deadline is tolled between these key dates; with both known the caveat gives the days and the tolled date. */
  tolling?: { from: KeyDateKind; to: KeyDateKind };
}

export type Rule = DeadlineRule | NoteRule;

/** One rule file: a state's statutes, the federal flood policy, or the common policy terms. */
export interface RuleSet {
  /** What `sources` shows, e.g. 'Florida statutes'. */
  name: string;
  /** The state whose statutes these are; null for the federal flood policy and the policy terms. */
  state: RuleState | null;
  /** Added when a date rolled and the jurisdiction's rolling rule is unverified. */
  rollCaveat: string | null;
  rules: readonly Rule[];
}

/** Period helpers, so that the rule files read like the reference's table. */
export const days = (amount: number): Period => ({ amount, unit: 'days', direction: 'after' });
export const businessDays = (amount: number): Period => ({
  amount,
  unit: 'business_days',
  direction: 'after',
});
export const months = (amount: number): Period => ({ amount, unit: 'months', direction: 'after' });
export const years = (amount: number): Period => ({ amount, unit: 'years', direction: 'after' });
export const before = (period: Period): Period => ({ ...period, direction: 'before' });

/** The single version of a rule whose text the reference gives no history for. */
export const unversioned = (period: Period): RuleVersions => [
  { label: null, effective: null, decidedBy: 'trigger', period },
];

/** Variants for a loss under a declared state of emergency (California's longer periods, Louisiana's catastrophes). */
export const isStateOfEmergency = (facts: ClaimFacts): boolean => facts.stateOfEmergency;

export const PROPERTY_POLICIES: readonly PolicyKind[] = ['homeowners', 'commercial'];
export const FLOOD_POLICIES: readonly PolicyKind[] = ['flood'];
