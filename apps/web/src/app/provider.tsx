import { TOAST_DURATION_MS } from '@sentinel/shared';
import type { ReactNode } from 'react';
import { Toaster } from 'sonner';

/** App-wide providers: the one toaster (3000 ms, spec §4). The query cache is in the session area. */
export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <>
      {children}
      <Toaster position="top-right" richColors closeButton duration={TOAST_DURATION_MS} />
    </>
  );
}
