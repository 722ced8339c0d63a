import { and, eq } from 'drizzle-orm';
import { schema } from '@sentinel/db';
import { MESSAGES } from '@sentinel/shared';
import { describe, expect, it } from 'vitest';
import {
  bearer,
  login,
  makeUser,
  outbox,
  refreshCookieOf,
  resetTokenFor,
  TEST_PUBLIC_URL,
  useTestContext,
} from '../../test/helpers';

const ctx = useTestContext();

const post = (url: string, payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'POST', url, payload, headers });
const forgot = (email: string, headers: Record<string, string> = {}) =>
  post('/api/auth/forgot-password', { email }, headers);
const reset = (token: string, newPassword: string) =>
  post('/api/auth/reset-password', { token, newPassword });
const auditActions = async (userId: string) =>
  (await ctx.database.db.select().from(schema.auditLog).where(eq(schema.auditLog.userId, userId))).map(
    (r) => `${r.action}:${r.outcome}`,
  );

describe('forgot and reset password', () => {
  it('answers known and unknown e-mails identically and mails a link built from PUBLIC_URL', async () => {
    const user = await makeUser(ctx);
    const known = await forgot(user.email, { host: 'evil.example', 'x-forwarded-host': 'evil.example' });
    const unknown = await forgot('nobody@example.com');
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.json()).toEqual(unknown.json());
    expect(known.json()).toEqual({ success: true, message: MESSAGES.resetLinkSent });

    const mails = (await outbox(ctx)).filter((m) => m.to.includes(user.email));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Reset your Sentinel password');
    const body = mails[0]!.raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
    expect(body).toContain(`${TEST_PUBLIC_URL}/reset-password?token=`);
    expect(body).not.toContain('evil.example');
    expect(await auditActions(user.id)).toContain('password_reset_requested:success');
  });

  it('resets once: the token is single use, every session ends, the new password works', async () => {
    const user = await makeUser(ctx);
    const session = await login(ctx, user.email, user.password);
    await forgot(user.email);
    const token = await resetTokenFor(ctx, user.email);

    const done = await reset(token, 'Fresh-Harbor-9921');
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ success: true, message: MESSAGES.passwordResetDone });

    const again = await reset(token, 'Other-Harbor-9922');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ error: MESSAGES.resetTokenInvalid, code: 'BAD_REQUEST' });

    const refresh = await ctx.app.inject({
      method: 'POST',
      url: '/api/tokens/refresh',
      cookies: { sentinel_refresh: session.refresh! },
    });
    expect(refresh.statusCode).toBe(401);
    const verify = await ctx.app.inject({
      method: 'GET',
      url: '/api/tokens/verify',
      headers: bearer(session.body.token),
    });
    expect(verify.statusCode).toBe(401);
    expect((await login(ctx, user.email, user.password)).response.statusCode).toBe(401);
    expect((await login(ctx, user.email, 'Fresh-Harbor-9921')).response.statusCode).toBe(200);
    expect(await auditActions(user.id)).toContain('password_reset_completed:success');
    expect(
      (await outbox(ctx)).some((m) => m.to.includes(user.email) && m.subject.includes('was changed')),
    ).toBe(true);
  });

  it('refuses an expired token and the older of two tokens', async () => {
    const user = await makeUser(ctx);
    await forgot(user.email);
    const older = await resetTokenFor(ctx, user.email);
    await forgot(user.email);
    const newer = await resetTokenFor(ctx, user.email);
    expect(newer).not.toBe(older);
    expect((await reset(older, 'Fresh-Harbor-9921')).statusCode).toBe(400);

    await ctx.database.db
      .update(schema.passwordResetTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(schema.passwordResetTokens.userId, user.id));
    const expired = await reset(newer, 'Fresh-Harbor-9921');
    expect(expired.statusCode).toBe(400);
    expect(expired.json().error).toBe(MESSAGES.resetTokenInvalid);
  });

  it('keeps the token usable when the new password is refused', async () => {
    const user = await makeUser(ctx);
    await forgot(user.email);
    const token = await resetTokenFor(ctx, user.email);
    const weak = await reset(token, 'short');
    expect(weak.statusCode).toBe(400);
    expect(weak.json().error).toBe(MESSAGES.passwordTooShort);
    const common = await reset(token, 'Password1');
    expect(common.json().error).toBe(MESSAGES.passwordCommon);
    expect((await reset(token, 'Fresh-Harbor-9921')).statusCode).toBe(200);
  });

  it('holds reset and change to length, not composition: 7 characters refused, four plain words accepted', async () => {
    const user = await makeUser(ctx);
    await forgot(user.email);
    const token = await resetTokenFor(ctx, user.email);
    const seven = await reset(token, 'qzxvbnm');
    expect(seven.statusCode).toBe(400);
    expect(seven.json().error).toBe(MESSAGES.passwordTooShort);
    expect((await reset(token, 'correct horse battery staple')).statusCode).toBe(200);

    const session = await login(ctx, user.email, 'correct horse battery staple');
    expect(session.response.statusCode).toBe(200);
    const change = (newPassword: string) =>
      post(
        '/api/auth/change-password',
        { currentPassword: 'correct horse battery staple', newPassword },
        bearer(session.body.token),
      );
    expect((await change('qzxvbnm')).json().error).toBe(MESSAGES.passwordTooShort);
    expect((await change('Password123!')).json().error).toBe(MESSAGES.passwordCommon);
    const emoji = '🏠💧🔧 '.repeat(50).slice(0, 200);
    expect((await change(emoji)).statusCode).toBe(200);
    expect((await login(ctx, user.email, emoji)).response.statusCode).toBe(200);
  });
});

describe('POST /api/auth/change-password', () => {
  it('needs the current password, keeps this session and ends the others', async () => {
    const user = await makeUser(ctx);
    const here = await login(ctx, user.email, user.password);
    const elsewhere = await login(ctx, user.email, user.password);
    const change = (currentPassword: string, newPassword: string) =>
      post(
        '/api/auth/change-password',
        { userId: 'ignored', currentPassword, newPassword },
        bearer(here.body.token),
      );

    const wrong = await change('Not-The-Password-1', 'Fresh-Harbor-9921');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toBe(MESSAGES.currentPasswordWrong);

    const ok = await change(user.password, 'Fresh-Harbor-9921');
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ success: true, message: 'Password updated successfully.' });

    const verify = (token: string) =>
      ctx.app.inject({ method: 'GET', url: '/api/tokens/verify', headers: bearer(token) });
    expect((await verify(here.body.token)).statusCode).toBe(200);
    expect((await verify(elsewhere.body.token)).statusCode).toBe(401);
    expect((await login(ctx, user.email, 'Fresh-Harbor-9921')).response.statusCode).toBe(200);
    expect(await auditActions(user.id)).toEqual(
      expect.arrayContaining(['password_changed:failure', 'password_changed:success']),
    );
  });

  it('answers 401 without a session', async () => {
    const response = await post('/api/auth/change-password', {
      currentPassword: 'x',
      newPassword: 'Fresh-Harbor-9921',
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('temporary passwords (invited users)', () => {
  const invited = () =>
    makeUser(ctx, {
      userType: 'client',
      temporaryPasswordExpiresAt: new Date(Date.now() + 72 * 3600 * 1000),
    });
  const changeTemp = (payload: Record<string, unknown>) => post('/api/auth/change-temp-password', payload);

  it('signs in to a password-reset step only, with a one-time ticket', async () => {
    const user = await invited();
    const { response, body, refresh } = await login(ctx, user.email, user.password);
    expect(response.statusCode).toBe(200);
    expect(body).toEqual({ requiresPasswordReset: true, temporaryPasswordTicket: expect.any(String) });
    expect(body.token).toBeUndefined();
    expect(refresh).toBeUndefined();

    const ticket = body.temporaryPasswordTicket;
    expect((await changeTemp({ email: user.email, newPassword: 'Fresh-Harbor-9921' })).statusCode).toBe(400);
    expect(
      (await changeTemp({ email: user.email, newPassword: 'Fresh-Harbor-9921', ticket: 'guessed' })).json()
        .error,
    ).toBe(MESSAGES.temporaryTicketInvalid);
    const other = await makeUser(ctx);
    expect(
      (await changeTemp({ email: other.email, newPassword: 'Fresh-Harbor-9921', ticket })).statusCode,
    ).toBe(400);
    const same = await changeTemp({ email: user.email, newPassword: user.password, ticket });
    expect(same.json().error).toBe(MESSAGES.passwordSameAsTemporary);

    const done = await changeTemp({ email: user.email, newPassword: 'Fresh-Harbor-9921', ticket });
    expect(done.statusCode).toBe(200);
    expect(
      (await changeTemp({ email: user.email, newPassword: 'Fresh-Harbor-9922', ticket })).statusCode,
    ).toBe(400);
    expect((await login(ctx, user.email, user.password)).response.statusCode).toBe(401);
    const real = await login(ctx, user.email, 'Fresh-Harbor-9921');
    expect(real.body.token).toMatch(/^eyJ/);
    expect(await auditActions(user.id)).toEqual(
      expect.arrayContaining(['temporary_password_login:success', 'temporary_password_changed:success']),
    );
  });

  it('signs the user in once the temporary password is replaced, as a login does', async () => {
    const user = await invited();
    const { body } = await login(ctx, user.email, user.password);
    const done = await changeTemp({
      email: user.email,
      newPassword: 'Fresh-Harbor-9921',
      ticket: body.temporaryPasswordTicket,
    });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({
      success: true,
      message: MESSAGES.passwordUpdated,
      token: expect.stringMatching(/^eyJ/),
      expiresIn: 900,
      user: {
        userId: user.id,
        email: user.email,
        first_name: user.firstName,
        last_name: user.lastName,
        userType: user.userType,
        firm: { id: user.firmId, name: expect.any(String), userType: user.userType },
        firms: [{ id: user.firmId, name: expect.any(String), userType: user.userType }],
        invitations: 0,
        timeZone: null,
      },
    });
    const verified = await ctx.app.inject({
      method: 'GET',
      url: '/api/tokens/verify',
      headers: bearer(done.json().token),
    });
    expect(verified.statusCode).toBe(200);
    const refreshed = await ctx.app.inject({
      method: 'POST',
      url: '/api/tokens/refresh',
      cookies: { sentinel_refresh: refreshCookieOf(done)! },
    });
    expect(refreshed.statusCode).toBe(200);
  });

  it('reports an expired temporary password without a ticket', async () => {
    const user = await makeUser(ctx, { temporaryPasswordExpiresAt: new Date(Date.now() - 1000) });
    const { body } = await login(ctx, user.email, user.password);
    expect(body).toEqual({ requiresPasswordReset: true, temporaryPasswordExpired: true });
  });

  it('refuses a ticket once the temporary password has expired', async () => {
    const user = await invited();
    const { body } = await login(ctx, user.email, user.password);
    await ctx.database.db
      .update(schema.users)
      .set({ temporaryPasswordExpiresAt: new Date(Date.now() - 1000) })
      .where(and(eq(schema.users.id, user.id)));
    const response = await changeTemp({
      email: user.email,
      newPassword: 'Fresh-Harbor-9921',
      ticket: body.temporaryPasswordTicket,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe(MESSAGES.temporaryPasswordExpired);
  });
});
