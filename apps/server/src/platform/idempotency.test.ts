import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { schema } from '@sentinel/db';
import { MESSAGES } from '@sentinel/shared';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { bearer, login, makeUser, outbox, useTestContext } from '../test/helpers';
import { IDEMPOTENCY_KEY_HEADER, REPLAYED_HEADER } from './idempotency';
import { idempotencyRepository } from './idempotency-keys';

/**
 * Reliability row 42 (IETF idempotency-key draft): the same key sent twice, one after the other or
 * at once, and the same key with another body; a first run that failed before or after its commit;
 * a first run whose server died. Told by what exists afterwards: client rows and invitation mails.
 */
const ctx = useTestContext();
let attorney: Awaited<ReturnType<typeof makeUser>>;
let token: string;
let colleagueToken: string;

beforeAll(async () => {
  attorney = await makeUser(ctx, { userType: 'attorney' });
  token = (await login(ctx, attorney.email, attorney.password)).body.token;
  const colleague = await makeUser(ctx, { userType: 'attorney', firmId: attorney.firmId });
  colleagueToken = (await login(ctx, colleague.email, colleague.password)).body.token;
});
afterEach(() => vi.restoreAllMocks());

const newClient = (email = `client.${randomUUID()}@example.com`) => ({
  firstName: 'Maria',
  lastName: 'Hernandez',
  email,
  phone: '+1 (305) 555-0142',
  companyName: '',
  user_type: 'client',
});

const create = (payload: object, key?: string, auth = token) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/client/new',
    headers: { ...bearer(auth), ...(key !== undefined && { [IDEMPOTENCY_KEY_HEADER]: key }) },
    payload,
  });

const clientsNamed = async (email: string) =>
  (await ctx.database.db.select().from(schema.users).where(eq(schema.users.email, email))).length;
const invitationsTo = async (email: string) =>
  (await outbox(ctx)).filter((mail) => mail.to.includes(email) && mail.subject.includes('invited you'))
    .length;
const keyRow = async (key: string) =>
  (await ctx.database.db.select().from(schema.idempotencyKeys).where(eq(schema.idempotencyKeys.key, key)))[0];

describe('Idempotency-Key on a write', () => {
  it('runs once: a retry with the same key gets the first answer again, marked as replayed', async () => {
    const body = newClient();
    const key = `"${randomUUID()}"`;
    const first = await create(body, key);
    const again = await create(body, key);
    expect(first.statusCode).toBe(201);
    expect(first.headers[REPLAYED_HEADER]).toBeUndefined();
    expect(again.statusCode).toBe(201);
    expect(again.headers[REPLAYED_HEADER]).toBe('true');
    expect(again.headers['content-type']).toBe(first.headers['content-type']);
    expect(again.body).toBe(first.body);
    expect(await clientsNamed(body.email)).toBe(1);
    expect(await invitationsTo(body.email)).toBe(1);
    // Committed with the write, answered, and the kept answer is sealed (not the client's e-mail).
    const row = await keyRow(key.slice(1, -1));
    expect(row?.committedAt).not.toBeNull();
    expect(row?.completedAt).not.toBeNull();
    expect(row?.response).not.toContain(body.email);
  });

  it('answers a retry that comes while the first still runs with 409 and Retry-After; at once, exactly one runs', async () => {
    const body = newClient();
    const key = randomUUID();
    const answers = await Promise.all(Array.from({ length: 6 }, () => create(body, key)));
    const statuses = answers.map((answer) => answer.statusCode);
    const created = answers.filter((answer) => answer.statusCode === 201);
    // Exactly one ran; the others were refused while it ran or replayed its answer after.
    expect(created.filter((answer) => !answer.headers[REPLAYED_HEADER])).toHaveLength(1);
    for (const answer of answers.filter((a) => a.statusCode !== 201)) {
      expect(answer.statusCode).toBe(409);
      expect(answer.json().code).toBe('IDEMPOTENCY_KEY_IN_USE');
      expect(answer.json().error).toBe(MESSAGES.idempotencyKeyInUse);
      expect(answer.headers['retry-after']).toBe('1');
    }
    expect(new Set(created.map((answer) => answer.body)).size).toBe(1);
    expect(statuses.length).toBe(6);
    expect(await clientsNamed(body.email)).toBe(1);
    expect(await invitationsTo(body.email)).toBe(1);

    // A first run still under its lease: the retry waits for it (409), nothing is created.
    const running = randomUUID();
    const pending = newClient();
    // The fingerprint of `pending` as the route computes it, read from a run under another key.
    const probe = randomUUID();
    await create(pending, probe);
    const { fingerprint } = (await keyRow(probe))!;
    await ctx.database.db.insert(schema.idempotencyKeys).values({
      userId: attorney.id,
      key: running,
      fingerprint,
      lockedUntil: sql`now() + interval '30 seconds'`,
    });
    const waiting = await create(pending, running);
    expect(waiting.statusCode).toBe(409);
    expect(waiting.json().code).toBe('IDEMPOTENCY_KEY_IN_USE');
    expect(await clientsNamed(pending.email)).toBe(1);
  });

  it('refuses the same key with another body (422) and creates nothing', async () => {
    const key = randomUUID();
    const first = newClient();
    expect((await create(first, key)).statusCode).toBe(201);
    const other = newClient();
    const refused = await create(other, key);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({
      code: 'IDEMPOTENCY_KEY_REUSED',
      error: MESSAGES.idempotencyKeyReused,
    });
    expect(await clientsNamed(other.email)).toBe(0);
  });

  it('keeps keys per person: a colleague sending the same key runs their own write', async () => {
    const key = randomUUID();
    const mine = newClient();
    const theirs = newClient();
    expect((await create(mine, key)).statusCode).toBe(201);
    const answer = await create(theirs, key, colleagueToken);
    expect(answer.statusCode).toBe(201);
    expect(answer.headers[REPLAYED_HEADER]).toBeUndefined();
    expect(await clientsNamed(theirs.email)).toBe(1);
  });

  it('refuses a key that is not 1-255 visible characters (400) and creates nothing', async () => {
    for (const key of ['', 'x'.repeat(256), 'two words', '"unterminated']) {
      const body = newClient();
      const refused = await create(body, key);
      expect(refused.statusCode, JSON.stringify(key)).toBe(400);
      expect(refused.json().error).toBe(MESSAGES.idempotencyKeyInvalid);
      expect(await clientsNamed(body.email)).toBe(0);
    }
  });

  it('lets the key go when the first run failed before committing: the retry runs the write', async () => {
    const body = newClient();
    const key = randomUUID();
    vi.spyOn(ctx.app.services.clients, 'create').mockRejectedValueOnce(new Error('the server fell over'));
    const failed = await create(body, key);
    expect(failed.statusCode).toBe(500);
    // Let go just after the answer (the answer does not wait for it).
    await vi.waitFor(async () => expect(await keyRow(key)).toBeUndefined());
    const retried = await create(body, key);
    expect(retried.statusCode).toBe(201);
    expect(retried.headers[REPLAYED_HEADER]).toBeUndefined();
    expect(await clientsNamed(body.email)).toBe(1);
  });

  it('knows a write committed even when its answer was lost: the retry gets 409, not a second copy', async () => {
    const body = newClient();
    const key = randomUUID();
    const service = ctx.app.services.clients;
    const real = service.create.bind(service);
    vi.spyOn(service, 'create').mockImplementationOnce(async (...args) => {
      await real(...args);
      // Committed; then the connection went before the answer (a 503 as PostgreSQL restarted).
      throw Object.assign(new Error('Connection terminated unexpectedly'), { code: '57P01' });
    });
    const failed = await create(body, key);
    expect(failed.statusCode).toBe(503);
    await vi.waitFor(async () => expect((await keyRow(key))?.completedAt).not.toBeNull());
    const retried = await create(body, key);
    expect(retried.statusCode).toBe(409);
    expect(retried.json()).toMatchObject({ code: 'CONFLICT', error: MESSAGES.idempotencyAnswerLost });
    expect(await clientsNamed(body.email)).toBe(1);
    expect(await invitationsTo(body.email)).toBe(1);
  });

  it('takes over the key of a run whose server died before committing, once its lease ran out', async () => {
    const title = `Inspection ${randomUUID()}`;
    const event = { title, start: '2027-03-02T10:00', end: '2027-03-02T11:00', timeZone: 'America/New_York' };
    const addEvent = (key: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/calendar/events/sentinel',
        headers: { ...bearer(token), [IDEMPOTENCY_KEY_HEADER]: key },
        payload: event,
      });
    const events = async () =>
      (
        await ctx.database.db
          .select()
          .from(schema.calendarEvents)
          .where(eq(schema.calendarEvents.title, title))
      ).length;
    // The request's fingerprint (it does not depend on the key), from a run under a first key.
    const probe = randomUUID();
    expect((await addEvent(probe)).statusCode).toBe(201);
    const { fingerprint } = (await keyRow(probe))!;
    const crashed = randomUUID();
    const committed = randomUUID();
    const leaseOver = sql`now() - interval '1 second'`;
    await ctx.database.db.insert(schema.idempotencyKeys).values([
      { userId: attorney.id, key: crashed, fingerprint, lockedUntil: leaseOver },
      { userId: attorney.id, key: committed, fingerprint, lockedUntil: leaseOver, committedAt: leaseOver },
    ]);
    // Committed before its server died: never run again.
    const afterCommit = await addEvent(committed);
    expect(afterCommit.statusCode).toBe(409);
    expect(afterCommit.json().error).toBe(MESSAGES.idempotencyAnswerLost);
    expect(await events()).toBe(1);
    // Never committed: the retry runs it, once.
    const afterCrash = await addEvent(crashed);
    expect(afterCrash.statusCode).toBe(201);
    expect(afterCrash.headers[REPLAYED_HEADER]).toBeUndefined();
    expect(await events()).toBe(2);
    // Replayed with the headers that matter to the caller: the body's and the event's version.
    const replayed = await addEvent(crashed);
    expect(replayed.headers[REPLAYED_HEADER]).toBe('true');
    expect(replayed.headers.etag).toBe(afterCrash.headers.etag);
    expect(replayed.body).toBe(afterCrash.body);
    expect(await events()).toBe(2);
  });

  it('leaves requests without a key, and reads, as they were', async () => {
    const body = newClient();
    expect((await create(body)).statusCode).toBe(201);
    expect((await create(body)).statusCode).toBe(409);
    const key = randomUUID();
    const read = await ctx.app.inject({
      method: 'GET',
      url: `/api/client/${attorney.id}/clients`,
      headers: { ...bearer(token), [IDEMPOTENCY_KEY_HEADER]: key },
    });
    expect(read.statusCode).toBe(200);
    expect(await keyRow(key)).toBeUndefined();
  });

  it('forgets keys and their answers after 24 hours', async () => {
    const key = randomUUID();
    const aged = () =>
      ctx.database.db
        .update(schema.idempotencyKeys)
        .set({ createdAt: sql`now() - interval '25 hours'` })
        .where(and(eq(schema.idempotencyKeys.key, key), eq(schema.idempotencyKeys.userId, attorney.id)));
    expect((await create(newClient(), key)).statusCode).toBe(201);
    // Past its 24 hours, before the clean-up ran: the key is new again, for any request.
    await aged();
    const later = newClient();
    const reused = await create(later, key);
    expect(reused.statusCode).toBe(201);
    expect(reused.headers[REPLAYED_HEADER]).toBeUndefined();
    expect(await clientsNamed(later.email)).toBe(1);
    // The hourly clean-up forgets it and the answer it kept.
    await aged();
    expect(await idempotencyRepository.forgetExpired(ctx.database.db)).toBeGreaterThanOrEqual(1);
    expect(await keyRow(key)).toBeUndefined();
  });
});
