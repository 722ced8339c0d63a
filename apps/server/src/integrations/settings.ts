import { createHash } from 'node:crypto';
import { sandboxEndpoints } from '@sentinel/provider-sandbox';
import type { Provider } from '@sentinel/shared';
import type { Config } from '../config';
import { createProviderAdapters, realGoogleEndpoints, realMicrosoftEndpoints } from './index';
import type { ProviderAdapters } from './provider';

/** The client the built-in sandbox knows Sentinel by (its secret is derived from APP_SECRET). */
export const SANDBOX_CLIENT_ID = 'sentinel-sandbox';
export const sandboxClientSecret = (appSecret: string) =>
  createHash('sha256').update(`provider-sandbox:${appSecret}`).digest('base64url');

/**
 * Background work (mail sync and the token refreshes it needs) may wait longer for a throttled
 * provider than a person clicking a button: when 30 % of calls answer 429, six attempts give up
 * on one call in 1,400 (about every other sync of 1,000 messages), twelve on one in 1.9 million.
 */
export const BACKGROUND_ATTEMPTS = 12;
/**
 * A person waiting on a click (connect, saving an attachment) gets an answer within about ten
 * seconds of waiting: a provider that asks for longer is reported as not answering.
 */
export const INTERACTIVE_WAIT_BUDGET_MS = 10_000;

export interface ProviderRuntime {
  /** For requests a person waits on (connect, attachments): at most ~10 s of waiting to retry. */
  adapters: Record<Provider, ProviderAdapters | null>;
  /** For the sync jobs and their token refreshes: more patience with 429s and 5xx. */
  background: Record<Provider, ProviderAdapters | null>;
  /** Which providers the sandbox stands in for. */
  sandbox: Record<Provider, boolean>;
  /** The redirect URI each provider returns to, built from PUBLIC_URL (never from a request). */
  redirectUri: Record<Provider, string>;
  /** What the Microsoft connect screen may show (spec §7 /api/oauth/config/microsoft). */
  microsoftClientId: string | null;
}

/** The adapters for this configuration: real endpoints with real credentials, or the sandbox. */
export function providerRuntime(config: Config): ProviderRuntime {
  const { google, microsoft, sandbox } = config.providers;
  const sandboxUrls = sandbox ? sandboxEndpoints(sandbox.baseUrl) : null;
  const sandboxCredentials = {
    clientId: SANDBOX_CLIENT_ID,
    clientSecret: sandboxClientSecret(config.appSecret),
  };
  const settings = {
    google:
      google.mode === 'real'
        ? { endpoints: realGoogleEndpoints, credentials: google }
        : google.mode === 'sandbox' && sandboxUrls
          ? { endpoints: sandboxUrls.google, credentials: sandboxCredentials }
          : undefined,
    microsoft:
      microsoft.mode === 'real'
        ? { endpoints: realMicrosoftEndpoints(microsoft.tenant), credentials: microsoft }
        : microsoft.mode === 'sandbox' && sandboxUrls
          ? { endpoints: sandboxUrls.microsoft, credentials: sandboxCredentials }
          : undefined,
  };
  return {
    adapters: createProviderAdapters(settings, { waitBudgetMs: INTERACTIVE_WAIT_BUDGET_MS }),
    background: createProviderAdapters(settings, { attempts: BACKGROUND_ATTEMPTS }),
    sandbox: { google: google.mode === 'sandbox', microsoft: microsoft.mode === 'sandbox' },
    redirectUri: {
      google: `${config.publicUrl}/oauth2callback`,
      microsoft: `${config.publicUrl}/microsoftoauthcallback`,
    },
    microsoftClientId:
      microsoft.mode === 'real'
        ? microsoft.clientId
        : microsoft.mode === 'sandbox'
          ? SANDBOX_CLIENT_ID
          : null,
  };
}
