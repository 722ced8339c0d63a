import type { ListExpertsResponse } from '@sentinel/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export interface ExpertsListParams {
  search: string;
  specialty: string;
  page: number;
  pageSize: number;
}

/** Every query of the experts feature starts with this key; changes invalidate by it. */
export const expertsQueryKey = ['experts'] as const;

/** GET /api/experts?search=&specialty=&page=&pageSize=: one page of the firm's directory. */
export function getExperts({ search, specialty, page, pageSize }: ExpertsListParams, signal?: AbortSignal) {
  const query = new URLSearchParams({ page: String(page), pageSize: String(pageSize) });
  if (search) query.set('search', search);
  if (specialty) query.set('specialty', specialty);
  return api.get<ListExpertsResponse>(`/api/experts?${query.toString()}`, { signal });
}

export const expertsQueryOptions = (params: ExpertsListParams) =>
  queryOptions({
    queryKey: [...expertsQueryKey, 'list', params],
    queryFn: ({ signal }) => getExperts(params, signal),
    // Keep the current cards on screen while the next page or search loads.
    placeholderData: keepPreviousData,
  });

export const useExperts = (params: ExpertsListParams) => useQuery(expertsQueryOptions(params));
