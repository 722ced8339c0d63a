import { PROVIDER_LABELS, PROVIDERS, type Provider } from '@sentinel/shared';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { useSession } from '@/lib/auth';

const descriptions: Record<Provider, string> = {
  google: 'Gmail and Google Calendar',
  microsoft: 'Outlook mail and calendar',
};

/** Integrations tab: the connection status of each provider. */
export function IntegrationsSettings() {
  const session = useSession();
  const connected: Record<Provider, boolean> = {
    google: session?.googleConnected ?? false,
    microsoft: session?.microsoftConnected ?? false,
  };
  return (
    <Card title="Integrations" description="Accounts used to read your mail and calendars.">
      <ul className="divide-y divide-slate-100">
        {PROVIDERS.map((provider) => (
          <li
            key={provider}
            className="flex flex-wrap items-center justify-between gap-3 py-4 first:pt-0 last:pb-0"
          >
            <div className="flex items-center gap-3">
              <span
                aria-hidden="true"
                className="flex size-10 items-center justify-center rounded-lg border border-slate-200 bg-slate-50 text-sm font-bold text-slate-700"
              >
                {provider === 'google' ? 'G' : 'M'}
              </span>
              <div>
                <h3 className="text-sm font-semibold text-slate-900">{PROVIDER_LABELS[provider]}</h3>
                <p className="text-sm text-slate-600">{descriptions[provider]}</p>
              </div>
            </div>
            <Badge tone={connected[provider] ? 'success' : 'neutral'}>
              {connected[provider] ? 'Connected' : 'Not connected'}
            </Badge>
          </li>
        ))}
      </ul>
    </Card>
  );
}
