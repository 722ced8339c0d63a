import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addBusinessDays,
  addCalendarDays,
  addMonths,
  addYears,
  daysBetween,
  isBusinessDay,
  isLegalHoliday,
  isWeekend,
  legalHolidays,
  rollBackward,
  rollForward,
  weekdayName,
  type HolidayJurisdiction,
} from './counting';

const JURISDICTIONS: HolidayJurisdiction[] = ['US', 'FL', 'TX', 'CA', 'LA', 'NY'];

/** Any day from 2000 to 2060. */
const anyDate = fc.integer({ min: 0, max: 365 * 60 }).map((offset) => addCalendarDays('2000-01-01', offset));
const anyJurisdiction = fc.constantFrom(...JURISDICTIONS);
const anyBusinessDate = fc
  .tuple(anyDate, anyJurisdiction)
  .map(([date, jurisdiction]) => [rollForward(date, jurisdiction), jurisdiction] as const);

describe('legal holidays', () => {
  it('counts the federal holidays of the year, and their observed days', () => {
    expect([...legalHolidays('US', 2026)]).toEqual(
      expect.arrayContaining([
        '2026-01-01',
        '2026-02-16',
        '2026-07-03',
        '2026-07-04',
        '2026-11-26',
        '2026-12-25',
      ]),
    );
    // Veterans Day 2029 is a Sunday: observed Monday (the library types that day 'bank').
    expect(isLegalHoliday('2029-11-12', 'US')).toBe(true);
    // Christmas 2021 is a Saturday: observed Friday the 24th.
    expect(isLegalHoliday('2021-12-24', 'US')).toBe(true);
  });

  it('leaves out observances and optional days', () => {
    expect(isLegalHoliday('2024-02-14', 'US')).toBe(false); // Valentine's Day
    expect(isLegalHoliday('2024-12-24', 'US')).toBe(false); // Christmas Eve, optional
    expect(isLegalHoliday('2024-01-19', 'TX')).toBe(false); // Confederate Heroes Day, optional in Texas
  });

  it('follows each state', () => {
    expect(isLegalHoliday('2024-11-29', 'FL')).toBe(true); // the day after Thanksgiving
    expect(isLegalHoliday('2024-11-29', 'US')).toBe(false);
    expect(isLegalHoliday('2024-12-26', 'TX')).toBe(true); // the day after Christmas
    expect(isLegalHoliday('2024-02-13', 'LA')).toBe(true); // Mardi Gras
    expect(isLegalHoliday('2024-02-12', 'NY')).toBe(true); // Lincoln's Birthday
    expect(isLegalHoliday('2024-04-01', 'CA')).toBe(true); // César Chávez Day, observed
  });
});

describe('day counting', () => {
  it('names weekdays in English', () => {
    expect(weekdayName('2024-10-08')).toBe('Tuesday');
    expect(weekdayName('2026-02-14')).toBe('Saturday');
    expect(isWeekend('2026-02-14')).toBe(true);
  });

  it('crosses year ends and leap days', () => {
    expect(addCalendarDays('2024-12-31', 1)).toBe('2025-01-01');
    expect(addCalendarDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addCalendarDays('2025-01-01', -1)).toBe('2024-12-31');
    expect(addYears('2024-02-29', 1)).toBe('2025-02-28');
    expect(addYears('2024-02-29', 4)).toBe('2028-02-29');
  });

  it('clamps months to their last day (rule 7)', () => {
    expect(addMonths('2024-01-31', 1)).toBe('2024-02-29');
    expect(addMonths('2023-01-31', 1)).toBe('2023-02-28');
    expect(addMonths('2024-03-31', -1)).toBe('2024-02-29');
    expect(addMonths('2024-09-26', 18)).toBe('2026-03-26');
  });

  it('excludes the trigger day and skips weekends and holidays in business days', () => {
    // Oceania: notice on Monday 2022-08-29, Labor Day skipped.
    expect(addBusinessDays('2022-08-29', 10, 'FL')).toBe('2022-09-13');
    expect(addBusinessDays('2024-06-20', 15, 'TX')).toBe('2024-07-12');
    expect(addBusinessDays('2029-09-26', -10, 'FL')).toBe('2029-09-12');
    expect(addBusinessDays('2024-10-05', 0, 'FL')).toBe('2024-10-05');
  });

  it('rolls past weekends and holidays', () => {
    expect(rollForward('2026-02-14', 'US')).toBe('2026-02-17'); // Presidents' Day in between
    expect(rollBackward('2026-02-14', 'US')).toBe('2026-02-13');
    expect(rollForward('2024-11-30', 'FL')).toBe('2024-12-02');
    expect(rollBackward('2024-11-30', 'FL')).toBe('2024-11-27'); // Thanksgiving and the day after
    expect(rollForward('2024-10-08', 'FL')).toBe('2024-10-08');
  });

  it('counts whole days between dates', () => {
    expect(daysBetween('2025-01-10', '2025-06-30')).toBe(171);
    expect(daysBetween('2025-06-30', '2025-01-10')).toBe(-171);
  });

  it('refuses what is not a calendar date', () => {
    expect(() => addCalendarDays('2025-02-30', 1)).toThrow(RangeError);
    expect(() => addCalendarDays('2025-2-3', 1)).toThrow(RangeError);
  });
});

describe('day counting properties', () => {
  it('ends a business-day period on a business day', () => {
    fc.assert(
      fc.property(anyDate, fc.integer({ min: -40, max: 40 }), anyJurisdiction, (date, n, jurisdiction) => {
        const end = addBusinessDays(date, n, jurisdiction);
        return (
          n === 0 ||
          (isBusinessDay(end, jurisdiction) && !isWeekend(end) && !isLegalHoliday(end, jurisdiction))
        );
      }),
    );
  });

  it('rolls forward to a business day on or after the date, backward on or before', () => {
    fc.assert(
      fc.property(anyDate, anyJurisdiction, (date, jurisdiction) => {
        const forward = rollForward(date, jurisdiction);
        const backward = rollBackward(date, jurisdiction);
        return (
          forward >= date &&
          isBusinessDay(forward, jurisdiction) &&
          backward <= date &&
          isBusinessDay(backward, jurisdiction) &&
          (forward === date) === isBusinessDay(date, jurisdiction)
        );
      }),
    );
  });

  it('comes back to a business day by counting the same business days back', () => {
    fc.assert(
      fc.property(anyBusinessDate, fc.integer({ min: -40, max: 40 }), ([date, jurisdiction], n) => {
        return addBusinessDays(addBusinessDays(date, n, jurisdiction), -n, jurisdiction) === date;
      }),
    );
  });

  it('comes back by counting the same calendar days back', () => {
    fc.assert(
      fc.property(anyDate, fc.integer({ min: -2000, max: 2000 }), (date, n) => {
        const moved = addCalendarDays(date, n);
        return addCalendarDays(moved, -n) === date && daysBetween(date, moved) === n;
      }),
    );
  });

  it('adds months to the same day, or the last day of a shorter month', () => {
    fc.assert(
      fc.property(anyDate, fc.integer({ min: -60, max: 60 }), (date, n) => {
        const moved = addMonths(date, n);
        const day = Number(date.slice(8));
        const movedDay = Number(moved.slice(8));
        const lastOfMonth = addCalendarDays(addMonths(`${moved.slice(0, 8)}01`, 1), -1);
        return movedDay === day || (movedDay < day && moved === lastOfMonth);
      }),
    );
  });
});
