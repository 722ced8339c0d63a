import { DateTime } from 'luxon';
import { afterEach, describe, expect, it } from 'vitest';
import { calendarOpening, rememberView } from './opening';
import { sameRange, visibleRange } from './time';

const NOW = DateTime.fromISO('2026-11-24T15:00:00Z');

describe('visibleRange: the range FullCalendar shows first', () => {
  it('a month: six weeks from the Sunday on or before the 1st, midnights in the zone', () => {
    // 1 November 2026 is a Sunday; New York leaves daylight saving that day.
    expect(visibleRange('dayGridMonth', undefined, 'America/New_York', NOW)).toEqual({
      start: '2026-11-01T00:00:00-04:00',
      end: '2026-12-13T00:00:00-05:00',
    });
    // 1 March 2027 is a Monday: the month view starts on Sunday 28 February.
    expect(visibleRange('dayGridMonth', '2027-03-15', 'Europe/London', NOW)).toEqual({
      start: '2027-02-28T00:00:00+00:00',
      end: '2027-04-11T00:00:00+01:00',
    });
  });

  it('a week (grid or list) from Sunday, and a day', () => {
    // Tuesday 24 November 2026.
    const week = { start: '2026-11-22T00:00:00-05:00', end: '2026-11-29T00:00:00-05:00' };
    expect(visibleRange('timeGridWeek', undefined, 'America/New_York', NOW)).toEqual(week);
    expect(visibleRange('listWeek', '2026-11-28', 'America/New_York', NOW)).toEqual(week);
    // A Sunday is its own week's first day.
    expect(visibleRange('timeGridWeek', '2026-11-22', 'America/New_York', NOW).start).toBe(week.start);
    expect(visibleRange('timeGridDay', '2026-11-24', 'Asia/Tokyo', NOW)).toEqual({
      start: '2026-11-24T00:00:00+09:00',
      end: '2026-11-25T00:00:00+09:00',
    });
  });

  it('today is the day in the zone, not in UTC', () => {
    // 03:00 UTC on the 25th is still the 24th in Los Angeles.
    const late = DateTime.fromISO('2026-11-25T03:00:00Z');
    expect(visibleRange('timeGridDay', undefined, 'America/Los_Angeles', late).start).toBe(
      '2026-11-24T00:00:00-08:00',
    );
  });

  it('ranges written apart are the same when their instants are', () => {
    const a = { start: '2026-11-01T00:00:00-04:00', end: '2026-12-13T00:00:00-05:00' };
    expect(sameRange(a, { start: '2026-11-01T04:00:00Z', end: '2026-12-13T05:00:00.000Z' })).toBe(true);
    expect(sameRange(a, { start: '2026-11-01T00:00:00-05:00', end: a.end })).toBe(false);
  });
});

describe('calendarOpening', () => {
  afterEach(() => localStorage.clear());

  it('opens on what a link asks for, else the remembered grid view on wide screens, the list on phones', () => {
    const zone = 'America/New_York';
    const linked = calendarOpening(new URLSearchParams('view=day&date=2027-01-05'), true, zone);
    expect(linked).toMatchObject({ view: 'timeGridDay', date: '2027-01-05' });
    expect(linked.range.start).toBe('2027-01-05T00:00:00-05:00');
    expect(calendarOpening(new URLSearchParams(), true, zone).view).toBe('timeGridWeek');
    rememberView('dayGridMonth');
    expect(calendarOpening(new URLSearchParams(), true, zone).view).toBe('dayGridMonth');
    expect(calendarOpening(new URLSearchParams(), false, zone).view).toBe('listWeek');
    // A list view is not remembered; a date that is not one is ignored.
    rememberView('listWeek');
    const odd = calendarOpening(new URLSearchParams('date=2027-13-99x'), true, zone);
    expect(odd).toMatchObject({ view: 'dayGridMonth', date: undefined });
  });
});
