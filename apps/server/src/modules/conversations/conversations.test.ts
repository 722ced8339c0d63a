import { and, eq, sql } from 'drizzle-orm';
import { schema } from '@sentinel/db';
import { createCase, createClient } from '@sentinel/db/factories';
import {
  conversationDetailResponse,
  conversationsResponse,
  messagesResponse,
  MESSAGES,
  type UserType,
} from '@sentinel/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, login, makeUser, useTestContext } from '../../test/helpers';
import { rowsOf } from '../../platform/throttle';
import { AWAY_REPLY_JOB } from './conversations.service';

const ctx = useTestContext();

type Person = { id: string; token: string; name: string };
let firmId: string;
let attorney: Person; // the case's lead attorney
let colleague: Person; // another attorney of the firm, not on the case
let client: Person; // the case's client
let otherClient: Person; // a client of the firm with another case
let contractor: Person; // on the case's team
let adjuster: Person; // in the firm, not on the case
let foreign: Person; // an attorney of another firm
let caseId: string;
let caseThread: string;
let teamThread: string;
let otherCaseThread: string;

async function signIn(user: {
  id: string;
  email: string;
  password: string;
  firstName: string;
  lastName: string;
}) {
  const token = (await login(ctx, user.email, user.password)).body.token as string;
  return { id: user.id, token, name: `${user.firstName} ${user.lastName}` };
}

async function person(userType: UserType, firstName: string, inFirm = firmId): Promise<Person> {
  return signIn(await makeUser(ctx, { userType, firmId: inFirm, firstName }));
}

const api = (token: string, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

const send = async (who: Person, conversation: string, body: string, documentIds?: string[]) => {
  const response = await api(who.token, 'POST', `/api/conversations/${conversation}/messages`, {
    body,
    ...(documentIds ? { documentIds } : {}),
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().message as { id: string; seq: number; body: string };
};

const list = async (who: Person, query = '') => {
  const response = await api(who.token, 'GET', `/api/conversations${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return conversationsResponse.parse(response.json());
};

const thread = async (who: Person, conversation: string, query = '') => {
  const response = await api(who.token, 'GET', `/api/conversations/${conversation}/messages${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return messagesResponse.parse(response.json());
};

const auditActions = async (action: string) =>
  ctx.database.db.select().from(schema.auditLog).where(eq(schema.auditLog.action, action));

const messageCount = async () =>
  Number(
    rowsOf<{ n: number }>(await ctx.database.db.execute(sql`select count(*)::int as n from messages`))[0]!.n,
  );

beforeAll(async () => {
  const lead = await makeUser(ctx, { userType: 'attorney', firstName: 'Ann' });
  firmId = lead.firmId;
  attorney = await signIn(lead);
  colleague = await person('attorney', 'Carl');
  const clientUser = await createClient(ctx.database.db, { firmId, firstName: 'Maria' });
  client = await signIn(clientUser);
  const otherClientUser = await createClient(ctx.database.db, { firmId, firstName: 'Theo' });
  otherClient = await signIn(otherClientUser);
  contractor = await person('restoration-contractor', 'Rita');
  adjuster = await person('public-adjuster', 'Paul');
  foreign = await signIn(await makeUser(ctx, { userType: 'attorney', firstName: 'Fay' }));
  const kase = await createCase(ctx.database.db, {
    firmId,
    clientId: client.id,
    leadAttorneyId: attorney.id,
    title: 'Hernandez Kitchen Fire',
  });
  caseId = kase.id;
  await ctx.database.db
    .insert(schema.caseMembers)
    .values({ caseId, userId: contractor.id, firmId, role: 'contractor' });
  const other = await createCase(ctx.database.db, { firmId, clientId: otherClient.id, title: 'Grant Roof' });
  const threads = await ctx.database.db
    .select()
    .from(schema.conversations)
    .where(eq(schema.conversations.firmId, firmId));
  caseThread = threads.find((row) => row.caseId === caseId && row.kind === 'case')!.id;
  teamThread = threads.find((row) => row.caseId === caseId && row.kind === 'team')!.id;
  otherCaseThread = threads.find((row) => row.caseId === other.id && row.kind === 'case')!.id;
});

describe('who may read and write each kind of conversation', () => {
  it('every case has a case thread and a team thread from its creation', async () => {
    const mine = await list(attorney, `?caseId=${caseId}`);
    expect(mine.data.map((row) => row.kind).sort()).toEqual(['case', 'team']);
    expect(mine.data.every((row) => row.case?.id === caseId && row.title === 'Hernandez Kitchen Fire')).toBe(
      true,
    );
  });

  it.each([
    ['the lead attorney', () => attorney, 200, 200],
    ['another attorney of the firm', () => colleague, 200, 200],
    ['the case client', () => client, 200, 404],
    ['a team member', () => contractor, 200, 200],
    ['a client of another case', () => otherClient, 404, 404],
    ['a professional not on the case', () => adjuster, 404, 404],
    ['an attorney of another firm', () => foreign, 404, 404],
  ])(
    '%s: case thread %i, team thread %i (reading and writing alike)',
    async (_who, who, caseStatus, teamStatus) => {
      for (const [conversation, status] of [
        [caseThread, caseStatus],
        [teamThread, teamStatus],
      ] as const) {
        expect((await api(who().token, 'GET', `/api/conversations/${conversation}`)).statusCode).toBe(status);
        expect(
          (await api(who().token, 'GET', `/api/conversations/${conversation}/messages`)).statusCode,
        ).toBe(status);
        const before = await messageCount();
        const posted = await api(who().token, 'POST', `/api/conversations/${conversation}/messages`, {
          body: 'Hi',
        });
        expect(posted.statusCode).toBe(status === 200 ? 201 : 404);
        expect(await messageCount()).toBe(before + (status === 200 ? 1 : 0));
      }
    },
  );

  it('a client never sees a case that is not theirs in the list, nor the team thread of their own', async () => {
    const seen = await list(client);
    expect(seen.data.map((row) => row.id)).toEqual([caseThread]);
    expect((await api(client.token, 'GET', `/api/conversations?caseId=${caseId}`)).json().data).toHaveLength(
      1,
    );
    expect((await api(otherClient.token, 'GET', `/api/conversations?caseId=${caseId}`)).statusCode).toBe(404);
    expect((await api(foreign.token, 'GET', `/api/conversations?caseId=${caseId}`)).statusCode).toBe(404);
    expect((await list(otherClient)).data.map((row) => row.id)).toEqual([otherCaseThread]);
  });

  it('a direct conversation: an attorney opens it with anyone of the firm; only its two people read it', async () => {
    const people = await api(attorney.token, 'GET', '/api/conversations/people');
    expect(people.json().data.map((row: { userId: string }) => row.userId)).toEqual(
      expect.arrayContaining([client.id, colleague.id, contractor.id]),
    );
    expect(people.body).not.toContain(foreign.id);
    const opened = await api(attorney.token, 'POST', '/api/conversations/direct', { userId: adjuster.id });
    expect(opened.statusCode, opened.body).toBe(200);
    const direct = opened.json().conversation;
    expect(direct).toMatchObject({ kind: 'direct', title: adjuster.name, case: null });
    // The same pair again is the same conversation.
    const again = await api(attorney.token, 'POST', '/api/conversations/direct', { userId: adjuster.id });
    expect(again.json().conversation.id).toBe(direct.id);
    await send(adjuster, direct.id, 'Inspection photos are up.');
    for (const outsider of [colleague, client, contractor, foreign]) {
      expect((await api(outsider.token, 'GET', `/api/conversations/${direct.id}`)).statusCode).toBe(404);
    }
    expect((await list(attorney)).data.find((row) => row.id === direct.id)?.title).toBe(adjuster.name);
    expect((await list(adjuster)).data.find((row) => row.id === direct.id)?.title).toBe(attorney.name);
    // Only attorneys start one; nobody starts one with themselves or outside the firm.
    expect(
      (await api(client.token, 'POST', '/api/conversations/direct', { userId: attorney.id })).statusCode,
    ).toBe(403);
    const self = await api(attorney.token, 'POST', '/api/conversations/direct', { userId: attorney.id });
    expect(self.json().error).toBe(MESSAGES.directWithSelf);
    const outside = await api(attorney.token, 'POST', '/api/conversations/direct', { userId: foreign.id });
    expect([outside.statusCode, outside.json().error]).toEqual([400, MESSAGES.directNeedsPerson]);
  });
});

describe('messages', () => {
  it('lists with the last message, counts unread per person, and reading clears it', async () => {
    const first = await send(client, caseThread, 'The adjuster called   me\ntoday.');
    await send(client, caseThread, 'Should I sign the proof of loss?');
    const attorneyView = (await list(attorney)).data.find((row) => row.id === caseThread)!;
    expect(attorneyView.lastMessage).toMatchObject({
      preview: 'Should I sign the proof of loss?',
      sender: { userId: client.id, name: client.name, userType: 'client' },
    });
    expect(attorneyView.unread).toBeGreaterThanOrEqual(2);
    const unreadBefore = (await api(attorney.token, 'GET', '/api/conversations/unread')).json().unread;
    expect(unreadBefore).toBe((await list(attorney)).unread);
    // The sender has nothing unread of their own.
    expect((await list(client)).data[0]!.unread).toBe(0);

    const last = (await thread(attorney, caseThread)).data.at(-1)!;
    const read = await api(attorney.token, 'POST', `/api/conversations/${caseThread}/read`, {
      seq: last.seq,
    });
    expect(read.statusCode).toBe(204);
    expect((await list(attorney)).data.find((row) => row.id === caseThread)!.unread).toBe(0);
    // Read marks: the client's screen sees how far the attorney read.
    const detail = conversationDetailResponse.parse(
      (await api(client.token, 'GET', `/api/conversations/${caseThread}`)).json(),
    );
    expect(detail.participants.find((row) => row.userId === attorney.id)?.readSeq).toBe(last.seq);
    expect(detail.participants.map((row) => row.userId)).not.toContain(adjuster.id);
    // A mark never goes back, nor past the last message.
    await api(attorney.token, 'POST', `/api/conversations/${caseThread}/read`, { seq: first.seq });
    await api(attorney.token, 'POST', `/api/conversations/${caseThread}/read`, { seq: 10 ** 12 });
    const marks = await ctx.database.db
      .select({ readSeq: schema.conversationParticipants.readSeq })
      .from(schema.conversationParticipants)
      .where(
        and(
          eq(schema.conversationParticipants.conversationId, caseThread),
          eq(schema.conversationParticipants.userId, attorney.id),
        ),
      );
    expect(marks[0]!.readSeq).toBe(last.seq);
  });

  it('pages back by seq and catches up after one', async () => {
    for (let index = 0; index < 55; index += 1) await send(contractor, teamThread, `Note ${index}`);
    const latest = await thread(attorney, teamThread);
    expect(latest.data).toHaveLength(50);
    expect(latest.hasMore).toBe(true);
    expect(latest.data.at(-1)!.body).toBe('Note 54');
    const older = await thread(attorney, teamThread, `?before=${latest.data[0]!.seq}`);
    expect(older.data.at(-1)!.seq).toBeLessThan(latest.data[0]!.seq);
    const after = await thread(attorney, teamThread, `?after=${latest.data.at(-3)!.seq}`);
    expect(after.data.map((row) => row.body)).toEqual(['Note 53', 'Note 54']);
  });

  it('the sender edits within 5 minutes and deletes; deleted shows as deleted; both audited', async () => {
    const message = await send(attorney, caseThread, 'Deposition is on the 12th.');
    const url = `/api/conversations/${caseThread}/messages/${message.id}`;
    expect((await api(client.token, 'PATCH', url, { body: 'Hacked' })).statusCode).toBe(403);
    expect((await api(client.token, 'DELETE', url)).statusCode).toBe(403);
    const later = await send(client, caseThread, 'Noted, thank you.');
    const edited = await api(attorney.token, 'PATCH', url, { body: 'Deposition is on the 14th.' });
    expect(edited.json().message).toMatchObject({
      body: 'Deposition is on the 14th.',
      editedAt: expect.any(String),
    });
    // A screen that held everything up to the later message catches up on the edit of the older one.
    const caughtUp = await thread(client, caseThread, `?after=${later.seq}`);
    expect(caughtUp.data.map((row) => [row.id, row.body])).toEqual([
      [message.id, 'Deposition is on the 14th.'],
    ]);
    expect(caughtUp.data[0]!.changeSeq).toBeGreaterThan(later.seq);
    await ctx.database.db.execute(
      sql`update messages set created_at = now() - interval '6 minutes' where id = ${message.id}`,
    );
    const late = await api(attorney.token, 'PATCH', url, { body: 'Too late' });
    expect([late.statusCode, late.json().error]).toEqual([400, MESSAGES.messageEditWindow]);
    const deleted = await api(attorney.token, 'DELETE', url);
    expect(deleted.json().message).toMatchObject({ body: '', deletedAt: expect.any(String) });
    expect((await thread(client, caseThread, `?after=${caughtUp.data[0]!.changeSeq}`)).data).toMatchObject([
      { id: message.id, body: '', deletedAt: expect.any(String) },
    ]);
    expect((await api(attorney.token, 'DELETE', url)).statusCode).toBe(404);
    expect((await api(attorney.token, 'PATCH', url, { body: 'Back' })).statusCode).toBe(404);
    // Still there, as deleted, for everyone.
    const seen = (await thread(client, caseThread)).data.find((row) => row.id === message.id)!;
    expect(seen).toMatchObject({ body: '', deletedAt: expect.any(String) });
    // The list previews the last message; deleted, it says so.
    expect((await list(client)).data[0]!.lastMessage?.preview).toBe('Noted, thank you.');
    await api(client.token, 'DELETE', `/api/conversations/${caseThread}/messages/${later.id}`);
    expect((await list(client)).data[0]!.lastMessage?.preview).toBe(MESSAGES.messageDeleted);
    const [row] = await ctx.database.db
      .select()
      .from(schema.messages)
      .where(eq(schema.messages.id, message.id));
    expect(row!.deletedAt).not.toBeNull();
    expect(
      (await auditActions('message_edited')).some((entry) => entry.details?.messageId === message.id),
    ).toBe(true);
    expect(
      (await auditActions('message_deleted')).some((entry) => entry.details?.messageId === message.id),
    ).toBe(true);
    const sent = await auditActions('message_sent');
    expect(sent.find((entry) => entry.details?.messageId === message.id)).toMatchObject({
      userId: attorney.id,
      firmId,
      details: expect.objectContaining({ conversationId: caseThread, caseId }),
    });
  });

  it('bad input gets a clear error and writes nothing', async () => {
    const before = await messageCount();
    for (const body of ['', '   ', 'x'.repeat(5_001)]) {
      const response = await api(client.token, 'POST', `/api/conversations/${caseThread}/messages`, { body });
      expect(response.statusCode).toBe(400);
      expect([MESSAGES.messageRequired, MESSAGES.messageTooLong]).toContain(response.json().error);
    }
    expect((await api(client.token, 'GET', '/api/conversations/not-a-uuid')).statusCode).toBe(400);
    expect(await messageCount()).toBe(before);
  });

  it('links the case documents the people of the conversation may see, and no others', async () => {
    const doc = async (values: { caseId: string | null; shared: boolean }) => {
      const [row] = await ctx.database.db
        .insert(schema.documents)
        .values({
          firmId,
          caseId: values.caseId,
          fileName: `doc-${Math.random()}.pdf`,
          contentType: 'application/pdf',
          sizeBytes: 10,
          sha256: 'x',
          storageKey: `k-${Math.random()}`,
          uploadedById: attorney.id,
          sharedWithClient: values.shared,
        })
        .returning();
      return row!;
    };
    const shared = await doc({ caseId, shared: true });
    const internal = await doc({ caseId, shared: false });
    const elsewhere = await doc({ caseId: null, shared: true });
    const before = await messageCount();
    const unshared = await api(attorney.token, 'POST', `/api/conversations/${caseThread}/messages`, {
      body: 'See the estimate',
      documentIds: [internal.id],
    });
    expect([unshared.statusCode, unshared.json().error]).toEqual([400, MESSAGES.documentNotShared]);
    const outside = await api(attorney.token, 'POST', `/api/conversations/${caseThread}/messages`, {
      body: 'See this',
      documentIds: [elsewhere.id],
    });
    expect([outside.statusCode, outside.json().error]).toEqual([400, MESSAGES.documentNotInCase]);
    expect(await messageCount()).toBe(before);
    const linked = await send(attorney, caseThread, 'The estimate', [shared.id]);
    expect((await thread(client, caseThread)).data.find((row) => row.id === linked.id)!.documents).toEqual([
      { id: shared.id, fileName: shared.fileName },
    ]);
    // In the team thread the case's internal documents may be linked; the team sees them.
    const team = await send(attorney, teamThread, 'Internal memo', [internal.id]);
    expect((await thread(contractor, teamThread, `?after=${team.seq - 1}`)).data[0]!.documents).toHaveLength(
      1,
    );
    // Un-shared later: the client no longer sees the link.
    await ctx.database.db
      .update(schema.documents)
      .set({ sharedWithClient: false })
      .where(eq(schema.documents.id, shared.id));
    expect((await thread(client, caseThread)).data.find((row) => row.id === linked.id)!.documents).toEqual(
      [],
    );
  });
});

describe('the bell and the away reply', () => {
  it('each new message brings back one bell entry per conversation; reading the conversation reads it', async () => {
    await send(client, caseThread, 'First question');
    await send(client, caseThread, 'Second question');
    const notes = await ctx.database.db
      .select()
      .from(schema.notifications)
      .where(and(eq(schema.notifications.userId, attorney.id), eq(schema.notifications.kind, 'message')));
    const entry = notes.find((row) => row.link === `/messages?conversation=${caseThread}`)!;
    expect(notes.filter((row) => row.link === entry.link)).toHaveLength(1);
    expect(entry).toMatchObject({ title: `New message from ${client.name}`, readAt: null, firmId });
    expect(entry.body).toContain('Second question');
    // The sender gets none for their own message; the client's other case's people none at all.
    const clientNotes = await ctx.database.db
      .select()
      .from(schema.notifications)
      .where(and(eq(schema.notifications.userId, client.id), eq(schema.notifications.link, entry.link!)));
    expect(clientNotes.every((row) => row.body.includes('Second question') === false)).toBe(true);
    const seq = (await thread(attorney, caseThread)).data.at(-1)!.seq;
    await api(attorney.token, 'POST', `/api/conversations/${caseThread}/read`, { seq });
    const [after] = await ctx.database.db
      .select()
      .from(schema.notifications)
      .where(eq(schema.notifications.id, entry.id));
    expect(after!.readAt).not.toBeNull();
  });

  it('an away reply answers 2 seconds later, once per conversation per day', async () => {
    /** Brings the queued away-reply jobs forward and runs them, until none is left queued. */
    const runQueuedAwayJobs = async () => {
      for (let round = 0; round < 5; round++) {
        await ctx.database.db.execute(
          sql`update jobs set run_at = now() where kind = ${AWAY_REPLY_JOB} and status = 'queued'`,
        );
        await ctx.app.jobs.drain();
        const [left] = rowsOf<{ n: number }>(
          await ctx.database.db.execute(
            sql`select count(*)::int as n from jobs where kind = ${AWAY_REPLY_JOB} and status = 'queued'`,
          ),
        );
        if (left!.n === 0) return;
      }
      throw new Error('away-reply jobs stayed queued');
    };
    // The earlier tests' messages, answered while nobody was away: nothing.
    await runQueuedAwayJobs();
    expect(
      await ctx.database.db.select().from(schema.messages).where(eq(schema.messages.kind, 'away')),
    ).toEqual([]);
    const saved = await api(attorney.token, 'PUT' as 'POST', '/api/profile/messaging', {
      awayReplyEnabled: true,
      awayReplyText: MESSAGES.awayReplyDefault,
      notificationDigest: true,
    });
    expect(saved.json()).toEqual({
      awayReplyEnabled: true,
      awayReplyText: MESSAGES.awayReplyDefault,
      notificationDigest: true,
    });
    const countAway = async () =>
      (await ctx.database.db.select().from(schema.messages).where(eq(schema.messages.kind, 'away'))).length;
    const runAwayJobs = async () => {
      // The job waits its 2 seconds: checked here, then brought forward rather than slept through.
      const due = rowsOf<{ delay: number }>(
        await ctx.database.db.execute(sql`select extract(epoch from j.run_at - m.created_at) as delay
          from jobs j join messages m on m.id = (j.payload->>'messageId')::uuid
          where j.kind = ${AWAY_REPLY_JOB} and j.status = 'queued'`),
      );
      expect(due.length).toBeGreaterThan(0);
      for (const row of due) expect(Number(row.delay)).toBeGreaterThanOrEqual(1.9);
      await runQueuedAwayJobs();
    };
    const before = await countAway();
    await send(client, caseThread, 'Are you there?');
    await runAwayJobs();
    expect(await countAway()).toBe(before + 1);
    const reply = (await thread(client, caseThread)).data.at(-1)!;
    expect(reply).toMatchObject({
      kind: 'away',
      body: MESSAGES.awayReplyDefault,
      sender: { userId: attorney.id },
    });
    await send(client, caseThread, 'Hello again?');
    await runAwayJobs();
    expect(await countAway()).toBe(before + 1);
    // Another conversation gets its own.
    await send(contractor, teamThread, 'Need access to the site');
    await runAwayJobs();
    expect(await countAway()).toBe(before + 2);
    const off = await api(attorney.token, 'PUT' as 'POST', '/api/profile/messaging', {
      awayReplyEnabled: false,
      awayReplyText: 'Out until Monday',
      notificationDigest: false,
    });
    expect(off.json()).toMatchObject({ awayReplyText: 'Out until Monday', notificationDigest: false });
    const bad = await api(attorney.token, 'PUT' as 'POST', '/api/profile/messaging', {
      awayReplyEnabled: true,
      awayReplyText: '  ',
      notificationDigest: true,
    });
    expect(bad.statusCode).toBe(400);
    expect((await api(attorney.token, 'GET', '/api/profile/messaging')).json().awayReplyEnabled).toBe(false);
  });
});
