import { and, eq } from 'drizzle-orm';
import { schema } from '@sentinel/db';
import { SECURITY_MESSAGES } from '@sentinel/shared';
import { describe, expect, it } from 'vitest';
import { bearer, login, makeUser, outbox, refreshCookieOf, useTestContext } from '../../test/helpers';
import { SoftwareAuthenticator, strayChallenge } from '../../test/software-authenticator';
import { relyingParty } from './passkeys.service';
import { codeAt, RECOVERY_CODE_COUNT } from './totp';

/**
 * Passkeys (issue 15, item 3): added in Settings → Security after a step-up, a second step of
 * sign-in on their own, with single-use challenges bound to the person, the purpose and the
 * sign-in's ticket. A software authenticator (an ES256 key pair) answers as a browser would.
 */
const ctx = useTestContext();
const CHROME_MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

type Person = Awaited<ReturnType<typeof makeUser>>;

const post = (url: string, payload: unknown, token?: string) =>
  ctx.app.inject({
    method: 'POST',
    url,
    payload: payload as Record<string, unknown>,
    headers: { 'user-agent': CHROME_MAC, ...(token ? bearer(token) : {}) },
  });
const get = (url: string, token: string) => ctx.app.inject({ method: 'GET', url, headers: bearer(token) });

async function signedIn(person: Person): Promise<string> {
  const { body } = await login(ctx, person.email, person.password);
  expect(body.token, JSON.stringify(body)).toEqual(expect.any(String));
  return body.token as string;
}

/** Adds a passkey from Settings with the password (and `secondStep` when two-step sign-in is on). */
async function addPasskey(
  person: Person,
  token: string,
  authenticator = new SoftwareAuthenticator(),
  secondStep: Record<string, unknown> = {},
) {
  const options = await post(
    '/api/auth/passkeys/options',
    { password: person.password, ...secondStep },
    token,
  );
  expect(options.statusCode, options.body).toBe(200);
  const added = await post('/api/auth/passkeys', { response: authenticator.register(options.json()) }, token);
  expect(added.statusCode, added.body).toBe(201);
  return {
    authenticator,
    added: added.json() as { passkey: { id: string; name: string }; recoveryCodes?: string[] },
  };
}

/** A sign-in up to its second step: the ticket and the passkey options for it. */
async function secondStep(person: Person) {
  const { body } = await login(ctx, person.email, person.password);
  expect(body.mfaRequired, JSON.stringify(body)).toBe(true);
  const options = await post('/api/auth/mfa/passkey/options', { ticket: body.mfaTicket });
  expect(options.statusCode, options.body).toBe(200);
  return { ticket: body.mfaTicket as string, methods: body.mfaMethods, options: options.json() };
}

const passkeyRows = (userId: string) =>
  ctx.database.db.select().from(schema.passkeys).where(eq(schema.passkeys.userId, userId));

/** The details of a person's audit rows of one action, oldest first. */
const actions = async (userId: string, action: string) =>
  (
    await ctx.database.db
      .select()
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.userId, userId), eq(schema.auditLog.action, action)))
      .orderBy(schema.auditLog.id)
  ).map((row) => row.details);

describe('adding a passkey in Settings → Security', () => {
  it('asks for the password, registers the authenticator, names it after the device and turns two-step sign-in on', async () => {
    const person = await makeUser(ctx);
    const token = await signedIn(person);

    const noPassword = await post('/api/auth/passkeys/options', {}, token);
    expect(noPassword.statusCode).toBe(400);
    const wrongPassword = await post('/api/auth/passkeys/options', { password: 'not-my-password' }, token);
    expect(wrongPassword.statusCode).toBe(400);
    expect(wrongPassword.json().error).toBe(SECURITY_MESSAGES.passwordWrong);

    const options = await post('/api/auth/passkeys/options', { password: person.password }, token);
    expect(options.statusCode).toBe(200);
    const body = options.json();
    expect(body).toMatchObject({
      rp: { id: 'sentinel.test', name: 'Sentinel' },
      user: { name: person.email },
      attestation: 'none',
      authenticatorSelection: { userVerification: 'preferred' },
    });
    expect(body.challenge).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Only the hash is kept.
    const [stored] = await ctx.database.db
      .select()
      .from(schema.passkeyChallenges)
      .where(eq(schema.passkeyChallenges.userId, person.id));
    expect(stored).toMatchObject({ purpose: 'register', mfaChallengeId: null });
    expect(stored!.challengeHash).not.toContain(body.challenge);

    const authenticator = new SoftwareAuthenticator();
    // Made for another site, or signed over another challenge: refused.
    const otherOrigin = await post(
      '/api/auth/passkeys',
      { response: authenticator.register(body, { origin: 'http://evil.test' }) },
      token,
    );
    expect(otherOrigin.statusCode).toBe(400);
    expect(otherOrigin.json().error).toBe(SECURITY_MESSAGES.passkeyInvalid);
    // That used the challenge up.
    expect(
      (await post('/api/auth/passkeys', { response: authenticator.register(body) }, token)).statusCode,
    ).toBe(400);

    const again = (await post('/api/auth/passkeys/options', { password: person.password }, token)).json();
    const response = authenticator.register(again);
    const added = await post('/api/auth/passkeys', { response }, token);
    expect(added.statusCode, added.body).toBe(201);
    const { passkey, recoveryCodes } = added.json();
    expect(passkey).toEqual({
      id: expect.any(String),
      name: 'Chrome on macOS',
      createdAt: expect.any(String),
      lastUsedAt: null,
    });
    // The first second step of the account: recovery codes, shown once.
    expect(recoveryCodes).toHaveLength(RECOVERY_CODE_COUNT);
    // A replayed registration finds no challenge.
    expect((await post('/api/auth/passkeys', { response }, token)).statusCode).toBe(400);

    const [row] = await passkeyRows(person.id);
    expect(row).toMatchObject({ credentialId: authenticator.id, counter: 0, transports: ['internal'] });
    expect(row!.publicKey).toMatch(/^[A-Za-z0-9_-]+$/);

    expect((await get('/api/auth/mfa', token)).json()).toEqual({
      enabled: true,
      enabledAt: passkey.createdAt,
      recoveryCodesLeft: RECOVERY_CODE_COUNT,
      requiredByFirm: false,
      authenticatorApp: false,
      passkeys: 1,
    });
    expect((await get('/api/auth/passkeys', token)).json()).toEqual({ data: [passkey] });
    const mails = (await outbox(ctx)).filter((m) => m.to.includes(person.email));
    expect(mails.map((m) => m.subject)).toContain('A passkey was added');
    expect(await actions(person.id, 'passkey_added')).toEqual([
      { passkeyId: passkey.id, firstSecondStep: true },
    ]);
  });

  it('asks for the second step too once two-step sign-in is on, and takes a name', async () => {
    const person = await makeUser(ctx);
    const token = await signedIn(person);
    const { authenticator } = await addPasskey(person, token);

    // The password alone no longer does.
    const passwordOnly = await post('/api/auth/passkeys/options', { password: person.password }, token);
    expect(passwordOnly.statusCode).toBe(400);
    expect(passwordOnly.json().error).toBe(SECURITY_MESSAGES.passkeyOrRecoveryCodeRequired);
    // A passkey answer to a sign-in's challenge does not (purpose-bound), nor one made up.
    const signIn = await secondStep(person);
    for (const passkey of [
      authenticator.assert(signIn.options),
      authenticator.assert(signIn.options, { challenge: strayChallenge() }),
    ]) {
      const refused = await post('/api/auth/passkeys/options', { password: person.password, passkey }, token);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error).toBe(SECURITY_MESSAGES.passkeyInvalid);
    }
    // A passkey answer to a step-up challenge does.
    const stepUp = await post('/api/auth/passkeys/step-up/options', {}, token);
    expect(stepUp.statusCode).toBe(200);
    const second = new SoftwareAuthenticator();
    const options = await post(
      '/api/auth/passkeys/options',
      { password: person.password, passkey: authenticator.assert(stepUp.json()) },
      token,
    );
    expect(options.statusCode, options.body).toBe(200);
    expect(options.json().excludeCredentials).toEqual([
      { id: authenticator.id, type: 'public-key', transports: ['internal'] },
    ]);
    const added = await post(
      '/api/auth/passkeys',
      { name: '  YubiKey 5  ', response: second.register(options.json()) },
      token,
    );
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json().passkey.name).toBe('YubiKey 5');
    // Not the first: no new recovery codes.
    expect(added.json().recoveryCodes).toBeUndefined();
  });
});

describe('signing in with a passkey as the second step', () => {
  it('answers the options for the ticket, and the session for a right assertion', async () => {
    const person = await makeUser(ctx);
    const { authenticator, added } = await addPasskey(person, await signedIn(person));

    const { ticket, methods, options } = await secondStep(person);
    expect(methods).toEqual(['passkey']);
    expect(options).toMatchObject({
      rpId: 'sentinel.test',
      userVerification: 'preferred',
      allowCredentials: [{ id: authenticator.id, type: 'public-key', transports: ['internal'] }],
    });
    const verified = await post('/api/auth/mfa/verify', { ticket, passkey: authenticator.assert(options) });
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json()).toMatchObject({ token: expect.any(String), user: { email: person.email } });
    expect(refreshCookieOf(verified)).toEqual(expect.any(String));

    const [row] = await passkeyRows(person.id);
    expect(row!.counter).toBe(1);
    expect(row!.lastUsedAt).toBeInstanceOf(Date);
    const list = (await get('/api/auth/passkeys', verified.json().token)).json().data;
    expect(list[0]).toMatchObject({ id: added.passkey.id, lastUsedAt: expect.any(String) });
    const logins = await ctx.database.db
      .select()
      .from(schema.auditLog)
      .where(eq(schema.auditLog.userId, person.id))
      .orderBy(schema.auditLog.id)
      .then((rows) => rows.filter((r) => r.action === 'login'));
    expect(logins.at(-1)!.details).toMatchObject({ secondStep: 'passkey' });
  });

  it('takes a passkey that keeps no signature counter (always 0, as synced passkeys report) every time', async () => {
    const person = await makeUser(ctx);
    const { authenticator } = await addPasskey(person, await signedIn(person));
    for (let time = 0; time < 2; time++) {
      const { ticket, options } = await secondStep(person);
      const verified = await post('/api/auth/mfa/verify', {
        ticket,
        passkey: authenticator.assert(options, { counter: 0 }),
      });
      expect(verified.statusCode, verified.body).toBe(200);
    }
    expect((await passkeyRows(person.id))[0]!.counter).toBe(0);
  });

  it('refuses a wrong challenge, another purpose’s or another ticket’s challenge, and a replayed assertion', async () => {
    const person = await makeUser(ctx);
    const token = await signedIn(person);
    const { authenticator } = await addPasskey(person, token);

    // Signed over a challenge the server never handed out.
    const first = await secondStep(person);
    const stray = await post('/api/auth/mfa/verify', {
      ticket: first.ticket,
      passkey: authenticator.assert(first.options, { challenge: strayChallenge() }),
    });
    expect(stray.statusCode).toBe(400);
    expect(stray.json().error).toBe(SECURITY_MESSAGES.passkeyInvalid);

    // A step-up challenge does not sign in.
    const stepUp = (await post('/api/auth/passkeys/step-up/options', {}, token)).json();
    const fresh = await post('/api/auth/mfa/passkey/options', { ticket: first.ticket });
    expect(
      (await post('/api/auth/mfa/verify', { ticket: first.ticket, passkey: authenticator.assert(stepUp) }))
        .statusCode,
    ).toBe(400);

    // Another sign-in's challenge does not answer for this ticket (a newer sign-in replaced it too).
    const second = await secondStep(person);
    expect(
      (
        await post('/api/auth/mfa/verify', {
          ticket: second.ticket,
          passkey: authenticator.assert(fresh.json()),
        })
      ).statusCode,
    ).toBe(400);

    // Right: once.
    const assertion = authenticator.assert(second.options);
    expect(
      (await post('/api/auth/mfa/verify', { ticket: second.ticket, passkey: assertion })).statusCode,
    ).toBe(200);
    const replayedSameTicket = await post('/api/auth/mfa/verify', {
      ticket: second.ticket,
      passkey: assertion,
    });
    expect(replayedSameTicket.statusCode).toBe(400);
    expect(replayedSameTicket.json().error).toBe(SECURITY_MESSAGES.challengeExpired);
    const third = await secondStep(person);
    const replayed = await post('/api/auth/mfa/verify', { ticket: third.ticket, passkey: assertion });
    expect(replayed.statusCode).toBe(400);
    expect(replayed.json().error).toBe(SECURITY_MESSAGES.passkeyInvalid);
  });

  it("refuses another person's passkey, another site's assertion and a counter that went back", async () => {
    const person = await makeUser(ctx);
    const other = await makeUser(ctx);
    const { authenticator } = await addPasskey(person, await signedIn(person));
    const { authenticator: othersKey } = await addPasskey(other, await signedIn(other));

    const step = await secondStep(person);
    const others = await post('/api/auth/mfa/verify', {
      ticket: step.ticket,
      passkey: othersKey.assert(step.options),
    });
    expect(others.statusCode).toBe(400);
    expect(others.json().error).toBe(SECURITY_MESSAGES.passkeyInvalid);

    const phished = await secondStep(person);
    expect(
      (
        await post('/api/auth/mfa/verify', {
          ticket: phished.ticket,
          passkey: authenticator.assert(phished.options, { origin: 'http://sentinel.test.evil.test' }),
        })
      ).statusCode,
    ).toBe(400);

    const good = await secondStep(person);
    expect(
      (
        await post('/api/auth/mfa/verify', {
          ticket: good.ticket,
          passkey: authenticator.assert(good.options),
        })
      ).statusCode,
    ).toBe(200);
    const counter = (await passkeyRows(person.id))[0]!.counter;
    expect(counter).toBeGreaterThan(0);

    // A clone of the authenticator reports a counter the server has already seen.
    for (const reported of [counter, counter - 1]) {
      const cloned = await secondStep(person);
      const refused = await post('/api/auth/mfa/verify', {
        ticket: cloned.ticket,
        passkey: authenticator.assert(cloned.options, { counter: reported }),
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error).toBe(SECURITY_MESSAGES.passkeyInvalid);
    }
    expect((await passkeyRows(person.id))[0]!.counter).toBe(counter);
  });

  it('counts wrong passkey answers as tries of the ticket', async () => {
    const person = await makeUser(ctx);
    const { authenticator } = await addPasskey(person, await signedIn(person));
    const { ticket, options } = await secondStep(person);
    for (let i = 0; i < 5; i++)
      await post('/api/auth/mfa/verify', {
        ticket,
        passkey: authenticator.assert(options, { challenge: strayChallenge() }),
      });
    const options2 = await post('/api/auth/mfa/passkey/options', { ticket });
    expect(options2.statusCode).toBe(400);
    expect(options2.json().error).toBe(SECURITY_MESSAGES.challengeExpired);
  });

  it('offers both second steps to someone with an app and a passkey; a recovery code still works', async () => {
    const person = await makeUser(ctx);
    const token = await signedIn(person);
    const setup = await post('/api/auth/mfa/setup', { password: person.password }, token);
    const { secret } = setup.json();
    const enabled = await post('/api/auth/mfa/enable', { code: codeAt(secret) }, token);
    const recoveryCodes = enabled.json().recoveryCodes as string[];
    await addPasskey(person, token, undefined, { recoveryCode: recoveryCodes[0] });

    const step = await secondStep(person);
    expect(step.methods).toEqual(['totp', 'passkey']);
    const recovered = await post('/api/auth/mfa/verify', {
      ticket: step.ticket,
      recoveryCode: recoveryCodes[1],
    });
    expect(recovered.statusCode, recovered.body).toBe(200);

    // Turning the app off leaves the passkey (and the recovery codes) in force.
    const off = await post(
      '/api/auth/mfa/disable',
      { password: person.password, recoveryCode: recoveryCodes[2] },
      recovered.json().token,
    );
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().message).toBe(SECURITY_MESSAGES.appRemovedPasskeysRemain);
    const status = (await get('/api/auth/mfa', recovered.json().token)).json();
    expect(status).toMatchObject({
      enabled: true,
      authenticatorApp: false,
      passkeys: 1,
      recoveryCodesLeft: 7,
    });
    expect((await secondStep(person)).methods).toEqual(['passkey']);
  });
});

describe('renaming and removing passkeys', () => {
  it("renames and removes one's own after the step-up; another person's answers 404", async () => {
    const person = await makeUser(ctx);
    const other = await makeUser(ctx);
    const token = await signedIn(person);
    const otherToken = await signedIn(other);
    const { added, authenticator } = await addPasskey(person, token);
    const { added: othersAdded } = await addPasskey(other, otherToken);
    const id = added.passkey.id;
    const codes = added.recoveryCodes!;

    const rename = (passkeyId: string, name: string) =>
      ctx.app.inject({
        method: 'PATCH',
        url: `/api/auth/passkeys/${passkeyId}`,
        headers: bearer(token),
        payload: { name },
      });
    expect((await rename(id, '   ')).statusCode).toBe(400);
    const renamed = await rename(id, 'Work laptop');
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ id, name: 'Work laptop' });
    expect((await rename(othersAdded.passkey.id, 'Mine now')).statusCode).toBe(404);
    expect(
      (
        await post(
          `/api/auth/passkeys/${othersAdded.passkey.id}/remove`,
          { password: person.password, recoveryCode: codes[0] },
          token,
        )
      ).statusCode,
    ).toBe(404);
    expect((await passkeyRows(other.id))[0]!.name).not.toBe('Mine now');

    // Removal needs the step-up: the password, and the passkey or a recovery code.
    const passwordOnly = await post(`/api/auth/passkeys/${id}/remove`, { password: person.password }, token);
    expect(passwordOnly.statusCode).toBe(400);
    expect(await passkeyRows(person.id)).toHaveLength(1);
    const stepUp = (await post('/api/auth/passkeys/step-up/options', {}, token)).json();
    const removed = await post(
      `/api/auth/passkeys/${id}/remove`,
      { password: person.password, passkey: authenticator.assert(stepUp) },
      token,
    );
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().message).toBe(SECURITY_MESSAGES.passkeyRemoved);
    expect(await passkeyRows(person.id)).toHaveLength(0);
    // The last second step: two-step sign-in is off, the recovery codes end.
    expect((await get('/api/auth/mfa', token)).json()).toMatchObject({
      enabled: false,
      recoveryCodesLeft: 0,
      passkeys: 0,
    });
    expect((await login(ctx, person.email, person.password)).body.token).toEqual(expect.any(String));
    const mails = (await outbox(ctx)).filter((m) => m.to.includes(person.email));
    expect(mails.map((m) => m.subject)).toContain('A passkey was removed');
    expect(await actions(person.id, 'passkey_removed')).toEqual([{ passkeyId: id, lastSecondStep: true }]);
    expect(
      (await post(`/api/auth/passkeys/${id}/remove`, { password: person.password }, token)).statusCode,
    ).toBe(404);
  });
});

describe("the firm's requirement for attorneys", () => {
  it('is met by a passkey, which then cannot be removed while it is the only second step', async () => {
    const founder = await makeUser(ctx);
    const token = await signedIn(founder);
    const { added } = await addPasskey(founder, token);
    const set = await ctx.app.inject({
      method: 'PUT',
      url: '/api/firm/security',
      headers: bearer(token),
      payload: { requireMfaForAttorneys: true },
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toEqual({ requireMfaForAttorneys: true, attorneysWithoutMfa: 0 });

    const { methods } = await secondStep(founder);
    expect(methods).toEqual(['passkey']);
    const last = await post(
      `/api/auth/passkeys/${added.passkey.id}/remove`,
      { password: founder.password, recoveryCode: added.recoveryCodes![0] },
      token,
    );
    expect(last.statusCode).toBe(409);
    expect(last.json().error).toBe(SECURITY_MESSAGES.lastFactorRequiredByFirm);
    expect(await passkeyRows(founder.id)).toHaveLength(1);
  });
});

describe('the relying party', () => {
  it('is the public URL; on a loopback address, localhost at its port (browsers refuse IP addresses)', () => {
    expect(relyingParty('https://app.example.com')).toEqual({
      rpID: 'app.example.com',
      origin: 'https://app.example.com',
    });
    expect(relyingParty('http://127.0.0.1:3232')).toEqual({
      rpID: 'localhost',
      origin: 'http://localhost:3232',
    });
    expect(relyingParty('http://localhost:3000')).toEqual({
      rpID: 'localhost',
      origin: 'http://localhost:3000',
    });
  });
});
