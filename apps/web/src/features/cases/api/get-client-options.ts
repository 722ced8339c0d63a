import type { ListClientsResponse } from '@sentinel/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export interface ClientOption {
  id: string;
  name: string;
  email: string;
  /** A deactivated client keeps their cases but gets no new ones. */
  deactivated: boolean;
}

/**
 * GET /api/client/{userId}/clients?pageSize=all: every client of the firm, for the client select.
 * Under the clients feature's key, so adding a client refreshes the select too.
 */
export const clientOptionsQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: ['clients', 'options', userId],
    queryFn: ({ signal }) =>
      api.get<ListClientsResponse>(
        `/api/client/${encodeURIComponent(userId)}/clients?${new URLSearchParams({ pageSize: 'all' }).toString()}`,
        { signal },
      ),
    enabled: Boolean(userId),
    select: (answer): ClientOption[] =>
      answer.clients
        .map((client) => ({
          id: client.id,
          name: `${client.firstName} ${client.lastName}`.trim(),
          email: client.email,
          deactivated: client.deactivated,
        }))
        .sort((a, b) => a.name.localeCompare(b.name)),
  });

export const useClientOptions = (userId: string, enabled = true) =>
  useQuery({ ...clientOptionsQueryOptions(userId), enabled: enabled && Boolean(userId) });
