import { eq } from 'drizzle-orm';
import { createHmac } from 'node:crypto';
import { schema } from '@sentinel/db';
import { MESSAGES } from '@sentinel/shared';
import { describe, expect, it } from 'vitest';
import { deriveKey } from '../../platform/crypto';
import {
  bearer,
  login,
  makeUser,
  refreshCookieOf,
  TEST_APP_SECRET,
  useTestContext,
} from '../../test/helpers';

const ctx = useTestContext();

const register = (payload: Record<string, unknown>) =>
  ctx.app.inject({ method: 'POST', url: '/api/auth/register', payload });

const validSignup = (overrides: Record<string, unknown> = {}) => ({
  email: `New.Person+${Math.random().toString(36).slice(2)}@Example.com`,
  password: 'Storm-Claim-4417',
  firstName: 'Riley',
  lastName: 'Quinn',
  userType: 'attorney',
  companyName: 'Quinn Claims Law',
  ...overrides,
});

describe('POST /api/auth/register', () => {
  it('creates a firm named by the company, the user, a session and an audit row', async () => {
    const payload = validSignup();
    const response = await register(payload);
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toMatchObject({
      success: true,
      expiresIn: 900,
      user: {
        email: payload.email.toLowerCase(),
        first_name: 'Riley',
        last_name: 'Quinn',
        userType: 'attorney',
      },
    });
    expect(body.token).toMatch(/^eyJ/);
    expect(refreshCookieOf(response)).toBeTruthy();

    const [user] = await ctx.database.db
      .select()
      .from(schema.users)
      .where(eq(schema.users.id, body.user.userId));
    // An attorney founds a firm and acts in it as its attorney.
    expect(body.user.firm).toMatchObject({ name: 'Quinn Claims Law', userType: 'attorney' });
    const [membership] = await ctx.database.db
      .select()
      .from(schema.memberships)
      .where(eq(schema.memberships.userId, user!.id));
    expect(membership).toMatchObject({ firmId: body.user.firm.id, userType: 'attorney', status: 'active' });
    expect(user!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    const audits = await ctx.database.db
      .select()
      .from(schema.auditLog)
      .where(eq(schema.auditLog.userId, user!.id));
    expect(audits.map((a) => `${a.action}:${a.outcome}`)).toContain('signup:success');
  });

  it.each([
    ['Short1A', MESSAGES.passwordTooShort],
    ['longenoughbutnodigits', MESSAGES.passwordComposition],
    ['alllowercase123', MESSAGES.passwordComposition],
    ['Password123!', MESSAGES.passwordCommon],
    ['Dragon2024', MESSAGES.passwordCommon],
    ['QuinnClaimsLaw1', MESSAGES.passwordContainsContext],
  ])('refuses the password %j with the spec text', async (password, message) => {
    const response = await register(validSignup({ password }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: message, code: 'VALIDATION_FAILED' });
  });

  it('accepts long passphrases with spaces and emoji and verifies them exactly as typed', async () => {
    const passphrase = `Correct horse battery staple 7 🐴 ${'x'.repeat(60)}`;
    const email = `long-${Date.now()}@example.com`;
    expect((await register(validSignup({ email, password: passphrase }))).statusCode).toBe(201);
    expect((await login(ctx, email, passphrase)).response.statusCode).toBe(200);
    const first72Bytes = Buffer.from(passphrase).subarray(0, 72).toString();
    expect((await login(ctx, email, first72Bytes)).response.statusCode).toBe(401);
    expect((await login(ctx, email, passphrase.toUpperCase())).response.statusCode).toBe(401);
    expect((await login(ctx, email, ` ${passphrase}`)).response.statusCode).toBe(401);
  });

  it('refuses an e-mail that already has an account, whatever its case', async () => {
    const payload = validSignup();
    expect((await register(payload)).statusCode).toBe(201);
    const again = await register({ ...payload, email: payload.email.toUpperCase() });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ error: MESSAGES.emailAlreadyRegistered, code: 'CONFLICT' });
  });

  it('refuses missing fields and unknown user types without writing anything', async () => {
    const before = await ctx.database.db.select().from(schema.users);
    for (const payload of [
      validSignup({ companyName: '' }),
      validSignup({ userType: 'administrator' }),
      validSignup({ email: 'not-an-email' }),
      { email: 'x@example.com' },
    ]) {
      const response = await register(payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('VALIDATION_FAILED');
    }
    expect(await ctx.database.db.select().from(schema.users)).toHaveLength(before.length);
  });

  it('lets every other user type sign up, with no firm yet and no firm created for them', async () => {
    for (const userType of ['restoration-contractor', 'public-adjuster', 'expert-witness', 'client']) {
      const firmsBefore = await ctx.database.db.$count(schema.firms);
      const response = await register(validSignup({ userType }));
      expect(response.statusCode).toBe(201);
      expect(response.json().user).toMatchObject({ userType: null, firm: null, firms: [], invitations: 0 });
      expect(await ctx.database.db.$count(schema.firms)).toBe(firmsBefore);
      const token = response.json().token as string;
      const verify = await ctx.app.inject({
        method: 'GET',
        url: '/api/tokens/verify',
        headers: bearer(token),
      });
      expect(verify.statusCode).toBe(200);
      const cases = await ctx.app.inject({ method: 'GET', url: '/api/cases', headers: bearer(token) });
      expect(cases.statusCode).toBe(403);
      expect(cases.json().error).toBe(MESSAGES.noFirmYet);
    }
  });
});

describe('POST /api/auth/login', () => {
  it('answers token and user, sets an httpOnly SameSite=Strict refresh cookie scoped to /api/tokens', async () => {
    const user = await makeUser(ctx, { email: 'casey@example.com' });
    const { response, body } = await login(ctx, 'Casey@Example.com', user.password);
    expect(response.statusCode).toBe(200);
    expect(body).toEqual({
      token: expect.stringMatching(/^eyJ/),
      expiresIn: 900,
      user: {
        userId: user.id,
        email: 'casey@example.com',
        first_name: user.firstName,
        last_name: user.lastName,
        userType: 'attorney',
        firm: { id: user.firmId, name: expect.any(String), userType: 'attorney' },
        firms: [{ id: user.firmId, name: expect.any(String), userType: 'attorney' }],
        invitations: 0,
        timeZone: null,
      },
    });
    const [refresh, device] = response.headers['set-cookie'] as string[];
    expect(refresh).toMatch(
      /^sentinel_refresh=[A-Za-z0-9_-]{43}; Max-Age=2592000; Path=\/api\/tokens; HttpOnly; SameSite=Strict$/,
    );
    // The device cookie (docs/security.md "Brute force"): this account, a device id, a signature.
    expect(device).toMatch(
      /^sentinel_device=[0-9a-f-]{36}\.[A-Za-z0-9_-]{24}\.[A-Za-z0-9_-]{43}; Max-Age=15552000; Path=\/api\/auth; HttpOnly; SameSite=Strict$/,
    );
  });

  it('answers an unknown e-mail exactly as a wrong password, in similar time', async () => {
    const user = await makeUser(ctx);
    const wrong = await login(ctx, user.email, 'Wrong-Password-1');
    const unknown = await login(ctx, 'nobody-here@example.com', 'Wrong-Password-1');
    expect(wrong.response.statusCode).toBe(401);
    expect(unknown.response.statusCode).toBe(401);
    const strip = (b: Record<string, unknown>) => ({ ...b, requestId: undefined });
    expect(strip(wrong.body)).toEqual(strip(unknown.body));
    expect(wrong.body).toMatchObject({ error: MESSAGES.invalidCredentials, code: 'INVALID_CREDENTIALS' });

    // Interleaved samples, so load on the machine affects both sides alike.
    const known: number[] = [];
    const unknownTimes: number[] = [];
    const sample = async (email: string, into: number[]) => {
      const start = performance.now();
      await login(ctx, email, 'Wrong-Password-1');
      into.push(performance.now() - start);
    };
    for (let i = 0; i < 12; i++) {
      await sample(user.email, known);
      await sample('nobody-here@example.com', unknownTimes);
    }
    // Load only ever adds time, so the fastest sample is each path's own cost. Both verify one
    // argon2id hash: skipping it for unknown e-mails would make that path about ten times faster.
    const ratio = Math.min(...unknownTimes) / Math.min(...known);
    expect(ratio).toBeGreaterThan(0.5);
    expect(ratio).toBeLessThan(2);
  });

  it('writes an audit row for each success and failure', async () => {
    const user = await makeUser(ctx);
    await login(ctx, user.email, 'Wrong-Password-1');
    await login(ctx, user.email, user.password);
    const rows = await ctx.database.db
      .select()
      .from(schema.auditLog)
      .where(eq(schema.auditLog.userId, user.id));
    const logins = rows.filter((r) => r.action === 'login');
    expect(logins.map((r) => r.outcome).sort()).toEqual(['failure', 'success']);
    expect(logins[0]!.ip).toBeTruthy();
    // The success names the firm the session acts in; the failure acted in none.
    expect(logins.find((r) => r.outcome === 'success')!.firmId).toBe(user.firmId);
    expect(logins.find((r) => r.outcome === 'failure')!.firmId).toBeNull();
  });
});

describe('GET /api/tokens/verify', () => {
  const key = deriveKey(TEST_APP_SECRET, 'access-token');
  /** Signs any header and claims with HS256, independently of the code under test. */
  const forge = (
    claims: Record<string, unknown>,
    header: Record<string, unknown> = { alg: 'HS256', typ: 'at+jwt' },
    signingKey = key,
  ) => {
    const now = Math.floor(Date.now() / 1000);
    const encode = (part: object) => Buffer.from(JSON.stringify(part)).toString('base64url');
    const body = `${encode(header)}.${encode({ iss: 'sentinel', aud: 'sentinel-api', iat: now, exp: now + 600, ...claims })}`;
    return `${body}.${createHmac('sha256', signingKey).update(body).digest('base64url')}`;
  };

  it('accepts a token forged here with the right key, so the refusals below are meaningful', async () => {
    const user = await makeUser(ctx);
    const { body } = await login(ctx, user.email, user.password);
    const claims = JSON.parse(Buffer.from(body.token.split('.')[1], 'base64url').toString());
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/tokens/verify',
      headers: bearer(forge(claims)),
    });
    expect(response.statusCode).toBe(200);
  });

  it('answers the session user for a valid token', async () => {
    const user = await makeUser(ctx, { userType: 'client' });
    const { body } = await login(ctx, user.email, user.password);
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/tokens/verify',
      headers: bearer(body.token),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, user: body.user });
  });

  it('refuses missing, forged, expired, mistyped and foreign tokens with 401', async () => {
    const user = await makeUser(ctx);
    const { body } = await login(ctx, user.email, user.password);
    const [, payload] = body.token.split('.');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const flipped = body.token.slice(0, -2) + (body.token.endsWith('A') ? 'BB' : 'AA');
    const unsigned = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'at+jwt' })).toString('base64url')}.${payload}.`;
    const now = Math.floor(Date.now() / 1000);
    const candidates = [
      undefined,
      'Bearer',
      flipped,
      unsigned,
      forge({ ...claims, exp: now - 5 }),
      forge({ ...claims, nbf: now + 300 }),
      forge({ ...claims, aud: 'another-api' }),
      forge({ ...claims, iss: 'someone-else' }),
      forge(claims, { alg: 'HS256', typ: 'refresh+jwt' }),
      forge(
        claims,
        { alg: 'HS256', typ: 'at+jwt' },
        deriveKey('another-secret-entirely-0123456789abcdef', 'access-token'),
      ),
      forge({ ...claims, sid: '00000000-0000-0000-0000-000000000000' }),
    ];
    for (const token of candidates) {
      const response = await ctx.app.inject({
        method: 'GET',
        url: '/api/tokens/verify',
        headers: token ? { authorization: token.startsWith('Bearer') ? token : `Bearer ${token}` } : {},
      });
      expect(response.statusCode, String(token)).toBe(401);
      expect(response.json()).toMatchObject({ code: 'UNAUTHORIZED', requestId: expect.any(String) });
    }
  });
});
