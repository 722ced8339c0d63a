import { MICROSOFT_SCOPES } from '@sentinel/shared';
import { formPost, providerJson, urlWith, type ProviderFetchOptions } from '../http';
import {
  GrantRevokedError,
  ProviderError,
  type ClientCredentials,
  type MicrosoftEndpoints,
  type OAuthAdapter,
} from '../provider';
import { bearer, tokenSetFrom, type TokenResponse } from '../tokens';

/**
 * The spec's scopes plus `offline_access` (without it Microsoft sends no refresh token) and
 * `Calendars.ReadWrite` for the calendar (providers.md §4.7).
 */
export const MICROSOFT_ADAPTER_SCOPES = [
  ...MICROSOFT_SCOPES.split(' '),
  'offline_access',
  'Calendars.ReadWrite',
];

/**
 * Errors of a refresh that only the user can resolve by signing in again: the grant is revoked or
 * expired (`invalid_grant`, e.g. AADSTS700082, 50173) or a policy now asks for an interactive
 * step (`interaction_required`, e.g. MFA).
 */
const RECONNECT_ERRORS = new Set(['invalid_grant', 'interaction_required']);

/**
 * The Microsoft identity platform v2.0 auth-code flow for a confidential web client with PKCE
 * (providers.md §4). Refresh tokens rotate: each refresh answer carries a new one to store.
 */
export function microsoftOAuth(
  endpoints: MicrosoftEndpoints,
  credentials: ClientCredentials,
  http: ProviderFetchOptions = {},
): OAuthAdapter {
  const scopes = [...MICROSOFT_ADAPTER_SCOPES];
  const scope = scopes.join(' ');
  return {
    provider: 'microsoft',
    scopes,

    authorizationUrl({ state, codeChallenge, redirectUri }) {
      const url = new URL(endpoints.authorize);
      url.search = new URLSearchParams({
        client_id: credentials.clientId,
        response_type: 'code',
        redirect_uri: redirectUri,
        response_mode: 'query',
        scope,
        state,
        prompt: 'select_account',
        code_challenge: codeChallenge,
        code_challenge_method: 'S256',
      }).toString();
      return url.toString();
    },

    async redeemCode({ code, codeVerifier, redirectUri }) {
      const body = await providerJson<TokenResponse>(
        endpoints.token,
        formPost({
          client_id: credentials.clientId,
          client_secret: credentials.clientSecret,
          grant_type: 'authorization_code',
          code,
          redirect_uri: redirectUri,
          code_verifier: codeVerifier,
          scope,
        }),
        { ...http, idempotent: false },
      );
      return tokenSetFrom(body, scopes);
    },

    async refresh(refreshToken) {
      try {
        const body = await providerJson<TokenResponse>(
          endpoints.token,
          formPost({
            client_id: credentials.clientId,
            client_secret: credentials.clientSecret,
            grant_type: 'refresh_token',
            refresh_token: refreshToken,
            scope,
          }),
          http,
        );
        return tokenSetFrom(body, scopes);
      } catch (error) {
        // The description's Trace ID / Correlation ID lines are already cut by parseProviderError.
        if (error instanceof ProviderError && RECONNECT_ERRORS.has(error.code)) {
          throw new GrantRevokedError(error.description);
        }
        throw error;
      }
    },

    /**
     * Microsoft has no endpoint that revokes one token (only revokeSignInSessions, which signs
     * the user out of every app): disconnecting forgets the tokens on our side, and the refresh
     * token then expires unused.
     */
    async revoke() {},

    async accountEmail(accessToken) {
      const me = await providerJson<{ mail?: string | null; userPrincipalName?: string }>(
        urlWith(endpoints.graph, '/me', { $select: 'mail,userPrincipalName' }),
        bearer(accessToken),
        http,
      );
      // `mail` is null for accounts without an Exchange mailbox address (cal.com does the same).
      const email = me?.mail ?? me?.userPrincipalName;
      if (!email)
        throw new ProviderError(200, 'no_email', 'Microsoft did not say which address is connected', false);
      return email;
    },
  };
}
