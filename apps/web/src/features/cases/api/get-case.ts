import type { CaseDetail, CaseResponse } from '@sentinel/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { casesQueryKey } from './get-cases';

export type { CaseDetail };

export const caseQueryKey = (id: string) => [...casesQueryKey, 'detail', id] as const;

/** GET /api/cases/{id}: the case page (404 when the caller may not see the case). */
export const getCase = (id: string, signal?: AbortSignal) =>
  api.get<CaseResponse>(`/api/cases/${encodeURIComponent(id)}`, { signal });

export const caseQueryOptions = (id: string) =>
  queryOptions({
    queryKey: caseQueryKey(id),
    queryFn: ({ signal }) => getCase(id, signal),
    select: (answer) => answer.data,
  });

export const useCase = (id: string) => useQuery(caseQueryOptions(id));
