import { ProviderError, type AccessTokenSource, type TokenSet } from './provider';

/** A token endpoint's JSON answer (Google and Microsoft alike). */
export interface TokenResponse {
  access_token: string;
  expires_in?: number | string;
  refresh_token?: string;
  scope?: string;
  token_type?: string;
}

/**
 * A token answer as a TokenSet. `scope` is what was actually granted (Google's granular consent
 * may grant less than asked); when a provider leaves it out, the scopes asked for are assumed.
 */
export function tokenSetFrom(
  body: TokenResponse | undefined,
  requested: string[],
  now = Date.now(),
): TokenSet {
  if (!body || typeof body.access_token !== 'string' || !body.access_token) {
    throw new ProviderError(200, 'invalid_token_response', 'The token answer carries no access token', false);
  }
  const expiresIn = Number(body.expires_in ?? 3600);
  return {
    accessToken: body.access_token,
    refreshToken: typeof body.refresh_token === 'string' && body.refresh_token ? body.refresh_token : null,
    expiresAt: new Date(now + (Number.isFinite(expiresIn) ? expiresIn : 3600) * 1000),
    scopes:
      typeof body.scope === 'string' && body.scope.trim() ? body.scope.trim().split(/\s+/) : [...requested],
  };
}

/**
 * Runs a call with a bearer token; when the provider answers 401 (the token expired early or was
 * revoked) it asks the source for a fresh token once and tries again.
 */
export async function withAccessToken<T>(
  token: AccessTokenSource,
  call: (accessToken: string) => Promise<T>,
): Promise<T> {
  try {
    return await call(await token());
  } catch (error) {
    if (!(error instanceof ProviderError) || error.status !== 401) throw error;
    return call(await token(true));
  }
}

export function bearer(accessToken: string, headers: Record<string, string> = {}): RequestInit {
  return { headers: { ...headers, authorization: `Bearer ${accessToken}` } };
}
