const usd = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  maximumFractionDigits: 0,
});
const usdShort = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  notation: 'compact',
  maximumFractionDigits: 1,
});
const integer = new Intl.NumberFormat('en-US');
const percent = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });
const dateOnly = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });
const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
const localDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

/**
 * Whole dollars: 118000 → '$118,000'. From ten million on the card would not fit a phone, so it
 * is shortened ('$12.5M').
 */
export const formatUsd = (amount: number) =>
  Math.abs(amount) >= 10_000_000 ? usdShort.format(amount) : usd.format(amount);

export const formatCount = (value: number) => integer.format(value);

/** 83.3 → '83.3%', 100 → '100%'. */
export const formatPercent = (value: number) => `${percent.format(value)}%`;

/** A calendar date ('2026-03-04') as 'Mar 4, 2026', the same in every time zone. */
export function formatDay(isoDate: string): string {
  const date = new Date(`${isoDate.slice(0, 10)}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? isoDate : dateOnly.format(date);
}

/** An instant as 'Mar 4, 2026, 3:15 PM' in the browser's time zone. */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateTime.format(date);
}

/** An instant's day in the browser's time zone: 'Mar 4, 2026'. */
export function formatLocalDay(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : localDate.format(date);
}

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

/**
 * Spec §9 for the dashboard: under 1 hour 'Just now', under 24 hours 'N hours ago', under 48 hours
 * 'Yesterday'; then 'N days ago' for a week, and the date after that.
 */
export function relativeTime(iso: string, now: number = Date.now()): string {
  const at = new Date(iso).getTime();
  if (Number.isNaN(at)) return iso;
  const elapsed = Math.max(0, now - at);
  if (elapsed < HOUR) return 'Just now';
  if (elapsed < DAY) {
    const hours = Math.floor(elapsed / HOUR);
    return `${hours} ${hours === 1 ? 'hour' : 'hours'} ago`;
  }
  if (elapsed < 2 * DAY) return 'Yesterday';
  if (elapsed < 7 * DAY) return `${Math.floor(elapsed / DAY)} days ago`;
  return localDate.format(new Date(at));
}

/** Whole days from today (UTC, as the server picks deadlines) to a calendar date. */
export function daysUntil(isoDate: string, now: number = Date.now()): number {
  const due = Date.parse(`${isoDate.slice(0, 10)}T00:00:00Z`);
  const today = Date.parse(`${new Date(now).toISOString().slice(0, 10)}T00:00:00Z`);
  return Math.round((due - today) / DAY);
}

/** 'Due today', 'Due tomorrow', 'Due in 5 days'. */
export function dueIn(isoDate: string, now: number = Date.now()): string {
  const days = daysUntil(isoDate, now);
  if (Number.isNaN(days)) return '';
  if (days <= 0) return 'Due today';
  if (days === 1) return 'Due tomorrow';
  return `Due in ${days} days`;
}
