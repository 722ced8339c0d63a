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
  outbox,
  refreshCookieOf,
  signUp,
  signUpTokenFor,
  TEST_APP_SECRET,
  TEST_PUBLIC_URL,
  useTestContext,
} from '../../test/helpers';

const ctx = useTestContext();

const register = (payload: Record<string, unknown>) =>
  ctx.app.inject({ method: 'POST', url: '/api/auth/register', payload });
const verify = (token: string, password: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/auth/verify-email', payload: { token, password } });

const validSignup = (overrides: Record<string, unknown> = {}) => ({
  email: `New.Person+${Math.random().toString(36).slice(2)}@Example.com`,
  password: 'Storm-Claim-4417',
  firstName: 'Riley',
  lastName: 'Quinn',
  userType: 'attorney',
  companyName: 'Quinn Claims Law',
  ...overrides,
});

describe('POST /api/auth/register and /api/auth/verify-email', () => {
  it('creates nothing but a waiting sign-up; the link with the password creates the firm, the user and a session', async () => {
    const payload = validSignup();
    const response = await register(payload);
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual({ success: true, message: MESSAGES.signUpCheckEmail });
    expect(refreshCookieOf(response)).toBeUndefined();
    const email = payload.email.toLowerCase();
    expect(await ctx.database.db.$count(schema.users, eq(schema.users.email, email))).toBe(0);

    const mail = (await outbox(ctx)).filter((m) => m.to.includes(email)).at(-1)!;
    // The link is built from PUBLIC_URL, never from the request's Host.
    expect(mail.raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=')).toContain(
      `${TEST_PUBLIC_URL}/verify-email?token=`,
    );
    const token = await signUpTokenFor(ctx, email);
    const verified = await verify(token, payload.password);
    expect(verified.statusCode).toBe(200);
    const body = verified.json();
    expect(body).toMatchObject({
      success: true,
      expiresIn: 900,
      user: { email, first_name: 'Riley', last_name: 'Quinn', userType: 'attorney' },
      signedUpAs: 'attorney',
    });
    expect(body.token).toMatch(/^eyJ/);
    expect(refreshCookieOf(verified)).toBeTruthy();

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
    expect((await login(ctx, email, payload.password)).response.statusCode).toBe(200);
  });

  it('answers an address that has an account exactly as a new one, in similar time, and mails its owner a note', async () => {
    const owner = await makeUser(ctx, { email: `owner-${Date.now()}@example.com` });
    const strip = (r: Awaited<ReturnType<typeof register>>) => ({
      status: r.statusCode,
      body: r.json(),
      cookies: r.cookies.length,
    });
    const taken = await register(validSignup({ email: owner.email.toUpperCase() }));
    const fresh = await register(validSignup());
    expect(strip(taken)).toEqual(strip(fresh));
    expect(strip(taken)).toEqual({
      status: 202,
      body: { success: true, message: MESSAGES.signUpCheckEmail },
      cookies: 0,
    });
    const toOwner = (await outbox(ctx)).filter((m) => m.to.includes(owner.email));
    expect(toOwner.map((m) => m.subject)).toEqual(['Someone tried to sign up with your e-mail']);
    expect(toOwner[0]!.raw).not.toContain('verify-email');
    // The owner's account is untouched: their password still signs in.
    expect((await login(ctx, owner.email, owner.password)).response.statusCode).toBe(200);

    // Interleaved samples, so load on the machine affects both sides alike; both hash once.
    const takenTimes: number[] = [];
    const freshTimes: number[] = [];
    const sample = async (email: string, into: number[]) => {
      const start = performance.now();
      await register(validSignup({ email }));
      into.push(performance.now() - start);
    };
    for (let i = 0; i < 6; i++) {
      await sample(owner.email, takenTimes);
      await sample(`fresh-${i}-${Date.now()}@example.com`, freshTimes);
    }
    const ratio = Math.min(...takenTimes) / Math.min(...freshTimes);
    expect(ratio).toBeGreaterThan(0.5);
    expect(ratio).toBeLessThan(2);
  });

  it('makes the link single-use, refuses it after 24 hours, with another password, or once a newer link was sent', async () => {
    const payload = validSignup();
    const email = payload.email.toLowerCase();
    await register(payload);
    const first = await signUpTokenFor(ctx, email);

    // Before verifying, the password does not sign in: it says why, and a new link can be asked.
    const early = await login(ctx, email, payload.password);
    expect(early.response.statusCode).toBe(403);
    expect(early.body).toMatchObject({ error: MESSAGES.emailNotVerified, code: 'EMAIL_NOT_VERIFIED' });
    // A wrong password there answers as for an unknown address.
    expect((await login(ctx, email, 'Wrong-Password-1')).body).toMatchObject({ code: 'INVALID_CREDENTIALS' });

    const resend = (password: string) =>
      ctx.app.inject({ method: 'POST', url: '/api/auth/resend-verification', payload: { email, password } });
    const wrong = await resend('Wrong-Password-1');
    const right = await resend(payload.password);
    expect(wrong.json()).toEqual(right.json());
    expect(right.json()).toEqual({ success: true, message: MESSAGES.signUpLinkResent });
    const second = await signUpTokenFor(ctx, email);
    expect(second).not.toBe(first);
    expect((await verify(first, payload.password)).json()).toMatchObject({
      error: MESSAGES.verificationLinkInvalid,
    });

    const wrongPassword = await verify(second, 'Another-Password-9');
    expect(wrongPassword.statusCode).toBe(400);
    expect(wrongPassword.json().error).toBe(MESSAGES.verificationPasswordWrong);
    expect((await verify(second, payload.password)).statusCode).toBe(200);
    const again = await verify(second, payload.password);
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toBe(MESSAGES.verificationLinkInvalid);

    const late = validSignup();
    await register(late);
    const lateToken = await signUpTokenFor(ctx, late.email.toLowerCase());
    await ctx.database.db
      .update(schema.pendingSignUps)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(schema.pendingSignUps.email, late.email.toLowerCase()));
    expect((await verify(lateToken, late.password)).json().error).toBe(MESSAGES.verificationLinkInvalid);
    expect(await ctx.database.db.$count(schema.users, eq(schema.users.email, late.email.toLowerCase()))).toBe(
      0,
    );
  });

  it('cannot be used to take over an address: someone else’s sign-up needs its own password', async () => {
    const email = `victim-${Date.now()}@example.com`;
    await register(validSignup({ email, password: 'Attacker-Chosen-Words' }));
    const attackersLink = await signUpTokenFor(ctx, email);
    await register(validSignup({ email, password: 'Owner-Own-Phrase-42' }));
    const ownersLink = await signUpTokenFor(ctx, email);
    // The owner opens the attacker's mail by mistake: their own password does not fit it.
    expect((await verify(attackersLink, 'Owner-Own-Phrase-42')).statusCode).toBe(400);
    expect((await verify(ownersLink, 'Owner-Own-Phrase-42')).statusCode).toBe(200);
    // Now the address has an account: the attacker's sign-up is over.
    expect((await verify(attackersLink, 'Attacker-Chosen-Words')).json().error).toBe(
      MESSAGES.verificationLinkInvalid,
    );
    expect((await login(ctx, email, 'Attacker-Chosen-Words')).response.statusCode).toBe(401);
  });

  it.each([
    ['Short1A', MESSAGES.passwordTooShort],
    ['Password123!', MESSAGES.passwordCommon],
    ['Dragon2024', MESSAGES.passwordCommon],
    ['baseball', MESSAGES.passwordCommon],
    ['QuinnClaimsLaw1', MESSAGES.passwordContainsContext],
    ['quinn claims law', MESSAGES.passwordContainsContext],
    ['x'.repeat(257), MESSAGES.passwordTooLong],
  ])('refuses the password %j with the spec text', async (password, message) => {
    const response = await register(validSignup({ password }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: message, code: 'VALIDATION_FAILED' });
  });

  it.each([
    ['no composition rule: four common words', 'correct horse battery staple'],
    ['8 characters, lower-case only', 'mqzvtrkw'],
    ['64 characters with spaces', 'the quick brown fox jumps over a lazy dog near the riverbank, ok'],
    ['128 characters', 'pale blue kettle '.repeat(8).slice(0, 128)],
    ['200 characters of emoji and words', `${'🐴🔋📎 staple '.repeat(20)}`.slice(0, 200)],
  ])('accepts %s, and verifies it exactly as typed', async (_, password) => {
    expect([...password].length).toBeGreaterThanOrEqual(8);
    const email = `pass-${Math.random().toString(36).slice(2)}@example.com`;
    const response = await signUp(ctx, validSignup({ email, password }));
    expect(response.statusCode, response.body).toBe(200);
    expect((await login(ctx, email, password)).response.statusCode).toBe(200);
    const first72Bytes = Buffer.from(password).subarray(0, 72).toString();
    if (first72Bytes !== password)
      expect((await login(ctx, email, first72Bytes)).response.statusCode).toBe(401);
    expect((await login(ctx, email, password.toUpperCase())).response.statusCode).toBe(401);
    expect((await login(ctx, email, ` ${password}`)).response.statusCode).toBe(401);
  });

  it('refuses missing fields and unknown user types without writing anything', async () => {
    const before = await ctx.database.db.$count(schema.pendingSignUps);
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
    expect(await ctx.database.db.$count(schema.pendingSignUps)).toBe(before);
  });

  it('lets every other user type sign up, with no firm yet and no firm created for them', async () => {
    for (const userType of ['restoration-contractor', 'public-adjuster', 'expert-witness', 'client']) {
      const firmsBefore = await ctx.database.db.$count(schema.firms);
      const response = await signUp(ctx, validSignup({ userType }));
      expect(response.statusCode).toBe(200);
      expect(response.json().user).toMatchObject({ userType: null, firm: null, firms: [], invitations: 0 });
      expect(await ctx.database.db.$count(schema.firms)).toBe(firmsBefore);
      const token = response.json().token as string;
      const verifySession = await ctx.app.inject({
        method: 'GET',
        url: '/api/tokens/verify',
        headers: bearer(token),
      });
      expect(verifySession.statusCode).toBe(200);
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
