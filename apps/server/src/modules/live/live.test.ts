import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { createDatabase, schema } from '@sentinel/db';
import { createCase, createClient, createMembership } from '@sentinel/db/factories';
import { LIVE_CLOSE_UNAUTHORISED, liveServerFrame, type LiveServerFrame } from '@sentinel/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { buildApp } from '../../app';
import { bearer, login, makeUser, useTestContext } from '../../test/helpers';
import { LIVE_CLOSE_CATCH_UP, publishLive } from '../../platform/realtime';
import { testDbMode } from '../../test/test-database';

const ctx = useTestContext();

type Person = { id: string; token: string; email: string; password: string };
let attorney: Person;
let client: Person;
let contractor: Person;
let caseThread: string;
let teamThread: string;
let baseUrl: string;

/** A browser's live connection: every frame it got, in order, and how it closed. */
class LiveClient {
  readonly frames: LiveServerFrame[] = [];
  readonly closed: Promise<number>;
  private readonly socket: WebSocket;
  private waiters: (() => void)[] = [];

  constructor(url: string, headers: Record<string, string> = {}) {
    this.socket = new WebSocket(`${url.replace('http', 'ws')}/api/live`, { headers });
    this.socket.on('message', (data) => {
      this.frames.push(liveServerFrame.parse(JSON.parse(String(data))));
      this.waiters.forEach((wake) => wake());
    });
    this.closed = new Promise((resolve) => this.socket.on('close', (code) => resolve(code)));
    this.socket.on('error', () => undefined);
  }

  async open(): Promise<this> {
    if (this.socket.readyState !== WebSocket.OPEN) {
      await new Promise((resolve, reject) => {
        this.socket.once('open', resolve);
        this.socket.once('error', reject);
      });
    }
    return this;
  }

  send(frame: unknown) {
    this.socket.send(typeof frame === 'string' ? frame : JSON.stringify(frame));
  }

  /** Authenticates and waits for the server's 'ready'. */
  async auth(token: string): Promise<this> {
    const before = this.frames.filter((frame) => frame.type === 'ready').length;
    this.send({ type: 'auth', token });
    await this.next((frame) => frame.type === 'ready', before);
    return this;
  }

  /** The first frame (after `skip` matching ones) that matches, waiting up to 5 s. */
  async next(match: (frame: LiveServerFrame) => boolean, skip = 0): Promise<LiveServerFrame> {
    const deadline = Date.now() + 5_000;
    for (;;) {
      const found = this.frames.filter(match)[skip];
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`no such frame; got ${JSON.stringify(this.frames)}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, 100);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
      this.waiters = [];
    }
  }

  close() {
    this.socket.close();
  }
}

const connect = async (url = baseUrl) => new LiveClient(url).open();
const messageFrames = (live: LiveClient) =>
  live.frames.flatMap((frame) => (frame.type === 'message' ? [frame.message] : []));

const post = async (app: FastifyInstance, who: Person, conversation: string, body: string) => {
  const response = await app.inject({
    method: 'POST',
    url: `/api/conversations/${conversation}/messages`,
    headers: bearer(who.token),
    payload: { body },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().message as { id: string; seq: number };
};

async function signIn(user: { id: string; email: string; password: string }): Promise<Person> {
  return { ...user, token: (await login(ctx, user.email, user.password)).body.token };
}

beforeAll(async () => {
  const lead = await makeUser(ctx, { userType: 'attorney' });
  attorney = await signIn(lead);
  client = await signIn(await createClient(ctx.database.db, { firmId: lead.firmId }));
  contractor = await signIn(await makeUser(ctx, { userType: 'restoration-contractor', firmId: lead.firmId }));
  const kase = await createCase(ctx.database.db, {
    firmId: lead.firmId,
    clientId: client.id,
    leadAttorneyId: lead.id,
  });
  await ctx.database.db
    .insert(schema.caseMembers)
    .values({ caseId: kase.id, userId: contractor.id, firmId: lead.firmId, role: 'contractor' });
  const threads = await ctx.database.db
    .select()
    .from(schema.conversations)
    .where(eq(schema.conversations.caseId, kase.id));
  caseThread = threads.find((row) => row.kind === 'case')!.id;
  teamThread = threads.find((row) => row.kind === 'team')!.id;
  baseUrl = await ctx.app.listen({ host: '127.0.0.1', port: 0 });
});

describe('the live channel', () => {
  it('refuses a bad token (4401) and a frame that is not an auth frame (1008), and sends nothing before', async () => {
    const forged = await connect();
    forged.send({ type: 'auth', token: `${attorney.token.slice(0, -4)}AAAA` });
    expect(await forged.closed).toBe(LIVE_CLOSE_UNAUTHORISED);
    const garbage = await connect();
    garbage.send('not json');
    expect(await garbage.closed).toBe(1008);
    expect([...forged.frames, ...garbage.frames]).toEqual([]);
    // A page of another site may not open it.
    const crossSite = new LiveClient(baseUrl, { origin: 'https://evil.example' });
    expect(await crossSite.closed).not.toBe(1000);
    expect(crossSite.frames).toEqual([]);
  });

  it('delivers a message to those who may read it, at once, and to nobody else', async () => {
    const clientLive = await (await connect()).auth(client.token);
    const contractorLive = await (await connect()).auth(contractor.token);
    const team = await post(ctx.app, attorney, teamThread, 'Team only: the roof estimate is low');
    const shared = await post(ctx.app, attorney, caseThread, 'Your inspection is Tuesday at 9');
    const got = await clientLive.next((frame) => frame.type === 'message');
    expect(got).toMatchObject({
      type: 'message',
      message: { id: shared.id, body: 'Your inspection is Tuesday at 9', conversationId: caseThread },
    });
    await contractorLive.next((frame) => frame.type === 'message' && frame.message.id === shared.id);
    expect(messageFrames(contractorLive).map((message) => message.id)).toEqual([team.id, shared.id]);
    // The client heard only the case thread (the team thread's message came first).
    expect(messageFrames(clientLive).map((message) => message.id)).toEqual([shared.id]);
    // The bell of each recipient is told too.
    await clientLive.next((frame) => frame.type === 'notification');
    const metrics = await ctx.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1' });
    expect(metrics.body).toMatch(/^sentinel_live_connections 2$/m);
    clientLive.close();
    contractorLive.close();
  });

  it('sends frames in the order their events were notified, also when an earlier one is slower to read', async () => {
    const live = await (await connect()).auth(client.token);
    // A kind of this test's own: its frame is ready after `delayMs` (a slow read of the database).
    ctx.app.live.resolve('order-test', async (event) => {
      await new Promise((resolve) => setTimeout(resolve, Number(event.data.delayMs)));
      return { type: 'read', conversationId: 'order-test', userId: client.id, seq: Number(event.data.seq) };
    });
    const publish = (seq: number, delayMs: number) =>
      publishLive(ctx.database.db, {
        kind: 'order-test',
        firmId: null,
        userIds: [client.id],
        data: { seq, delayMs },
      });
    await publish(1, 150);
    await publish(2, 0);
    await live.next((frame) => frame.type === 'read' && frame.conversationId === 'order-test', 1);
    const seqs = live.frames.flatMap((frame) =>
      frame.type === 'read' && frame.conversationId === 'order-test' ? [frame.seq] : [],
    );
    expect(seqs).toEqual([1, 2]);
    live.close();
  });

  it('sends edits, deletions and read marks; a new token on the same connection keeps it going', async () => {
    const clientLive = await (await connect()).auth(client.token);
    const message = await post(ctx.app, attorney, caseThread, 'Draft');
    await clientLive.next((frame) => frame.type === 'message' && frame.message.id === message.id);
    await ctx.app.inject({
      method: 'PATCH',
      url: `/api/conversations/${caseThread}/messages/${message.id}`,
      headers: bearer(attorney.token),
      payload: { body: 'Final' },
    });
    const edited = await clientLive.next(
      (frame) => frame.type === 'message' && frame.message.body === 'Final',
    );
    expect(edited).toMatchObject({ message: { id: message.id, editedAt: expect.any(String) } });
    // Re-authenticate with a fresh token of the same person (as after a refresh).
    const fresh = (await login(ctx, client.email, client.password)).body.token as string;
    await clientLive.auth(fresh);
    await ctx.app.inject({
      method: 'POST',
      url: `/api/conversations/${caseThread}/read`,
      headers: bearer(attorney.token),
      payload: { seq: message.seq },
    });
    expect(await clientLive.next((frame) => frame.type === 'read')).toEqual({
      type: 'read',
      conversationId: caseThread,
      userId: attorney.id,
      seq: message.seq,
    });
    // Someone else's token on the same connection ends it.
    clientLive.send({ type: 'auth', token: contractor.token });
    expect(await clientLive.closed).toBe(LIVE_CLOSE_UNAUTHORISED);
  });

  it('a session that ends (logout, password change, removal) closes its connections at once', async () => {
    const signedIn = await signIn(client);
    const live = await (await connect()).auth(signedIn.token);
    const other = await (await connect()).auth(client.token); // another session of the same person
    const sessionId = ctx.app.accessTokens.verify(signedIn.token)!.sessionId;
    const started = Date.now();
    await ctx.database.db.transaction((tx) => ctx.app.services.sessions.revoke(tx, sessionId, 'logout'));
    expect(await live.closed).toBe(LIVE_CLOSE_UNAUTHORISED);
    expect(Date.now() - started).toBeLessThan(2_000);
    // The person's other session goes on.
    const message = await post(ctx.app, attorney, caseThread, 'Still here for the other session');
    await other.next((frame) => frame.type === 'message' && frame.message.id === message.id);
    other.close();
  });

  it('a person acting in another firm hears nothing of this one', async () => {
    const dual = await makeUser(ctx, { userType: 'restoration-contractor' });
    const [membership] = await ctx.database.db
      .select()
      .from(schema.memberships)
      .where(eq(schema.memberships.userId, attorney.id));
    await createMembership(ctx.database.db, {
      firmId: membership!.firmId,
      userId: dual.id,
      userType: 'restoration-contractor',
    });
    const [kase] = await ctx.database.db
      .select({ caseId: schema.conversations.caseId })
      .from(schema.conversations)
      .where(eq(schema.conversations.id, teamThread));
    await ctx.database.db
      .insert(schema.caseMembers)
      .values({ caseId: kase!.caseId!, userId: dual.id, firmId: membership!.firmId, role: 'contractor' });
    // Signed in, the session acts in the firm it was made in (its own, not the attorney's).
    const elsewhere = await (await connect()).auth((await signIn(dual)).token);
    const witness = await (await connect()).auth(contractor.token);
    const message = await post(ctx.app, attorney, teamThread, 'Only for this firm');
    await witness.next((frame) => frame.type === 'message' && frame.message.id === message.id);
    expect(messageFrames(elsewhere)).toEqual([]);
    elsewhere.close();
    witness.close();
  });
});

describe.runIf(testDbMode() === 'postgres')('two server instances on one PostgreSQL', () => {
  let second: FastifyInstance;
  let secondUrl: string;
  let closeSecond: () => Promise<void>;

  beforeAll(async () => {
    const database = await createDatabase({ url: ctx.database.url!, poolMax: 3 });
    // Its logs are not what this test looks at.
    const logStream = new Writable({ write: (_chunk, _encoding, done) => done() });
    second = await buildApp({ config: ctx.config, database, logStream });
    secondUrl = await second.listen({ host: '127.0.0.1', port: 0 });
    closeSecond = async () => {
      await second.close();
      await database.close();
    };
  });
  afterAll(() => closeSecond());

  it('a message posted on one reaches a browser connected to the other', async () => {
    const onSecond = await (await connect(secondUrl)).auth(client.token);
    const message = await post(ctx.app, attorney, caseThread, 'Sent through instance one');
    const got = await onSecond.next((frame) => frame.type === 'message' && frame.message.id === message.id);
    expect(got).toMatchObject({ message: { body: 'Sent through instance one' } });
    // And the other way round.
    const onFirst = await (await connect()).auth(attorney.token);
    const reply = await post(second, client, caseThread, 'Answered through instance two');
    await onFirst.next((frame) => frame.type === 'message' && frame.message.id === reply.id);
    expect(second.live.stats().connections).toBe(1);
    onSecond.close();
    onFirst.close();
  });

  it('an instance whose listening connection is lost listens again and has its browsers catch up', async () => {
    const live = await (await connect()).auth(client.token);
    // PostgreSQL restarts, or a proxy drops the connection: the listening sessions end.
    await ctx.database.query(
      `select pg_terminate_backend(pid) from pg_stat_activity
        where datname = current_database() and query = 'LISTEN sentinel_live'`,
    );
    // What was notified meanwhile is gone, so the browser is told to reconnect (and catch up).
    expect(await live.closed).toBe(LIVE_CLOSE_CATCH_UP);
    const again = await (await connect()).auth(client.token);
    await expect
      .poll(async () => {
        const { rows } = await ctx.database.query<{ n: number }>(
          `select count(*)::int as n from pg_stat_activity where datname = current_database() and query = 'LISTEN sentinel_live'`,
        );
        return rows[0]!.n;
      })
      .toBe(2);
    const message = await post(ctx.app, attorney, caseThread, 'After the listener came back');
    await again.next((frame) => frame.type === 'message' && frame.message.id === message.id);
    again.close();
  });
});
