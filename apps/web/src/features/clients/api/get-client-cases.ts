import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ListCasesResponse } from '@sentinel/shared';
import { queryKeys } from '@/api/query-keys';
import { api } from '@/lib/api-client';

/** GET /api/cases?clientId={id}&pageSize=all: every case of one client. */
export const getClientCases = (clientId: string, signal?: AbortSignal) =>
  api.get<ListCasesResponse>(`/api/cases?${new URLSearchParams({ clientId, pageSize: 'all' }).toString()}`, {
    signal,
  });

export const clientCasesQueryOptions = (clientId: string) =>
  queryOptions({
    queryKey: queryKeys.cases.list({ clientId }),
    queryFn: ({ signal }) => getClientCases(clientId, signal),
  });

export const useClientCases = (clientId: string) => useQuery(clientCasesQueryOptions(clientId));
