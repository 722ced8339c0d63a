import type { UsState } from '@sentinel/shared';
import Holidays from 'date-holidays';
import { DateTime } from 'luxon';

/**
 * Day counting on plain calendar days ('YYYY-MM-DD'), the day-counting rules of
 * shared/reference/claim-deadlines.md. Dates are read in UTC so that no local time zone or
 * daylight-saving change can move a day.
 */

/** Whose legal holidays count: a state's, or 'US' for the federal ones (FRCP 6(a)). */
export type HolidayJurisdiction = UsState | 'US';

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

const parse = (date: string): DateTime => {
  const parsed = DateTime.fromISO(date, { zone: 'utc', locale: 'en-US' });
  if (!ISO_DATE.test(date) || !parsed.isValid) throw new RangeError(`Not a calendar date: '${date}'`);
  return parsed;
};

const format = (date: DateTime): string => date.toFormat('yyyy-MM-dd');

const calendars = new Map<HolidayJurisdiction, Holidays>();
const holidaysByYear = new Map<string, ReadonlySet<string>>();

const calendarOf = (jurisdiction: HolidayJurisdiction): Holidays => {
  let calendar = calendars.get(jurisdiction);
  if (!calendar) {
    calendar = jurisdiction === 'US' ? new Holidays('US') : new Holidays('US', jurisdiction);
    calendars.set(jurisdiction, calendar);
  }
  return calendar;
};

/**
 * The legal holidays of one year as ISO dates. date-holidays types each day 'public', 'bank',
 * 'optional' or 'observance'; only public holidays close courts and state offices (observances
 * such as Valentine's Day, Texas's optional Confederate Heroes Day or Christmas Eve outside Texas
 * do not). A public holiday falling on a weekend is observed on the Friday or Monday; the library
 * lists that day as a substitute, typed 'public' except Veterans Day's, which it types 'bank' —
 * yet 5 U.S.C. § 6103(b) observes it like the others, so every substitute day counts too.
 * The states' lists are the library's: Florida includes Susan B. Anthony Day (Fla. Stat. § 683.01)
 * and the day after Thanksgiving but not Presidents' Day or Columbus Day; Texas adds Christmas Eve
 * and the day after Christmas; Louisiana Mardi Gras and Good Friday; New York Lincoln's Birthday
 * and Election Day.
 */
export const legalHolidays = (jurisdiction: HolidayJurisdiction, year: number): ReadonlySet<string> => {
  const key = `${jurisdiction}:${year}`;
  let days = holidaysByYear.get(key);
  if (!days) {
    days = new Set(
      calendarOf(jurisdiction)
        .getHolidays(year)
        .filter((holiday) => holiday.type === 'public' || holiday.substitute === true)
        .map((holiday) => holiday.date.slice(0, 10)),
    );
    holidaysByYear.set(key, days);
  }
  return days;
};

export const isLegalHoliday = (date: string, jurisdiction: HolidayJurisdiction): boolean =>
  legalHolidays(jurisdiction, parse(date).year).has(date);

export const isWeekend = (date: string): boolean => parse(date).weekday >= 6;

/** Monday to Friday, not a legal holiday (Texas: 'Mon–Fri minus state and national holidays'). */
export const isBusinessDay = (date: string, jurisdiction: HolidayJurisdiction): boolean =>
  !isWeekend(date) && !isLegalHoliday(date, jurisdiction);

/** 'Monday' … 'Sunday', in English whatever the server's locale. */
export const weekdayName = (date: string): string => parse(date).toFormat('cccc');

export const addCalendarDays = (date: string, days: number): string => format(parse(date).plus({ days }));

/**
 * The day `count` business days after `date` (before it when negative). The day itself is not
 * counted, whatever it is; weekends and legal holidays are skipped.
 */
export const addBusinessDays = (date: string, count: number, jurisdiction: HolidayJurisdiction): string => {
  const step = Math.sign(count);
  let day = date;
  for (let remaining = Math.abs(count); remaining > 0;) {
    day = addCalendarDays(day, step);
    if (isBusinessDay(day, jurisdiction)) remaining -= 1;
  }
  return day;
};

/** Rule 7: the same day of the month; when the month is shorter, its last day (Luxon clamps so). */
export const addMonths = (date: string, months: number): string => format(parse(date).plus({ months }));

/** Rule 7 by years: 2024-02-29 plus one year is 2025-02-28. */
export const addYears = (date: string, years: number): string => format(parse(date).plus({ years }));

/** The date itself if it is a business day, else the next one (rule 1: the last day rolls forward). */
export const rollForward = (date: string, jurisdiction: HolidayJurisdiction): string => {
  let day = date;
  while (!isBusinessDay(day, jurisdiction)) day = addCalendarDays(day, 1);
  return day;
};

/** The date itself if it is a business day, else the one before ('at least N days before' rolls earlier). */
export const rollBackward = (date: string, jurisdiction: HolidayJurisdiction): string => {
  let day = date;
  while (!isBusinessDay(day, jurisdiction)) day = addCalendarDays(day, -1);
  return day;
};

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export const daysBetween = (from: string, to: string): number => parse(to).diff(parse(from), 'days').days;
