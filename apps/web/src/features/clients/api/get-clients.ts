import type { ListClientsResponse } from '@sentinel/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { ClientsPageSize } from '../hooks/use-clients-page-size';

export interface ClientsListParams {
  /** The signed-in user: the spec's path names them (GET /api/client/{userId}/clients). */
  userId: string;
  search: string;
  page: number;
  pageSize: ClientsPageSize;
}

/** Every query of the clients feature starts with this key; mutations invalidate by it. */
export const clientsQueryKey = ['clients'] as const;

/** GET /api/client/{userId}/clients?search=&page=&pageSize=: one page of the firm's clients. */
export function getClients({ userId, search, page, pageSize }: ClientsListParams, signal?: AbortSignal) {
  const query = new URLSearchParams({ page: String(page), pageSize: String(pageSize) });
  if (search) query.set('search', search);
  return api.get<ListClientsResponse>(
    `/api/client/${encodeURIComponent(userId)}/clients?${query.toString()}`,
    { signal },
  );
}

export const clientsQueryOptions = (params: ClientsListParams) =>
  queryOptions({
    queryKey: [...clientsQueryKey, 'list', params],
    queryFn: ({ signal }) => getClients(params, signal),
    enabled: Boolean(params.userId),
    // Keep the current rows on screen while the next page or search loads.
    placeholderData: keepPreviousData,
  });

export const useClients = (params: ClientsListParams) => useQuery(clientsQueryOptions(params));
