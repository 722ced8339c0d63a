import { and, eq, sql } from 'drizzle-orm';
import { schema } from '@sentinel/db';
import { type CalendarEvent, CALENDAR_MESSAGES } from '@sentinel/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestContext, login, makeUser, type TestContext } from '../../test/helpers';
import { connectSandboxAccount, startTestSandbox } from '../../test/provider-sandbox';

/**
 * Reference row 46: two people changing the same event at once. With If-Match exactly one change
 * is made and the other answers 409 with the current event; without it, the documented merge.
 */
let ctx: TestContext;
let sandbox: Awaited<ReturnType<typeof startTestSandbox>>;
let token: string;
let userId: string;

const GOOGLE = 'dana.ruiz@ruizlaw.example';
const MICROSOFT = 'druiz@ruizlaw.onmicrosoft.example';

const EVENT_PATH = '/api/calendar/events/sentinel';

const send = (
  method: 'POST' | 'PATCH' | 'DELETE',
  url: string,
  payload?: object,
  headers: Record<string, string> = {},
) =>
  ctx.app.inject({ method, url, headers: { ...bearer(token), ...headers }, ...(payload ? { payload } : {}) });

async function newEvent(title = 'Hearing on the motion to compel') {
  const response = await send('POST', EVENT_PATH, {
    title,
    location: 'Courtroom 4B',
    start: '2027-06-01T10:00',
    end: '2027-06-01T11:00',
    timeZone: 'America/New_York',
  });
  expect(response.statusCode, response.body).toBe(201);
  const event = response.json().data as CalendarEvent;
  expect(response.headers.etag).toBe(event.etag);
  return event;
}

const stored = async (id: string) => {
  const [row] = await ctx.database.db
    .select()
    .from(schema.calendarEvents)
    .where(eq(schema.calendarEvents.id, id));
  return row;
};

const audits = async (id: string, action: string) => {
  const rows = await ctx.database.db
    .select({ id: schema.auditLog.id })
    .from(schema.auditLog)
    .where(and(eq(schema.auditLog.action, action), sql`${schema.auditLog.details}->>'eventId' = ${id}`));
  return rows.length;
};

beforeAll(async () => {
  const event = (title: string) => ({ title, start: '2027-12-06T15:00:00Z', end: '2027-12-06T16:00:00Z' });
  sandbox = await startTestSandbox({
    google: [{ email: GOOGLE, name: 'Dana Ruiz', events: [event('Deposition'), event('Site visit')] }],
    microsoft: [{ email: MICROSOFT, name: 'Dana Ruiz', events: [event('Mediation'), event('Status call')] }],
  });
  ctx = await createTestContext({ PROVIDER_SANDBOX_URL: sandbox.url });
  const user = await makeUser(ctx, { userType: 'attorney' });
  userId = user.id;
  token = (await login(ctx, user.email, user.password)).body.token;
  await connectSandboxAccount(ctx, sandbox, userId, 'google', GOOGLE);
  await connectSandboxAccount(ctx, sandbox, userId, 'microsoft', MICROSOFT);
});
afterAll(async () => {
  await ctx.close();
  await sandbox.close();
});

describe('concurrent edits of a Sentinel event (reference row 46)', () => {
  it('answers the version as an entity tag: in the event, and as ETag on POST and PATCH', async () => {
    const event = await newEvent();
    expect(event.etag).toBe('"0"');
    const moved = await send(
      'PATCH',
      `${EVENT_PATH}/${event.id}`,
      { title: 'Hearing (moved)' },
      { 'if-match': event.etag! },
    );
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().data.etag).toBe('"1"');
    expect(moved.headers.etag).toBe('"1"');
    expect((await stored(event.id))?.sequence).toBe(1);
  });

  it('of two PATCHes sent at once with the same If-Match, exactly one is made; the other is 409 with the current event', async () => {
    // Several rounds: on PostgreSQL the two transactions really overlap (one waits on the lock).
    for (let round = 0; round < 4; round++) {
      const event = await newEvent();
      const [first, second] = await Promise.all([
        send(
          'PATCH',
          `${EVENT_PATH}/${event.id}`,
          { title: 'Alex: hearing moved', location: 'Courtroom 1A' },
          { 'if-match': event.etag! },
        ),
        send(
          'PATCH',
          `${EVENT_PATH}/${event.id}`,
          { title: 'Sam: hearing cancelled', location: 'Chambers' },
          { 'if-match': event.etag! },
        ),
      ]);
      const statuses = [first.statusCode, second.statusCode].sort();
      expect(statuses, `${first.body} ${second.body}`).toEqual([200, 409]);
      const winner = (first.statusCode === 200 ? first : second).json().data as CalendarEvent;
      const loser = (first.statusCode === 409 ? first : second).json();
      expect(loser).toMatchObject({
        code: 'CONFLICT',
        error: CALENDAR_MESSAGES.eventChangedElsewhere,
        details: { current: { id: event.id, title: winner.title, location: winner.location, etag: '"1"' } },
      });
      // The row holds the winner's fields only, written once, audited once.
      const row = await stored(event.id);
      expect({ title: row?.title, location: row?.location, sequence: row?.sequence }).toEqual({
        title: winner.title,
        location: winner.location,
        sequence: 1,
      });
      expect(await audits(event.id, 'calendar_event_updated')).toBe(1);
    }
  });

  it('a PATCH with a stale, weak or other version changes nothing; * and the current one are accepted; a malformed one is 400', async () => {
    const event = await newEvent();
    const first = await send('PATCH', `${EVENT_PATH}/${event.id}`, { title: 'First' }, { 'if-match': '"0"' });
    expect(first.statusCode, first.body).toBe(200);
    const before = await stored(event.id);
    for (const stale of ['"0"', 'W/"1"', '"2", "7"']) {
      const response = await send(
        'PATCH',
        `${EVENT_PATH}/${event.id}`,
        { title: 'Stale', start: '2027-06-02T10:00', end: '2027-06-02T11:00' },
        { 'if-match': stale },
      );
      expect(response.statusCode, stale).toBe(409);
      expect(response.json().details.current).toMatchObject({ title: 'First', etag: '"1"' });
    }
    const malformed = await send('PATCH', `${EVENT_PATH}/${event.id}`, { title: 'Bad' }, { 'if-match': '1' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error).toBe(CALENDAR_MESSAGES.eventIfMatchInvalid);
    expect(await stored(event.id)).toEqual(before);
    expect(await audits(event.id, 'calendar_event_updated')).toBe(1);

    const listed = await send(
      'PATCH',
      `${EVENT_PATH}/${event.id}`,
      { title: 'Listed' },
      { 'if-match': '"5", "1"' },
    );
    expect(listed.statusCode, listed.body).toBe(200);
    const any = await send('PATCH', `${EVENT_PATH}/${event.id}`, { title: 'Any' }, { 'if-match': '*' });
    expect(any.statusCode, any.body).toBe(200);
    expect(await stored(event.id)).toMatchObject({ title: 'Any', sequence: 3 });
  });

  it('a DELETE racing a PATCH with the same version: one wins, the other is told (409 or 404)', async () => {
    for (let round = 0; round < 4; round++) {
      const event = await newEvent();
      const [patched, deleted] = await Promise.all([
        send('PATCH', `${EVENT_PATH}/${event.id}`, { title: 'Renamed' }, { 'if-match': event.etag! }),
        send('DELETE', `${EVENT_PATH}/${event.id}`, undefined, { 'if-match': event.etag! }),
      ]);
      const row = await stored(event.id);
      if (patched.statusCode === 200) {
        expect(deleted.statusCode, deleted.body).toBe(409);
        expect(deleted.json().error).toBe(CALENDAR_MESSAGES.eventChangedBeforeDelete);
        expect(row).toMatchObject({ title: 'Renamed', sequence: 1 });
        expect(await audits(event.id, 'calendar_event_deleted')).toBe(0);
      } else {
        expect(deleted.statusCode, deleted.body).toBe(200);
        expect(patched.statusCode, patched.body).toBe(404);
        expect(row).toBeUndefined();
        expect(await audits(event.id, 'calendar_event_updated')).toBe(0);
      }
    }
  });

  it('a DELETE with a stale version deletes nothing; with the current one it deletes', async () => {
    const event = await newEvent();
    await send('PATCH', `${EVENT_PATH}/${event.id}`, { location: 'Courtroom 9' });
    const stale = await send('DELETE', `${EVENT_PATH}/${event.id}`, undefined, { 'if-match': event.etag! });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().details.current).toMatchObject({ location: 'Courtroom 9', etag: '"1"' });
    expect(await stored(event.id)).toBeDefined();
    const current = await send('DELETE', `${EVENT_PATH}/${event.id}`, undefined, { 'if-match': '"1"' });
    expect(current.statusCode, current.body).toBe(200);
    expect(await stored(event.id)).toBeUndefined();
  });

  it('without If-Match the documented merge holds: each PATCH writes its own fields under the row lock, the last writer wins a field', async () => {
    const event = await newEvent();
    const [titled, placed] = await Promise.all([
      send('PATCH', `${EVENT_PATH}/${event.id}`, { title: 'Retitled' }),
      send('PATCH', `${EVENT_PATH}/${event.id}`, { location: 'Room 12' }),
    ]);
    expect([titled.statusCode, placed.statusCode]).toEqual([200, 200]);
    expect(await stored(event.id)).toMatchObject({ title: 'Retitled', location: 'Room 12', sequence: 2 });

    const [a, b] = await Promise.all([
      send('PATCH', `${EVENT_PATH}/${event.id}`, { title: 'From A' }),
      send('PATCH', `${EVENT_PATH}/${event.id}`, { title: 'From B' }),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const row = await stored(event.id);
    // The later of the two under the lock: the one whose answer carries the higher version.
    const later = [a, b]
      .map((r) => r.json().data as CalendarEvent)
      .sort((x, y) => (x.etag! < y.etag! ? 1 : -1))[0];
    expect(row).toMatchObject({ title: later?.title, sequence: 4 });
    expect(await audits(event.id, 'calendar_event_updated')).toBe(4);
  });

  it('overlapping events are allowed (an attorney may be offered two hearings at once)', async () => {
    const one = await newEvent('Hearing A');
    const two = await newEvent('Hearing B');
    expect((await stored(one.id))?.startsAt).toEqual((await stored(two.id))?.startsAt);
    expect((await stored(two.id))?.ownerId).toBe(userId);
  });
});

describe('concurrent changes of Google and Outlook events', () => {
  const listed = async (provider: 'google' | 'microsoft') => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/api/calendar/events/${provider}?start=2027-12-06&end=2027-12-07`,
      headers: bearer(token),
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data as CalendarEvent[];
  };
  const move = { start: '2027-12-06T18:00:00Z', end: '2027-12-06T19:00:00Z', allDay: false };

  for (const provider of ['google', 'microsoft'] as const)
    it(`${provider}: the provider's etag goes on as If-Match; changed there since, 409 and nothing changes`, async () => {
      const [first, second] = await listed(provider);
      expect(first?.etag).toMatch(provider === 'google' ? /^"\d+"$/ : /^W\/"[^"]+"$/);
      const path = `/api/calendar/events/${provider}`;

      // Two browsers move the same event from the same version: the first is made, the second refused.
      const moved = await send('PATCH', `${path}/${first!.id}`, move, { 'if-match': first!.etag! });
      expect(moved.statusCode, moved.body).toBe(200);
      const now = moved.json().data as CalendarEvent;
      expect(now.etag).toBeTruthy();
      expect(now.etag).not.toBe(first!.etag);
      const stale = await send(
        'PATCH',
        `${path}/${first!.id}`,
        { ...move, start: '2027-12-06T20:00:00Z', end: '2027-12-06T21:00:00Z' },
        { 'if-match': first!.etag! },
      );
      expect(stale.statusCode, stale.body).toBe(409);
      expect(stale.json()).toMatchObject({
        code: 'CONFLICT',
        error: CALENDAR_MESSAGES.eventChangedElsewhere,
      });
      const staleDelete = await send('DELETE', `${path}/${first!.id}`, undefined, {
        'if-match': first!.etag!,
      });
      expect(staleDelete.statusCode, staleDelete.body).toBe(409);
      expect(staleDelete.json().error).toBe(CALENDAR_MESSAGES.eventChangedBeforeDelete);
      const after = (await listed(provider)).find((event) => event.id === first!.id);
      expect(after).toMatchObject({ start: now.start, etag: now.etag });

      // The current version, or none (the spec's own calls): made.
      const current = await send('DELETE', `${path}/${first!.id}`, undefined, { 'if-match': now.etag! });
      expect(current.statusCode, current.body).toBe(200);
      const plain = await send('PATCH', `${path}/${second!.id}`, move);
      expect(plain.statusCode, plain.body).toBe(200);
      expect((await listed(provider)).map((event) => event.id)).toEqual([second!.id]);
    });
});
