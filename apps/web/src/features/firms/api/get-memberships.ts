import type { MyMembershipsResponse } from '@sentinel/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from '@/api/query-keys';
import { api } from '@/lib/api-client';

/** GET /api/memberships: the caller's firms and pending invitations (also with no firm yet). */
export const getMemberships = (signal?: AbortSignal) =>
  api.get<MyMembershipsResponse>('/api/memberships', { signal });

export const membershipsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.memberships.all,
    queryFn: ({ signal }) => getMemberships(signal),
    select: (answer) => answer.data,
  });

export interface UseMembershipsOptions {
  enabled?: boolean;
  /** Ask again every this many ms (the waiting screen, so an invitation shows without a reload). */
  pollMs?: number;
}

/**
 * The person's memberships. Asked again whenever the window regains focus, however recent the
 * last answer ('always': the app's 30 s staleTime would skip it): someone who went to their e-mail
 * to read the firm's invitation finds it here on their return.
 */
export const useMemberships = ({ enabled = true, pollMs }: UseMembershipsOptions = {}) =>
  useQuery({
    ...membershipsQueryOptions(),
    enabled,
    refetchOnWindowFocus: 'always',
    refetchInterval: pollMs ?? false,
  });
