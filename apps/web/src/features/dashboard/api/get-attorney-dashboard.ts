import type { AttorneyDashboardResponse } from '@sentinel/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const attorneyDashboardQueryKey = ['dashboard', 'attorney'] as const;

/** GET /api/dashboard/attorney: the firm's figures, charts, activity and deadlines. */
export const getAttorneyDashboard = (signal?: AbortSignal) =>
  api.get<AttorneyDashboardResponse>('/api/dashboard/attorney', { signal });

export const attorneyDashboardQueryOptions = () =>
  queryOptions({
    queryKey: attorneyDashboardQueryKey,
    queryFn: ({ signal }) => getAttorneyDashboard(signal),
    // Case and client screens change these figures without knowing about this query: show the
    // cached figures at once, and fetch fresh ones on every visit.
    staleTime: 0,
  });

export const useAttorneyDashboard = () => useQuery(attorneyDashboardQueryOptions());
