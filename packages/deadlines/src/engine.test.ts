import { KEY_DATE_KINDS, POLICY_KINDS, RULE_STATES, type KeyDateKind } from '@sentinel/shared';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addCalendarDays } from './counting';
import { computeDeadlines } from './engine';
import { fingerprintOf } from './fingerprint';
import { RULES } from './rules';
import type { KeyDates } from './rules/types';
import { testFacts, compute, deadlineOf, ruleIds } from './test-support';

/** Every key date, a week apart, so that every rule whose facts fit gets a date. */
const ALL_KEY_DATES: KeyDates = Object.fromEntries(
  KEY_DATE_KINDS.map((kind, index) => [kind, addCalendarDays('2024-03-01', index * 7)]),
);

const idsOf = (prefix: string, ids: string[]): string[] => ids.filter((id) => id.startsWith(prefix));

describe('Florida versions', () => {
  it('gives a claim received before 2023-03-01 the old insurer periods', () => {
    const result = compute(
      { policyEffectiveDate: '2022-06-01' },
      { claim_reported: '2023-02-01', proof_of_loss_submitted: '2023-02-10' },
    );
    const acknowledge = deadlineOf(result, 'FL-04');
    expect(acknowledge).toMatchObject({ dueDate: '2023-02-15', ruleVersion: 'before the 2023 amendment' });
    expect(acknowledge.explanation).toBe(
      '14 days after the insurer received notice of the claim — Fla. Stat. § 627.70131(1)(a), before the 2023 amendment',
    );
    expect(deadlineOf(result, 'FL-05').nominalDate).toBe('2023-02-24'); // 14 days
    expect(deadlineOf(result, 'FL-06').nominalDate).toBe('2023-03-27'); // 45 days
    expect(deadlineOf(result, 'FL-08').nominalDate).toBe('2023-05-02'); // 90 days
  });

  it('turns on the receipt date, not the policy date, for insurer duties', () => {
    const result = compute({ policyEffectiveDate: '2022-06-01' }, { claim_reported: '2023-03-01' });
    expect(deadlineOf(result, 'FL-04')).toMatchObject({
      dueDate: '2023-03-08',
      ruleVersion: 'as amended 2023',
    });
  });

  it('gives a policy effective before 2022-12-16 two years for a new claim and three for a supplemental one', () => {
    const result = compute({ policyEffectiveDate: '2022-12-15' }, { date_of_loss: '2023-09-28' });
    expect(deadlineOf(result, 'FL-01')).toMatchObject({
      nominalDate: '2025-09-28',
      ruleVersion: 'SB 76 (2021)',
    });
    expect(deadlineOf(result, 'FL-02').nominalDate).toBe('2026-09-28');
    const current = compute({ policyEffectiveDate: '2022-12-16' }, { date_of_loss: '2023-09-28' });
    expect(deadlineOf(current, 'FL-01')).toMatchObject({
      nominalDate: '2024-09-28',
      ruleVersion: 'SB 2-A (2022)',
    });
  });

  it('assumes the newest version when the policy date is unknown, and says so', () => {
    const result = compute({ policyEffectiveDate: null }, { date_of_loss: '2024-09-26' });
    expect(deadlineOf(result, 'FL-01').dueDate).toBe('2025-09-26');
    expect(deadlineOf(result, 'FL-01').caveat).toContain(
      'The policy’s issue or renewal date is not given: the version in force from 2022-12-16 is assumed.',
    );
  });

  it('applies the oldest version known to an older policy, with a warning', () => {
    const result = compute({ policyEffectiveDate: '2019-01-01' }, { date_of_loss: '2019-10-10' });
    expect(deadlineOf(result, 'FL-01')).toMatchObject({
      nominalDate: '2021-10-10',
      ruleVersion: 'SB 76 (2021)',
    });
    expect(deadlineOf(result, 'FL-01').caveat).toContain('took effect 2021-07-01');
  });
});

describe('catastrophe orders', () => {
  it('extends the Florida insurer deadlines by the days entered (FL-10)', () => {
    const result = compute({ catastropheExtensionDays: 30 }, { claim_reported: '2024-10-01' });
    const payOrDeny = deadlineOf(result, 'FL-08');
    expect(payOrDeny.nominalDate).toBe('2024-12-30');
    expect(payOrDeny.explanation).toBe(
      '60 days after the insurer received notice of the claim — Fla. Stat. § 627.70131(7)(a), as amended 2023, plus 30 days by catastrophe order (Fla. Stat. § 627.70131(5))',
    );
    expect(payOrDeny.caveat).not.toContain('Check for OIR orders');
  });

  it('leaves the policyholder’s deadlines alone', () => {
    const plain = compute({}, { date_of_loss: '2024-09-26' });
    const extended = compute({ catastropheExtensionDays: 30 }, { date_of_loss: '2024-09-26' });
    expect(deadlineOf(extended, 'FL-15')).toEqual(deadlineOf(plain, 'FL-15'));
  });

  it('extends the Texas Subchapter B deadlines (TX-06), and TX-03 through its base', () => {
    const result = compute(
      { propertyState: 'TX', catastropheExtensionDays: 15 },
      { all_items_received: '2024-06-20', claim_accepted: '2024-08-26' },
    );
    expect(deadlineOf(result, 'TX-02').nominalDate).toBe('2024-07-27');
    expect(deadlineOf(result, 'TX-03').nominalDate).toBe('2024-09-10');
    expect(deadlineOf(result, 'TX-03').explanation).not.toContain('catastrophe');
    expect(deadlineOf(result, 'TX-04').nominalDate).toBe('2024-09-18');
  });
});

describe('variants', () => {
  it('gives a Texas surplus lines carrier 30 business days', () => {
    const result = compute({ propertyState: 'TX', surplusLines: true }, { claim_reported: '2024-05-16' });
    expect(deadlineOf(result, 'TX-01')).toMatchObject({
      dueDate: '2024-07-01',
      ruleVersion: 'surplus lines carrier',
    });
  });

  it('gives California 12 months to sue without a state of emergency', () => {
    const result = compute(
      { propertyState: 'CA' },
      { date_of_loss: '2025-01-07', first_acv_payment: '2025-02-15' },
    );
    expect(deadlineOf(result, 'CA-07').dueDate).toBe('2026-01-07');
    // Sunday 2026-02-15 rolls past Presidents' Day; the due date stays the nominal one.
    expect(deadlineOf(result, 'CA-09')).toMatchObject({
      nominalDate: '2026-02-15',
      rolledDate: '2026-02-17',
      dueDate: '2026-02-15',
    });
  });

  it('applies Louisiana’s catastrophic-loss statute only under a state of emergency', () => {
    const keyDates = { date_of_loss: '2024-08-01', proof_of_loss_submitted: '2024-09-02' };
    expect(ruleIds(compute({ propertyState: 'LA' }, keyDates))).not.toContain('LA-04');
    const residential = compute({ propertyState: 'LA', stateOfEmergency: true }, keyDates);
    expect(deadlineOf(residential, 'LA-04').nominalDate).toBe('2024-11-01');
    const commercial = compute(
      { propertyState: 'LA', stateOfEmergency: true, policyKind: 'commercial' },
      keyDates,
    );
    expect(deadlineOf(commercial, 'LA-04')).toMatchObject({
      nominalDate: '2024-12-01',
      ruleVersion: 'non-residential property',
    });
  });
});

describe('which rules apply', () => {
  it('computes only common policy terms for a state without rules, and says so', () => {
    const result = compute({ propertyState: 'OH' }, ALL_KEY_DATES);
    expect(ruleIds(result).every((id) => id.startsWith('HO-'))).toBe(true);
    expect(ruleIds(result)).toContain('HO-06');
    expect(result.sources).toEqual(['Common policy terms (ISO HO 00 03)']);
    expect(result.notice).toBe(
      'Sentinel has no statutory rules for Ohio yet: only common policy terms are computed.',
    );
  });

  it('asks for the state when there is none', () => {
    const result = compute({ propertyState: null }, ALL_KEY_DATES);
    expect(ruleIds(result).every((id) => id.startsWith('HO-'))).toBe(true);
    expect(result.notice).toBe('Choose the property’s state to compute its statutory deadlines.');
  });

  it('assumes a homeowners policy when no kind is chosen, and says so', () => {
    const result = compute({ policyKind: null }, ALL_KEY_DATES);
    expect(ruleIds(result)).toEqual(ruleIds(compute({ policyKind: 'homeowners' }, ALL_KEY_DATES)));
    expect(result.notice).toBe('No policy kind is chosen: the deadlines assume a homeowners policy.');
    expect(compute({ propertyState: null, policyKind: null }, {}).notice).toBe(
      'Choose the property’s state and the policy kind: until then only common homeowners policy terms are computed.',
    );
  });

  it('computes only the federal flood rules for a flood policy, in any state', () => {
    for (const propertyState of ['FL', 'OH', null]) {
      const result = compute({ propertyState, policyKind: 'flood' }, ALL_KEY_DATES);
      expect(ruleIds(result).sort()).toEqual(['FF-01', 'FF-03']);
      expect(result.sources).toEqual(['Federal flood (NFIP Standard Flood Insurance Policy)']);
      expect(result.notice).toBeNull();
    }
  });

  it('gives every state with rules its own time to sue instead of the common suit clause', () => {
    for (const propertyState of RULE_STATES) {
      const ids = ruleIds(compute({ propertyState }, ALL_KEY_DATES));
      expect(idsOf(propertyState, ids).length).toBeGreaterThan(0);
      expect(ids).not.toContain('HO-06');
    }
  });

  it('never turns a definition, an order or a tolling rule into a dated deadline', () => {
    const notes = [
      'FL-03',
      'FL-07',
      'FL-10',
      'FL-11',
      'FL-14',
      'TX-06',
      'TX-09',
      'CA-01',
      'CA-04',
      'CA-08',
      'FF-02',
      'HO-01',
    ];
    for (const propertyState of [...RULE_STATES, null]) {
      for (const policyKind of POLICY_KINDS) {
        const facts = { propertyState, policyKind, stateOfEmergency: true, catastropheExtensionDays: 10 };
        const result = compute(facts, ALL_KEY_DATES);
        expect(ruleIds(result).filter((id) => notes.includes(id))).toEqual([]);
        expect(result.pending).toEqual([]);
      }
    }
  });
});

describe('pending rules', () => {
  it('waits for a missing key date instead of computing', () => {
    const result = compute({}, { claim_reported: '2024-10-01' });
    expect(ruleIds(result)).toEqual(['FL-04', 'FL-08']);
    expect(result.pending.find((rule) => rule.ruleId === 'FL-15')).toEqual({
      ruleId: 'FL-15',
      who: 'policyholder',
      action: 'File suit on the property policy',
      citation: 'Fla. Stat. § 95.11(2)(e)',
      needs: 'date_of_loss',
    });
  });

  it('leaves a deadline counted from another pending on that one’s key date', () => {
    const result = compute({}, {});
    expect(result.pending.find((rule) => rule.ruleId === 'FL-12')?.needs).toBe('date_of_loss');
    expect(result.pending.find((rule) => rule.ruleId === 'HO-05')?.needs).toBe('appraisal_demand');
    expect(result.deadlines).toEqual([]);
  });

  it('keeps every computed deadline on a key date that was given, and every pending rule on one that was not', () => {
    const anyKeyDates = fc.dictionary(
      fc.constantFrom(...KEY_DATE_KINDS),
      fc.integer({ min: 0, max: 3650 }).map((offset) => addCalendarDays('2016-01-01', offset)),
    );
    const anyFacts = fc.record({
      propertyState: fc.constantFrom('FL', 'TX', 'CA', 'LA', 'NY', 'OH', null),
      policyKind: fc.constantFrom(...POLICY_KINDS, null),
      policyEffectiveDate: fc.constantFrom('2010-01-01', '2021-09-01', '2023-01-01', null),
      stateOfEmergency: fc.boolean(),
      surplusLines: fc.boolean(),
      catastropheExtensionDays: fc.integer({ min: 0, max: 30 }),
    });
    fc.assert(
      fc.property(anyFacts, anyKeyDates, (facts, keyDates: KeyDates) => {
        const result = computeDeadlines({ facts: testFacts(facts), keyDates });
        const given = (kind: KeyDateKind) => keyDates[kind] !== undefined;
        const ids = [...ruleIds(result), ...result.pending.map((rule) => rule.ruleId)];
        expect(new Set(ids).size).toBe(ids.length);
        for (const deadline of result.deadlines) {
          expect(given(deadline.trigger)).toBe(true);
          expect(deadline.triggerDate).toBe(keyDates[deadline.trigger]);
          expect(deadline.citation.length).toBeGreaterThan(0);
          expect(deadline.dueDate <= deadline.nominalDate && deadline.dueDate <= deadline.rolledDate).toBe(
            true,
          );
          expect([deadline.nominalDate, deadline.rolledDate]).toContain(deadline.dueDate);
        }
        for (const rule of result.pending) expect(given(rule.needs)).toBe(false);
        const order = result.deadlines.map((deadline) => `${deadline.dueDate} ${deadline.ruleId}`);
        expect(order).toEqual([...order].sort());
      }),
      { numRuns: 300 },
    );
  });
});

describe('purity', () => {
  it('gives the same answer for the same input and leaves the input alone', () => {
    const input = { facts: testFacts({ propertyState: 'TX' }), keyDates: { ...ALL_KEY_DATES } };
    const copy = structuredClone(input);
    expect(computeDeadlines(input)).toEqual(computeDeadlines(input));
    expect(input).toEqual(copy);
  });

  it('sorts by due date, then rule id', () => {
    const result = compute({}, { date_of_loss: '2024-09-26', claim_reported: '2024-09-26' });
    const keys = result.deadlines.map((deadline) => [deadline.dueDate, deadline.ruleId].join(' '));
    expect(keys).toEqual([...keys].sort());
    expect(keys[0]).toBe('2024-10-03 FL-04');
  });
});

describe('the rules fingerprint', () => {
  it('changes with a rule’s period, a condition or the engine version, and only then', () => {
    const base = fingerprintOf(RULES, 1);
    expect(base).toMatch(/^[0-9a-f]{16}$/);
    expect(fingerprintOf(RULES, 1)).toBe(base);
    expect(fingerprintOf(RULES, 2)).not.toBe(base);
    const [first, ...rest] = RULES;
    expect(fingerprintOf([{ ...first!, citation: `${first!.citation} (amended)` }, ...rest], 1)).not.toBe(
      base,
    );
    const conditioned = RULES.find((rule) => rule.kind === 'deadline' && rule.condition)!;
    const changed = RULES.map((rule) => (rule === conditioned ? { ...rule, condition: () => false } : rule));
    expect(fingerprintOf(changed, 1)).not.toBe(base);
  });
});
