import { eq, sql } from 'drizzle-orm';
import { schema } from '@sentinel/db';
import { createClient } from '@sentinel/db/factories';
import { MESSAGES } from '@sentinel/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestContext,
  login,
  makeUser,
  outbox,
  signUpTokenFor,
  TEST_PUBLIC_URL,
  type TestContext,
} from '../../test/helpers';

let ctx: TestContext;
let attorney: Awaited<ReturnType<typeof makeUser>>;
let token: string;

beforeAll(async () => {
  ctx = await createTestContext();
  attorney = await makeUser(ctx, { userType: 'attorney', firstName: 'Dana', lastName: 'Reyes' });
  token = (await login(ctx, attorney.email, attorney.password)).body.token;
});
afterAll(() => ctx.close());

const newClient = (overrides: Record<string, unknown> = {}) => ({
  firstName: 'Maria',
  lastName: 'Hernandez',
  email: `maria.${Math.random().toString(36).slice(2)}@example.com`,
  phone: '+1 (305) 555-0142',
  companyName: '',
  user_type: 'client',
  loggedUserId: '00000000-0000-0000-0000-000000000000',
  loggedUserName: 'Someone Else',
  ...overrides,
});

const create = (payload: Record<string, unknown>, auth = token) =>
  ctx.app.inject({ method: 'POST', url: '/api/client/new', headers: bearer(auth), payload });

const list = (query = '', auth = token, userId = attorney.id) =>
  ctx.app.inject({ method: 'GET', url: `/api/client/${userId}/clients${query}`, headers: bearer(auth) });

/** The temporary password from the newest invitation to `to` (quoted-printable undone). */
async function invitationPassword(to: string): Promise<string> {
  const mails = (await outbox(ctx)).filter((m) => m.to.includes(to) && m.subject.includes('invited you'));
  const raw = mails.at(-1)?.raw.replace(/=\r?\n/g, '');
  const password = raw && /Temporary password: ([A-Za-z0-9-]{19})/.exec(raw)?.[1];
  if (!password) throw new Error(`no invitation to ${to}`);
  return password;
}

describe('POST /api/client/new', () => {
  it('creates the client in the firm, makes the creator lead attorney, and mails an invitation', async () => {
    const payload = newClient();
    const response = await create(payload);
    expect(response.statusCode).toBe(201);
    const { message, data } = response.json();
    expect(message).toBe(MESSAGES.clientCreated);
    expect(data).toMatchObject({
      firstName: 'Maria',
      lastName: 'Hernandez',
      email: payload.email,
      phone: '+1 (305) 555-0142',
      companyName: null,
      status: 'active',
      invitationPending: true,
      deactivated: false,
      // From the session, never from loggedUserId/loggedUserName.
      leadAttorney: { id: attorney.id, name: 'Dana Reyes' },
    });

    const [user] = await ctx.database.db.select().from(schema.users).where(eq(schema.users.id, data.id));
    const [membership] = await ctx.database.db
      .select()
      .from(schema.memberships)
      .where(eq(schema.memberships.userId, data.id));
    expect(membership).toMatchObject({ firmId: attorney.firmId, userType: 'client', status: 'active' });
    const hours = (user!.temporaryPasswordExpiresAt!.getTime() - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(71.9);
    expect(hours).toBeLessThanOrEqual(72);

    const mail = (await outbox(ctx)).filter((m) => m.to.includes(payload.email)).at(-1)!;
    expect(mail.subject).toContain('invited you to Sentinel');
    expect(mail.raw.replace(/=\r?\n/g, '')).toContain(`${TEST_PUBLIC_URL}/login`);
    const password = await invitationPassword(payload.email);
    expect(password).toMatch(/^[A-Za-z0-9]{4}(-[A-Za-z0-9]{4}){3}$/);

    const audited = await ctx.database.db
      .select()
      .from(schema.auditLog)
      .where(eq(schema.auditLog.action, 'client_created'));
    expect(audited.some((row) => row.details?.clientId === data.id && row.userId === attorney.id)).toBe(true);
  });

  it('lets the invited client sign in with the temporary password only through the temporary-password flow', async () => {
    const payload = newClient();
    await create(payload);
    const password = await invitationPassword(payload.email);
    const { response, body } = await login(ctx, payload.email, password);
    expect(response.statusCode).toBe(200);
    expect(body).toMatchObject({ requiresPasswordReset: true, temporaryPasswordTicket: expect.any(String) });
    expect(body.token).toBeUndefined();

    const changed = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/change-temp-password',
      payload: {
        email: payload.email,
        ticket: body.temporaryPasswordTicket,
        newPassword: 'Flood-Claim-2026',
      },
    });
    expect(changed.statusCode).toBe(200);
    const signedIn = await login(ctx, payload.email, 'Flood-Claim-2026');
    expect(signedIn.body.user).toMatchObject({ userType: 'client', email: payload.email });
  });

  it('stores an invited address lower-cased: the client signs in however it is typed, and a variant is the same person', async () => {
    const suffix = Math.random().toString(36).slice(2);
    const typed = `Mixed.${suffix}@Client.Test`;
    const created = await create(newClient({ email: typed }));
    expect(created.statusCode).toBe(201);
    expect(created.json().data.email).toBe(typed.toLowerCase());
    const password = await invitationPassword(typed.toLowerCase());
    for (const form of [typed, typed.toLowerCase(), typed.toUpperCase()])
      expect((await login(ctx, form, password)).body).toMatchObject({ requiresPasswordReset: true });
    // The same address in other case is the same person: already in the firm, no second account.
    const again = await create(newClient({ email: typed.toUpperCase() }));
    expect(again.statusCode).toBe(409);
    const accounts = await ctx.database.db
      .select()
      .from(schema.users)
      .where(sql`lower(${schema.users.email}) = ${typed.toLowerCase()}`);
    expect(accounts).toHaveLength(1);
  });

  it('stops accepting the temporary password after 72 hours: the client is sent to reset', async () => {
    const payload = newClient();
    const { data } = (await create(payload)).json();
    const password = await invitationPassword(payload.email);
    // 72 hours and a minute later, as far as the account is concerned.
    await ctx.database.db
      .update(schema.users)
      .set({ temporaryPasswordExpiresAt: new Date(Date.now() - 60_000) })
      .where(eq(schema.users.id, data.id));
    const { response, body } = await login(ctx, payload.email, password);
    expect(response.statusCode).toBe(200);
    expect(body).toMatchObject({ requiresPasswordReset: true, temporaryPasswordExpired: true });
    expect(body.token).toBeUndefined();
    expect(body.temporaryPasswordTicket).toBeUndefined();
  });

  it('refuses missing fields with the §5 texts and changes nothing', async () => {
    const before = await ctx.database.db.$count(schema.users);
    const response = await create({ email: 'not-an-email', firstName: ' ', phone: '' });
    expect(response.statusCode).toBe(400);
    const text = JSON.stringify(response.json());
    for (const message of [MESSAGES.firstNameRequired, MESSAGES.lastNameRequired, MESSAGES.phoneRequired]) {
      expect(text).toContain(message);
    }
    expect(await ctx.database.db.$count(schema.users)).toBe(before);
  });

  it('invites an address someone signed up with but never verified: the sign-up ends (audited), the invited person signs in', async () => {
    const payload = newClient();
    const squat = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: {
        email: payload.email,
        password: 'Squatter-Chosen-Phrase',
        firstName: 'Not',
        lastName: 'Maria',
        userType: 'attorney',
        companyName: 'Squat Law',
      },
    });
    expect(squat.statusCode).toBe(202);
    const squattersLink = await signUpTokenFor(ctx, payload.email);

    const created = await create(payload);
    expect(created.statusCode).toBe(201);
    expect(created.json().data).toMatchObject({ firstName: 'Maria', invitationPending: true });
    const [superseded] = await ctx.database.db
      .select()
      .from(schema.auditLog)
      .where(eq(schema.auditLog.action, 'signup_superseded'))
      .orderBy(sql`${schema.auditLog.createdAt} desc`)
      .limit(1);
    expect(superseded).toMatchObject({ firmId: attorney.firmId, userId: created.json().data.id });
    expect(superseded!.details).toMatchObject({ email: payload.email, signUps: 1, invitedById: attorney.id });

    // The squatter's link and password make nothing, and do not sign in.
    const squatVerify = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/verify-email',
      payload: { token: squattersLink, password: 'Squatter-Chosen-Phrase' },
    });
    expect(squatVerify.statusCode).toBe(400);
    expect(squatVerify.json().error).toBe(MESSAGES.verificationLinkInvalid);
    expect((await login(ctx, payload.email, 'Squatter-Chosen-Phrase')).response.statusCode).toBe(401);

    const temporary = await login(ctx, payload.email, await invitationPassword(payload.email));
    expect(temporary.body).toMatchObject({ requiresPasswordReset: true });
    const changed = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/change-temp-password',
      payload: {
        email: payload.email,
        ticket: temporary.body.temporaryPasswordTicket,
        newPassword: 'correct horse battery staple',
      },
    });
    expect(changed.statusCode).toBe(200);
    const signedIn = await login(ctx, payload.email, 'correct horse battery staple');
    expect(signedIn.body.user).toMatchObject({
      userType: 'client',
      email: payload.email,
      first_name: 'Maria',
    });
  });

  it('answers an address with an account in another firm exactly as a new one', async () => {
    const elsewhere = await makeUser(ctx, { userType: 'attorney' });
    const shape = (response: Awaited<ReturnType<typeof create>>) => {
      const { message, data } = response.json();
      return {
        status: response.statusCode,
        message,
        keys: Object.keys(data).sort(),
        pending: data.invitationPending,
      };
    };
    const known = await create(newClient({ email: elsewhere.email }));
    const fresh = await create(newClient());
    expect(shape(known)).toEqual(shape(fresh));
    expect(known.statusCode).toBe(201);
  });

  it('lets two firms invite one new address at the same moment: both succeed, one account', async () => {
    const otherFirm = await makeUser(ctx, { userType: 'attorney' });
    const otherToken = (await login(ctx, otherFirm.email, otherFirm.password)).body.token;
    for (let round = 0; round < 3; round++) {
      const payload = newClient();
      const answers = await Promise.all([create(payload), create(payload, otherToken)]);
      expect(answers.map((a) => a.statusCode)).toEqual([201, 201]);
      expect(await ctx.database.db.$count(schema.users, eq(schema.users.email, payload.email))).toBe(1);
    }
  });

  it('answers 409 for someone already in the firm, and writes nothing', async () => {
    const before = await ctx.database.db.$count(schema.clientProfiles);
    const response = await create(newClient({ email: attorney.email }));
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toBe(MESSAGES.alreadyInFirm);
    expect(await ctx.database.db.$count(schema.clientProfiles)).toBe(before);
  });

  it('answers one 201 and 409s when the same e-mail is submitted five times at once', async () => {
    const payload = newClient();
    const answers = await Promise.all(Array.from({ length: 5 }, () => create(payload)));
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses).toEqual([201, 409, 409, 409, 409]);
  });
});

describe('GET /api/client/{userId}/clients', () => {
  let firmAttorney: Awaited<ReturnType<typeof makeUser>>;
  let firmToken: string;

  beforeAll(async () => {
    firmAttorney = await makeUser(ctx, { userType: 'attorney' });
    firmToken = (await login(ctx, firmAttorney.email, firmAttorney.password)).body.token;
    for (let i = 1; i <= 25; i++) {
      const created = await create(
        newClient({
          firstName: i === 7 ? 'Zelda' : `Person${String(i).padStart(2, '0')}`,
          lastName: i === 7 ? 'Quartermaine' : 'Client',
          companyName: i === 9 ? 'Harbor 100% Roofing_Co' : '',
        }),
        firmToken,
      );
      expect(created.statusCode).toBe(201);
    }
  });

  const get = (query = '') => list(query, firmToken, firmAttorney.id);

  it('answers the spec’s call (no query) with every client, newest first; the screen pages', async () => {
    const spec = await get();
    expect(spec.statusCode).toBe(200);
    expect(spec.json()).toMatchObject({ total: 25, page: 1, pageSize: 'all' });
    expect(spec.json().clients).toHaveLength(25);

    const first = (await get('?page=1&pageSize=12')).json();
    expect(first).toMatchObject({ total: 25, page: 1, pageSize: 12 });
    expect(first.clients).toHaveLength(12);
    expect(first.clients[0].firstName).toBe('Person25');

    const third = (await get('?page=3&pageSize=10')).json();
    expect(third.clients.map((c: { firstName: string }) => c.firstName)).toEqual([
      'Person05',
      'Person04',
      'Person03',
      'Person02',
      'Person01',
    ]);
    const all = (await get('?pageSize=all')).json();
    expect(all.clients).toHaveLength(25);
    expect(new Set(all.clients.map((c: { id: string }) => c.id)).size).toBe(25);
  });

  it('searches by full name, e-mail and company; wildcards in the term are literal', async () => {
    const byName = (await get(`?search=${encodeURIComponent('zelda quarter')}`)).json();
    expect(byName.total).toBe(1);
    expect(byName.clients[0].lastName).toBe('Quartermaine');
    const byCompany = (await get(`?search=${encodeURIComponent('100% roofing_')}`)).json();
    expect(byCompany.total).toBe(1);
    expect((await get(`?search=${encodeURIComponent('%')}`)).json().total).toBe(1);
    const none = (await get('?search=nobody-by-this-name')).json();
    expect(none).toMatchObject({ total: 0, clients: [] });
  });

  it('refuses page sizes outside 10/12/20/all', async () => {
    const response = await get('?pageSize=13');
    expect(response.statusCode).toBe(400);
  });

  it('never shows another firm’s clients, and answers 404 for a user of another firm', async () => {
    const mine = (await list('?pageSize=all')).json();
    const theirs = (await get('?pageSize=all')).json();
    const myIds = new Set(mine.clients.map((c: { id: string }) => c.id));
    expect(theirs.clients.some((c: { id: string }) => myIds.has(c.id))).toBe(false);
    expect((await list('', token, firmAttorney.id)).statusCode).toBe(404);
  });
});

describe('client page, invitation and deactivation', () => {
  it('shows the client with their activity; another firm gets 404', async () => {
    const created = (await create(newClient())).json().data;
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/api/clients/${created.id}`,
      headers: bearer(token),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ id: created.id, email: created.email });
    expect(response.json().data.activity.map((a: { action: string }) => a.action)).toContain(
      'client_created',
    );
    // Reads are audited, but they are not the client's activity.
    await ctx.app.inject({ method: 'GET', url: `/api/cases?clientId=${created.id}`, headers: bearer(token) });
    await new Promise((resolve) => setTimeout(resolve, 400)); // the read audit's batch is written
    const again = (
      await ctx.app.inject({ method: 'GET', url: `/api/clients/${created.id}`, headers: bearer(token) })
    ).json().data;
    expect(again.activity.map((a: { action: string }) => a.action)).toEqual(['client_created']);

    const stranger = await makeUser(ctx, { userType: 'attorney' });
    const strangerToken = (await login(ctx, stranger.email, stranger.password)).body.token;
    for (const [method, url] of [
      ['GET', `/api/clients/${created.id}`],
      ['POST', `/api/clients/${created.id}/invitation`],
      ['POST', `/api/clients/${created.id}/deactivate`],
    ] as const) {
      const answer = await ctx.app.inject({ method, url, headers: bearer(strangerToken) });
      expect(answer.statusCode, `${method} ${url}`).toBe(404);
    }
  });

  it('resends an invitation with a new temporary password; the old one stops working', async () => {
    const payload = newClient();
    const created = (await create(payload)).json().data;
    const first = await invitationPassword(payload.email);
    const resent = await ctx.app.inject({
      method: 'POST',
      url: `/api/clients/${created.id}/invitation`,
      headers: bearer(token),
    });
    expect(resent.statusCode).toBe(200);
    expect(resent.json().message).toBe(MESSAGES.invitationResent);
    const second = await invitationPassword(payload.email);
    expect(second).not.toBe(first);
    expect((await login(ctx, payload.email, first)).response.statusCode).toBe(401);
    expect((await login(ctx, payload.email, second)).body.requiresPasswordReset).toBe(true);
  });

  it('deactivates a client: their sessions in the firm end and the firm is no longer theirs', async () => {
    const client = await createClient(ctx.database.db, { firmId: attorney.firmId });
    const session = (await login(ctx, client.email, client.password)).body.token;
    const verify = () =>
      ctx.app.inject({ method: 'GET', url: '/api/tokens/verify', headers: bearer(session) });
    expect((await verify()).statusCode).toBe(200);

    const response = await ctx.app.inject({
      method: 'POST',
      url: `/api/clients/${client.id}/deactivate`,
      headers: bearer(token),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.deactivated).toBe(true);
    expect((await verify()).statusCode).toBe(401);
    // The account is the person's own: they can sign in, and no longer act in this firm.
    const again = await login(ctx, client.email, client.password);
    expect(again.response.statusCode).toBe(200);
    expect(again.body.user).toMatchObject({ firm: null, userType: null, firms: [] });
    const cases = await ctx.app.inject({
      method: 'GET',
      url: '/api/cases',
      headers: bearer(again.body.token),
    });
    expect(cases.statusCode).toBe(403);
    expect(cases.json().error).toBe(MESSAGES.noFirmYet);
  });
});
