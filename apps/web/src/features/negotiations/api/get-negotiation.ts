import type { NegotiationResponse } from '@sentinel/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { negotiationsQueryKey } from './keys';

/** GET /api/negotiations/{id}: one negotiation with its history and the suggested target. */
export const getNegotiation = (id: string, signal?: AbortSignal) =>
  api.get<NegotiationResponse>(`/api/negotiations/${encodeURIComponent(id)}`, { signal });

export const negotiationQueryKey = (id: string) => [...negotiationsQueryKey, 'detail', id] as const;

export const negotiationQueryOptions = (id: string) =>
  queryOptions({
    queryKey: negotiationQueryKey(id),
    queryFn: ({ signal }) => getNegotiation(id, signal),
    enabled: Boolean(id),
  });

export const useNegotiation = (id: string) => useQuery(negotiationQueryOptions(id));
