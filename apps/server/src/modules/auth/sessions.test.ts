import { and, eq } from 'drizzle-orm';
import { schema } from '@sentinel/db';
import { describe, expect, it } from 'vitest';
import { bearer, login, makeUser, refreshCookieOf, useTestContext } from '../../test/helpers';

const ctx = useTestContext();

const refresh = (cookie: string | undefined, headers: Record<string, string> = {}) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/tokens/refresh',
    headers,
    cookies: cookie ? { sentinel_refresh: cookie } : {},
  });
const verify = (token: string) =>
  ctx.app.inject({ method: 'GET', url: '/api/tokens/verify', headers: bearer(token) });

describe('POST /api/tokens/refresh', () => {
  it('rotates the refresh token on every use and answers a new access token', async () => {
    const user = await makeUser(ctx);
    const first = await login(ctx, user.email, user.password);
    const response = await refresh(first.refresh);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ token: expect.stringMatching(/^eyJ/), expiresIn: 900 });
    // The user as the session's firm sees them, for a tab that another tab switched.
    expect(response.json().user).toMatchObject({ userId: user.id, firm: { id: user.firmId } });
    const next = refreshCookieOf(response);
    expect(next).toBeTruthy();
    expect(next).not.toBe(first.refresh);
    expect((await verify(response.json().token)).statusCode).toBe(200);
    expect((await refresh(next)).statusCode).toBe(200);
  });

  it('revokes the whole family when a rotated token is presented again, and audits it', async () => {
    const user = await makeUser(ctx);
    const { refresh: original, body } = await login(ctx, user.email, user.password);
    const rotated = refreshCookieOf(await refresh(original));

    const replay = await refresh(original);
    expect(replay.statusCode).toBe(401);
    expect(String(replay.headers['set-cookie'])).toMatch(/sentinel_refresh=;/);
    expect((await refresh(rotated)).statusCode).toBe(401);
    expect((await verify(body.token)).statusCode).toBe(401);

    const rows = await ctx.database.db
      .select()
      .from(schema.auditLog)
      .where(
        and(eq(schema.auditLog.userId, user.id), eq(schema.auditLog.action, 'refresh_token_reuse_detected')),
      );
    expect(rows).toHaveLength(1);
  });

  it('lets exactly one of two concurrent refreshes with the same cookie through, then ends the family', async () => {
    const user = await makeUser(ctx);
    const { refresh: cookie } = await login(ctx, user.email, user.password);
    const answers = await Promise.all([refresh(cookie), refresh(cookie)]);
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes).toEqual([200, 401]);
    // Strict reuse detection: the loser's replay revokes the family, the winner's new token with it.
    const winner = answers.find((a) => a.statusCode === 200)!;
    expect((await refresh(refreshCookieOf(winner))).statusCode).toBe(401);
  });

  it('answers 401 without a cookie or with an unknown one', async () => {
    expect((await refresh(undefined)).statusCode).toBe(401);
    expect((await refresh('not-a-real-token')).statusCode).toBe(401);
  });

  it('refuses cross-site browser requests without rotating anything', async () => {
    const user = await makeUser(ctx);
    const { refresh: cookie } = await login(ctx, user.email, user.password);
    const crossSite: Array<Record<string, string>> = [
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site' },
      { origin: 'https://evil.example' },
    ];
    for (const headers of crossSite) {
      const response = await refresh(cookie, headers);
      expect(response.statusCode).toBe(403);
      expect(response.json().code).toBe('CROSS_SITE_REQUEST');
      expect(response.headers['set-cookie']).toBeUndefined();
    }
    const sameOrigin = await refresh(cookie, {
      'sec-fetch-site': 'same-origin',
      origin: 'http://sentinel.test',
    });
    expect(sameOrigin.statusCode).toBe(200);
  });

  it('ends sessions acting in a firm whose membership ended', async () => {
    const user = await makeUser(ctx);
    const { refresh: cookie } = await login(ctx, user.email, user.password);
    await ctx.database.db
      .update(schema.memberships)
      .set({ status: 'ended', endedReason: 'removed', endedAt: new Date() })
      .where(eq(schema.memberships.userId, user.id));
    expect((await refresh(cookie)).statusCode).toBe(401);
  });

  it('ends sessions past their absolute lifetime or idle too long', async () => {
    const user = await makeUser(ctx);
    const a = await login(ctx, user.email, user.password);
    const b = await login(ctx, user.email, user.password);
    const sessions = await ctx.database.db
      .select()
      .from(schema.sessions)
      .where(eq(schema.sessions.userId, user.id));
    await ctx.database.db
      .update(schema.sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(schema.sessions.id, sessions[0]!.id));
    await ctx.database.db
      .update(schema.sessions)
      .set({ lastUsedAt: new Date(Date.now() - 25 * 3600 * 1000) })
      .where(eq(schema.sessions.id, sessions[1]!.id));
    expect((await refresh(a.refresh)).statusCode).toBe(401);
    expect((await refresh(b.refresh)).statusCode).toBe(401);
  });
});

describe('POST /api/tokens/logout', () => {
  it('revokes the session: its refresh cookie and its access token stop working at once', async () => {
    const user = await makeUser(ctx);
    const { refresh: cookie, body } = await login(ctx, user.email, user.password);
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/tokens/logout',
      headers: bearer(body.token),
      cookies: { sentinel_refresh: cookie! },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true });
    expect(String(response.headers['set-cookie'])).toMatch(/sentinel_refresh=;.*Expires=Thu, 01 Jan 1970/);
    expect((await refresh(cookie)).statusCode).toBe(401);
    expect((await verify(body.token)).statusCode).toBe(401);
    const rows = await ctx.database.db
      .select()
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.userId, user.id), eq(schema.auditLog.action, 'logout')));
    expect(rows).toHaveLength(1);
  });

  it('answers 200 without a cookie and refuses cross-site requests', async () => {
    expect((await ctx.app.inject({ method: 'POST', url: '/api/tokens/logout' })).statusCode).toBe(200);
    const crossSite = await ctx.app.inject({
      method: 'POST',
      url: '/api/tokens/logout',
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect(crossSite.statusCode).toBe(403);
  });

  it('leaves the other sessions of the user alone', async () => {
    const user = await makeUser(ctx);
    const phone = await login(ctx, user.email, user.password);
    const laptop = await login(ctx, user.email, user.password);
    await ctx.app.inject({
      method: 'POST',
      url: '/api/tokens/logout',
      cookies: { sentinel_refresh: phone.refresh! },
    });
    expect((await verify(laptop.body.token)).statusCode).toBe(200);
    expect((await refresh(laptop.refresh)).statusCode).toBe(200);
  });
});
