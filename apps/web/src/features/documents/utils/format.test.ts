import { confidenceText, formatConfidence } from './format';

describe('formatConfidence', () => {
  it('shows a calibrated figure in whole percent and never claims 100%', () => {
    expect(formatConfidence(0.873)).toBe('87%');
    expect(formatConfidence(0.985)).toBe('99%');
    expect(formatConfidence(0.9996)).toBe('99%+');
    expect(formatConfidence(1)).toBe('99%+');
  });

  it('gives no confidence for a type a person chose', () => {
    expect(confidenceText({ confidence: 1, type_source: 'user' })).toBeNull();
    expect(confidenceText({ confidence: 0.873, type_source: 'classifier' })).toBe('87% confidence');
  });
});
