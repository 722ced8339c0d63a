import type { EventInput } from '@fullcalendar/core';
import type { CalendarEvent } from '@sentinel/shared';

/** One event as FullCalendar takes it. */
export const toInput = (event: CalendarEvent): EventInput => ({
  id: `${event.source}:${event.id}`,
  title: event.title,
  start: event.start,
  end: event.end,
  allDay: event.allDay,
  color: event.color,
  editable: event.editable,
  // Which calendar it came from, for styles and for the journeys that look for one copy.
  classNames: [`calendar-source-${event.source}`],
  extendedProps: { event },
});

/**
 * A quarter of an hour: every offset in use since 1972 is a multiple of it (Liberia's −0:44:30 was
 * the last that was not), so a local midnight of any date a calendar shows falls on one.
 */
const QUARTER_HOUR = 900_000;

/**
 * The day (YYYY-MM-DD) of an instant in `timeZone`, formatted once per quarter of an hour: within
 * one no day can begin, and a busy month's 2,000 events start in a few hundred of them.
 */
function dayInZone(timeZone: string): (instant: number) => string {
  const format = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  });
  const days = new Map<number, string>();
  return (instant) => {
    const quarter = Math.floor(instant / QUARTER_HOUR);
    let day = days.get(quarter);
    if (day === undefined) {
      day = format.format(quarter * QUARTER_HOUR);
      days.set(quarter, day);
    }
    return day;
  };
}

/** Timed events a month cell shows before '+N more'. */
const MONTH_EVENTS_PER_DAY = 3;

/**
 * The month view of a busy calendar: per day the first three timed events and one '+N more' that
 * opens the day's list. FullCalendar draws and measures every event of a month before it hides
 * what does not fit (2,000 events took half a second); this hands it what it will show. All-day
 * and multi-day events pass through.
 */
export function compactMonth(events: CalendarEvent[], timeZone: string): EventInput[] {
  const dayOf = dayInZone(timeZone);
  const inputs: EventInput[] = [];
  const byDay = new Map<string, CalendarEvent[]>();
  for (const event of events) {
    const start = Date.parse(event.start);
    if (event.allDay || Date.parse(event.end) - start > 86_400_000) {
      inputs.push(toInput(event));
      continue;
    }
    const day = dayOf(start);
    const list = byDay.get(day);
    if (list) list.push(event);
    else byDay.set(day, [event]);
  }
  for (const [day, list] of byDay) {
    if (list.length <= MONTH_EVENTS_PER_DAY + 1) {
      for (const event of list) inputs.push(toInput(event));
      continue;
    }
    list.sort((a, b) => Date.parse(a.start) - Date.parse(b.start) || a.title.localeCompare(b.title));
    for (const event of list.slice(0, MONTH_EVENTS_PER_DAY)) inputs.push(toInput(event));
    inputs.push({
      id: `more:${day}`,
      title: `${list.length - MONTH_EVENTS_PER_DAY} more events`,
      // Last in its cell: FullCalendar orders a day's events by start.
      start: `${day}T23:59:00`,
      end: `${day}T23:59:30`,
      allDay: false,
      editable: false,
      backgroundColor: 'transparent',
      borderColor: 'transparent',
      textColor: '#334155',
      classNames: ['calendar-more-link'],
      extendedProps: { moreDay: day, count: list.length - MONTH_EVENTS_PER_DAY },
    });
  }
  return inputs;
}
