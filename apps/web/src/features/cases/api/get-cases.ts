import type { CaseSort, ListCasesResponse } from '@sentinel/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type CasesPageSize = 10 | 15 | 25 | 'all';

export interface CasesListParams {
  search: string;
  sort: CaseSort;
  page: number;
  pageSize: CasesPageSize;
}

/**
 * Every query of the cases feature starts with this key, and so does the client page's list of a
 * client's cases (['cases', {clientId}]): a change to a case refreshes all of them.
 */
export const casesQueryKey = ['cases'] as const;

/** GET /api/cases?search=&sort=&page=&pageSize=: one page of the cases the caller may see. */
export function getCases({ search, sort, page, pageSize }: CasesListParams, signal?: AbortSignal) {
  const query = new URLSearchParams({ sort, page: String(page), pageSize: String(pageSize) });
  if (search) query.set('search', search);
  return api.get<ListCasesResponse>(`/api/cases?${query.toString()}`, { signal });
}

export const casesQueryOptions = (params: CasesListParams) =>
  queryOptions({
    queryKey: [...casesQueryKey, 'list', params],
    queryFn: ({ signal }) => getCases(params, signal),
    // Keep the current rows on screen while the next page, sort or search loads.
    placeholderData: keepPreviousData,
  });

export const useCases = (params: CasesListParams) => useQuery(casesQueryOptions(params));
