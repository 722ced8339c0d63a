import { DEFAULT_EVENT_MINUTES } from '@sentinel/shared';
import { DateTime } from 'luxon';

/** `YYYY-MM-DDTHH:mm`: a `datetime-local` input's value, a wall-clock time in the user's zone. */
export const WALL_CLOCK = "yyyy-MM-dd'T'HH:mm";
/** `YYYY-MM-DD`: a `date` input's value. */
export const DATE_ONLY = 'yyyy-MM-dd';
/** The time an event starts when a day (not a time) was chosen, e.g. a click in the month grid. */
export const DAY_CLICK_TIME = '09:00';

/** The user's IANA zone: the session's, else the browser's. */
export const resolveTimeZone = (sessionZone: string | null | undefined): string =>
  sessionZone || Intl.DateTimeFormat().resolvedOptions().timeZone;

/** A wall-clock value read in `zone`. */
export const fromWallClock = (value: string, zone: string) => DateTime.fromISO(value, { zone });

/** The next whole hour in `zone`, as a wall-clock value. */
export const nextHour = (zone: string, now: DateTime = DateTime.now()): string =>
  now.setZone(zone).startOf('hour').plus({ hours: 1 }).toFormat(WALL_CLOCK);

/** A wall-clock value `minutes` later (the default end: one hour after the start). */
export const addMinutes = (value: string, zone: string, minutes = DEFAULT_EVENT_MINUTES): string =>
  fromWallClock(value, zone).plus({ minutes }).toFormat(WALL_CLOCK);

/** The day after a `YYYY-MM-DD` date (the exclusive end of an all-day event). */
export const nextDay = (date: string): string => DateTime.fromISO(date).plus({ days: 1 }).toFormat(DATE_ONLY);

/** The day before a `YYYY-MM-DD` date (the last day of an all-day event from its exclusive end). */
export const previousDay = (date: string): string =>
  DateTime.fromISO(date).minus({ days: 1 }).toFormat(DATE_ONLY);

/** A wall-clock value in `zone` as an ISO instant with the zone's offset (Google's dateTime). */
export const toOffsetIso = (value: string, zone: string): string =>
  fromWallClock(value, zone).toISO({ suppressMilliseconds: true }) ?? value;

/** A wall-clock value in `zone` as the UTC wall clock Graph expects with timeZone 'UTC'. */
export const toUtcWallClock = (value: string, zone: string): string =>
  fromWallClock(value, zone).toUTC().toFormat("yyyy-MM-dd'T'HH:mm:ss");

/**
 * The wall-clock start of a day or time FullCalendar reports (a date `YYYY-MM-DD` from the month
 * grid, else an ISO time with offset): days start at DAY_CLICK_TIME.
 */
export function wallClockOf(dateStr: string, zone: string): string {
  if (/^\d{4}-\d{2}-\d{2}$/.test(dateStr)) return `${dateStr}T${DAY_CLICK_TIME}`;
  if (!/(Z|[+-]\d{2}:\d{2})$/.test(dateStr)) return dateStr.slice(0, 16);
  return DateTime.fromISO(dateStr, { setZone: true }).setZone(zone).toFormat(WALL_CLOCK);
}

/** An event's time range for people, in `zone`; all-day events by their days (end exclusive). */
export function formatEventRange(
  event: { start: string; end: string; allDay: boolean },
  zone: string,
): string {
  if (event.allDay) {
    const first = DateTime.fromISO(event.start.slice(0, 10));
    const last = event.end ? DateTime.fromISO(event.end.slice(0, 10)).minus({ days: 1 }) : first;
    const day = (date: DateTime) => date.toLocaleString(DateTime.DATE_MED_WITH_WEEKDAY);
    return last <= first ? `${day(first)} · All day` : `${day(first)} – ${day(last)} · All day`;
  }
  const start = DateTime.fromISO(event.start, { setZone: true }).setZone(zone);
  const end = event.end ? DateTime.fromISO(event.end, { setZone: true }).setZone(zone) : start;
  const day = start.toLocaleString(DateTime.DATE_MED_WITH_WEEKDAY);
  const time = (date: DateTime) => date.toLocaleString(DateTime.TIME_SIMPLE);
  if (start.hasSame(end, 'day')) return `${day}, ${time(start)} – ${time(end)}`;
  return `${day}, ${time(start)} – ${end.toLocaleString(DateTime.DATE_MED_WITH_WEEKDAY)}, ${time(end)}`;
}

/**
 * The range FullCalendar will show first, so the screen asks for its events while FullCalendar is
 * still being drawn: a month is the six weeks from the Sunday on or before its 1st, a week or its
 * list runs from Sunday, a day is that day; midnights in `zone`, as ISO times with their offset.
 */
export function visibleRange(
  view: 'dayGridMonth' | 'timeGridWeek' | 'timeGridDay' | 'listWeek',
  date: string | undefined,
  zone: string,
  now: DateTime = DateTime.now(),
): { start: string; end: string } {
  const day = (date ? DateTime.fromISO(date, { zone }) : now.setZone(zone)).startOf('day');
  // Luxon's weeks start on Monday; FullCalendar's (en-US) on Sunday.
  const sunday = (d: DateTime) => d.minus({ days: d.weekday % 7 });
  const [start, days] =
    view === 'dayGridMonth'
      ? [sunday(day.startOf('month')), 42]
      : view === 'timeGridDay'
        ? [day, 1]
        : [sunday(day), 7];
  const iso = (d: DateTime) => d.toISO({ suppressMilliseconds: true })!;
  return { start: iso(start), end: iso(start.plus({ days })) };
}

/** Whether two ranges cover the same instants (FullCalendar and `visibleRange` may write them apart). */
export const sameRange = (a: { start: string; end: string }, b: { start: string; end: string }) =>
  Date.parse(a.start) === Date.parse(b.start) && Date.parse(a.end) === Date.parse(b.end);
