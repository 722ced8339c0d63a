import type { CalendarEvent } from '@sentinel/shared';
import { describe, expect, it } from 'vitest';
import { compactMonth } from './month';

const event = (id: string, start: string, end: string, allDay = false): CalendarEvent => ({
  id,
  title: `Event ${id}`,
  start,
  end,
  allDay,
  color: '#4f46e5',
  source: 'sentinel',
  description: '',
  location: 'No location',
  attendees: [],
  eventType: 'meeting',
  case: null,
  reminders: [],
  deadline: null,
  editable: true,
  conferenceUrl: null,
  htmlLink: null,
});

describe('compactMonth', () => {
  it("keeps a day's first three timed events and adds '+N more' for the rest, on the person's day", () => {
    // 8 events on Feb 10 in New York; the 02:00 UTC one of Feb 11 is still Feb 10 there.
    const busy = Array.from({ length: 7 }, (_, i) =>
      event(
        `b${i}`,
        `2027-02-10T${String(14 + i).padStart(2, '0')}:00:00.000Z`,
        `2027-02-10T${String(15 + i).padStart(2, '0')}:00:00.000Z`,
      ),
    );
    const late = event('late', '2027-02-11T02:00:00.000Z', '2027-02-11T03:00:00.000Z');
    const quiet = [event('q1', '2027-02-12T15:00:00.000Z', '2027-02-12T16:00:00.000Z')];
    const allDay = event('d', '2027-02-10', '2027-02-11', true);
    const inputs = compactMonth([late, ...busy, ...quiet, allDay], 'America/New_York');
    const ids = inputs.map((input) => input.id);
    expect(ids).toEqual(
      expect.arrayContaining([
        'sentinel:b0',
        'sentinel:b1',
        'sentinel:b2',
        'sentinel:q1',
        'sentinel:d',
        'more:2027-02-10',
      ]),
    );
    expect(ids).not.toContain('sentinel:late');
    expect(inputs).toHaveLength(6);
    const more = inputs.find((input) => input.id === 'more:2027-02-10')!;
    expect(more.extendedProps).toEqual({ moreDay: '2027-02-10', count: 5 });
    expect(more.editable).toBe(false);
  });

  it('leaves a day of four events alone: a "+1 more" would hide no more than it shows', () => {
    const four = Array.from({ length: 4 }, (_, i) =>
      event(`f${i}`, `2027-02-10T1${i}:00:00.000Z`, `2027-02-10T1${i}:30:00.000Z`),
    );
    expect(compactMonth(four, 'UTC').map((input) => input.id)).toEqual(four.map((e) => `sentinel:${e.id}`));
  });

  it('puts events either side of midnight on their own days in a zone a quarter-hour off UTC', () => {
    // Kathmandu is UTC+5:45: its midnight of Feb 11 is 18:15 UTC on Feb 10.
    const before = Array.from({ length: 5 }, (_, i) =>
      event(`n${i}`, `2027-02-10T18:1${i}:00.000Z`, `2027-02-10T18:3${i}:00.000Z`),
    );
    const after = Array.from({ length: 5 }, (_, i) =>
      event(`m${i}`, `2027-02-10T18:2${i}:00.000Z`, `2027-02-10T18:4${i}:00.000Z`),
    );
    const mores = compactMonth([...before, ...after], 'Asia/Kathmandu')
      .filter((input) => String(input.id).startsWith('more:'))
      .map((input) => input.extendedProps);
    // 18:10–18:14 UTC are Feb 10 there (5 events), 18:20–18:24 UTC Feb 11 (5 events).
    expect(mores).toEqual([
      { moreDay: '2027-02-10', count: 2 },
      { moreDay: '2027-02-11', count: 2 },
    ]);
  });
});
