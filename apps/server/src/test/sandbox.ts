import { completeConsent, startProviderSandbox, type SandboxSeed } from '@sentinel/provider-sandbox';
import { SANDBOX_CLIENT_ID, sandboxClientSecret } from '../integrations/settings';
import { TEST_APP_SECRET } from './helpers';

/**
 * The provider sandbox as a real local server for server tests, knowing Sentinel's test client
 * (the app under test is pointed at it with PROVIDER_SANDBOX_URL).
 */
export async function startTestSandbox(seed: SandboxSeed = {}) {
  const client = { clientId: SANDBOX_CLIENT_ID, clientSecret: sandboxClientSecret(TEST_APP_SECRET) };
  return startProviderSandbox({
    clients: { google: [client], microsoft: [client] },
    seed,
    admin: true,
    port: 0,
  });
}

/**
 * Goes through the sandbox's account chooser and consent screen for `email` and answers with
 * `decision`. Returns the query the provider sent back to the redirect URI (code and state, or
 * error and state).
 */
export async function consent(
  authorizeUrl: string,
  email: string,
  decision: 'allow' | 'deny',
): Promise<URLSearchParams> {
  const result = await completeConsent(authorizeUrl, { email, decision });
  if (!result.location) throw new Error(`consent did not return to the app (${result.status})`);
  return new URL(result.location).searchParams;
}
