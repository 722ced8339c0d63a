import { QueryClientProvider } from '@tanstack/react-query';
import { Suspense, useEffect } from 'react';
import { Outlet } from 'react-router';
import { useLiveSync } from '@/api/live-sync';
import { useInitialTimeZone } from '@/api/time-zone';
import { AppShell } from '@/components/layouts/app-shell';
import { LoadingState } from '@/components/ui/spinner';
import { SessionGuard } from '@/features/auth/components/session-guard';
import { FirmSwitcher } from '@/features/firms/components/firm-switcher';
import { RequireFirm } from '@/features/firms/components/require-firm';
import { firmChanged } from '@/lib/api-client';
import { useProactiveTokenRefresh, useSession } from '@/lib/auth';
import { queryClient } from '@/lib/query-client';
import { getSessionSnapshot, onFirmChangedInOtherTab } from '@/lib/session-store';
import { calendarModule, preloadWhenIdle } from '@/app/route-modules';

/**
 * Parent of every session route: verify the session, then the shell around the page. The page is
 * keyed by the session's firm, so a change of firm (the switcher, accepting or leaving a firm)
 * mounts every screen afresh over the emptied query cache. Another tab's change of firm runs the
 * firm-changed handler (a reload): this tab's token is now the other firm's. Once the session is
 * verified, a person without a time zone yet gets the browser's (first sign-in). The calendar's
 * large chunk is loaded in idle time, and the Sentinel calendar of the range it opens on is read
 * ahead then (again in each firm the person acts in).
 */
export default function AppRoot() {
  useProactiveTokenRefresh();
  const session = useSession();
  useEffect(() => onFirmChangedInOtherTab(firmChanged), []);
  const firmId = session?.firm?.id;
  useEffect(
    () =>
      preloadWhenIdle(() =>
        calendarModule().then((calendar) => calendar.readCalendarAhead(queryClient, getSessionSnapshot())),
      ),
    [firmId],
  );
  return (
    <QueryClientProvider client={queryClient}>
      <SessionGuard>
        <FirstSignInTimeZone />
        <LiveChannel key={session?.firm?.id ?? 'no-firm'} firmId={session?.firm?.id ?? null} />
        <AppShell firmSwitcher={<FirmSwitcher />}>
          <RequireFirm key={session?.firm?.id ?? 'no-firm'}>
            <Suspense fallback={<LoadingState />}>
              <Outlet />
            </Suspense>
          </RequireFirm>
        </AppShell>
      </SessionGuard>
    </QueryClientProvider>
  );
}

/**
 * The live channel (messages, read marks, the bell) while the verified session acts in a firm;
 * keyed by the firm so a switch starts over on the emptied cache.
 */
function LiveChannel({ firmId }: { firmId: string | null }) {
  useLiveSync(firmId !== null);
  return null;
}

/** Saves the browser's time zone for a person who has none yet (inside the verified session). */
function FirstSignInTimeZone() {
  useInitialTimeZone();
  return null;
}
