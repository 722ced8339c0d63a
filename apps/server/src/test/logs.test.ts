import { DrizzleQueryError } from 'drizzle-orm/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, login, makeUser, outbox, resetTokenFor, type TestContext } from './helpers';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ LOG_LEVEL: 'trace' });
});
afterAll(() => ctx.close());

describe('logs', () => {
  it('never contain passwords, tokens, cookies or reset links, even at trace level', async () => {
    const user = await makeUser(ctx, { password: 'Unique-Secret-Passw0rd' });
    const { body, refresh } = await login(ctx, user.email, 'Unique-Secret-Passw0rd');
    await login(ctx, user.email, 'Another-Wrong-Passw0rd');
    await ctx.app.inject({
      method: 'GET',
      url: '/api/tokens/verify',
      headers: { authorization: `Bearer ${body.token}` },
    });
    await ctx.app.inject({
      method: 'POST',
      url: '/api/tokens/refresh',
      cookies: { sentinel_refresh: refresh! },
    });
    await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: user.email },
    });
    const resetToken = await resetTokenFor(ctx, user.email);
    await ctx.app.inject({ method: 'GET', url: `/reset-password?token=${resetToken}` });
    await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token: resetToken, newPassword: 'Brand-New-Passw0rd-7' },
    });
    await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'user-agent': 'evil\r\n{"level":30,"msg":"admin login"}' },
      payload: { email: 'a@b.co', password: 'x' },
    });
    expect((await outbox(ctx)).length).toBeGreaterThan(0);

    const logs = ctx.logs.join('');
    expect(ctx.logs.length).toBeGreaterThan(10);
    for (const secret of [
      'Unique-Secret-Passw0rd',
      'Another-Wrong-Passw0rd',
      'Brand-New-Passw0rd-7',
      body.token,
      refresh!,
      resetToken,
      'eyJ',
    ]) {
      expect(logs).not.toContain(secret);
    }
    // Every line is one JSON object: nothing a request carries can forge a line.
    for (const line of logs.trim().split('\n')) expect(() => JSON.parse(line)).not.toThrow();
    expect(logs).not.toMatch(/^\{"level":30,"msg":"admin login"\}/m);
  });

  it('keep a failed query’s SQL but not its parameters (addresses, names)', () => {
    const err = new DrizzleQueryError(
      'select * from emails where from_address = any($1)',
      ['private.person@example.com', 'Jane Roe'],
      new Error('connection lost'),
    );
    ctx.app.log.error({ err }, 'request failed');
    const line = ctx.logs.find((l) => l.includes('select * from emails'));
    expect(line).toBeDefined();
    expect(line).not.toContain('private.person@example.com');
    expect(line).not.toContain('Jane Roe');
    expect(JSON.parse(line!).err).toMatchObject({ type: 'DrizzleQueryError', params: '[redacted]' });
    expect(JSON.parse(line!).err.message).toBe(
      'Failed query: select * from emails where from_address = any($1)\nparams: [redacted]',
    );
  });
});
