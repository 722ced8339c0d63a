import { TOAST_DURATION_MS } from '@sentinel/shared';
import type { ReactNode } from 'react';
import { Toaster } from 'sonner';

/**
 * App-wide providers: the one toaster (3000 ms, spec §4), bottom right so it never covers the top
 * bar ('Signed in as', Logout). The query cache is in the session area.
 */
export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <>
      {children}
      <Toaster position="bottom-right" richColors closeButton duration={TOAST_DURATION_MS} />
    </>
  );
}
