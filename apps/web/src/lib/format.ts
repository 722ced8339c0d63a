/**
 * The app's formats for dates, amounts and sizes. Amounts on the wire are dollars (numbers with
 * at most two decimals, spec §4), never cents: the names say `Dollars` so that stays visible.
 */

const dateOnly = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });
const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
const integer = new Intl.NumberFormat('en-US');
const percent = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });
const dollarsRounded = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  maximumFractionDigits: 0,
});
const dollarsCompact = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  notation: 'compact',
  maximumFractionDigits: 1,
});

/**
 * A day: a calendar date ('2026-03-14' → 'Mar 14, 2026') is read as that date in every time
 * zone; an instant ('2026-03-14T23:30:00Z') as its day in the browser's time zone.
 */
export function formatDay(value: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  const date = match ? new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3])) : new Date(value);
  return Number.isNaN(date.getTime()) ? value : dateOnly.format(date);
}

const weekdayDate = new Intl.DateTimeFormat('en-US', {
  timeZone: 'UTC',
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  year: 'numeric',
});

/** A calendar day '2024-10-08' as 'Tue, Oct 8, 2024', the same in every time zone. */
export function formatWeekdayDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? day : weekdayDate.format(date);
}

const monthYear = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', month: 'short', year: 'numeric' });

/** A month '2026-03' as 'Mar 2026', the same in every time zone. */
export function formatMonth(month: string): string {
  const date = new Date(`${month}-01T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? month : monthYear.format(date);
}

/** An instant as 'Mar 4, 2026, 3:15 PM' in the browser's time zone. */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateTime.format(date);
}

/** 125000, 'USD' → '$125,000.00'; an unknown currency code is printed after the number. */
export function formatMoney(amount: number, currency = 'USD'): string {
  try {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency: currency || 'USD' }).format(amount);
  } catch {
    return `${new Intl.NumberFormat('en-US', { minimumFractionDigits: 2 }).format(amount)} ${currency}`;
  }
}

/** Dollars to the cent: 125000 → '$125,000.00'. */
export const formatDollars = (dollars: number) => formatMoney(dollars, 'USD');

/**
 * Whole dollars for a stat card: 118000 → '$118,000'; from ten million on shortened ('$12.5M')
 * so the figure fits a phone.
 */
export const formatDollarsRounded = (dollars: number) =>
  Math.abs(dollars) >= 10_000_000 ? dollarsCompact.format(dollars) : dollarsRounded.format(dollars);

const thousands = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });

/** Dollars in thousands, as the AI Target Range shows them: 112500 → '$112.5K', 90000 → '$90K'. */
export const formatDollarsInThousands = (dollars: number) => `$${thousands.format(dollars / 1000)}K`;

/** 1234 → '1,234'. */
export const formatCount = (value: number) => integer.format(value);

/** 83.3 → '83.3%', 100 → '100%'. */
export const formatPercent = (value: number) => `${percent.format(value)}%`;

/** 1536 → '1.5 KB'; bytes in binary multiples, as file managers show them. */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '';
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value >= 100 ? Math.round(value) : Number(value.toFixed(1))} ${units[unit]}`;
}

/** 'date_of_loss' → 'Date of loss'. */
export function humanize(value: string): string {
  const words = value
    .replace(/[_.-]+/g, ' ')
    .trim()
    .toLowerCase();
  return words ? words[0]!.toUpperCase() + words.slice(1) : value;
}

/**
 * How long ago in words, for 'Last synced 5 minutes ago': 'just now' under a minute, then
 * minutes, hours and days.
 */
export function formatTimeAgo(iso: string, now = Date.now()): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const minutes = Math.floor((now - date.getTime()) / 60_000);
  const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'} ago`;
  if (minutes < 1) return 'just now';
  if (minutes < 60) return plural(minutes, 'minute');
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return plural(hours, 'hour');
  return plural(Math.floor(hours / 24), 'day');
}
