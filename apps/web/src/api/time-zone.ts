import { isTimeZone, type timeZoneResponse } from '@sentinel/shared';
import { useEffect, useRef } from 'react';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { setStoredTimeZone, useSession } from '@/lib/session-store';

export type TimeZoneResponse = z.infer<typeof timeZoneResponse>;

/** PUT /api/profile/time-zone: the IANA zone the person's calendar and reminders use. */
export const putTimeZone = (timeZone: string) =>
  api.put<TimeZoneResponse>('/api/profile/time-zone', { timeZone });

/** The browser's own zone (e.g. 'Europe/Berlin'), or null when it names none the runtime knows. */
export function browserTimeZone(): string | null {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return zone && isTimeZone(zone) ? zone : null;
}

/**
 * At the first sign-in the person has no time zone yet: the browser's is saved as theirs, once,
 * and stored in the session. A failure leaves it unset; the next sign-in tries again, and Settings
 * → Calendar sets it by hand.
 */
export function useInitialTimeZone(): void {
  const session = useSession();
  const missing = session !== null && session.timeZone === null;
  const sent = useRef(false);
  useEffect(() => {
    if (!missing || sent.current) return;
    const zone = browserTimeZone();
    if (!zone) return;
    sent.current = true;
    putTimeZone(zone)
      .then(({ timeZone }) => setStoredTimeZone(timeZone))
      .catch(() => {
        // Left unset: see above.
      });
  }, [missing]);
}
