import { formatDay } from '@/lib/format';

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
  return formatDay(iso);
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
