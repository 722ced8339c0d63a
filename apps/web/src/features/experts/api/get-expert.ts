import type { ExpertDetailResponse } from '@sentinel/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { expertsQueryKey } from './get-experts';

/** GET /api/experts/{id}: the profile, with the cases the expert is engaged on. */
export const getExpert = (id: string, signal?: AbortSignal) =>
  api.get<ExpertDetailResponse>(`/api/experts/${encodeURIComponent(id)}`, { signal });

export const expertQueryKey = (id: string) => [...expertsQueryKey, 'detail', id] as const;

export const expertQueryOptions = (id: string) =>
  queryOptions({
    queryKey: expertQueryKey(id),
    queryFn: ({ signal }) => getExpert(id, signal),
    select: (answer) => answer.data,
  });

export const useExpert = (id: string) => useQuery(expertQueryOptions(id));
