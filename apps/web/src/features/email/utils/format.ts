import type { Provider } from '@sentinel/shared';
import { formatDay } from '@/lib/format';

/**
 * The inbox's received time (spec §9): under an hour 'Just now', under a day 'Nh ago',
 * otherwise the date.
 */
export function formatInboxTime(iso: string, now = Date.now()): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const hours = Math.floor((now - date.getTime()) / 3_600_000);
  if (hours < 1) return 'Just now';
  if (hours < 24) return `${hours}h ago`;
  return formatDay(iso);
}

/** The sender as a list shows it: the name when there is one, else the address. */
export const senderOf = (email: { fromName: string | null; fromAddress: string; from: string }) =>
  email.fromName?.trim() || email.fromAddress || email.from;

/** The provider's short mark and its name for screen readers. */
export const PROVIDER_MARKS: Record<Provider, { mark: string; name: string }> = {
  google: { mark: 'G', name: 'Google' },
  microsoft: { mark: 'M', name: 'Microsoft' },
};

/**
 * The provider's own compose window, empty: Google `view=cm&fs=1&to=&su=&body=`, Microsoft
 * `to=&subject=&body=`, added to the compose address the server gives.
 */
export function composeHref(provider: Provider, composeUrl: string): string {
  const query = provider === 'google' ? 'view=cm&fs=1&to=&su=&body=' : 'to=&subject=&body=';
  return `${composeUrl}${composeUrl.includes('?') ? '&' : '?'}${query}`;
}
