import { describe, expect, it } from 'vitest';
import { offerStanding, targetRange } from './negotiation-rules';

describe('offerStanding: the offer coloured by offer / target (spec §4, §9)', () => {
  it('is red under 60 %, yellow from 60 % to under 85 %, green from 85 %', () => {
    expect(offerStanding(59_999.99, 100_000).tone).toBe('red');
    expect(offerStanding(60_000, 100_000).tone).toBe('yellow');
    expect(offerStanding(84_999.99, 100_000).tone).toBe('yellow');
    expect(offerStanding(85_000, 100_000).tone).toBe('green');
    expect(offerStanding(140_000, 100_000).tone).toBe('green');
    expect(offerStanding(0, 100_000).tone).toBe('red');
  });

  it('compares exactly at the thresholds where floating point would not (0.1 + 0.2 cents)', () => {
    // 85 % of 33,333.33 is 28,333.3305: 28,333.33 is under it, 28,333.34 is not.
    expect(offerStanding(28_333.33, 33_333.33).tone).toBe('yellow');
    expect(offerStanding(28_333.34, 33_333.33).tone).toBe('green');
    expect(offerStanding(0.6, 1).tone).toBe('yellow');
    expect(offerStanding(0.59, 1).tone).toBe('red');
  });

  it('says the percentage in words, rounded down so it never contradicts the colour', () => {
    expect(offerStanding(59_990, 100_000)).toEqual({
      tone: 'red',
      percentOfTarget: 59,
      label: '59% of target: below 60%',
    });
    expect(offerStanding(72_000, 100_000).label).toBe('72% of target: below 85%');
    expect(offerStanding(92_500, 100_000).label).toBe('92% of target');
  });

  it('is neutral without an offer or without a target above zero, and says which', () => {
    expect(offerStanding(null, 100_000)).toEqual({
      tone: 'none',
      percentOfTarget: null,
      label: 'No offer yet',
    });
    expect(offerStanding(50_000, null)).toEqual({
      tone: 'none',
      percentOfTarget: null,
      label: 'No target set',
    });
    expect(offerStanding(50_000, 0).tone).toBe('none');
  });
});

describe('targetRange: 90 %–110 % of the target', () => {
  it('is 0.9 and 1.1 of the target, to the cent', () => {
    expect(targetRange(100_000)).toEqual({ low: 90_000, high: 110_000 });
    expect(targetRange(125_000)).toEqual({ low: 112_500, high: 137_500 });
    expect(targetRange(33_333.33)).toEqual({ low: 30_000, high: 36_666.66 });
  });

  it('is null without a target above zero', () => {
    expect(targetRange(null)).toBeNull();
    expect(targetRange(undefined)).toBeNull();
    expect(targetRange(0)).toBeNull();
  });
});
