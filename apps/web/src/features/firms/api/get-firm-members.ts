import type { FirmMembersResponse } from '@sentinel/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from '@/api/query-keys';
import { api } from '@/lib/api-client';

/** GET /api/firm/members (attorneys): the firm's people other than clients, active and pending. */
export const getFirmMembers = (signal?: AbortSignal) =>
  api.get<FirmMembersResponse>('/api/firm/members', { signal });

export const firmMembersQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.firm.members(),
    queryFn: ({ signal }) => getFirmMembers(signal),
  });

export const useFirmMembers = () => useQuery(firmMembersQueryOptions());
