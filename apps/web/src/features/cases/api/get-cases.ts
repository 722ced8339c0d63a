import type { CaseSort, ListCasesResponse } from '@sentinel/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from '@/api/query-keys';
import { api } from '@/lib/api-client';

export type CasesPageSize = 10 | 15 | 25 | 'all';

export interface CasesListParams {
  search: string;
  sort: CaseSort;
  page: number;
  pageSize: CasesPageSize;
}

/** GET /api/cases?search=&sort=&page=&pageSize=: one page of the cases the caller may see. */
export function getCases({ search, sort, page, pageSize }: CasesListParams, signal?: AbortSignal) {
  const query = new URLSearchParams({ sort, page: String(page), pageSize: String(pageSize) });
  if (search) query.set('search', search);
  return api.get<ListCasesResponse>(`/api/cases?${query.toString()}`, { signal });
}

export const casesQueryOptions = (params: CasesListParams) =>
  queryOptions({
    queryKey: queryKeys.cases.list(params),
    queryFn: ({ signal }) => getCases(params, signal),
    // Keep the current rows on screen while the next page, sort or search loads.
    placeholderData: keepPreviousData,
  });

export const useCases = (params: CasesListParams) => useQuery(casesQueryOptions(params));
