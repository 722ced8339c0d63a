import { and, eq } from 'drizzle-orm';
import { schema } from '@sentinel/db';
import { SECURITY_MESSAGES } from '@sentinel/shared';
import { describe, expect, it } from 'vitest';
import {
  bearer,
  login,
  makeUser,
  outbox,
  refreshCookieOf,
  resetTokenFor,
  useTestContext,
} from '../../test/helpers';
import { deviceName } from './mfa.service';
import { codeAt, RECOVERY_CODE_COUNT } from './totp';

/**
 * Two-step sign-in (issue 15, item 3; ASVS 6.3.3, 6.4.3, 6.5.1): set-up with step-up, the second
 * step of a sign-in, single-use codes and recovery codes, limits, the firm's requirement for
 * attorneys, and the sessions list. Codes are made from the secret the server showed, as an
 * authenticator app makes them.
 */
const ctx = useTestContext();
const STEP = 30_000;

type Person = Awaited<ReturnType<typeof makeUser>>;

const post = (url: string, payload: Record<string, unknown>, token?: string) =>
  ctx.app.inject({ method: 'POST', url, payload, headers: token ? bearer(token) : {} });
const get = (url: string, token: string) => ctx.app.inject({ method: 'GET', url, headers: bearer(token) });

async function signedIn(person: Person) {
  const { body } = await login(ctx, person.email, person.password);
  expect(body.token, JSON.stringify(body)).toEqual(expect.any(String));
  return body.token as string;
}

/** Turns two-step sign-in on from Settings; answers the secret and the recovery codes. */
async function enable(person: Person, token = '') {
  const session = token || (await signedIn(person));
  const setup = await post('/api/auth/mfa/setup', { password: person.password }, session);
  expect(setup.statusCode, setup.body).toBe(200);
  const { secret } = setup.json();
  const enabled = await post('/api/auth/mfa/enable', { code: codeAt(secret) }, session);
  expect(enabled.statusCode, enabled.body).toBe(200);
  return { secret: secret as string, recoveryCodes: enabled.json().recoveryCodes as string[], session };
}

const userRow = async (id: string) =>
  (await ctx.database.db.select().from(schema.users).where(eq(schema.users.id, id)))[0]!;

describe('setting up two-step sign-in in Settings → Security', () => {
  it('asks for the password, shows a QR code, and turns on only with a code from the new secret', async () => {
    const person = await makeUser(ctx);
    const token = await signedIn(person);
    expect((await get('/api/auth/mfa', token)).json()).toEqual({
      enabled: false,
      enabledAt: null,
      recoveryCodesLeft: 0,
      requiredByFirm: false,
      authenticatorApp: false,
      passkeys: 0,
    });

    const wrongPassword = await post('/api/auth/mfa/setup', { password: 'not-my-password' }, token);
    expect(wrongPassword.statusCode).toBe(400);
    expect(wrongPassword.json().error).toBe(SECURITY_MESSAGES.passwordWrong);
    expect((await userRow(person.id)).totpPendingSecret).toBeNull();

    const setup = await post('/api/auth/mfa/setup', { password: person.password }, token);
    expect(setup.statusCode).toBe(200);
    const { secret, otpauthUri, qrCode } = setup.json();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/); // 160 bits
    expect(otpauthUri).toBe(
      `otpauth://totp/Sentinel:${encodeURIComponent(person.email)}?issuer=Sentinel&secret=${secret}&algorithm=SHA1&digits=6&period=30`,
    );
    expect(qrCode).toMatch(/^data:image\/png;base64,/);
    // Kept sealed, and not in force until a code proves the app has it.
    const pending = await userRow(person.id);
    expect(pending.totpPendingSecret).toMatch(/^v1\./);
    expect(pending.totpPendingSecret).not.toContain(secret);
    expect(pending.totpEnabledAt).toBeNull();

    const wrongCode = await post('/api/auth/mfa/enable', { code: '000000' }, token);
    expect(wrongCode.statusCode).toBe(400);
    expect(wrongCode.json().error).toBe(SECURITY_MESSAGES.codeInvalid);
    expect((await userRow(person.id)).totpEnabledAt).toBeNull();

    const enabled = await post('/api/auth/mfa/enable', { code: codeAt(secret) }, token);
    expect(enabled.statusCode).toBe(200);
    const codes = enabled.json().recoveryCodes as string[];
    expect(codes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(new Set(codes).size).toBe(RECOVERY_CODE_COUNT);
    for (const code of codes) expect(code).toMatch(/^[0-9a-z]{5}-[0-9a-z]{5}$/);
    const stored = await ctx.database.db
      .select()
      .from(schema.mfaRecoveryCodes)
      .where(eq(schema.mfaRecoveryCodes.userId, person.id));
    expect(stored).toHaveLength(RECOVERY_CODE_COUNT);
    for (const row of stored) expect(codes.join(' ')).not.toContain(row.codeHash.slice(0, 10));

    const status = (await get('/api/auth/mfa', token)).json();
    expect(status).toMatchObject({ enabled: true, recoveryCodesLeft: 10, requiredByFirm: false });
    const mails = (await outbox(ctx)).filter((m) => m.to.includes(person.email));
    expect(mails.map((m) => m.subject)).toContain('Two-step sign-in is on');
  });
});

describe('signing in with two-step sign-in on', () => {
  it('answers a ticket instead of a session, and the session only for a right code, used once', async () => {
    const person = await makeUser(ctx);
    const { secret } = await enable(person);

    const first = await login(ctx, person.email, person.password);
    expect(first.response.statusCode).toBe(200);
    expect(first.body).toEqual({ mfaRequired: true, mfaTicket: expect.any(String), mfaMethods: ['totp'] });
    expect(first.refresh).toBeUndefined();

    const wrong = await post('/api/auth/mfa/verify', { ticket: first.body.mfaTicket, code: '000000' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toBe(SECURITY_MESSAGES.codeInvalid);

    // The code of the next step (an authenticator a little ahead); the set-up used this step's.
    const code = codeAt(secret, Date.now() + STEP);
    const right = await post('/api/auth/mfa/verify', { ticket: first.body.mfaTicket, code });
    expect(right.statusCode, right.body).toBe(200);
    expect(right.json()).toMatchObject({ token: expect.any(String), user: { userId: person.id } });
    expect(refreshCookieOf(right)).toBeTruthy();
    expect((await get('/api/tokens/verify', right.json().token)).statusCode).toBe(200);

    // The ticket is spent, and the same code does not sign in again (single use, ASVS 6.5.1).
    const again = await post('/api/auth/mfa/verify', { ticket: first.body.mfaTicket, code });
    expect(again.json().error).toBe(SECURITY_MESSAGES.challengeExpired);
    const second = await login(ctx, person.email, person.password);
    const replay = await post('/api/auth/mfa/verify', { ticket: second.body.mfaTicket, code });
    expect(replay.statusCode).toBe(400);
    expect(replay.json().error).toBe(SECURITY_MESSAGES.codeInvalid);

    const audits = await ctx.database.db
      .select()
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.userId, person.id), eq(schema.auditLog.action, 'mfa_challenge')));
    expect(audits.map((row) => row.outcome).sort()).toEqual(['failure', 'failure', 'success', 'success']);
  });

  it('ends a ticket after five wrong codes, and holds the account back after twenty', async () => {
    const person = await makeUser(ctx);
    const { secret } = await enable(person);
    const { body } = await login(ctx, person.email, person.password);
    for (let i = 0; i < 5; i++) {
      const wrong = await post('/api/auth/mfa/verify', { ticket: body.mfaTicket, code: '000000' });
      expect(wrong.json().error).toBe(SECURITY_MESSAGES.codeInvalid);
    }
    const late = await post('/api/auth/mfa/verify', {
      ticket: body.mfaTicket,
      code: codeAt(secret, Date.now() + STEP),
    });
    expect(late.json().error).toBe(SECURITY_MESSAGES.challengeExpired);

    for (let round = 0; round < 3; round++) {
      const { body: next } = await login(ctx, person.email, person.password);
      for (let i = 0; i < 5; i++)
        await post('/api/auth/mfa/verify', { ticket: next.mfaTicket, code: '000000' });
    }
    const { body: last } = await login(ctx, person.email, person.password);
    const held = await post('/api/auth/mfa/verify', {
      ticket: last.mfaTicket,
      code: codeAt(secret, Date.now() + STEP),
    });
    expect(held.statusCode).toBe(429);
  });

  it('takes a recovery code once, and tells the person by e-mail', async () => {
    const person = await makeUser(ctx);
    const { recoveryCodes } = await enable(person);
    const { body } = await login(ctx, person.email, person.password);
    const typed = recoveryCodes[3]!.toUpperCase().replace('-', ' ');
    const used = await post('/api/auth/mfa/verify', { ticket: body.mfaTicket, recoveryCode: typed });
    expect(used.statusCode, used.body).toBe(200);
    expect((await get('/api/auth/mfa', used.json().token)).json().recoveryCodesLeft).toBe(9);

    const { body: again } = await login(ctx, person.email, person.password);
    const reused = await post('/api/auth/mfa/verify', {
      ticket: again.mfaTicket,
      recoveryCode: recoveryCodes[3],
    });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().error).toBe(SECURITY_MESSAGES.recoveryCodeInvalid);
    const subjects = (await outbox(ctx)).filter((m) => m.to.includes(person.email)).map((m) => m.subject);
    expect(subjects).toContain('A recovery code was used to sign in');
  });

  it('is not bypassed by a password reset (ASVS 6.4.3)', async () => {
    const person = await makeUser(ctx);
    await enable(person);
    await post('/api/auth/forgot-password', { email: person.email });
    const token = await resetTokenFor(ctx, person.email);
    const reset = await post('/api/auth/reset-password', { token, newPassword: 'Another-Claims-Desk-2027' });
    expect(reset.statusCode, reset.body).toBe(200);
    const { body } = await login(ctx, person.email, 'Another-Claims-Desk-2027');
    expect(body).toEqual({ mfaRequired: true, mfaTicket: expect.any(String), mfaMethods: ['totp'] });
  });

  it('refuses bad second steps with 400 and changes nothing', async () => {
    const person = await makeUser(ctx);
    await enable(person);
    for (const payload of [
      {},
      { ticket: 'x' },
      { ticket: 'x', code: '12345' },
      { ticket: 'x', code: 'abcdef' },
      { ticket: 'x', code: '123456', recoveryCode: 'abcde-12345' },
      { ticket: 'x', recoveryCode: 'short' },
      { ticket: 'unknown-ticket', code: '123456' },
    ]) {
      const response = await post('/api/auth/mfa/verify', payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect((await userRow(person.id)).totpLastStep).not.toBeNull();
  });
});

describe('changing two-step sign-in (step-up)', () => {
  it('turns off, makes new recovery codes or moves to a new phone only with the password and a current code', async () => {
    const person = await makeUser(ctx);
    const { secret, recoveryCodes, session } = await enable(person);
    const later = (steps: number) => codeAt(secret, Date.now() + steps * STEP);

    const noCode = await post('/api/auth/mfa/disable', { password: person.password }, session);
    expect(noCode.statusCode).toBe(400);
    expect(noCode.json().error).toBe(SECURITY_MESSAGES.codeInvalid);
    const wrongPassword = await post('/api/auth/mfa/disable', { password: 'nope', code: later(1) }, session);
    expect(wrongPassword.json().error).toBe(SECURITY_MESSAGES.passwordWrong);
    expect((await get('/api/auth/mfa', session)).json().enabled).toBe(true);

    const regenerated = await post(
      '/api/auth/mfa/recovery-codes',
      { password: person.password, code: later(1) },
      session,
    );
    expect(regenerated.statusCode, regenerated.body).toBe(200);
    const fresh = regenerated.json().recoveryCodes as string[];
    expect(fresh).toHaveLength(10);
    expect(fresh).not.toContain(recoveryCodes[0]);
    // An old code no longer passes a step-up; a new one does.
    const oldCode = await post(
      '/api/auth/mfa/setup',
      { password: person.password, recoveryCode: recoveryCodes[0] },
      session,
    );
    expect(oldCode.json().error).toBe(SECURITY_MESSAGES.recoveryCodeInvalid);
    const moved = await post(
      '/api/auth/mfa/setup',
      { password: person.password, recoveryCode: fresh[0] },
      session,
    );
    expect(moved.statusCode).toBe(200);
    // The old authenticator stays in force until the new one is confirmed.
    const before = await userRow(person.id);
    expect(before.totpEnabledAt).not.toBeNull();
    expect(before.totpPendingSecret).not.toBeNull();

    const off = await post('/api/auth/mfa/disable', { password: person.password, code: later(-1) }, session);
    expect(off.json().error).toBe(SECURITY_MESSAGES.codeInvalid); // an older step than one used
    const disabled = await post(
      '/api/auth/mfa/disable',
      { password: person.password, recoveryCode: fresh[1] },
      session,
    );
    expect(disabled.statusCode, disabled.body).toBe(200);
    const after = await userRow(person.id);
    expect([after.totpSecret, after.totpPendingSecret, after.totpEnabledAt]).toEqual([null, null, null]);
    expect((await login(ctx, person.email, person.password)).body.token).toEqual(expect.any(String));
  });
});

describe("the firm's requirement for attorneys", () => {
  it('can be set only by an attorney who has it; attorneys without it set it up at sign-in; clients are not asked', async () => {
    const founder = await makeUser(ctx);
    const token = await signedIn(founder);
    const refused = await ctx.app.inject({
      method: 'PUT',
      url: '/api/firm/security',
      headers: bearer(token),
      payload: { requireMfaForAttorneys: true },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe(SECURITY_MESSAGES.enableForYourselfFirst);

    await enable(founder, token);
    const colleague = await makeUser(ctx, { firmId: founder.firmId, userType: 'attorney' });
    const client = await makeUser(ctx, { firmId: founder.firmId, userType: 'client' });
    const set = await ctx.app.inject({
      method: 'PUT',
      url: '/api/firm/security',
      headers: bearer(token),
      payload: { requireMfaForAttorneys: true },
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toEqual({ requireMfaForAttorneys: true, attorneysWithoutMfa: 1 });

    expect((await login(ctx, client.email, client.password)).body.token).toEqual(expect.any(String));
    const { body } = await login(ctx, colleague.email, colleague.password);
    expect(body).toEqual({ mfaEnrolmentRequired: true, mfaTicket: expect.any(String) });
    // The enrolment ticket does not pass as a code's.
    expect((await post('/api/auth/mfa/verify', { ticket: body.mfaTicket, code: '123456' })).statusCode).toBe(
      400,
    );
    const enrolment = await post('/api/auth/mfa/enrolment', { ticket: body.mfaTicket });
    expect(enrolment.statusCode).toBe(200);
    const { secret, qrCode } = enrolment.json();
    expect(qrCode).toMatch(/^data:image\/png;base64,/);
    const confirmed = await post('/api/auth/mfa/enrolment/confirm', {
      ticket: body.mfaTicket,
      code: codeAt(secret),
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toMatchObject({ token: expect.any(String), recoveryCodes: expect.any(Array) });
    expect(refreshCookieOf(confirmed)).toBeTruthy();

    // Required: it cannot be turned off, and the status says why.
    const colleagueToken = confirmed.json().token as string;
    expect((await get('/api/auth/mfa', colleagueToken)).json()).toMatchObject({
      enabled: true,
      requiredByFirm: true,
    });
    const off = await post(
      '/api/auth/mfa/disable',
      { password: colleague.password, recoveryCode: confirmed.json().recoveryCodes[0] },
      colleagueToken,
    );
    expect(off.statusCode).toBe(409);
    expect(off.json().error).toBe(SECURITY_MESSAGES.requiredByFirm);
  });

  it('asks an invited attorney to set it up after choosing a first password, before any session', async () => {
    const founder = await makeUser(ctx);
    await enable(founder);
    await ctx.database.db
      .update(schema.firms)
      .set({ requireMfaForAttorneys: true })
      .where(eq(schema.firms.id, founder.firmId!));
    const invited = await makeUser(ctx, {
      firmId: founder.firmId,
      userType: 'attorney',
      temporaryPasswordExpiresAt: new Date(Date.now() + 3_600_000),
    });
    const { body } = await login(ctx, invited.email, invited.password);
    const changed = await post('/api/auth/change-temp-password', {
      email: invited.email,
      newPassword: 'Invited-Attorney-2026',
      ticket: body.temporaryPasswordTicket,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({
      success: true,
      mfaEnrolmentRequired: true,
      mfaTicket: expect.any(String),
    });
    expect(changed.json().token).toBeUndefined();
    expect(refreshCookieOf(changed)).toBeUndefined();
  });
});

describe('the sessions list', () => {
  it('shows each device, signs one out or all the others, and never another person’s', async () => {
    const person = await makeUser(ctx);
    const onPhone = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: {
        'user-agent':
          'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
      },
      payload: { email: person.email, password: person.password },
    });
    const laptop = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: {
        'user-agent':
          'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
      },
      payload: { email: person.email, password: person.password },
    });
    const third = await signedIn(person);
    const list = (await get('/api/auth/sessions', laptop.json().token)).json().data;
    expect(list).toHaveLength(3);
    const current = list.find((s: { current: boolean }) => s.current);
    expect(current.device).toBe('Chrome on macOS');
    expect(list.map((s: { device: string }) => s.device)).toContain('Safari on iOS');

    const phoneSession = list.find((s: { device: string }) => s.device === 'Safari on iOS').id;
    const stranger = await makeUser(ctx);
    const strangerToken = await signedIn(stranger);
    const notTheirs = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/auth/sessions/${phoneSession}`,
      headers: bearer(strangerToken),
    });
    expect(notTheirs.statusCode).toBe(404);

    const ended = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/auth/sessions/${phoneSession}`,
      headers: bearer(laptop.json().token),
    });
    expect(ended.statusCode).toBe(200);
    expect((await get('/api/tokens/verify', onPhone.json().token)).statusCode).toBe(401);
    const phoneRefresh = await ctx.app.inject({
      method: 'POST',
      url: '/api/tokens/refresh',
      cookies: { sentinel_refresh: refreshCookieOf(onPhone)! },
    });
    expect(phoneRefresh.statusCode).toBe(401);

    const others = await post('/api/auth/sessions/sign-out-others', {}, laptop.json().token);
    expect(others.json()).toMatchObject({ ended: 1, message: SECURITY_MESSAGES.otherSessionsEnded(1) });
    expect((await get('/api/tokens/verify', third)).statusCode).toBe(401);
    expect((await get('/api/tokens/verify', laptop.json().token)).statusCode).toBe(200);
    expect((await get('/api/auth/sessions', laptop.json().token)).json().data).toHaveLength(1);
  });
});

describe('device names', () => {
  it('name the browser and system, or say the device is unknown', () => {
    expect(
      deviceName('Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0'),
    ).toBe('Firefox on Windows');
    expect(deviceName('node')).toBe('Unknown device');
    expect(deviceName('curl/8.5.0')).toBe('Unknown device');
    expect(deviceName(null)).toBe('Unknown device');
  });
});
