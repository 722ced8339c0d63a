import {
  MESSAGES,
  noAuthorizationCode,
  PROVIDERS,
  SESSION_STORAGE_KEYS,
  type OAuthCallbackBody,
  type Provider,
} from '@sentinel/shared';
import { useEffect } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { refreshProviderFlags } from '@/api/provider-status';
import { AuthLayout } from '@/components/layouts/auth-layout';
import { buttonClasses } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { errorMessage, isApiError } from '@/lib/api-client';
import { completeOAuth } from '../api/complete-oauth';

const PATH_PROVIDERS: Record<string, Provider> = {
  [paths.googleCallback]: 'google',
  [paths.microsoftCallback]: 'microsoft',
};

const isProvider = (value: string | null): value is Provider =>
  value !== null && (PROVIDERS as readonly string[]).includes(value);

function storedProvider(): string | null {
  try {
    return sessionStorage.getItem(SESSION_STORAGE_KEYS.oauthProvider);
  } catch {
    return null;
  }
}

function forgetStoredProvider() {
  try {
    sessionStorage.removeItem(SESSION_STORAGE_KEYS.oauthProvider);
  } catch {
    // Nothing to forget.
  }
}

/** Where the screen goes when it is done: the settings banner reads these (spec §4). */
export const settingsResult = (provider: Provider, outcome: { error?: string }) => {
  const query = new URLSearchParams({ status: outcome.error === undefined ? 'success' : 'error', provider });
  if (outcome.error !== undefined) query.set('message', outcome.error);
  return `${paths.settings}?${query.toString()}`;
};

/**
 * Each code is redeemed once: React's StrictMode runs effects twice, and a remount must not post
 * a used code again. Keyed by the state the provider returned.
 */
const inFlight = new Map<string, Promise<string>>();

/** The outcome of one callback: the settings address to go to, or '' (the session was lost). */
async function finish(provider: Provider, body: OAuthCallbackBody): Promise<string> {
  try {
    await completeOAuth(body);
    await refreshProviderFlags();
    return settingsResult(provider, {});
  } catch (error) {
    // A lost session goes to /login through the API client; no settings result then.
    if (isApiError(error) && error.status === 401) return '';
    const fallback = body.error_description || body.error || MESSAGES.connectFailedDefault;
    return settingsResult(provider, { error: errorMessage(error, fallback) });
  }
}

/**
 * /oauth2callback and /microsoftoauthcallback: the provider returns here with code and state (or
 * error and error_description). The screen posts them to the server once and goes back to
 * /settings with the outcome. The API client waits for the session (refreshing the access token
 * from the cookie when needed) before it posts. Without a provider it stays on 'Processing OAuth
 * Callback...' and logs why (spec §2, §8).
 */
export function OAuthCallback() {
  const { pathname } = useLocation();
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const fromPath = PATH_PROVIDERS[pathname];
  const fallback = storedProvider();
  const provider: Provider | null = fromPath ?? (isProvider(fallback) ? fallback : null);
  const posting = provider !== null;

  const code = searchParams.get('code');
  const state = searchParams.get('state');
  const error = searchParams.get('error');
  const errorDescription = searchParams.get('error_description');

  useEffect(() => {
    if (!provider) {
      console.error(MESSAGES.providerUnknown);
      return;
    }
    forgetStoredProvider();
    let active = true;
    const go = (to: string) => {
      if (active && to) void navigate(to, { replace: true });
    };
    if (!state) {
      console.error(MESSAGES.invalidState);
      go(settingsResult(provider, { error: MESSAGES.invalidState }));
      return;
    }
    if (!code && !error) {
      console.error(noAuthorizationCode(provider));
      go(settingsResult(provider, { error: noAuthorizationCode(provider) }));
      return;
    }
    const body: OAuthCallbackBody = {
      provider,
      state,
      ...(code ? { code } : {}),
      ...(error ? { error } : {}),
      ...(errorDescription ? { error_description: errorDescription } : {}),
    };
    let pending = inFlight.get(state);
    if (!pending) {
      pending = finish(provider, body);
      inFlight.set(state, pending);
    }
    void pending.then(go);
    return () => {
      active = false;
    };
  }, [provider, code, state, error, errorDescription, navigate]);

  return (
    <AuthLayout
      title={posting ? MESSAGES.oauthConnecting : MESSAGES.oauthProcessing}
      documentTitle={MESSAGES.oauthConnecting}
    >
      {posting ? (
        <div role="status" className="flex items-center gap-3 text-sm text-slate-600">
          <Spinner className="size-5 text-brand-700" />
          <span>Finishing the connection and returning to Settings…</span>
        </div>
      ) : (
        <Link
          to={`${paths.settings}?tab=integrations`}
          className={buttonClasses({ fullWidth: true, size: 'lg' })}
        >
          Go to Settings
        </Link>
      )}
    </AuthLayout>
  );
}
