import { MESSAGES } from '@sentinel/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, login, makeUser, outbox, type TestContext } from '../../test/helpers';

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
  it('answers 429 with Retry-After once an account has too many failures, even for the right password', async () => {
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
    expect(statuses).toEqual([201, 201, 429]);
  });
});
