import type { CaseResponse, ListCasesResponse } from '@sentinel/shared';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from './query-keys';

/** GET /api/cases/{id}: one case with its team, status history and activity (404 when hidden). */
export const getCase = (id: string, signal?: AbortSignal) =>
  api.get<CaseResponse>(`/api/cases/${encodeURIComponent(id)}`, { signal });

export const caseQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeys.cases.detail(id),
    queryFn: ({ signal }) => getCase(id, signal),
    select: (answer) => answer.data,
  });

/** One case; waits while `id` is not known yet. */
export const useCase = (id: string | undefined) =>
  useQuery({ ...caseQueryOptions(id ?? ''), enabled: Boolean(id) });

/**
 * GET /api/cases?pageSize=all: every case the signed-in user may see. The server scopes it: a
 * client gets their own cases, a contractor, adjuster or expert the cases they are a member of.
 */
export const getAllCases = (signal?: AbortSignal) =>
  api.get<ListCasesResponse>('/api/cases?pageSize=all', { signal });

/** Every case the user may see; `select` shapes the one cached answer per reader. */
export const allCasesQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.cases.everything(),
    queryFn: ({ signal }) => getAllCases(signal),
  });

/**
 * After a change to a case: the answer is the case page's data; every other query of cases
 * (lists, dashboards, a client's cases), the case's deadlines and the calendar are refetched.
 */
export function useStoreCase() {
  const queryClient = useQueryClient();
  return (answer: CaseResponse) => {
    const detail = queryKeys.cases.detail(answer.data.id);
    queryClient.setQueryData(detail, answer);
    return Promise.all([
      queryClient.invalidateQueries({
        queryKey: queryKeys.cases.all,
        predicate: (query) => JSON.stringify(query.queryKey) !== JSON.stringify(detail),
      }),
      // The date of loss and the lead attorney move the case's computed deadlines and their events.
      queryClient.invalidateQueries({ queryKey: queryKeys.deadlines.ofCase(answer.data.id) }),
      queryClient.invalidateQueries({ queryKey: queryKeys.calendar.all }),
    ]);
  };
}
