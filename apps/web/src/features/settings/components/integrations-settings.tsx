import {
  connectInitFailed,
  disconnectConfirmText,
  disconnectFailed,
  disconnectFailureBanner,
  disconnectSuccessBanner,
  MESSAGES,
  needsReconnectText,
  PROVIDER_LABELS,
  PROVIDERS,
  providerDisplayName,
  providerNotConfigured,
  sandboxNote,
  SESSION_STORAGE_KEYS,
  type Integration,
  type Provider,
} from '@sentinel/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CircleAlert, FlaskConical, RefreshCw } from 'lucide-react';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { connectedIntegrations, integrationOf, useConnections, useSyncMail } from '@/api/connections';
import { refreshProviderFlags } from '@/api/provider-status';
import { queryKeys } from '@/api/query-keys';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { LoadError } from '@/components/ui/load-error';
import { LoadingState } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { useSession } from '@/lib/auth';
import { formatCount, formatTimeAgo } from '@/lib/format';
import { getConnectUrl } from '../api/connect-provider';
import { disconnectProvider } from '../api/disconnect-provider';
import type { ConnectBanner } from '../hooks/use-connect-banner';

const descriptions: Record<Provider, string> = {
  google: 'Gmail and Google Calendar',
  microsoft: 'Outlook mail and calendar',
};

function rememberProvider(provider: Provider) {
  try {
    sessionStorage.setItem(SESSION_STORAGE_KEYS.oauthProvider, provider);
  } catch {
    // Without session storage the callback still knows the provider from its path.
  }
}

/**
 * Connect: ask the server for the consent address, remember the provider for the callback
 * screen (spec §3; no state or verifier in the browser, the server keeps them) and go there.
 */
function useConnect() {
  return useMutation({
    mutationFn: getConnectUrl,
    onSuccess: (answer, provider) => {
      if (!answer?.url) {
        toast.error(MESSAGES.authUrlMissing);
        return;
      }
      rememberProvider(provider);
      window.location.assign(answer.url);
    },
    onError: (error, provider) => {
      toast.error(connectInitFailed(providerDisplayName(provider)), {
        description: errorMessage(error, '') || undefined,
      });
    },
  });
}

/**
 * Settings → Integrations, for every role (clients connect their own mailbox): each provider's
 * connection, its last sync, and Connect / Reconnect / Disconnect; one Sync now for all.
 */
export function IntegrationsSettings({ onBanner }: { onBanner?: (banner: ConnectBanner) => void }) {
  const session = useSession();
  const queryClient = useQueryClient();
  const connections = useConnections();
  const connect = useConnect();
  const sync = useSyncMail();
  const [confirming, setConfirming] = useState<Provider | null>(null);

  const disconnect = useMutation({
    mutationFn: (provider: Provider) => {
      if (!session?.userId) throw new Error(MESSAGES.disconnectNeedsUser);
      return disconnectProvider(session.userId, provider);
    },
    // The spec's disconnect helper reports its own text; the banner says it to the user.
    onError: (error, provider) => console.error(disconnectFailed(provider), error),
    onSettled: async (_answer, error, provider) => {
      setConfirming(null);
      onBanner?.(
        error
          ? { tone: 'error', text: disconnectFailureBanner(provider) }
          : { tone: 'success', text: disconnectSuccessBanner(provider) },
      );
      await Promise.all([
        refreshProviderFlags(),
        queryClient.invalidateQueries({ queryKey: queryKeys.connections.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.emails.all }),
      ]);
    },
  });

  const anyConnected = connectedIntegrations(connections.data).length > 0;

  const syncNow = () => sync.mutate();

  return (
    <Card
      title="Integrations"
      description="Accounts used to read your mail and calendars."
      actions={
        anyConnected && (
          <Button
            variant="secondary"
            size="sm"
            icon={<RefreshCw aria-hidden="true" className="size-4" />}
            isLoading={sync.isPending}
            onClick={syncNow}
          >
            Sync now
          </Button>
        )
      }
    >
      {connections.isPending ? (
        <LoadingState label="Loading connections..." />
      ) : connections.isError ? (
        <LoadError
          error={connections.error}
          fallback="Could not load your connected accounts."
          onRetry={() => void connections.refetch()}
          retrying={connections.isFetching}
        />
      ) : (
        <ul className="divide-y divide-slate-100">
          {PROVIDERS.map((provider) => (
            <ProviderRow
              key={provider}
              provider={provider}
              integration={integrationOf(connections.data, provider)}
              connecting={connect.isPending && connect.variables === provider}
              onConnect={() => connect.mutate(provider)}
              onDisconnect={() => setConfirming(provider)}
            />
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => !open && setConfirming(null)}
        title={confirming ? `Disconnect ${PROVIDER_LABELS[confirming]}?` : 'Disconnect'}
        message={confirming ? disconnectConfirmText(confirming) : undefined}
        confirmLabel="Disconnect"
        variant="danger"
        isPending={disconnect.isPending}
        onConfirm={() => confirming && disconnect.mutate(confirming)}
      />
    </Card>
  );
}

function ProviderRow({
  provider,
  integration,
  connecting,
  onConnect,
  onDisconnect,
}: {
  provider: Provider;
  integration: Integration | undefined;
  connecting: boolean;
  onConnect: () => void;
  onDisconnect: () => void;
}) {
  const headingId = useId();
  const reasonId = useId();
  const label = PROVIDER_LABELS[provider];
  const connection = integration?.connection ?? null;
  const configured = integration?.configured ?? false;
  const needsReconnect = connection?.status === 'needs_reconnect';

  return (
    <li
      aria-labelledby={headingId}
      className="flex flex-col gap-4 py-5 first:pt-0 last:pb-0 sm:flex-row sm:items-start sm:justify-between"
    >
      <div className="flex min-w-0 items-start gap-3">
        <span
          aria-hidden="true"
          className="flex size-10 shrink-0 items-center justify-center rounded-lg border border-slate-200 bg-slate-50 text-sm font-bold text-slate-700"
        >
          {provider === 'google' ? 'G' : 'M'}
        </span>
        <div className="min-w-0 space-y-1.5">
          <div className="flex flex-wrap items-center gap-2">
            <h3 id={headingId} className="text-sm font-semibold text-slate-900">
              {label}
            </h3>
            {!connection ? (
              <Badge>Not connected</Badge>
            ) : needsReconnect ? (
              <Badge tone="warning">Needs reconnect</Badge>
            ) : (
              <Badge tone="success">Connected</Badge>
            )}
            {integration?.sandbox && <Badge tone="accent">Sandbox</Badge>}
          </div>
          <p className="text-sm text-slate-600">{descriptions[provider]}</p>
          {connection && (
            <p className="text-sm break-all text-slate-800">
              Connected as <span className="font-medium">{connection.accountEmail}</span>
            </p>
          )}
          {needsReconnect && <p className="text-sm text-amber-900">{needsReconnectText(provider)}</p>}
          {connection && (
            <p className="text-sm text-slate-600">
              {connection.syncing
                ? 'Syncing…'
                : connection.lastSyncedAt
                  ? `Last synced ${formatTimeAgo(connection.lastSyncedAt)}`
                  : 'Not synced yet'}
              {' · '}
              {formatCount(connection.emailCount)} {connection.emailCount === 1 ? 'e-mail' : 'e-mails'}
            </p>
          )}
          {connection?.lastSyncError && (
            <p className="flex items-start gap-1.5 text-sm text-red-700">
              <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              <span>Last sync failed: {connection.lastSyncError}</span>
            </p>
          )}
          {integration?.sandbox && (
            <p className="flex items-start gap-1.5 text-sm text-violet-800">
              <FlaskConical aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              <span>{sandboxNote(provider)}</span>
            </p>
          )}
          {!configured && !connection && (
            <p id={reasonId} className="text-sm text-slate-600">
              {providerNotConfigured(provider)}
            </p>
          )}
        </div>
      </div>
      <div className="flex shrink-0 flex-wrap gap-2 sm:justify-end">
        {!connection && (
          <Button
            onClick={onConnect}
            isLoading={connecting}
            disabled={!configured}
            aria-describedby={configured ? undefined : reasonId}
          >
            Connect {label}
          </Button>
        )}
        {needsReconnect && (
          <Button onClick={onConnect} isLoading={connecting} disabled={!configured}>
            Reconnect {label}
          </Button>
        )}
        {connection && (
          <Button variant="secondary" onClick={onDisconnect}>
            Disconnect {label}
          </Button>
        )}
      </div>
    </li>
  );
}
