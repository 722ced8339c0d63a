import type { CaseResponse, ListCasesResponse } from '@sentinel/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/**
 * GET /api/cases?pageSize=all: every case the signed-in user may see. The server scopes it: a
 * client gets their own cases, a contractor, adjuster or expert the cases they are a member of.
 */
export const getMyCases = (signal?: AbortSignal) =>
  api.get<ListCasesResponse>('/api/cases?pageSize=all', { signal });

export const myCasesQueryOptions = () =>
  queryOptions({
    queryKey: ['cases', { pageSize: 'all' }] as const,
    queryFn: ({ signal }) => getMyCases(signal),
    select: (answer) => answer.data,
  });

export const useMyCases = () => useQuery(myCasesQueryOptions());

/** GET /api/cases/{id}: one case with its team and status history. */
export const getCase = (id: string, signal?: AbortSignal) =>
  api.get<CaseResponse>(`/api/cases/${encodeURIComponent(id)}`, { signal });

export const caseQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['cases', 'detail', id] as const,
    queryFn: ({ signal }) => getCase(id, signal),
    select: (answer) => answer.data,
  });

export const useCase = (id: string | undefined) =>
  useQuery({ ...caseQueryOptions(id ?? ''), enabled: Boolean(id) });
