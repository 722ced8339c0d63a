import { DateTime } from 'luxon';
import { CALENDAR_MESSAGES } from '@sentinel/shared';
import { badRequest } from '../../platform/errors';

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const HAS_OFFSET = /(Z|[+-]\d{2}:\d{2})$/;
/** A full ISO instant: date, time to the second or millisecond, and an offset. */
const INSTANT =
  /^(\d{4})-(\d{2})-(\d{2})T([01]\d|2[0-3]):[0-5]\d:[0-5]\d(\.\d{3})?(Z|[+-](0\d|1[0-4]):[0-5]\d)$/;

/** An instant in the strict ISO form with a day its month has, as a Date; else null. */
function strictInstant(value: string): Date | null {
  const match = INSTANT.exec(value);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  // The engine would read 30 February as 2 March.
  if (month < 1 || month > 12 || day < 1 || day > new Date(Date.UTC(year, month, 0)).getUTCDate())
    return null;
  return new Date(value);
}

/**
 * Reads a time the dialog or the screen sent. All-day: a date (a date-time is cut to its date),
 * kept as midnight UTC of that day. Timed: an instant with an offset as is, or a wall-clock
 * `YYYY-MM-DDTHH:mm` read in `zone` with that day's offset, so 10:00 on the Monday after the
 * clocks change is still 10:00 (a time the change skips moves forward by the gap).
 */
export function readEventTime(value: string, allDay: boolean, zone: string): Date {
  if (allDay) {
    const day = DateTime.fromISO(value.slice(0, 10), { zone: 'utc' });
    if (!day.isValid) throw badRequest('Enter a valid date');
    return day.toJSDate();
  }
  const parsed = HAS_OFFSET.test(value)
    ? DateTime.fromISO(value, { setZone: true })
    : DateTime.fromISO(value, { zone });
  if (!parsed.isValid) throw badRequest('Enter a valid date and time');
  return parsed.toJSDate();
}

/** How the API writes an event's time: the date of an all-day event, else the UTC instant. */
export const writeEventTime = (at: Date, allDay: boolean): string =>
  allDay ? at.toISOString().slice(0, 10) : at.toISOString();

/**
 * When a reminder fires: `minutes` before the start. An all-day event starts at midnight in the
 * zone it was made in (its dates are the person's days, not UTC's).
 */
export function reminderFireAt(
  event: { startsAt: Date; allDay: boolean; timeZone: string },
  minutes: number,
): Date {
  const start = event.allDay
    ? DateTime.fromISO(event.startsAt.toISOString().slice(0, 10), { zone: event.timeZone }).toJSDate()
    : event.startsAt;
  return new Date(start.getTime() - minutes * 60_000);
}

/** Zones the runtime was found to know (asking Luxon costs more than the rest of a kept answer). */
const KNOWN_ZONES = new Set<string>(['UTC']);

/** The IANA zone to use: the given one if the runtime knows it, else the fallback. */
export function knownZone(zone: string | null | undefined, fallback = 'UTC'): string {
  if (!zone) return fallback;
  if (KNOWN_ZONES.has(zone)) return zone;
  if (!DateTime.local().setZone(zone).isValid) return fallback;
  if (KNOWN_ZONES.size < 1000) KNOWN_ZONES.add(zone);
  return zone;
}

/**
 * The range of a GET: ISO instants, or dates (midnight in `zone`); default four weeks back to
 * eight weeks ahead; at most MAX days wide.
 */
export function readRange(
  start: string | undefined,
  end: string | undefined,
  now: Date,
  maxDays: number,
  zone = 'UTC',
): { start: Date; end: Date } {
  const read = (value: string) => {
    // An instant as the screen sends it needs no zone: the engine's own parser reads it.
    const instant = strictInstant(value);
    if (instant) return instant;
    const parsed = DATE_ONLY.test(value)
      ? DateTime.fromISO(value, { zone })
      : DateTime.fromISO(value, { setZone: true });
    if (!parsed.isValid) throw badRequest(CALENDAR_MESSAGES.calendarRangeInvalid);
    return parsed.toJSDate();
  };
  const from = start ? read(start) : new Date(now.getTime() - 28 * 86_400_000);
  const to = end ? read(end) : new Date(from.getTime() + 84 * 86_400_000);
  if (to <= from || to.getTime() - from.getTime() > maxDays * 86_400_000)
    throw badRequest(CALENDAR_MESSAGES.calendarRangeInvalid);
  return { start: from, end: to };
}

/** The calendar day (YYYY-MM-DD) an instant falls on in a zone. */
export const dayIn = (at: Date, zone: string): string => DateTime.fromJSDate(at, { zone }).toISODate()!;

/** A calendar day plus `days`, as YYYY-MM-DD. */
export const addDays = (date: string, days: number): string =>
  DateTime.fromISO(date, { zone: 'utc' }).plus({ days }).toISODate()!;

/** "Tue 1 Dec 2026, 10:00 – 11:00 EST" or "Tue 1 Dec 2026 (all day)", in the person's zone (e-mails, notifications). */
export function describeWhen(event: { startsAt: Date; endsAt: Date; allDay: boolean }, zone: string): string {
  if (event.allDay) {
    const first = DateTime.fromJSDate(event.startsAt, { zone: 'utc' });
    const last = DateTime.fromJSDate(event.endsAt, { zone: 'utc' }).minus({ days: 1 });
    const day = (d: DateTime) => d.toFormat('ccc d LLL yyyy');
    return first.hasSame(last, 'day') ? `${day(first)} (all day)` : `${day(first)} – ${day(last)} (all day)`;
  }
  const start = DateTime.fromJSDate(event.startsAt, { zone });
  const end = DateTime.fromJSDate(event.endsAt, { zone });
  const endText = start.hasSame(end, 'day') ? end.toFormat('HH:mm') : end.toFormat('ccc d LLL yyyy, HH:mm');
  return `${start.toFormat('ccc d LLL yyyy, HH:mm')} – ${endText} ${end.toFormat('ZZZZ')}`;
}
