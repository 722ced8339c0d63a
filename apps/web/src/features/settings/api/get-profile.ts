import type { ProfileResponse } from '@sentinel/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const profileQueryKey = ['profile'] as const;

/** GET /api/profile: the user, their firm and whether they may rename it. */
export const getProfile = (signal?: AbortSignal) => api.get<ProfileResponse>('/api/profile', { signal });

export const profileQueryOptions = () =>
  queryOptions({ queryKey: profileQueryKey, queryFn: ({ signal }) => getProfile(signal) });

export const useProfile = () => useQuery(profileQueryOptions());
