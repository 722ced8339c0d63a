import { describe, expect, it } from 'vitest';
import { formatMessageAge } from './relative-time';

const now = new Date('2026-03-14T12:00:00Z').getTime();
const ago = (ms: number) => new Date(now - ms).toISOString();
const minute = 60_000;
const hour = 60 * minute;
const day = 24 * hour;

describe('formatMessageAge (spec §2 Messages, §9)', () => {
  it.each([
    [0, 'Just now'],
    [59 * minute, 'Just now'],
    [hour, '1h ago'],
    [23 * hour + 59 * minute, '23h ago'],
    [day, 'Yesterday'],
    [2 * day - minute, 'Yesterday'],
    [2 * day, '2d ago'],
    [7 * day - minute, '6d ago'],
  ])('%i ms ago reads %s', (elapsed, text) => {
    expect(formatMessageAge(ago(elapsed), now)).toBe(text);
  });

  it('gives the date from seven days on', () => {
    expect(formatMessageAge('2026-03-07T12:00:00Z', now)).toBe('Mar 7, 2026');
    expect(formatMessageAge('2025-12-25T12:00:00Z', now)).toBe('Dec 25, 2025');
  });

  it('reads a time slightly ahead of the clock as Just now', () => {
    expect(formatMessageAge(new Date(now + 5_000).toISOString(), now)).toBe('Just now');
  });
});
