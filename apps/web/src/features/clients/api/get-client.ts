import type { ClientDetailResponse } from '@sentinel/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { clientsQueryKey } from './get-clients';

/** One client with the activity list. */
export type ClientDetail = ClientDetailResponse['data'];

export const clientQueryKey = (id: string) => [...clientsQueryKey, 'detail', id] as const;

/** GET /api/clients/{id}: the client page (404 when the client is not in the caller's firm). */
export const getClient = (id: string, signal?: AbortSignal) =>
  api.get<ClientDetailResponse>(`/api/clients/${encodeURIComponent(id)}`, { signal });

export const clientQueryOptions = (id: string) =>
  queryOptions({
    queryKey: clientQueryKey(id),
    queryFn: ({ signal }) => getClient(id, signal),
    select: (answer) => answer.data,
  });

export const useClient = (id: string) => useQuery(clientQueryOptions(id));
