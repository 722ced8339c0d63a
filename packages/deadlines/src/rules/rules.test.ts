import { describe, expect, it } from 'vitest';
import { RULE_SETS, RULES } from './index';
import type { DeadlineRule } from './types';

/** The rows of shared/reference/claim-deadlines.md, and those it marks UNVERIFIED anywhere in the row. */
const range = (prefix: string, last: number): string[] =>
  Array.from({ length: last }, (_, index) => `${prefix}-${String(index + 1).padStart(2, '0')}`);
const REFERENCE_IDS = [
  ...range('FL', 16),
  ...range('TX', 11),
  ...range('CA', 9),
  ...range('LA', 5),
  ...range('NY', 4),
  ...range('FF', 3),
  ...range('HO', 6),
];
const UNVERIFIED_ROWS = ['FL-03', 'FL-14', 'FL-16', 'CA-07', 'NY-02', 'NY-04', 'FF-03'];
/** Definitions, orders, tolling and recurring duties: no dated deadline of their own. */
const NOT_COMPUTABLE = ['FL-03', 'FL-10', 'FL-11', 'FL-14', 'TX-06', 'CA-04', 'CA-08', 'FF-02', 'HO-01'];

const deadlineRules = RULES.filter((rule): rule is DeadlineRule => rule.kind === 'deadline');

describe('the rules', () => {
  it('hold every row of the reference once', () => {
    expect(RULES.map((rule) => rule.id)).toEqual(REFERENCE_IDS);
  });

  it('cite every rule', () => {
    for (const rule of RULES) expect(rule.citation.trim(), rule.id).not.toBe('');
  });

  it('mark what the reference leaves unverified', () => {
    for (const id of UNVERIFIED_ROWS) {
      const rule = RULES.find((candidate) => candidate.id === id);
      const flagged = rule?.verification === 'UNVERIFIED' || rule?.caveat?.includes('UNVERIFIED');
      expect(flagged, id).toBe(true);
    }
  });

  it('give no date for definitions, orders and tolling', () => {
    for (const id of NOT_COMPUTABLE) expect(RULES.find((rule) => rule.id === id)?.kind, id).toBe('note');
  });

  it('start each rule with a version for every claim, oldest first', () => {
    for (const rule of deadlineRules) {
      expect(rule.versions[0]?.when, rule.id).toBeUndefined();
      const dated = rule.versions.flatMap((version) => (version.effective ? [version.effective] : []));
      expect(dated, rule.id).toEqual([...dated].sort());
      for (const version of rule.versions) expect(version.period.amount, rule.id).toBeGreaterThan(0);
    }
  });

  it('count from another rule of the same set only, without cycles', () => {
    for (const set of RULE_SETS) {
      const own = new Map(
        set.rules.flatMap((rule) => (rule.kind === 'deadline' ? [[rule.id, rule] as const] : [])),
      );
      for (const rule of own.values()) {
        const seen = new Set<string>();
        for (let trigger = rule.trigger; typeof trigger !== 'string';) {
          expect(seen.has(trigger.rule), rule.id).toBe(false);
          seen.add(trigger.rule);
          const base = own.get(trigger.rule);
          expect(base, `${rule.id} counts from ${trigger.rule}`).toBeDefined();
          if (!base) break;
          trigger = base.trigger;
        }
      }
    }
  });

  it('attach notes to deadlines of the same set', () => {
    for (const set of RULE_SETS) {
      const own = new Set(set.rules.filter((rule) => rule.kind === 'deadline').map((rule) => rule.id));
      for (const rule of set.rules) {
        if (rule.kind === 'note')
          for (const id of rule.appliesTo) expect(own.has(id), `${rule.id} → ${id}`).toBe(true);
      }
    }
  });

  it('roll statutes and leave contract terms as they fall', () => {
    const terms = deadlineRules.filter((rule) => rule.id.startsWith('HO-'));
    expect(terms.map((rule) => rule.roll)).toEqual(terms.map(() => 'none'));
    for (const rule of deadlineRules) {
      const before = rule.versions.some((version) => version.period.direction === 'before');
      if (before) expect(rule.roll, rule.id).toBe('backward');
    }
  });
});
