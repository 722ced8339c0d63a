import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { eq } from 'drizzle-orm';
import { chromium, type Browser } from '@playwright/test';
import WebSocket from 'ws';
import { FIRM_STORAGE_KEYS, STORAGE_KEYS, type SessionUser } from '@sentinel/shared';
import { createDatabase, hashPassword, schema } from '@sentinel/db';
import { createCase, createFirm } from '@sentinel/db/factories';
import { AccessTokens } from '../apps/server/src/platform/access-tokens';
import {
  freePort,
  loadLine,
  machine,
  percentile,
  printTable,
  recreateDatabase,
  repoRoot,
  rssMb,
  runMain,
  sleep,
  startServerProcess,
  waitFor200,
  writeResult,
} from './lib';

/**
 * bench:live — issue 12's figures for the live channel, on PostgreSQL, the server as its own
 * process (`apps/server/src/main.ts`, as `npm start` runs it), the WebSocket clients in this one:
 * 1. delivery latency, one message at a time, from the sender's POST to the frame at the other
 *    person's connection, with 1,000 connections open; and to the text on the other person's
 *    /messages screen in Chromium (with a built web app);
 * 2. 1,000 concurrent connections (a client per case) while 50 messages a second flow for 20 s
 *    (each to one client's case thread): delivery p50/p95/max and the server's peak RSS.
 */
const DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/sentinel_bench_live';
const APP_SECRET = 'bench-live-secret-0123456789abcdef0123456789abcdef';
const TARGET_LATENCY_P95_MS = 100;
const TARGET_RSS_MB = 300;

const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    connections: { type: 'string', default: '1000' },
    rate: { type: 'string', default: '50' },
    seconds: { type: 'string', default: '20' },
    sequential: { type: 'string', default: '200' },
    /** Messages to the client's open /messages screen in Chromium (needs a built web app). */
    browser: { type: 'string', default: '50' },
    /** The server's young-generation semi-space (MB): 32 is what `npm start` gives it. */
    semi: { type: 'string', default: '32' },
  },
});
const CONNECTIONS = Number(args.connections);
const RATE = Number(args.rate);
const SECONDS = Number(args.seconds);
const SEQUENTIAL = Number(args.sequential);
const IN_BROWSER = Number(args.browser);
const webBuilt = existsSync(path.join(repoRoot, 'apps/web/dist/index.html'));

const round = (n: number) => Math.round(n * 10) / 10;

interface Seeded {
  attorneyToken: string;
  /** Per client: their access token and their case thread. */
  clients: Array<{ token: string; thread: string }>;
}

/** One firm, its attorney, and a client with one case per connection; sessions and tokens signed here. */
async function seed(count: number): Promise<Seeded> {
  const database = await createDatabase({ url: DATABASE_URL, poolMax: 4 });
  const tokens = new AccessTokens(APP_SECRET);
  const db = database.db;
  const passwordHash = await hashPassword('Bench-Live-2026!');
  const firm = await createFirm(db, { name: 'Live Bench LLP' });
  const session = async (userId: string, userType: 'attorney' | 'client') => {
    const [row] = await db
      .insert(schema.sessions)
      .values({ userId, firmId: firm.id, expiresAt: new Date(Date.now() + 86_400_000) })
      .returning({ id: schema.sessions.id });
    return tokens.sign({ userId, sessionId: row!.id, firmId: firm.id, userType });
  };
  const person = async (userType: 'attorney' | 'client', index: number) => {
    const [user] = await db
      .insert(schema.users)
      .values({
        email: `${userType}-${index}-${randomUUID().slice(0, 6)}@live.bench.test`,
        passwordHash,
        firstName: userType === 'attorney' ? 'Avery' : 'Client',
        lastName: `${index}`,
      })
      .returning({ id: schema.users.id });
    await db
      .insert(schema.memberships)
      .values({ firmId: firm.id, userId: user!.id, userType, status: 'active' });
    return user!.id;
  };
  const attorneyId = await person('attorney', 0);
  const clients: Seeded['clients'] = [];
  for (let index = 0; index < count; index += 1) {
    const clientId = await person('client', index);
    await db
      .insert(schema.clientProfiles)
      .values({ userId: clientId, firmId: firm.id, leadAttorneyId: attorneyId });
    const kase = await createCase(db, {
      firmId: firm.id,
      clientId,
      leadAttorneyId: attorneyId,
      title: `Claim ${index}`,
    });
    const threads = await db
      .select({ id: schema.conversations.id, kind: schema.conversations.kind })
      .from(schema.conversations)
      .where(eq(schema.conversations.caseId, kase.id));
    clients.push({
      token: await session(clientId, 'client'),
      thread: threads.find((t) => t.kind === 'case')!.id,
    });
  }
  const attorneyToken = await session(attorneyId, 'attorney');
  await database.close();
  return { attorneyToken, clients };
}

/** A connection that records when each message id arrived. */
function connect(base: string, token: string, arrived: Map<string, number>): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`${base.replace('http', 'ws')}/api/live`);
    socket.on('open', () => socket.send(JSON.stringify({ type: 'auth', token })));
    socket.on('message', (data) => {
      const frame = JSON.parse(String(data)) as { type: string; message?: { id: string; body: string } };
      if (frame.type === 'ready') resolve(socket);
      else if (frame.type === 'message' && frame.message) arrived.set(frame.message.body, performance.now());
    });
    socket.on('error', reject);
    socket.on('close', (code) => reject(new Error(`closed ${code}`)));
  });
}

/** Where the server's memory is, from its /metrics (this machine may read them): MB. */
async function heapOf(base: string) {
  const text = await (await fetch(`${base}/metrics`)).text();
  const value = (pattern: RegExp) => round(Number(pattern.exec(text)?.[1] ?? NaN) / 1024 / 1024);
  return {
    heapUsed: value(/^nodejs_heap_size_used_bytes (\S+)$/m),
    heapTotal: value(/^nodejs_heap_size_total_bytes (\S+)$/m),
    newSpace: value(/^nodejs_heap_space_size_total_bytes\{space="new"\} (\S+)$/m),
    external: value(/^nodejs_external_memory_bytes (\S+)$/m),
  };
}

async function post(base: string, token: string, thread: string, body: string): Promise<number> {
  const response = await fetch(`${base}/api/conversations/${thread}/messages`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ body }),
  });
  await response.arrayBuffer();
  return response.status;
}

/** Waits until every body has arrived or 10 s passed; the latencies of those that did. */
async function latencies(sent: Map<string, number>, arrived: Map<string, number>) {
  const deadline = performance.now() + 10_000;
  while ([...sent.keys()].some((body) => !arrived.has(body)) && performance.now() < deadline) await sleep(20);
  const values: number[] = [];
  let lost = 0;
  for (const [body, at] of sent) {
    const got = arrived.get(body);
    if (got === undefined) lost += 1;
    else values.push(got - at);
  }
  return { values, lost };
}

/**
 * Sender → other browser: the client's /messages screen open on their case thread in Chromium;
 * from just before the attorney's POST to the moment the message's text is in the page (a
 * MutationObserver; both clocks are this machine's).
 */
async function browserLatencies(browser: Browser, base: string, seeded: Seeded, run: number) {
  const client = seeded.clients[0]!;
  const verified = (await (
    await fetch(`${base}/api/tokens/verify`, { headers: { authorization: `Bearer ${client.token}` } })
  ).json()) as { user: SessionUser };
  const user = verified.user;
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  try {
    await page.goto(`${base}/login`);
    // The session as the web app stores it (apps/web/src/lib/session-store.ts).
    const stored: Record<string, string> = {
      [STORAGE_KEYS.token]: client.token,
      [STORAGE_KEYS.userId]: user.userId,
      [STORAGE_KEYS.userEmail]: user.email,
      [STORAGE_KEYS.userFirstName]: user.first_name,
      [STORAGE_KEYS.userLastName]: user.last_name,
      [STORAGE_KEYS.userRole]: 'client',
      [STORAGE_KEYS.userType]: 'client',
      [FIRM_STORAGE_KEYS.firm]: JSON.stringify(user.firm),
      [FIRM_STORAGE_KEYS.firms]: JSON.stringify(user.firms),
      [FIRM_STORAGE_KEYS.invitations]: '0',
    };
    await page.evaluate(
      `for (const [k, v] of Object.entries(${JSON.stringify(stored)})) localStorage.setItem(k, v)`,
    );
    await page.goto(`${base}/messages?conversation=${client.thread}`);
    await page.getByRole('log').waitFor();
    await page.waitForTimeout(1_000);
    // Each message's first moment in the page (strings: this file has no DOM types).
    await page.evaluate(`
      const seen = (window.__seen = {});
      new MutationObserver(() => {
        for (const match of document.body.innerText.matchAll(/browser-\\d+-\\d+/g)) {
          seen[match[0]] ??= performance.timeOrigin + performance.now();
        }
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    `);
    const sent = new Map<string, number>();
    for (let index = 0; index < IN_BROWSER; index += 1) {
      const body = `browser-${run}-${index}`;
      sent.set(body, performance.timeOrigin + performance.now());
      const status = await post(base, seeded.attorneyToken, client.thread, body);
      if (status !== 201) throw new Error(`POST answered ${status}`);
      await sleep(100);
    }
    await sleep(2_000);
    const seen = (await page.evaluate('window.__seen')) as Record<string, number>;
    const values = [...sent].flatMap(([body, at]) => (seen[body] ? [seen[body] - at] : []));
    return { values, lost: sent.size - values.length };
  } finally {
    await page.close();
  }
}

async function oneRun(run: number, browser: Browser | null) {
  recreateDatabase(DATABASE_URL);
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'sentinel-live-'));
  const port = await freePort();
  const server = startServerProcess(
    [`--max-semi-space-size=${args.semi}`, '--import', 'tsx', 'apps/server/src/main.ts'],
    {
      DATA_DIR: dataDir,
      DATABASE_URL,
      APP_SECRET,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DEMO_SEED: 'never',
      API_RATE_LIMIT: 'off',
      PROVIDER_SANDBOX: 'off',
    },
  );
  const base = `http://127.0.0.1:${port}`;
  const sockets: WebSocket[] = [];
  try {
    await waitFor200(`${base}/api/health`, 120_000, server.child);
    const pid = server.child.pid!;
    const idleRss = rssMb(pid);
    const idleHeap = await heapOf(base);
    const seeded = await seed(CONNECTIONS);
    const arrived = new Map<string, number>();
    for (let at = 0; at < seeded.clients.length; at += 50) {
      sockets.push(
        ...(await Promise.all(seeded.clients.slice(at, at + 50).map((c) => connect(base, c.token, arrived)))),
      );
    }
    await sleep(1_000);
    const connectedRss = rssMb(pid);
    const heap = await heapOf(base);

    // 1. One message at a time, 50 ms apart.
    const sentOne = new Map<string, number>();
    for (let index = 0; index < SEQUENTIAL; index += 1) {
      const client = seeded.clients[index % seeded.clients.length]!;
      const body = `seq-${run}-${index}`;
      sentOne.set(body, performance.now());
      const status = await post(base, seeded.attorneyToken, client.thread, body);
      if (status !== 201) throw new Error(`POST answered ${status}`);
      await sleep(50);
    }
    const one = await latencies(sentOne, arrived);
    const inBrowser = browser ? await browserLatencies(browser, base, seeded, run) : null;

    // 2. RATE messages a second for SECONDS, each to a client's case thread, RSS sampled.
    let peakRss = rssMb(pid);
    const sampler = setInterval(() => (peakRss = Math.max(peakRss, rssMb(pid))), 100);
    const sentLoad = new Map<string, number>();
    const failures: number[] = [];
    const posts: Promise<void>[] = [];
    const start = performance.now();
    for (let index = 0; index < RATE * SECONDS; index += 1) {
      const due = start + (index * 1000) / RATE;
      const wait = due - performance.now();
      if (wait > 0) await sleep(wait);
      const client = seeded.clients[(index * 7919) % seeded.clients.length]!;
      const body = `load-${run}-${index}`;
      sentLoad.set(body, performance.now());
      posts.push(
        post(base, seeded.attorneyToken, client.thread, body).then((status) => {
          if (status !== 201) failures.push(status);
        }),
      );
    }
    await Promise.all(posts);
    const load = await latencies(sentLoad, arrived);
    clearInterval(sampler);
    const achievedRate = sentLoad.size / ((performance.now() - start) / 1000);
    return {
      run,
      idleRss: round(idleRss),
      connectedRss: round(connectedRss),
      oneP50: round(percentile(one.values, 50)),
      oneP95: round(percentile(one.values, 95)),
      oneLost: one.lost,
      browserP50: inBrowser ? round(percentile(inBrowser.values, 50)) : NaN,
      browserP95: inBrowser ? round(percentile(inBrowser.values, 95)) : NaN,
      browserLost: inBrowser?.lost ?? 0,
      loadP50: round(percentile(load.values, 50)),
      loadP95: round(percentile(load.values, 95)),
      loadMax: round(Math.max(...load.values)),
      loadLost: load.lost,
      failures: failures.length,
      peakRss: round(peakRss),
      ...heap,
      idleHeapUsed: idleHeap.heapUsed,
      rate: round(achievedRate),
    };
  } catch (error) {
    console.error(server.output().slice(-2000));
    throw error;
  } finally {
    for (const socket of sockets) socket.terminate();
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

runMain(async () => {
  console.log(loadLine());
  console.log(
    `live channel: ${CONNECTIONS} connections; ${SEQUENTIAL} messages one at a time, then ${RATE}/s for ${SECONDS} s`,
  );
  if (!webBuilt) console.log('apps/web/dist is missing: run `npm run build` for the browser figure');
  const browser =
    webBuilt && IN_BROWSER > 0
      ? await chromium.launch({
          executablePath: '/usr/bin/chromium',
          args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
        })
      : null;
  const rows = [];
  try {
    for (let run = 1; run <= Number(args.runs); run += 1) rows.push(await oneRun(run, browser));
  } finally {
    await browser?.close();
  }
  printTable(
    rows.map((row) => ({
      run: row.run,
      'idle RSS MB': row.idleRss,
      [`RSS with ${CONNECTIONS} MB`]: row.connectedRss,
      'idle heap used MB': row.idleHeapUsed,
      'heap used/total/new MB': `${row.heapUsed}/${row.heapTotal}/${row.newSpace}`,
      'external MB': row.external,
      'one p50 ms': row.oneP50,
      'one p95 ms': row.oneP95,
      'browser p50 ms': row.browserP50,
      'browser p95 ms': row.browserP95,
      [`${RATE}/s p50 ms`]: row.loadP50,
      [`${RATE}/s p95 ms`]: row.loadP95,
      [`${RATE}/s max ms`]: row.loadMax,
      'peak RSS MB': row.peakRss,
      'sent/s': row.rate,
      lost: row.oneLost + row.loadLost + row.browserLost,
      'non-201': row.failures,
    })),
  );
  const worstP95 = Math.max(
    ...rows.map((row) =>
      Math.max(row.oneP95, row.loadP95, Number.isNaN(row.browserP95) ? 0 : row.browserP95),
    ),
  );
  const worstRss = Math.max(...rows.map((row) => Math.max(row.connectedRss, row.peakRss)));
  console.log(
    `delivery p95 ≤ ${TARGET_LATENCY_P95_MS} ms: ${worstP95 <= TARGET_LATENCY_P95_MS ? 'PASS' : 'MISS'} (worst ${worstP95}); ` +
      `RSS ≤ ${TARGET_RSS_MB} MB: ${worstRss <= TARGET_RSS_MB ? 'PASS' : 'MISS'} (worst ${worstRss})`,
  );
  console.log(`results: ${writeResult('live', { machine: machine(), args, rows })}`);
  const lost = rows.some((row) => row.oneLost + row.loadLost + row.browserLost + row.failures > 0);
  return lost ? 1 : 0;
});
