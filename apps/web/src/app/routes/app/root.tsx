import { QueryClientProvider } from '@tanstack/react-query';
import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { AppShell } from '@/components/layouts/app-shell';
import { LoadingState } from '@/components/ui/spinner';
import { SessionGuard } from '@/features/auth/components/session-guard';
import { useProactiveTokenRefresh } from '@/lib/auth';
import { queryClient } from '@/lib/query-client';

/** Parent of every session route: verify the session, then the shell around the page. */
export default function AppRoot() {
  useProactiveTokenRefresh();
  return (
    <QueryClientProvider client={queryClient}>
      <SessionGuard>
        <AppShell>
          <Suspense fallback={<LoadingState />}>
            <Outlet />
          </Suspense>
        </AppShell>
      </SessionGuard>
    </QueryClientProvider>
  );
}
