import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { knownZone, readRange } from './times';

const NOW = new Date('2027-05-15T12:00:00Z');
const start = (value: string, zone = 'America/New_York') => readRange(value, undefined, NOW, 400, zone).start;

describe('readRange', () => {
  it('reads instants as Luxon does, offsets and milliseconds included', () => {
    for (const value of [
      '2027-05-30T00:00:00-04:00',
      '2027-05-30T00:00:00.000Z',
      '2027-05-30T00:00:00+14:00',
      '2028-02-29T10:00:00+05:30',
      '2027-01-01T24:00:00Z',
    ])
      expect(start(value).toISOString(), value).toBe(
        DateTime.fromISO(value, { setZone: true }).toUTC().toISO(),
      );
  });

  it('reads a date as midnight in the zone', () => {
    expect(start('2027-05-30').toISOString()).toBe('2027-05-30T04:00:00.000Z');
    expect(start('2027-05-30', 'Asia/Tokyo').toISOString()).toBe('2027-05-29T15:00:00.000Z');
  });

  it('refuses a day its month does not have, and what is not a time', () => {
    for (const value of ['2027-02-30T00:00:00Z', '2027-02-29T00:00:00Z', '2027-13-01T00:00:00Z', 'tomorrow'])
      expect(() => start(value), value).toThrow('The date range is not valid');
  });
});

describe('knownZone', () => {
  it('keeps a zone the runtime knows and falls back for one it does not', () => {
    expect(knownZone('America/New_York')).toBe('America/New_York');
    expect(knownZone('America/New_York')).toBe('America/New_York');
    expect(knownZone('Mars/Olympus_Mons', 'Europe/Paris')).toBe('Europe/Paris');
    expect(knownZone(null)).toBe('UTC');
  });
});
