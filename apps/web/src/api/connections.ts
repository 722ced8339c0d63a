import { MESSAGES, type Integration, type IntegrationsResponse, type Provider } from '@sentinel/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { api, errorMessage } from '@/lib/api-client';
import { queryKeys } from './query-keys';

/**
 * GET /api/oauth/connections: each provider with whether the server can connect it, whether the
 * built-in sandbox stands in for it, and the caller's connection (status, account, last sync).
 */
export const getConnections = (signal?: AbortSignal) =>
  api.get<IntegrationsResponse>('/api/oauth/connections', { signal });

export const connectionsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.connections.all,
    queryFn: ({ signal }) => getConnections(signal),
    select: (answer) => answer.data,
  });

/**
 * The caller's providers. While a sync runs, asked again every 3 s so 'Syncing…' turns into
 * 'Last synced …' without a reload.
 */
export const useConnections = () =>
  useQuery({
    ...connectionsQueryOptions(),
    refetchInterval: (query) =>
      query.state.data?.data.some((integration) => integration.connection?.syncing) ? 3000 : false,
  });

/** The providers with a connection (connected or needing reconnection), in PROVIDERS order. */
export const connectedIntegrations = (integrations: readonly Integration[] | undefined) =>
  (integrations ?? []).filter(
    (integration): integration is Integration & { connection: NonNullable<Integration['connection']> } =>
      integration.connection !== null,
  );

export const integrationOf = (integrations: readonly Integration[] | undefined, provider: Provider) =>
  integrations?.find((integration) => integration.provider === provider);

/** POST /api/emails/sync: queues a sync of every connection of the caller (202 {queued}). */
export const syncMail = () => api.post<{ queued: number }>('/api/emails/sync');

/** Starts a sync; then the connections (syncing, last synced) and the inbox are read again. */
/** Sync now (Settings and the inbox): says that it started, or why it could not. */
export function useSyncMail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: syncMail,
    onSuccess: () => {
      toast.success(MESSAGES.syncQueued);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.connections.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.emails.all }),
      ]);
    },
    onError: (error) => toast.error(errorMessage(error, MESSAGES.syncFailed)),
  });
}
