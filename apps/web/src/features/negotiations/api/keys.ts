import { queryKeys } from '@/api/query-keys';
import type { QueryClient } from '@tanstack/react-query';

/** Every query of the negotiations feature starts with this key; its changes invalidate by it. */
export const negotiationsQueryKey = ['negotiations'] as const;

/**
 * After any change of a negotiation: its lists and pages, and what the change wrote on the case —
 * carrier, claim number, target, a settlement's amount and status (the case pages, the dashboard).
 */
export const invalidateAfterChange = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: negotiationsQueryKey }),
    queryClient.invalidateQueries({ queryKey: queryKeys.cases.all }),
    queryClient.invalidateQueries({ queryKey: queryKeys.dashboard.all }),
  ]);
