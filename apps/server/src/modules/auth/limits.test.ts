import { Writable } from 'node:stream';
import { createDatabase } from '@sentinel/db';
import { MESSAGES } from '@sentinel/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { createTestContext, login, makeUser, outbox, type TestContext } from '../../test/helpers';
import { testDbMode } from '../../test/test-database';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({
    LOGIN_LIMIT_PER_ACCOUNT: '3/15m',
    LOGIN_LIMIT_PER_IP: '12/15m',
    RESET_LIMIT_PER_ACCOUNT: '2/1h',
    SIGNUP_LIMIT_PER_IP: '2/1h',
  });
});
afterAll(() => ctx.close());

describe('brute-force limits', () => {
  it('answers 429 with Retry-After once a requester (account and address) has too many failures, even for the right password', async () => {
    const user = await makeUser(ctx);
    for (let i = 0; i < 3; i++)
      expect((await login(ctx, user.email, 'Wrong-Password-1')).response.statusCode).toBe(401);
    const limited = await login(ctx, user.email, user.password);
    expect(limited.response.statusCode).toBe(429);
    expect(limited.body).toMatchObject({ error: MESSAGES.tooManyRequests, code: 'RATE_LIMITED' });
    expect(Number(limited.response.headers['retry-after'])).toBeGreaterThan(800);
    // Another account is not affected.
    const other = await makeUser(ctx);
    expect((await login(ctx, other.email, other.password)).response.statusCode).toBe(200);
  });

  it('counts per IP address across accounts, and X-Forwarded-For from an untrusted peer changes nothing', async () => {
    const ip = '203.0.113.7';
    let last = 0;
    for (let i = 0; i < 13; i++) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: ip,
        headers: { 'x-forwarded-for': `198.51.100.${i}` },
        payload: { email: `spray-${i}@example.com`, password: 'Summer-2026-Pass' },
      });
      last = response.statusCode;
    }
    expect(last).toBe(429);
  });

  it('lets the account in again when the window ends (no permanent lockout)', async () => {
    const short = await createTestContext({ LOGIN_LIMIT_PER_ACCOUNT: '2/5s' });
    try {
      const user = await makeUser(short);
      await login(short, user.email, 'Wrong-Password-1');
      await login(short, user.email, 'Wrong-Password-1');
      expect((await login(short, user.email, user.password)).response.statusCode).toBe(429);
      await new Promise((resolve) => setTimeout(resolve, 5200));
      expect((await login(short, user.email, user.password)).response.statusCode).toBe(200);
    } finally {
      await short.close();
    }
  });

  it('stops mailing reset links past the per-account limit but answers the same', async () => {
    const user = await makeUser(ctx);
    const answers = [];
    for (let i = 0; i < 4; i++) {
      answers.push(
        (
          await ctx.app.inject({
            method: 'POST',
            url: '/api/auth/forgot-password',
            payload: { email: user.email },
          })
        ).json(),
      );
    }
    expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
    expect((await outbox(ctx)).filter((m) => m.to.includes(user.email))).toHaveLength(2);
  });

  it('limits sign-ups per IP address', async () => {
    const statuses = [];
    for (let i = 0; i < 3; i++) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        remoteAddress: '203.0.113.99',
        payload: {
          email: `signup-${i}@example.com`,
          password: 'Storm-Claim-4417',
          firstName: 'A',
          lastName: 'B',
          userType: 'attorney',
          companyName: 'Firm',
        },
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([202, 202, 429]);
  });
});

describe('no lockout: strangers’ failures do not hold up the account’s owner', () => {
  const attempt = (email: string, password: string, ip: string, cookie?: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: ip,
      ...(cookie ? { cookies: { sentinel_device: cookie } } : {}),
      payload: { email, password },
    });
  const deviceCookieOf = (response: Awaited<ReturnType<typeof attempt>>) =>
    response.cookies.find((c) => c.name === 'sentinel_device');

  it('counts failures per account and address: the owner elsewhere signs in at once', async () => {
    const user = await makeUser(ctx);
    for (let i = 0; i < 3; i++)
      expect((await attempt(user.email, 'Wrong-Password-1', '203.0.113.10')).statusCode).toBe(401);
    expect((await attempt(user.email, user.password, '203.0.113.10')).statusCode).toBe(429);
    expect((await attempt(user.email, user.password, '198.51.100.20')).statusCode).toBe(200);
  });

  it('gives a device that signed in a cookie that no one else’s failures affect, from any address', async () => {
    const user = await makeUser(ctx);
    const first = await attempt(user.email, user.password, '198.51.100.30');
    const device = deviceCookieOf(first)!;
    expect(device).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/auth' });
    expect(device.maxAge).toBe(180 * 86_400);
    // Strangers fail from eleven addresses, one of them the owner's own (an office behind one
    // address): that address is held, and the account paced for unknown devices.
    for (let i = 0; i < 11; i++)
      await attempt(user.email, `Wrong-Password-${i}`, i === 0 ? '198.51.100.30' : `203.0.113.${40 + i}`);
    for (let i = 0; i < 2; i++) await attempt(user.email, 'Wrong-Password-x', '198.51.100.30');
    expect((await attempt(user.email, user.password, '198.51.100.30')).statusCode).toBe(429);
    const paced = await attempt(user.email, user.password, '192.0.2.77');
    expect(paced.statusCode).toBe(429);
    expect(Number(paced.headers['retry-after'])).toBeLessThanOrEqual(10);
    // The owner's device is not held back, at the held address too, and gets a new cookie.
    const owner = await attempt(user.email, user.password, '198.51.100.30', device.value);
    expect(owner.statusCode).toBe(200);
    expect(deviceCookieOf(owner)!.value).not.toBe(device.value);
    // A forged or another account's cookie is an unknown device.
    const other = await makeUser(ctx);
    const [, id, signature] = device.value.split('.');
    for (const forged of [`${other.id}.${id}.${signature}`, `${user.id}.${id}.${signature!.slice(1)}x`])
      expect((await attempt(user.email, user.password, '198.51.100.30', forged)).statusCode).toBe(429);
  });

  it('slows strangers down rather than locking: after ten, one try every ten seconds', async () => {
    const user = await makeUser(ctx);
    for (let i = 0; i < 10; i++)
      expect((await attempt(user.email, 'Wrong-Password-1', `203.0.113.${100 + i}`)).statusCode).toBe(401);
    // The next unknown device is let through once, then waits.
    expect((await attempt(user.email, user.password, '192.0.2.80')).statusCode).toBe(200);
    expect((await attempt(user.email, user.password, '192.0.2.81')).statusCode).toBe(429);
  });

  it('mails reset links per requester: others asking for them do not use up the owner’s', async () => {
    const user = await makeUser(ctx);
    const ask = (ip: string, cookie?: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/auth/forgot-password',
        remoteAddress: ip,
        ...(cookie ? { cookies: { sentinel_device: cookie } } : {}),
        payload: { email: user.email },
      });
    const mails = async () => (await outbox(ctx)).filter((m) => m.to.includes(user.email)).length;
    for (let i = 0; i < 3; i++) expect((await ask('203.0.113.200')).statusCode).toBe(200);
    expect(await mails()).toBe(2);
    await ask('198.51.100.201');
    expect(await mails()).toBe(3);
    // And from the owner's device, at the stranger's address.
    const device = deviceCookieOf(await attempt(user.email, user.password, '198.51.100.202'))!;
    await ask('203.0.113.200', device.value);
    expect(await mails()).toBe(4);
  });
});

describe('the global API rate limit', () => {
  it('counts calls without a session too: past the limit they answer 429, not 401', async () => {
    const limited = await createTestContext({ API_RATE_LIMIT: '5/1m' });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 7; i++)
        statuses.push(
          (await limited.app.inject({ method: 'GET', url: '/api/cases', remoteAddress: '203.0.113.250' }))
            .statusCode,
        );
      expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429]);
    } finally {
      await limited.close();
    }
  });
  it.runIf(testDbMode() === 'postgres')(
    'is one count for every instance on the database: calls alternated between two reach it at the same total',
    async () => {
      const limited = await createTestContext({ API_RATE_LIMIT: '6/1m' });
      const database = await createDatabase({ url: limited.database.url!, poolMax: 2 });
      const quiet = new Writable({ write: (_chunk, _encoding, done) => done() });
      const second = await buildApp({ config: limited.config, database, logStream: quiet });
      try {
        const statuses: number[] = [];
        for (let i = 0; i < 8; i++)
          statuses.push(
            (
              await (i % 2 ? second : limited.app).inject({
                method: 'GET',
                url: '/api/cases',
                remoteAddress: '203.0.113.251',
              })
            ).statusCode,
          );
        expect(statuses).toEqual([401, 401, 401, 401, 401, 401, 429, 429]);
        // Another address has its own count.
        expect(
          (await second.inject({ method: 'GET', url: '/api/cases', remoteAddress: '203.0.113.252' }))
            .statusCode,
        ).toBe(401);
        // A count that cannot be kept (the table out of reach) lets the request go on, uncounted.
        await limited.owner.query('alter table auth_throttle rename to auth_throttle_away');
        try {
          expect(
            (await second.inject({ method: 'GET', url: '/api/cases', remoteAddress: '203.0.113.253' }))
              .statusCode,
          ).toBe(401);
        } finally {
          await limited.owner.query('alter table auth_throttle_away rename to auth_throttle');
        }
      } finally {
        await second.close();
        await database.close();
        await limited.close();
      }
    },
  );
});
