import type { NegotiationCasesResponse } from '@sentinel/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { negotiationsQueryKey } from './keys';

/** GET /api/negotiations/cases: the firm's cases without a negotiation (Start negotiation). */
export const getNegotiationCases = (signal?: AbortSignal) =>
  api.get<NegotiationCasesResponse>('/api/negotiations/cases', { signal });

export const useNegotiationCases = (enabled: boolean) =>
  useQuery(
    queryOptions({
      queryKey: [...negotiationsQueryKey, 'cases'],
      queryFn: ({ signal }) => getNegotiationCases(signal),
      enabled,
    }),
  );
