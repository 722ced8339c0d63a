import { formPost, providerJson, type ProviderFetchOptions } from '../http';
import {
  GrantRevokedError,
  ProviderError,
  type ClientCredentials,
  type GoogleEndpoints,
  type OAuthAdapter,
} from '../provider';
import { bearer, tokenSetFrom, type TokenResponse } from '../tokens';

/** Sign-in, Gmail read and calendar events (providers.md §1.7). */
export const GOOGLE_SCOPES = [
  'openid',
  'email',
  'https://www.googleapis.com/auth/gmail.readonly',
  'https://www.googleapis.com/auth/calendar.events',
];

/**
 * Google's OAuth 2.0 web-server flow with PKCE (providers.md §1). `prompt=consent` because Google
 * sends a refresh token only on consent, and a reconnect must get a new one.
 */
export function googleOAuth(
  endpoints: GoogleEndpoints,
  credentials: ClientCredentials,
  http: ProviderFetchOptions = {},
): OAuthAdapter {
  const scopes = [...GOOGLE_SCOPES];
  return {
    provider: 'google',
    scopes,

    authorizationUrl({ state, codeChallenge, redirectUri }) {
      const url = new URL(endpoints.authorize);
      url.search = new URLSearchParams({
        client_id: credentials.clientId,
        redirect_uri: redirectUri,
        response_type: 'code',
        scope: scopes.join(' '),
        access_type: 'offline',
        prompt: 'consent',
        include_granted_scopes: 'true',
        state,
        code_challenge: codeChallenge,
        code_challenge_method: 'S256',
      }).toString();
      return url.toString();
    },

    async redeemCode({ code, codeVerifier, redirectUri }) {
      const body = await providerJson<TokenResponse>(
        endpoints.token,
        formPost({
          grant_type: 'authorization_code',
          code,
          code_verifier: codeVerifier,
          redirect_uri: redirectUri,
          client_id: credentials.clientId,
          client_secret: credentials.clientSecret,
        }),
        // A code is single-use: a retry after the provider acted on it would only fail.
        { ...http, idempotent: false },
      );
      return tokenSetFrom(body, scopes);
    },

    async refresh(refreshToken) {
      try {
        const body = await providerJson<TokenResponse>(
          endpoints.token,
          formPost({
            grant_type: 'refresh_token',
            refresh_token: refreshToken,
            client_id: credentials.clientId,
            client_secret: credentials.clientSecret,
          }),
          http,
        );
        // Google leaves refresh_token out of refresh answers: refreshToken is null, keep the old one.
        return tokenSetFrom(body, scopes);
      } catch (error) {
        if (error instanceof ProviderError && error.code === 'invalid_grant') {
          throw new GrantRevokedError(error.description);
        }
        throw error;
      }
    },

    async revoke(token) {
      try {
        await providerJson(endpoints.revoke, formPost({ token }), http);
      } catch (error) {
        // Already revoked or expired: what we wanted.
        if (error instanceof ProviderError && error.status === 400 && error.code === 'invalid_token') return;
        throw error;
      }
    },

    async accountEmail(accessToken) {
      const me = await providerJson<{ email?: string }>(endpoints.userinfo, bearer(accessToken), http);
      if (!me?.email)
        throw new ProviderError(200, 'no_email', 'Google did not say which address is connected', false);
      return me.email;
    },
  };
}
