import { eq } from 'drizzle-orm';
import { schema } from '@sentinel/db';
import { MESSAGES, needsReconnectText } from '@sentinel/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SecretBox } from '../../platform/secret-box';
import {
  bearer,
  createTestContext,
  login,
  makeUser,
  TEST_APP_SECRET,
  type TestContext,
} from '../../test/helpers';
import { consent, startTestSandbox } from '../../test/provider-sandbox';

let ctx: TestContext;
let sandbox: Awaited<ReturnType<typeof startTestSandbox>>;
const box = new SecretBox(TEST_APP_SECRET, 'provider-tokens');
/** Every body the app answered in this file, to look for secrets in. */
const answered: string[] = [];

const GOOGLE = 'lena.park@parklaw.example';
const MICROSOFT = 'lpark@parklaw.onmicrosoft.example';

beforeAll(async () => {
  sandbox = await startTestSandbox({
    google: [
      {
        email: GOOGLE,
        name: 'Lena Park',
        messages: [
          {
            from: { name: 'Dana Ruiz', address: 'druiz@harborline.example' },
            to: [GOOGLE],
            subject: 'Claim CLM-2026-11111 inspection',
            receivedAt: new Date(Date.now() - 3_600_000),
            text: 'We will inspect on Monday.',
          },
        ],
      },
      { email: 'other.person@parklaw.example', name: 'Other Person' },
    ],
    microsoft: [{ email: MICROSOFT, name: 'Lena Park' }],
  });
  ctx = await createTestContext({ PROVIDER_SANDBOX_URL: sandbox.url });
});
afterAll(async () => {
  await ctx?.close();
  await sandbox?.close();
});

async function person() {
  const user = await makeUser(ctx, { userType: 'attorney' });
  const token = (await login(ctx, user.email, user.password)).body.token as string;
  return { ...user, token };
}

async function api(token: string, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) {
  const response = await ctx.app.inject({
    method,
    url,
    headers: bearer(token),
    ...(payload ? { payload } : {}),
  });
  answered.push(response.body);
  return response;
}

/** Connect through the sandbox's consent screen, as the Integrations tab and callback screen do. */
async function connect(token: string, provider: 'google' | 'microsoft', email: string) {
  const start = await api(token, 'GET', `/api/oauth/connect/${provider}`);
  expect(start.statusCode, start.body).toBe(200);
  const returned = await consent(start.json().url, email, 'allow');
  return api(token, 'POST', '/api/oauth/callback', {
    provider,
    code: returned.get('code'),
    state: returned.get('state'),
  });
}

describe('connecting through the sandbox', () => {
  it('builds the authorization URL on the server: PKCE S256, state, the redirect from PUBLIC_URL', async () => {
    const { token } = await person();
    const google = new URL((await api(token, 'GET', '/api/oauth/connect/google')).json().url);
    expect(google.searchParams.get('code_challenge_method')).toBe('S256');
    expect(google.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(google.searchParams.get('state')!.length).toBeGreaterThanOrEqual(43);
    expect(google.searchParams.get('redirect_uri')).toBe('http://sentinel.test/oauth2callback');
    expect(google.searchParams.get('scope')).toContain('https://www.googleapis.com/auth/gmail.readonly');
    expect(google.searchParams.get('scope')).toContain('https://www.googleapis.com/auth/calendar.events');
    const microsoft = new URL((await api(token, 'GET', '/api/oauth/connect/microsoft')).json().url);
    expect(microsoft.searchParams.get('redirect_uri')).toBe('http://sentinel.test/microsoftoauthcallback');
    expect(microsoft.searchParams.get('scope')).toContain('openid profile email User.Read Mail.Read');
    // The verifier never leaves the server.
    expect(google.toString()).not.toContain('verifier');
  });

  it('connects Google and Microsoft: status, token lookup without secrets, tokens sealed at rest', async () => {
    const me = await person();
    const google = await connect(me.token, 'google', GOOGLE);
    expect(google.statusCode, google.body).toBe(200);
    expect(google.json()).toEqual({ provider: 'google', accountEmail: GOOGLE });
    expect((await connect(me.token, 'microsoft', MICROSOFT)).statusCode).toBe(200);

    expect((await api(me.token, 'GET', '/api/oauth/status')).json()).toEqual({
      googleStatus: true,
      microsoftStatus: true,
    });
    const lookup = await api(me.token, 'GET', `/api/tokens/get?userId=${me.id}&provider=google`);
    expect(lookup.statusCode).toBe(200);
    expect(lookup.json().token).toMatchObject({ provider: 'google', connected: true, accountEmail: GOOGLE });
    expect(Object.keys(lookup.json().token).sort()).toEqual([
      'accountEmail',
      'connected',
      'expiresAt',
      'provider',
      'scopes',
    ]);

    const integrations = (await api(me.token, 'GET', '/api/oauth/connections')).json().data;
    expect(integrations[0]).toMatchObject({
      provider: 'google',
      configured: true,
      sandbox: true,
      connection: { status: 'connected', accountEmail: GOOGLE },
    });

    const rows = await ctx.database.db
      .select()
      .from(schema.providerConnections)
      .where(eq(schema.providerConnections.userId, me.id));
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(row.accessToken).toMatch(/^v1\./);
      const plain = box.open(row.accessToken);
      expect(plain.length).toBeGreaterThan(10);
      // Neither token appears in any answer or any log line.
      const secrets = [plain, ...(row.refreshToken ? [box.open(row.refreshToken)] : [])];
      for (const secret of secrets) {
        for (const body of answered) expect(body).not.toContain(secret);
        for (const line of ctx.logs) expect(line).not.toContain(secret);
      }
    }
  });

  it('refuses a wrong state, a state of another session, a reused state and a reused code', async () => {
    const me = await person();
    const start = (await api(me.token, 'GET', '/api/oauth/connect/google')).json().url;
    const returned = await consent(start, GOOGLE, 'allow');
    const wrong = await api(me.token, 'POST', '/api/oauth/callback', {
      provider: 'google',
      code: returned.get('code'),
      state: 'not-the-state',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toBe(MESSAGES.invalidState);

    // Another person cannot complete my connect (the state is bound to my session).
    const other = await person();
    const stolen = await api(other.token, 'POST', '/api/oauth/callback', {
      provider: 'google',
      code: returned.get('code'),
      state: returned.get('state'),
    });
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json().error).toBe(MESSAGES.invalidState);
    // …and that attempt used the state up: single use.
    const late = await api(me.token, 'POST', '/api/oauth/callback', {
      provider: 'google',
      code: returned.get('code'),
      state: returned.get('state'),
    });
    expect(late.json().error).toBe(MESSAGES.invalidState);

    // A code the provider already redeemed is refused by the provider (invalid_grant).
    const first = await connect(me.token, 'google', GOOGLE);
    expect(first.statusCode).toBe(200);
    const again = (await api(me.token, 'GET', '/api/oauth/connect/google')).json().url;
    const secondState = new URL(again).searchParams.get('state');
    const sameCode = await consent(again, GOOGLE, 'allow');
    const redeem = (code: string | null) =>
      api(me.token, 'POST', '/api/oauth/callback', { provider: 'google', code, state: secondState });
    expect((await redeem(sameCode.get('code'))).statusCode).toBe(200);
    const thirdStart = (await api(me.token, 'GET', '/api/oauth/connect/google')).json().url;
    const reused = await api(me.token, 'POST', '/api/oauth/callback', {
      provider: 'google',
      code: sameCode.get('code'),
      state: new URL(thirdStart).searchParams.get('state'),
    });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().error).toMatch(/^Token exchange failed: /);
  });

  it('reports a denied consent with the provider’s words and stores nothing', async () => {
    const me = await person();
    for (const [provider, email] of [
      ['google', GOOGLE],
      ['microsoft', MICROSOFT],
    ] as const) {
      const start = (await api(me.token, 'GET', `/api/oauth/connect/${provider}`)).json().url;
      const returned = await consent(start, email, 'deny');
      expect(returned.get('error')).toBe('access_denied');
      const answer = await api(me.token, 'POST', '/api/oauth/callback', {
        provider,
        state: returned.get('state'),
        error: returned.get('error'),
        error_description: returned.get('error_description') ?? undefined,
      });
      expect(answer.statusCode).toBe(400);
      expect(answer.json().error).toBeTruthy();
    }
    expect((await api(me.token, 'GET', '/api/oauth/status')).json()).toEqual({
      googleStatus: false,
      microsoftStatus: false,
    });
  });
});

describe('tokens, refresh and revocation', () => {
  it('refreshes an expired access token, and marks the connection needs-reconnect when the grant is revoked', async () => {
    const me = await person();
    await connect(me.token, 'google', GOOGLE);
    const [row] = await ctx.database.db
      .select()
      .from(schema.providerConnections)
      .where(eq(schema.providerConnections.userId, me.id));
    await ctx.app.services.mailSync.sync(row!.id);
    const synced = await ctx.database.db.select().from(schema.emails).where(eq(schema.emails.userId, me.id));
    expect(synced.length).toBeGreaterThan(0);

    // The provider stops accepting the access token: one refresh, then the sync goes on.
    sandbox.sandbox.expireAccessTokens('google', GOOGLE);
    sandbox.sandbox.deliver('google', GOOGLE, {
      from: { address: 'druiz@harborline.example' },
      to: [GOOGLE],
      subject: 'Second letter',
      receivedAt: new Date(),
      text: 'Following up.',
    });
    await ctx.app.services.mailSync.sync(row!.id);
    const [after] = await ctx.database.db
      .select()
      .from(schema.providerConnections)
      .where(eq(schema.providerConnections.id, row!.id));
    expect(after!.status).toBe('connected');
    expect(after!.accessToken).not.toBe(row!.accessToken);
    expect(
      (await ctx.database.db.select().from(schema.emails).where(eq(schema.emails.userId, me.id))).length,
    ).toBe(synced.length + 1);

    // The person revoked Sentinel's access at Google: needs reconnect, the mail stays.
    sandbox.sandbox.revokeGrants('google', GOOGLE);
    sandbox.sandbox.expireAccessTokens('google', GOOGLE);
    await ctx.app.services.mailSync.sync(row!.id);
    const integrations = (await api(me.token, 'GET', '/api/oauth/connections')).json().data;
    expect(integrations[0].connection).toMatchObject({
      status: 'needs_reconnect',
      lastSyncError: needsReconnectText('google'),
    });
    expect((await api(me.token, 'GET', '/api/oauth/status')).json().googleStatus).toBe(false);
    expect(
      (await ctx.database.db.select().from(schema.emails).where(eq(schema.emails.userId, me.id))).length,
    ).toBe(synced.length + 1);

    // Reconnecting brings it back.
    expect((await connect(me.token, 'google', GOOGLE)).statusCode).toBe(200);
    expect((await api(me.token, 'GET', '/api/oauth/status')).json().googleStatus).toBe(true);
  });

  it('disconnect revokes at Google, deletes the tokens and unfiled mail; filed mail stays with its case', async () => {
    const me = await person();
    await connect(me.token, 'google', GOOGLE);
    const [row] = await ctx.database.db
      .select()
      .from(schema.providerConnections)
      .where(eq(schema.providerConnections.userId, me.id));
    await ctx.app.services.mailSync.sync(row!.id);
    const emails = await ctx.database.db.select().from(schema.emails).where(eq(schema.emails.userId, me.id));
    const client = await makeUser(ctx, { userType: 'client', firmId: me.firmId });
    const caseId = (
      await api(me.token, 'POST', '/api/cases', { title: 'Filed mail case', clientId: client.id })
    ).json().data.id;
    const filed = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/emails/${emails[0]!.id}`,
      headers: bearer(me.token),
      payload: { case_id: caseId },
    });
    expect(filed.statusCode, filed.body).toBe(200);

    sandbox.sandbox.clearRequests();
    const gone = await api(me.token, 'DELETE', `/api/tokens/delete?userId=${me.id}&provider=google`);
    expect(gone.statusCode).toBe(200);
    expect(sandbox.sandbox.requests.some((r) => r.method === 'POST' && r.path.endsWith('/revoke'))).toBe(
      true,
    );
    expect((await api(me.token, 'GET', `/api/tokens/get?provider=google`)).statusCode).toBe(404);
    const left = await ctx.database.db.select().from(schema.emails).where(eq(schema.emails.userId, me.id));
    expect(left.map((e) => e.id)).toEqual([emails[0]!.id]);
    expect(left[0]!.connectionId).toBeNull();
    const caseMail = await api(me.token, 'GET', `/api/emails/inbox/all?case=${caseId}`);
    expect(caseMail.json().data.map((e: { id: string }) => e.id)).toEqual([emails[0]!.id]);

    // Connecting the same mailbox again: the filed e-mail rejoins it, nothing is duplicated.
    await connect(me.token, 'google', GOOGLE);
    const [again] = await ctx.database.db
      .select()
      .from(schema.providerConnections)
      .where(eq(schema.providerConnections.userId, me.id));
    await ctx.app.services.mailSync.sync(again!.id);
    const resynced = await ctx.database.db
      .select()
      .from(schema.emails)
      .where(eq(schema.emails.userId, me.id));
    expect(resynced).toHaveLength(emails.length);
    expect(resynced.find((e) => e.id === emails[0]!.id)).toMatchObject({ connectionId: again!.id, caseId });
  });
});

describe('another person', () => {
  it('cannot see, store or delete someone else’s connection through a userId', async () => {
    const owner = await person();
    await connect(owner.token, 'google', GOOGLE);
    const other = await person();
    const lookup = await api(other.token, 'GET', `/api/tokens/get?userId=${owner.id}&provider=google`);
    expect(lookup.statusCode).toBe(404);
    expect(lookup.body).not.toContain(GOOGLE);
    const deleted = await api(other.token, 'DELETE', `/api/tokens/delete?userId=${owner.id}&provider=google`);
    expect(deleted.statusCode).toBe(404);
    const stored = await api(other.token, 'POST', '/api/tokens/store', {
      provider: 'google',
      userId: owner.id,
      accessToken: 'x',
      expiresAt: new Date(Date.now() + 3600_000).toISOString(),
    });
    expect(stored.statusCode).toBe(403);
    expect((await api(owner.token, 'GET', '/api/oauth/status')).json().googleStatus).toBe(true);
    expect((await api(other.token, 'GET', '/api/oauth/status')).json().googleStatus).toBe(false);
  });

  it('stores tokens a client redeemed itself, for the caller only, after the provider accepts them', async () => {
    const me = await person();
    const grant = sandbox.sandbox.issueGrant('microsoft', {
      clientId: 'sentinel-sandbox',
      email: MICROSOFT,
      scopes: ['openid', 'profile', 'email', 'User.Read', 'Mail.Read'],
    });
    const stored = await api(me.token, 'POST', '/api/tokens/store', {
      provider: 'microsoft',
      userId: me.id,
      accessToken: grant.accessToken,
      refreshToken: grant.refreshToken,
      expiresAt: new Date(Date.now() + grant.expiresIn * 1000).toISOString(),
    });
    expect(stored.statusCode, stored.body).toBe(200);
    const lookup = await api(me.token, 'GET', '/api/tokens/get?provider=microsoft');
    expect(lookup.json().token.accountEmail).toBe(MICROSOFT);
    expect(lookup.body).not.toContain(grant.accessToken);
    const bad = await api(me.token, 'POST', '/api/tokens/store', {
      provider: 'microsoft',
      accessToken: 'forged',
      expiresAt: new Date(Date.now() + 3600_000).toISOString(),
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('without a provider', () => {
  it('answers connect with 503 and a plain text when the provider is not configured', async () => {
    const off = await createTestContext({ PROVIDER_SANDBOX: 'off' });
    try {
      const user = await createUserIn(off);
      const response = await off.app.inject({
        method: 'GET',
        url: '/api/oauth/connect/google',
        headers: bearer(user),
      });
      expect(response.statusCode).toBe(503);
      expect(response.json().error).toMatch(/^Google is not configured on this server/);
      const connections = await off.app.inject({
        method: 'GET',
        url: '/api/oauth/connections',
        headers: bearer(user),
      });
      expect(connections.json().data[0]).toMatchObject({
        configured: false,
        sandbox: false,
        connection: null,
      });
    } finally {
      await off.close();
    }
  });
});

async function createUserIn(context: TestContext) {
  const user = await makeUser(context, { userType: 'attorney' });
  return (await login(context, user.email, user.password)).body.token as string;
}
