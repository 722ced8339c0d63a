import { formatDay } from '@/lib/format';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

/**
 * The conversation list's time (spec §2 Messages, §9): under an hour 'Just now', under 24 hours
 * 'Nh ago', one day 'Yesterday', under seven days 'Nd ago', otherwise the date. A time a little
 * ahead of this clock reads 'Just now'.
 */
export function formatMessageAge(iso: string, now = Date.now()): string {
  const at = new Date(iso).getTime();
  if (Number.isNaN(at)) return iso;
  const elapsed = now - at;
  if (elapsed < HOUR) return 'Just now';
  if (elapsed < DAY) return `${Math.floor(elapsed / HOUR)}h ago`;
  const days = Math.floor(elapsed / DAY);
  if (days === 1) return 'Yesterday';
  if (days < 7) return `${days}d ago`;
  return formatDay(iso);
}

const timeOnly = new Intl.DateTimeFormat('en-US', { timeStyle: 'short' });
const dayAndTime = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});
const full = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** A message's time in the thread: '3:15 PM' today, 'Mar 4, 3:15 PM' this year, else with the year. */
export function formatMessageTime(iso: string, now = new Date()): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  if (date.toDateString() === now.toDateString()) return timeOnly.format(date);
  if (date.getFullYear() === now.getFullYear()) return dayAndTime.format(date);
  return full.format(date);
}
