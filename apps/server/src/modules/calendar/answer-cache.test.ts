import { gunzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { schema } from '@sentinel/db';
import { createCase, createClient } from '@sentinel/db/factories';
import type { CalendarEvent } from '@sentinel/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestContext, login, makeUser, type TestContext } from '../../test/helpers';
import { calendarRepository } from './calendar.repository';

/**
 * The calendar's kept answers (answer-cache.ts) and the firm generations that end them
 * (migration 0013): an answer is served again only while nothing it is made of has changed.
 */
let ctx: TestContext;
type Person = { id: string; firmId: string; token: string };
let attorney: Person;
let expert: Person;
let foreign: Person;
let caseId: string;
let eventId: string;

const RANGE = 'start=2027-04-01&end=2027-05-01';

async function person(userType: 'attorney' | 'expert-witness', firmId?: string): Promise<Person> {
  const user = await makeUser(ctx, { userType, firmId });
  return { ...user, token: (await login(ctx, user.email, user.password)).body.token };
}

const get = (token: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({
    method: 'GET',
    url: `/api/calendar/events/sentinel?${RANGE}`,
    headers: { ...bearer(token), ...headers },
  });

const titles = async (token: string) => {
  const response = await get(token);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { data: CalendarEvent[] }).data.map((event) => event.title);
};

const db = () => ctx.database.db;
const generation = (firmId: string) => calendarRepository.generation(db(), firmId);

/** How far `change` moves the firm's generation and the foreign firm's. */
async function moves(change: () => Promise<unknown>) {
  const [before, foreignBefore] = [await generation(attorney.firmId), await generation(foreign.firmId)];
  await change();
  return {
    firm: (await generation(attorney.firmId)) - before,
    foreign: (await generation(foreign.firmId)) - foreignBefore,
  };
}

beforeAll(async () => {
  ctx = await createTestContext();
  attorney = await person('attorney');
  expert = await person('expert-witness', attorney.firmId);
  foreign = await person('attorney');
  const client = await createClient(db(), {
    firmId: attorney.firmId,
    firstName: 'Ines',
    lastName: 'Okafor',
    email: 'ines.okafor@example.com',
  });
  caseId = (
    await createCase(db(), {
      firmId: attorney.firmId,
      clientId: client.id,
      title: 'Okafor Hail Loss',
      leadAttorneyId: attorney.id,
    })
  ).id;
  const created = await ctx.app.inject({
    method: 'POST',
    url: '/api/calendar/events/sentinel',
    headers: bearer(attorney.token),
    payload: {
      title: 'Roof inspection',
      start: '2027-04-12T10:00',
      end: '2027-04-12T11:00',
      timeZone: 'America/New_York',
      eventType: 'inspection',
      relatedCase: caseId,
      attendees: ['adjuster@carrier.example'],
      reminders: ['15 minutes before'],
    },
  });
  expect(created.statusCode, created.body).toBe(201);
  eventId = created.json().data.id;
});
afterAll(async () => {
  await ctx.close();
});

describe('kept calendar answers', () => {
  it('serve a range again until a change commits, whichever code makes it', async () => {
    expect(await titles(attorney.token)).toEqual(['Roof inspection']);
    // Retitled with the triggers off (as no code of ours can; the owner's connection): the kept
    // answer is still served.
    await ctx.owner.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx
        .update(schema.calendarEvents)
        .set({ title: 'Unseen title' })
        .where(sql`id = ${eventId}`);
    });
    expect(await titles(attorney.token)).toEqual(['Roof inspection']);
    // Retitled as another server or a job would: the next answer is read afresh.
    await db()
      .update(schema.calendarEvents)
      .set({ title: 'Roof and gutter inspection' })
      .where(sql`id = ${eventId}`);
    expect(await titles(attorney.token)).toEqual(['Roof and gutter inspection']);
  });

  it('follow who may see a case: joining its team shows its events, leaving hides them', async () => {
    expect(await titles(expert.token)).toEqual([]);
    await db()
      .insert(schema.caseMembers)
      .values({ caseId, userId: expert.id, firmId: attorney.firmId, role: 'expert' });
    expect(await titles(expert.token)).toEqual(['Roof and gutter inspection']);
    await db()
      .delete(schema.caseMembers)
      .where(sql`case_id = ${caseId} and user_id = ${expert.id}`);
    expect(await titles(expert.token)).toEqual([]);
  });

  it('are moved on by each change a calendar shows, once per transaction, and only in its firm', async () => {
    const event = sql`id = ${eventId}`;
    const ofEvent = sql`event_id = ${eventId}`;
    const cases = schema.cases;
    expect(
      await moves(() => db().update(schema.calendarEvents).set({ location: 'On site' }).where(event)),
    ).toEqual({ firm: 1, foreign: 0 });
    expect(
      await moves(() =>
        db()
          .insert(schema.calendarEventAttendees)
          .values({ eventId, email: 'expert@eng.example', position: 1 }),
      ),
    ).toEqual({ firm: 1, foreign: 0 });
    expect(
      await moves(() =>
        db().update(schema.calendarEventAttendees).set({ response: 'accepted' }).where(ofEvent),
      ),
    ).toEqual({ firm: 1, foreign: 0 });
    expect(
      await moves(() => db().update(schema.calendarReminders).set({ minutesBefore: 30 }).where(ofEvent)),
    ).toEqual({ firm: 1, foreign: 0 });
    // A reminder's delivery and a case's activity are not on the calendar.
    expect(
      await moves(() =>
        db().update(schema.calendarReminders).set({ deliveredAt: new Date() }).where(ofEvent),
      ),
    ).toEqual({ firm: 0, foreign: 0 });
    expect(
      await moves(() =>
        db()
          .update(cases)
          .set({ lastActivityAt: new Date() })
          .where(sql`id = ${caseId}`),
      ),
    ).toEqual({ firm: 0, foreign: 0 });
    expect(
      await moves(() =>
        db()
          .update(cases)
          .set({ title: 'Okafor Hail and Wind Loss' })
          .where(sql`id = ${caseId}`),
      ),
    ).toEqual({ firm: 1, foreign: 0 });
    expect(
      await moves(() =>
        db()
          .update(cases)
          .set({ dueDate: '2027-04-20' })
          .where(sql`id = ${caseId}`),
      ),
    ).toEqual({ firm: 1, foreign: 0 });
    // Many changes in one transaction: one step.
    expect(
      await moves(() =>
        db().transaction(async (tx) => {
          await tx.update(schema.calendarEvents).set({ description: 'Ladder needed' }).where(event);
          await tx.delete(schema.calendarEventAttendees).where(ofEvent);
          await tx
            .update(cases)
            .set({ status: 'discovery' })
            .where(sql`id = ${caseId}`);
        }),
      ),
    ).toEqual({ firm: 1, foreign: 0 });
    // A transaction rolled back changes nothing.
    expect(
      await moves(() =>
        db()
          .transaction(async (tx) => {
            await tx.update(schema.calendarEvents).set({ title: 'Never' }).where(event);
            throw new Error('rolled back');
          })
          .catch(() => undefined),
      ),
    ).toEqual({ firm: 0, foreign: 0 });
    // The case's new title and due date are in the next answer.
    const answer = (await get(attorney.token)).json() as { data: CalendarEvent[] };
    expect(answer.data.map((item) => [item.title, item.case?.title])).toEqual([
      ['Roof and gutter inspection', 'Okafor Hail and Wind Loss'],
      [expect.stringMatching(/^Due: /), 'Okafor Hail and Wind Loss'],
    ]);
  });

  it('go out gzip-compressed to a browser that takes it, the same JSON either way', async () => {
    // Enough events for the answer to be worth compressing.
    await db()
      .insert(schema.calendarEvents)
      .values(
        Array.from({ length: 20 }, (_, i) => ({
          firmId: attorney.firmId,
          ownerId: attorney.id,
          title: `Claim call ${i}`,
          eventType: 'meeting',
          allDay: false,
          startsAt: new Date(`2027-04-${String(13 + (i % 10)).padStart(2, '0')}T14:00:00Z`),
          endsAt: new Date(`2027-04-${String(13 + (i % 10)).padStart(2, '0')}T15:00:00Z`),
          timeZone: 'America/New_York',
        })),
      );
    const plain = await get(attorney.token);
    const compressed = await get(attorney.token, { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(compressed.headers['content-encoding']).toBe('gzip');
    expect(compressed.headers.vary).toBe('accept-encoding');
    expect(compressed.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(compressed.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(gunzipSync(compressed.rawPayload).toString()).toBe(plain.body);
    expect((plain.json() as { data: unknown[] }).data).toHaveLength(22);
    // gzip refused (q=0): as it is.
    const refused = await get(attorney.token, { 'accept-encoding': 'gzip;q=0, identity' });
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.body).toBe(plain.body);
  });
});
