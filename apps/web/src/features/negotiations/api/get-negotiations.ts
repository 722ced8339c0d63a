import type { ListNegotiationsResponse, NegotiationSort } from '@sentinel/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { negotiationsQueryKey } from './keys';

export interface NegotiationsListParams {
  search: string;
  sort: NegotiationSort;
  page: number;
  pageSize: number | 'all';
}

/** GET /api/negotiations?search=&sort=&page=&pageSize=: one page of the firm's negotiations. */
export function getNegotiations(
  { search, sort, page, pageSize }: NegotiationsListParams,
  signal?: AbortSignal,
) {
  const query = new URLSearchParams({ sort, page: String(page), pageSize: String(pageSize) });
  if (search) query.set('search', search);
  return api.get<ListNegotiationsResponse>(`/api/negotiations?${query.toString()}`, { signal });
}

export const negotiationsQueryOptions = (params: NegotiationsListParams) =>
  queryOptions({
    queryKey: [...negotiationsQueryKey, 'list', params],
    queryFn: ({ signal }) => getNegotiations(params, signal),
    // Keep the current rows on screen while the next page or search loads.
    placeholderData: keepPreviousData,
  });

export const useNegotiations = (params: NegotiationsListParams) => useQuery(negotiationsQueryOptions(params));
