import { describe, expect, it } from 'vitest';
import { periodFromParam } from './period';

describe('periodFromParam', () => {
  it('takes the four periods and falls back to Last 90 Days', () => {
    expect(periodFromParam('30d')).toBe('30d');
    expect(periodFromParam('year')).toBe('year');
    expect(periodFromParam('all')).toBe('all');
    expect(periodFromParam('90d')).toBe('90d');
    expect(periodFromParam(null)).toBe('90d');
    expect(periodFromParam('7d')).toBe('90d');
  });
});
