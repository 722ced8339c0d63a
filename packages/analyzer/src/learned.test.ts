import { describe, expect, it } from 'vitest';
import { cueBefore, emptyLearned, learnFromCorrection, MAX_EXAMPLE_FEATURES } from './learned';

describe('learnFromCorrection', () => {
  it('returns a new value and leaves the old one as it was', () => {
    const before = emptyLearned();
    const after = learnFromCorrection(before, { kind: 'person', name: 'Coral Way', role: null });
    expect(before.persons).toEqual([]);
    expect(after.persons).toEqual([{ name: 'Coral Way', role: null }]);
  });

  it('keeps one type example per document, with at most MAX_EXAMPLE_FEATURES features', () => {
    const text = Array.from({ length: 600 }, (_, i) => `word${String.fromCharCode(97 + (i % 26))}${i}`).join(
      ' ',
    );
    let learned = learnFromCorrection(undefined, { kind: 'type', type: 'contract', text });
    learned = learnFromCorrection(learned, { kind: 'type', type: 'financial', text });
    expect(learned.typeExamples).toHaveLength(1);
    expect(learned.typeExamples[0]!.type).toBe('financial');
    expect(Object.keys(learned.typeExamples[0]!.features).length).toBeLessThanOrEqual(MAX_EXAMPLE_FEATURES);
  });

  it('learns the label words before a corrected date or amount', () => {
    const documentText = 'Receipt\nDate paid: 7/19/2025\nNet claim payable: USD 21,940.00';
    expect(cueBefore(documentText, '7/19/2025')).toBe('date paid');
    const learned = learnFromCorrection(undefined, {
      kind: 'amount_kind',
      text: 'USD 21,940.00',
      to: 'payment',
      documentText,
    });
    expect(learned.amountCues).toEqual([{ cue: 'net claim payable', kind: 'payment' }]);
  });

  it('"not a person" and "a person" undo each other', () => {
    let learned = learnFromCorrection(undefined, {
      kind: 'not_entity',
      entity: 'person',
      text: 'Laurel Fork',
    });
    expect(learned.suppressed).toEqual([{ entity: 'person', text: 'Laurel Fork' }]);
    learned = learnFromCorrection(learned, { kind: 'person', name: 'Laurel Fork', role: 'witness' });
    expect(learned.suppressed).toEqual([]);
    expect(learned.persons).toEqual([{ name: 'Laurel Fork', role: 'witness' }]);
  });
});
