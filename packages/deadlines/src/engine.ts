import {
  isUsState,
  RULE_STATES,
  US_STATES,
  type ClaimFacts,
  type ComputedDeadline,
  type KeyDateKind,
  type PendingRule,
  type RuleState,
} from '@sentinel/shared';
import {
  addBusinessDays,
  addCalendarDays,
  addMonths,
  addYears,
  daysBetween,
  isBusinessDay,
  rollBackward,
  rollForward,
  weekdayName,
  type HolidayJurisdiction,
} from './counting';
import { federalFlood, policyTerms, STATE_RULE_SETS } from './rules';
import type {
  DeadlineRule,
  KeyDates,
  NoteRule,
  Period,
  PeriodUnit,
  RuleSet,
  RuleVersion,
  VersionBasis,
} from './rules/types';

/**
 * The claim deadline engine: from a claim's facts and key dates, the deadlines that bind the
 * insurer and the policyholder, each with its citation. Pure: no clock, no I/O; the same input
 * always gives the same output.
 */

export interface DeadlineInput {
  facts: ClaimFacts;
  keyDates: KeyDates;
}

export interface DeadlineResult {
  /** By due date, then rule id. */
  deadlines: ComputedDeadline[];
  /** Rules that apply but wait for a key date. */
  pending: PendingRule[];
  /** The rule sets applied, e.g. 'Florida statutes'. */
  sources: string[];
  /** Why fewer rules apply, in one sentence, or null. */
  notice: string | null;
}

/** A rule that applies to the claim, with the set it comes from. */
interface ActiveRule {
  rule: DeadlineRule;
  set: RuleSet;
}

/** What every rule of one claim is computed against. */
interface Claim {
  facts: ClaimFacts;
  keyDates: KeyDates;
  /** The notes of the sets applied (orders, tolling, definitions). */
  notes: NoteRule[];
  /** The holidays of the property's state, for the policy terms; 'US' without a state. */
  propertyHolidays: HolidayJurisdiction;
}

type Resolution = { deadline: ComputedDeadline } | { needs: KeyDateKind };

const UNIT_WORDS: Record<PeriodUnit, [string, string]> = {
  days: ['day', 'days'],
  business_days: ['business day', 'business days'],
  months: ['month', 'months'],
  years: ['year', 'years'],
};

const BASIS_NAMES: Record<VersionBasis, string> = {
  date_of_loss: 'date of loss',
  policy_effective: 'policy’s issue or renewal date',
  trigger: 'date it runs from',
};

const count = (amount: number, unit: PeriodUnit): string =>
  `${amount} ${UNIT_WORDS[unit][amount === 1 ? 0 : 1]}`;

const dated = (date: string): string => `${weekdayName(date)} ${date}`;

const earlier = (a: string, b: string): string => (a <= b ? a : b);

const compare = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

const isRuleState = (state: string): state is RuleState => (RULE_STATES as readonly string[]).includes(state);

const applyPeriod = (
  date: string,
  { amount, unit, direction }: Period,
  holidays: HolidayJurisdiction,
): string => {
  const signed = direction === 'after' ? amount : -amount;
  switch (unit) {
    case 'days':
      return addCalendarDays(date, signed);
    case 'business_days':
      return addBusinessDays(date, signed, holidays);
    case 'months':
      return addMonths(date, signed);
    case 'years':
      return addYears(date, signed);
  }
};

const roll = (date: string, rule: DeadlineRule, holidays: HolidayJurisdiction): string => {
  switch (rule.roll) {
    case 'forward':
      return rollForward(date, holidays);
    case 'backward':
      return rollBackward(date, holidays);
    case 'none':
      return date;
  }
};

/**
 * The version in force: the last one whose variant fits the facts and whose effective date the
 * deciding date has reached. An unknown deciding date assumes the newest version; a date before
 * every version takes the oldest. Both say so, for the attorney to check.
 */
const versionInForce = (
  rule: DeadlineRule,
  facts: ClaimFacts,
  keyDates: KeyDates,
  start: string,
): { version: RuleVersion; caveat: string | null } => {
  const decidingDate = (basis: VersionBasis): string | undefined => {
    switch (basis) {
      case 'date_of_loss':
        return keyDates.date_of_loss;
      case 'policy_effective':
        return facts.policyEffectiveDate ?? undefined;
      case 'trigger':
        return start;
    }
  };
  const candidates = rule.versions.filter((version) => !version.when || version.when(facts));
  const inForce = candidates.findLast(
    ({ effective, decidedBy }) => effective === null || (decidingDate(decidedBy) ?? effective) >= effective,
  );
  if (!inForce) {
    const oldest = candidates[0] ?? rule.versions[0];
    return {
      version: oldest,
      caveat: `This rule took effect ${oldest.effective}, after the ${BASIS_NAMES[oldest.decidedBy]} (${decidingDate(oldest.decidedBy)}): confirm that it applies.`,
    };
  }
  const assumed = inForce.effective !== null && decidingDate(inForce.decidedBy) === undefined;
  return {
    version: inForce,
    caveat: assumed
      ? `The ${BASIS_NAMES[inForce.decidedBy]} is not given: the version in force from ${inForce.effective} is assumed.`
      : null,
  };
};

/** A note's sentence; for a tolling note (CA-08) with both its dates, the days tolled and where they lead. */
const noteCaveat = (note: NoteRule, keyDates: KeyDates, dueDate: string): string => {
  const from = note.tolling && keyDates[note.tolling.from];
  const to = note.tolling && keyDates[note.tolling.to];
  if (!from || !to) return note.caveat;
  const tolled = daysBetween(from, to);
  return `${note.caveat} From ${from} to ${to} is about ${tolled} days, which would move the last day to about ${addCalendarDays(dueDate, tolled)}; counsel must confirm that figure.`;
};

/** The rule sets a claim's facts select: the state's statutes, the flood policy, the policy terms. */
const ruleSetsFor = (state: string | null): RuleSet[] => [
  ...(state && isRuleState(state) ? [STATE_RULE_SETS[state]] : []),
  federalFlood,
  policyTerms,
];

/** One plain sentence on what is missing from the computation, or null. */
const noticeFor = (state: string | null, facts: ClaimFacts): string | null => {
  if (facts.policyKind === 'flood') return null;
  const noKind = facts.policyKind === null;
  if (!state) {
    return noKind
      ? 'Choose the property’s state and the policy kind: until then only common homeowners policy terms are computed.'
      : 'Choose the property’s state to compute its statutory deadlines.';
  }
  if (!isRuleState(state)) {
    const name = isUsState(state) ? US_STATES[state] : state;
    return noKind
      ? `Sentinel has no statutory rules for ${name} yet and no policy kind is chosen: only common homeowners policy terms are computed.`
      : `Sentinel has no statutory rules for ${name} yet: only common policy terms are computed.`;
  }
  return noKind ? 'No policy kind is chosen: the deadlines assume a homeowners policy.' : null;
};

/** The caveat's sentences on where the due date falls: not a business day, or a safer reading. */
const dateCaveats = (
  rule: DeadlineRule,
  period: Period,
  start: string,
  dueDate: string,
  holidays: HolidayJurisdiction,
): string[] => {
  const sentences: string[] = [];
  if (!isBusinessDay(dueDate, holidays)) {
    const target = rollBackward(dueDate, holidays);
    sentences.push(
      `${dated(dueDate)} is not a business day; the last business day before it is ${dated(target)}.`,
    );
  }
  if (period.direction === 'before') {
    // 'At least N before' may mean N clear days between the two: the date one count earlier.
    const safer = roll(
      applyPeriod(start, { ...period, amount: period.amount + 1 }, holidays),
      rule,
      holidays,
    );
    if (safer < dueDate) {
      sentences.push(
        `Counting ${count(period.amount, period.unit)} clear of both ends, the safer date is ${dated(safer)}.`,
      );
    }
  }
  return sentences;
};

/**
 * One rule's deadline, counted from its key date or, for a rule counted from another, from
 * `base`'s due date; pending when the key date is missing.
 */
const computeRule = (
  claim: Claim,
  { rule, set }: ActiveRule,
  trigger: KeyDateKind,
  base: ComputedDeadline | null,
): Resolution => {
  const triggerDate = claim.keyDates[trigger];
  if (!triggerDate) return { needs: trigger };
  const start = base ? base.dueDate : triggerDate;
  const holidays = rule.holidays === 'property_state' ? claim.propertyHolidays : rule.holidays;
  const { version, caveat: versionCaveat } = versionInForce(rule, claim.facts, claim.keyDates, start);
  const { period } = version;

  const notes = claim.notes.filter((note) => note.appliesTo.includes(rule.id));
  const order = notes.find((note) => note.catastropheOrder);
  const extension = order ? claim.facts.catastropheExtensionDays : 0;

  const nominalDate = addCalendarDays(applyPeriod(start, period, holidays), extension);
  const rolledDate = roll(nominalDate, rule, holidays);
  const dueDate = earlier(nominalDate, rolledDate);

  const caveats = [
    rule.caveat,
    versionCaveat,
    // An order's own sentence ('check for OIR orders') gives way to the extension once entered.
    ...notes.map((note) =>
      note.catastropheOrder && extension > 0 ? null : noteCaveat(note, claim.keyDates, dueDate),
    ),
    rolledDate === nominalDate ? null : set.rollCaveat,
    ...dateCaveats(rule, period, start, dueDate, holidays),
  ];

  const explanation = [
    `${count(period.amount, period.unit)} ${period.direction} ${rule.triggerPhrase}`,
    base ? ` (${base.ruleId})` : '',
    ` — ${rule.citation}`,
    version.label ? `, ${version.label}` : '',
    order && extension > 0
      ? `, plus ${count(extension, 'days')} by catastrophe order (${order.citation})`
      : '',
  ].join('');

  return {
    deadline: {
      ruleId: rule.id,
      ruleVersion: version.label ?? (version.effective ? `effective ${version.effective}` : 'current'),
      who: rule.who,
      action: rule.action,
      trigger,
      basedOn: base ? base.ruleId : null,
      triggerDate,
      nominalDate,
      rolledDate,
      dueDate,
      explanation,
      citation: rule.citation,
      verification: rule.verification,
      caveat: caveats.filter((text) => text).join(' ') || null,
    },
  };
};

export const computeDeadlines = ({ facts, keyDates }: DeadlineInput): DeadlineResult => {
  const state = facts.propertyState?.trim().toUpperCase() || null;
  const policyKind = facts.policyKind ?? 'homeowners';

  const sets = ruleSetsFor(state);
  const active = sets.flatMap((set) =>
    set.rules.filter((rule) => rule.policyKinds.includes(policyKind)).map((rule) => ({ rule, set })),
  );
  const claim: Claim = {
    facts,
    keyDates,
    notes: active.flatMap(({ rule }) => (rule.kind === 'note' ? [rule] : [])),
    propertyHolidays: state && isUsState(state) ? state : 'US',
  };
  const deadlineRules = active.flatMap(({ rule, set }): ActiveRule[] =>
    rule.kind === 'deadline' && (!rule.condition || rule.condition(facts, keyDates)) ? [{ rule, set }] : [],
  );
  const stateHasSuitLimit = deadlineRules.some(({ rule, set }) => rule.suitLimit && set.state !== null);
  const applicable = deadlineRules.filter(({ rule }) => !(rule.yieldsToStateSuitLimit && stateHasSuitLimit));
  const byId = new Map(applicable.map((entry) => [entry.rule.id, entry]));

  /** Memoised, so that a deadline counted from another (FL-12 from FL-15) reuses it. */
  const resolved = new Map<string, Resolution | null>();
  const resolve = (id: string): Resolution | null => {
    if (!resolved.has(id)) {
      const entry = byId.get(id);
      let resolution: Resolution | null = null;
      if (entry) {
        const { trigger } = entry.rule;
        if (typeof trigger === 'string') resolution = computeRule(claim, entry, trigger, null);
        else {
          const base = resolve(trigger.rule);
          resolution =
            base && 'deadline' in base
              ? computeRule(claim, entry, base.deadline.trigger, base.deadline)
              : base;
        }
      }
      resolved.set(id, resolution);
    }
    return resolved.get(id) ?? null;
  };

  const deadlines: ComputedDeadline[] = [];
  const pending: PendingRule[] = [];
  for (const { rule } of applicable) {
    const resolution = resolve(rule.id);
    if (!resolution) continue;
    if ('deadline' in resolution) deadlines.push(resolution.deadline);
    else {
      const { id: ruleId, who, action, citation } = rule;
      pending.push({ ruleId, who, action, citation, needs: resolution.needs });
    }
  }
  deadlines.sort((a, b) => compare(a.dueDate, b.dueDate) || compare(a.ruleId, b.ruleId));

  return {
    deadlines,
    pending,
    sources: sets.filter((set) => active.some((entry) => entry.set === set)).map((set) => set.name),
    notice: noticeFor(state, facts),
  };
};
