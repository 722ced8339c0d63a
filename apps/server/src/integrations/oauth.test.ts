import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { googleOAuth, GOOGLE_SCOPES } from './google/oauth';
import { microsoftOAuth } from './microsoft/oauth';
import { GrantRevokedError, ProviderError } from './provider';
import { realGoogleEndpoints, realMicrosoftEndpoints } from './index';

/** A token endpoint that answers what the test sets, recording the form bodies. */
let server: Server;
let base: string;
let answer: { status: number; body: unknown };
let forms: URLSearchParams[];

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      forms.push(new URLSearchParams(body));
      res.writeHead(answer.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  forms = [];
});

const credentials = { clientId: 'client-1', clientSecret: 'secret-1' };
const http = { sleep: async () => {} };
const google = () =>
  googleOAuth(
    { ...realGoogleEndpoints, token: `${base}/token`, revoke: `${base}/revoke` },
    credentials,
    http,
  );
const microsoft = () =>
  microsoftOAuth({ ...realMicrosoftEndpoints('common'), token: `${base}/token` }, credentials, http);

describe('googleOAuth', () => {
  it('builds the authorization URL', () => {
    const url = new URL(
      google().authorizationUrl({ state: 'st', codeChallenge: 'ch', redirectUri: 'https://app.example/cb' }),
    );
    expect(`${url.origin}${url.pathname}`).toBe('https://accounts.google.com/o/oauth2/v2/auth');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: 'client-1',
      redirect_uri: 'https://app.example/cb',
      response_type: 'code',
      scope:
        'openid email https://www.googleapis.com/auth/gmail.readonly https://www.googleapis.com/auth/calendar.events',
      access_type: 'offline',
      prompt: 'consent',
      include_granted_scopes: 'true',
      state: 'st',
      code_challenge: 'ch',
      code_challenge_method: 'S256',
    });
  });

  it('redeems a code and refreshes without a new refresh token', async () => {
    answer = {
      status: 200,
      body: {
        access_token: 'ya29.a',
        expires_in: 3599,
        refresh_token: '1//r',
        scope: GOOGLE_SCOPES.join(' '),
        token_type: 'Bearer',
      },
    };
    const before = Date.now();
    const set = await google().redeemCode({
      code: 'c',
      codeVerifier: 'v',
      redirectUri: 'https://app.example/cb',
    });
    expect(set).toMatchObject({ accessToken: 'ya29.a', refreshToken: '1//r', scopes: GOOGLE_SCOPES });
    expect(set.expiresAt.getTime()).toBeGreaterThanOrEqual(before + 3599_000);
    expect(Object.fromEntries(forms[0]!)).toEqual({
      grant_type: 'authorization_code',
      code: 'c',
      code_verifier: 'v',
      redirect_uri: 'https://app.example/cb',
      client_id: 'client-1',
      client_secret: 'secret-1',
    });

    answer = { status: 200, body: { access_token: 'ya29.b', expires_in: 3599, scope: 'openid email' } };
    expect(await google().refresh('1//r')).toMatchObject({
      accessToken: 'ya29.b',
      refreshToken: null,
      scopes: ['openid', 'email'],
    });
  });

  it('turns invalid_grant into GrantRevokedError on refresh and a ProviderError on redemption', async () => {
    answer = {
      status: 400,
      body: { error: 'invalid_grant', error_description: 'Token has been expired or revoked.' },
    };
    const refresh = await google()
      .refresh('1//dead')
      .catch((e: unknown) => e);
    expect(refresh).toBeInstanceOf(GrantRevokedError);
    expect(refresh).toMatchObject({ description: 'Token has been expired or revoked.' });
    expect(String((refresh as Error).message)).not.toContain('1//dead');
    const redeem = await google()
      .redeemCode({ code: 'used', codeVerifier: 'v', redirectUri: 'https://app.example/cb' })
      .catch((e: unknown) => e);
    expect(redeem).toBeInstanceOf(ProviderError);
    expect(redeem).toMatchObject({
      status: 400,
      code: 'invalid_grant',
      description: 'Token has been expired or revoked.',
    });
  });

  it('revokes, and accepts a token that is already gone', async () => {
    answer = { status: 200, body: {} };
    await google().revoke('ya29.a');
    expect(forms[0]!.get('token')).toBe('ya29.a');
    answer = { status: 400, body: { error: 'invalid_token', error_description: 'Token expired or revoked' } };
    await expect(google().revoke('ya29.a')).resolves.toBeUndefined();
    answer = { status: 401, body: { error: 'invalid_client' } };
    await expect(google().revoke('ya29.a')).rejects.toBeInstanceOf(ProviderError);
  });
});

describe('microsoftOAuth', () => {
  it('builds the authorization URL', () => {
    const url = new URL(
      microsoft().authorizationUrl({
        state: 'st',
        codeChallenge: 'ch',
        redirectUri: 'https://app.example/cb',
      }),
    );
    expect(`${url.origin}${url.pathname}`).toBe(
      'https://login.microsoftonline.com/common/oauth2/v2.0/authorize',
    );
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: 'client-1',
      response_type: 'code',
      redirect_uri: 'https://app.example/cb',
      response_mode: 'query',
      scope: 'openid profile email User.Read Mail.Read offline_access Calendars.ReadWrite',
      state: 'st',
      prompt: 'select_account',
      code_challenge: 'ch',
      code_challenge_method: 'S256',
    });
  });

  it('stores the rotated refresh token and maps invalid_grant without trace lines', async () => {
    answer = {
      status: 200,
      body: { access_token: 'eyJ.a', expires_in: 4000, refresh_token: '0.new', token_type: 'Bearer' },
    };
    expect(await microsoft().refresh('0.old')).toMatchObject({ accessToken: 'eyJ.a', refreshToken: '0.new' });
    expect(forms[0]!.get('grant_type')).toBe('refresh_token');
    expect(forms[0]!.get('client_secret')).toBe('secret-1');

    answer = {
      status: 400,
      body: {
        error: 'invalid_grant',
        error_description:
          'AADSTS700082: The refresh token has expired due to inactivity.\r\nTrace ID: 0b1e\r\nCorrelation ID: 7c2f\r\nTimestamp: 2026-01-01 10:00:00Z',
        error_codes: [700082],
        trace_id: '0b1e',
        correlation_id: '7c2f',
      },
    };
    const error = await microsoft()
      .refresh('0.old')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GrantRevokedError);
    expect(error).toMatchObject({
      description: 'AADSTS700082: The refresh token has expired due to inactivity.',
    });
  });

  it('has no revoke endpoint to call', async () => {
    await microsoft().revoke('eyJ.a');
    expect(forms).toEqual([]);
  });
});
