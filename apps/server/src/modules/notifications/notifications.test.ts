import { eq } from 'drizzle-orm';
import { schema } from '@sentinel/db';
import { createFirm, createMembership } from '@sentinel/db/factories';
import { MESSAGES, notificationsResponse } from '@sentinel/shared';
import { describe, expect, it } from 'vitest';
import { bearer, login, makeUser, useTestContext } from '../../test/helpers';
import { notificationsRepository, type NewNotification } from './notifications.repository';

const ctx = useTestContext();

const note = (
  userId: string,
  firmId: string | null,
  overrides: Partial<NewNotification> = {},
): NewNotification => ({
  userId,
  firmId,
  kind: 'event_reminder',
  title: 'Deposition - Smith v. Acme',
  body: 'Starts in 15 minutes',
  link: '/calendar?event=1',
  late: false,
  sourceKey: null,
  ...overrides,
});

const list = async (token: string) => {
  const response = await ctx.app.inject({ method: 'GET', url: '/api/notifications', headers: bearer(token) });
  expect(response.statusCode, response.body).toBe(200);
  return notificationsResponse.parse(response.json());
};
const markRead = (token: string, id: string) =>
  ctx.app.inject({ method: 'POST', url: `/api/notifications/${id}/read`, headers: bearer(token) });
const readAll = (token: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/notifications/read-all', headers: bearer(token) });
const readAtOf = async (id: string) => {
  const [row] = await ctx.database.db
    .select({ readAt: schema.notifications.readAt })
    .from(schema.notifications)
    .where(eq(schema.notifications.id, id));
  return row?.readAt ?? null;
};

/** A signed-in person of a new firm. */
async function person() {
  const user = await makeUser(ctx);
  const { body } = await login(ctx, user.email, user.password);
  return { user, token: body.token as string };
}

describe('GET /api/notifications', () => {
  it("lists only the person's own, newest first, with the unread count", async () => {
    const { user, token } = await person();
    const other = await makeUser(ctx, { firmId: user.firmId });
    const db = ctx.database.db;
    await notificationsRepository.insert(db, note(user.id, user.firmId, { title: 'Older', late: true }));
    await notificationsRepository.insert(
      db,
      note(user.id, null, { title: 'Newer', kind: 'event_invitation' }),
    );
    await notificationsRepository.insert(db, note(other.id, user.firmId, { title: 'Not yours' }));

    const result = await list(token);
    expect(result.unread).toBe(2);
    expect(result.data.map((n) => n.title)).toEqual(['Newer', 'Older']);
    expect(result.data[0]).toMatchObject({
      kind: 'event_invitation',
      body: 'Starts in 15 minutes',
      link: '/calendar?event=1',
      readAt: null,
      late: false,
    });
    expect(result.data[1]?.late).toBe(true);
    expect(Date.parse(result.data[0]!.createdAt)).not.toBeNaN();
  });

  it('shows those of the firm the session acts in and those of no firm, not another firm', async () => {
    const { user, token } = await person();
    const otherFirm = await createFirm(ctx.database.db);
    await createMembership(ctx.database.db, { firmId: otherFirm.id, userId: user.id, userType: 'attorney' });
    const db = ctx.database.db;
    await notificationsRepository.insert(db, note(user.id, user.firmId, { title: 'This firm' }));
    await notificationsRepository.insert(db, note(user.id, otherFirm.id, { title: 'Other firm' }));
    await notificationsRepository.insert(db, note(user.id, null, { title: 'No firm' }));

    const here = await list(token);
    expect(here.data.map((n) => n.title).sort()).toEqual(['No firm', 'This firm']);
    expect(here.unread).toBe(2);

    const switched = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/switch-firm',
      headers: bearer(token),
      payload: { firmId: otherFirm.id },
    });
    expect(switched.statusCode, switched.body).toBe(200);
    const there = await list(switched.json().token);
    expect(there.data.map((n) => n.title).sort()).toEqual(['No firm', 'Other firm']);
  });

  it('shows someone with no firm yet only the notifications about no firm', async () => {
    const loner = await makeUser(ctx, { firmId: null });
    const stranger = await makeUser(ctx);
    const { body } = await login(ctx, loner.email, loner.password);
    await notificationsRepository.insert(ctx.database.db, note(loner.id, null, { title: 'Welcome' }));
    await notificationsRepository.insert(ctx.database.db, note(loner.id, stranger.firmId, { title: 'Firm' }));
    const result = await list(body.token);
    expect(result.data.map((n) => n.title)).toEqual(['Welcome']);
    expect(result.unread).toBe(1);
  });

  it('shows the 50 newest and counts every unread one', async () => {
    const { user, token } = await person();
    const base = Date.parse('2026-11-01T00:00:00Z');
    await ctx.database.db.insert(schema.notifications).values(
      Array.from({ length: 55 }, (_, i) => ({
        ...note(user.id, user.firmId, { title: `N${i}` }),
        createdAt: new Date(base + i * 60_000),
      })),
    );
    const result = await list(token);
    expect(result.data).toHaveLength(50);
    expect(result.data[0]?.title).toBe('N54');
    expect(result.data.at(-1)?.title).toBe('N5');
    expect(result.unread).toBe(55);
  });

  it('answers 401 without a session', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/notifications' })).statusCode).toBe(401);
  });
});

describe('insert', () => {
  it('writes a source key once: a retried delivery writes nothing', async () => {
    const { user, token } = await person();
    const values = note(user.id, user.firmId, { sourceKey: `reminder:${user.id}` });
    expect(await notificationsRepository.insert(ctx.database.db, values)).toBe(true);
    expect(await notificationsRepository.insert(ctx.database.db, values)).toBe(false);
    expect((await list(token)).data).toHaveLength(1);
  });
});

describe('POST /api/notifications/{id}/read and /read-all', () => {
  it('marks one read, lowering the unread count, and keeps the first read time', async () => {
    const { user, token } = await person();
    await notificationsRepository.insert(ctx.database.db, note(user.id, user.firmId, { title: 'One' }));
    await notificationsRepository.insert(ctx.database.db, note(user.id, user.firmId, { title: 'Two' }));
    const before = await list(token);
    const target = before.data.find((n) => n.title === 'One')!;

    const response = await markRead(token, target.id);
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    const after = await list(token);
    expect(after.unread).toBe(1);
    const readAt = after.data.find((n) => n.id === target.id)?.readAt;
    expect(readAt).not.toBeNull();

    expect((await markRead(token, target.id)).statusCode).toBe(204);
    expect((await list(token)).data.find((n) => n.id === target.id)?.readAt).toBe(readAt);
  });

  it("answers 404 for someone else's notification and leaves it unread", async () => {
    const owner = await person();
    const intruder = await person();
    await notificationsRepository.insert(ctx.database.db, note(owner.user.id, owner.user.firmId));
    const [theirs] = (await list(owner.token)).data;

    const response = await markRead(intruder.token, theirs!.id);
    expect(response.statusCode).toBe(404);
    expect(response.json().error).toBe(MESSAGES.notFound);
    expect(await readAtOf(theirs!.id)).toBeNull();
    expect((await list(owner.token)).unread).toBe(1);
  });

  it('answers 404 for an unknown id and 400 for one that is not an id', async () => {
    const { token } = await person();
    expect((await markRead(token, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await markRead(token, 'not-an-id')).statusCode).toBe(400);
  });

  it('marks all read in this firm, not those of another firm or of other people', async () => {
    const { user, token } = await person();
    const colleague = await makeUser(ctx, { firmId: user.firmId });
    const otherFirm = await createFirm(ctx.database.db);
    const db = ctx.database.db;
    await notificationsRepository.insert(db, note(user.id, user.firmId));
    await notificationsRepository.insert(db, note(user.id, null));
    await notificationsRepository.insert(db, note(user.id, otherFirm.id, { sourceKey: `a:${user.id}` }));
    await notificationsRepository.insert(db, note(colleague.id, user.firmId, { sourceKey: `b:${user.id}` }));

    const response = await readAll(token);
    expect(response.statusCode).toBe(204);
    const after = await list(token);
    expect(after.unread).toBe(0);
    expect(after.data.every((n) => n.readAt !== null)).toBe(true);

    const untouched = await db
      .select({ readAt: schema.notifications.readAt })
      .from(schema.notifications)
      .where(eq(schema.notifications.sourceKey, `a:${user.id}`));
    expect(untouched[0]?.readAt).toBeNull();
    const colleagues = await db
      .select({ readAt: schema.notifications.readAt })
      .from(schema.notifications)
      .where(eq(schema.notifications.sourceKey, `b:${user.id}`));
    expect(colleagues[0]?.readAt).toBeNull();
  });
});
