import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completeConsent, parseForms } from './consent';
import { sandboxEndpoints, startProviderSandbox } from './sandbox';
import {
  GOOGLE_CLIENT,
  MICROSOFT_CLIENT,
  getJson,
  googleAuthorizeUrl,
  microsoftAuthorizeUrl,
  pkce,
  postForm,
} from './test-support';

let server: Awaited<ReturnType<typeof startProviderSandbox>>;
let endpoints: ReturnType<typeof sandboxEndpoints>;

beforeAll(async () => {
  server = await startProviderSandbox({
    clients: { google: [GOOGLE_CLIENT], microsoft: [MICROSOFT_CLIENT] },
    seed: {
      google: [{ email: 'ada@firm.example', name: 'Ada Lovelace' }],
      microsoft: [{ email: 'ada@firm-ms.example', name: 'Ada Lovelace' }],
    },
  });
  endpoints = sandboxEndpoints(server.url);
});
afterAll(() => server.close());

const googleRedeem = (code: string, verifier: string, extra: Record<string, string> = {}) =>
  postForm(endpoints.google.token, {
    grant_type: 'authorization_code',
    code,
    redirect_uri: GOOGLE_CLIENT.redirectUris[0] as string,
    client_id: GOOGLE_CLIENT.clientId,
    client_secret: GOOGLE_CLIENT.clientSecret,
    code_verifier: verifier,
    ...extra,
  });

async function googleCode(extra: Record<string, string> = {}) {
  const { verifier, challenge } = pkce();
  const consent = await completeConsent(googleAuthorizeUrl(server.url, challenge, extra), {
    email: 'ada@firm.example',
  });
  expect(consent.status).toBe(302);
  const location = new URL(consent.location as string);
  return { verifier, code: location.searchParams.get('code') as string, location };
}

describe('Google OAuth', () => {
  it('shows an accessible chooser with one button per account, then a consent page with Allow and Deny', async () => {
    const { challenge } = pkce();
    const response = await fetch(googleAuthorizeUrl(server.url, challenge));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-security-policy')).toBe(
      "default-src 'none'; style-src 'unsafe-inline'; form-action *; frame-ancestors 'none'",
    );
    const html = await response.text();
    expect(html).toContain('<html lang="en">');
    expect(html).not.toMatch(/<script/i);
    const forms = parseForms(html);
    expect(forms.some((form) => form.buttons.some((button) => button.label === 'ada@firm.example'))).toBe(
      true,
    );
    expect(forms.some((form) => form.buttons.some((button) => button.label === 'Use another account'))).toBe(
      true,
    );
    expect(html).toContain('<label for="new-email">');
  });

  it('runs the code flow with PKCE: code, state and scope on the redirect; tokens; userinfo', async () => {
    const { verifier, code, location } = await googleCode();
    expect(location.origin + location.pathname).toBe('http://app.test/cb/google');
    expect(location.searchParams.get('state')).toBe('st-123');
    expect(location.searchParams.get('scope')).toContain('https://www.googleapis.com/auth/gmail.readonly');
    const tokens = await googleRedeem(code, verifier);
    expect(tokens.status).toBe(200);
    expect(tokens.body).toMatchObject({ token_type: 'Bearer', expires_in: 3599 });
    expect(String(tokens.body.access_token)).toMatch(/^ya29\./);
    expect(tokens.body.refresh_token).toEqual(expect.any(String));
    expect(tokens.body.id_token).toEqual(expect.any(String));
    const userinfo = await getJson(endpoints.google.userinfo, tokens.body.access_token as string);
    expect(userinfo.body).toMatchObject({
      email: 'ada@firm.example',
      email_verified: true,
      name: 'Ada Lovelace',
      given_name: 'Ada',
    });
  });

  it('refuses a wrong verifier, a reused code, a wrong redirect_uri and a wrong secret', async () => {
    const first = await googleCode();
    const wrong = await googleRedeem(first.code, pkce().verifier);
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({ error: 'invalid_grant', error_description: 'Invalid code verifier.' });

    const second = await googleCode();
    expect((await googleRedeem(second.code, second.verifier)).status).toBe(200);
    const reused = await googleRedeem(second.code, second.verifier);
    expect(reused.status).toBe(400);
    expect(reused.body.error).toBe('invalid_grant');

    const third = await googleCode();
    const redirect = await googleRedeem(third.code, third.verifier, {
      redirect_uri: 'http://app.test/elsewhere',
    });
    expect(redirect.status).toBe(400);
    expect(redirect.body.error).toBe('invalid_grant');

    const fourth = await googleCode();
    const secret = await googleRedeem(fourth.code, fourth.verifier, { client_secret: 'nope' });
    expect(secret.status).toBe(401);
    expect(secret.body.error).toBe('invalid_client');
  });

  it('accepts HTTP Basic client authentication', async () => {
    const { code, verifier } = await googleCode();
    const basic = Buffer.from(`${GOOGLE_CLIENT.clientId}:${GOOGLE_CLIENT.clientSecret}`).toString('base64');
    const tokens = await postForm(
      endpoints.google.token,
      {
        grant_type: 'authorization_code',
        code,
        code_verifier: verifier,
        redirect_uri: GOOGLE_CLIENT.redirectUris[0] as string,
      },
      { authorization: `Basic ${basic}` },
    );
    expect(tokens.status).toBe(200);
  });

  it('refreshes without a new refresh token; after revoke, refresh answers invalid_grant and the access token 401', async () => {
    const { code, verifier } = await googleCode();
    const tokens = await googleRedeem(code, verifier);
    const refresh = () =>
      postForm(endpoints.google.token, {
        grant_type: 'refresh_token',
        refresh_token: tokens.body.refresh_token as string,
        client_id: GOOGLE_CLIENT.clientId,
        client_secret: GOOGLE_CLIENT.clientSecret,
      });
    const refreshed = await refresh();
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.refresh_token).toBeUndefined();
    expect(refreshed.body.access_token).not.toBe(tokens.body.access_token);

    const revoked = await fetch(endpoints.google.revoke, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token: tokens.body.refresh_token as string }),
    });
    expect(revoked.status).toBe(200);
    expect(await refresh()).toMatchObject({
      status: 400,
      body: { error: 'invalid_grant', error_description: 'Token has been expired or revoked.' },
    });
    const profile = await getJson(
      `${endpoints.google.gmail}/users/me/profile`,
      refreshed.body.access_token as string,
    );
    expect(profile.status).toBe(401);
    expect(profile.body.error.status).toBe('UNAUTHENTICATED');

    const again = await fetch(endpoints.google.revoke, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token: 'unknown' }),
    });
    expect(again.status).toBe(400);
    expect(await again.json()).toMatchObject({ error: 'invalid_token' });
  });

  it('sends access_denied back when the person presses Deny', async () => {
    const { challenge } = pkce();
    const consent = await completeConsent(googleAuthorizeUrl(server.url, challenge), {
      email: 'ada@firm.example',
      decision: 'deny',
    });
    const location = new URL(consent.location as string);
    expect(location.searchParams.get('error')).toBe('access_denied');
    expect(location.searchParams.get('state')).toBe('st-123');
  });

  it('shows an error page, not a redirect, for an unknown client or redirect_uri', async () => {
    const { challenge } = pkce();
    const badRedirect = await fetch(
      googleAuthorizeUrl(server.url, challenge, { redirect_uri: 'http://evil.test/cb' }),
      {
        redirect: 'manual',
      },
    );
    expect(badRedirect.status).toBe(400);
    expect(await badRedirect.text()).toContain('Error 400: redirect_uri_mismatch');
    const badClient = await fetch(googleAuthorizeUrl(server.url, challenge, { client_id: 'nobody' }), {
      redirect: 'manual',
    });
    expect(badClient.status).toBe(401);
    expect(await badClient.text()).toContain('invalid_client');
  });

  it('creates an account through "Use another account"', async () => {
    const { challenge } = pkce();
    const consent = await completeConsent(googleAuthorizeUrl(server.url, challenge), {
      email: 'new.person@client.example',
      name: 'New Person',
    });
    expect(new URL(consent.location as string).searchParams.get('code')).toBeTruthy();
    expect(server.sandbox.accounts('google').map((account) => account.email)).toContain(
      'new.person@client.example',
    );
  });
});

describe('Microsoft identity platform', () => {
  const redeem = (code: string, verifier: string, extra: Record<string, string> = {}) =>
    postForm(endpoints.microsoft.token, {
      grant_type: 'authorization_code',
      code,
      redirect_uri: MICROSOFT_CLIENT.redirectUris[0] as string,
      client_id: MICROSOFT_CLIENT.clientId,
      client_secret: MICROSOFT_CLIENT.clientSecret,
      code_verifier: verifier,
      ...extra,
    });
  async function msCode() {
    const { verifier, challenge } = pkce();
    const consent = await completeConsent(microsoftAuthorizeUrl(server.url, challenge), {
      email: 'ada@firm-ms.example',
    });
    return { verifier, code: new URL(consent.location as string).searchParams.get('code') as string };
  }

  it('redeems a code, rotates refresh tokens, and answers AADSTS errors with trace ids', async () => {
    const { code, verifier } = await msCode();
    const tokens = await redeem(code, verifier);
    expect(tokens.status).toBe(200);
    expect(tokens.body).toMatchObject({ token_type: 'Bearer', expires_in: 3599, ext_expires_in: 3599 });
    expect(tokens.body.scope).toContain('Mail.Read');
    expect(tokens.body.refresh_token).toEqual(expect.any(String));
    expect(tokens.body.id_token).toEqual(expect.any(String));

    const reused = await redeem(code, verifier);
    expect(reused.status).toBe(400);
    expect(reused.body).toMatchObject({ error: 'invalid_grant', error_codes: [54005] });
    expect(String(reused.body.error_description)).toMatch(
      /^AADSTS54005: .*\r\nTrace ID: .*\r\nCorrelation ID: .*\r\nTimestamp: /s,
    );

    const refresh = (token: string) =>
      postForm(endpoints.microsoft.token, {
        grant_type: 'refresh_token',
        refresh_token: token,
        client_id: MICROSOFT_CLIENT.clientId,
        client_secret: MICROSOFT_CLIENT.clientSecret,
        scope: 'Mail.Read offline_access',
      });
    const rotated = await refresh(tokens.body.refresh_token as string);
    expect(rotated.status).toBe(200);
    expect(rotated.body.refresh_token).not.toBe(tokens.body.refresh_token);

    server.sandbox.revokeGrants('microsoft', 'ada@firm-ms.example');
    const afterRevoke = await refresh(rotated.body.refresh_token as string);
    expect(afterRevoke.body).toMatchObject({ error: 'invalid_grant', error_codes: [50173] });
    const me = await getJson(`${endpoints.microsoft.graph}/me`, rotated.body.access_token as string);
    expect(me.status).toBe(401);
    expect(me.body.error.code).toBe('InvalidAuthenticationToken');
  });

  it('checks PKCE and the secret', async () => {
    const first = await msCode();
    expect((await redeem(first.code, pkce().verifier)).body).toMatchObject({
      error: 'invalid_grant',
      error_codes: [501481],
    });
    const second = await msCode();
    expect((await redeem(second.code, second.verifier, { client_secret: '' })).body).toMatchObject({
      error: 'invalid_client',
      error_codes: [7000218],
    });
  });

  it('redirects Cancel with AADSTS65004 and shows AADSTS50011 for a wrong redirect', async () => {
    const { challenge } = pkce();
    const consent = await completeConsent(microsoftAuthorizeUrl(server.url, challenge), {
      email: 'ada@firm-ms.example',
      decision: 'deny',
    });
    const location = new URL(consent.location as string);
    expect(location.searchParams.get('error')).toBe('access_denied');
    expect(location.searchParams.get('error_description')).toBe(
      'AADSTS65004: User declined to consent to access the app.',
    );
    const bad = await fetch(
      microsoftAuthorizeUrl(server.url, challenge, { redirect_uri: 'http://evil.test/' }),
    );
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain('AADSTS50011');
  });
});
