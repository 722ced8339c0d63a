import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import WebSocket from 'ws';
import { PASSWORD, seedPeople, startProductionServer, type BenchPerson } from './load-lib';
import {
  dropDatabase,
  loadLine,
  machine,
  percentile,
  printTable,
  recreateDatabase,
  runMain,
  sleep,
  waitFor200,
  writeResult,
  type ServerProcess,
} from './lib';

/**
 * bench:instances — issue 15: two server processes (as `npm start` runs them) on one PostgreSQL
 * database, each with its own DATA_DIR (so each one's outbox shows what it sent):
 * 1. jobs run once: `--jobs` calendar reminders fall due at once; both instances scan for due
 *    reminders and work the job queue; every reminder must give one notification, one finished
 *    job with one attempt and one e-mail, from either instance;
 * 2. rate limits are one count: calls alternated between the instances reach the API limit, the
 *    per-address and the per-account sign-in limits at the same totals as one instance would;
 * 3. live fan-out: `--messages` messages sent through one instance reach a live connection held
 *    by the other, both ways (delivery latency from the POST to the frame).
 *
 *   npm run bench:instances [-- --jobs 200 --messages 50]
 */
const { values: args } = parseArgs({
  options: {
    jobs: { type: 'string', default: '200' },
    messages: { type: 'string', default: '50' },
    ports: { type: 'string', default: '3720,3721' },
    database: { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/sentinel_bench_instances' },
  },
});
const JOBS = Number(args.jobs);
const MESSAGES = Number(args.messages);
const PORTS = args.ports.split(',').map(Number) as [number, number];
const DATABASE_URL = args.database;
const APP_SECRET = randomBytes(48).toString('base64url');
const API_LIMIT = 30;
const LOGIN_PER_IP = 8;
const LOGIN_PER_ACCOUNT = 5;

const round = (n: number) => Math.round(n * 10) / 10;

interface Check {
  check: string;
  expected: string;
  measured: string;
  ok: boolean;
}

/** Requests alternated between the two instances until the first 429: how many got through. */
async function throughUntilLimited(
  bases: [string, string],
  request: (base: string, index: number) => Promise<Response>,
  max: number,
): Promise<{ passed: number; byInstance: [number, number]; statuses: string }> {
  const statuses: number[] = [];
  const byInstance: [number, number] = [0, 0];
  for (let index = 0; index < max; index += 1) {
    const response = await request(bases[index % 2]!, index);
    await response.arrayBuffer();
    statuses.push(response.status);
    if (response.status === 429) break;
    byInstance[(index % 2) as 0 | 1] += 1;
  }
  const counts = new Map<number, number>();
  for (const status of statuses) counts.set(status, (counts.get(status) ?? 0) + 1);
  return {
    passed: statuses.filter((status) => status !== 429).length,
    byInstance,
    statuses: [...counts].map(([status, n]) => `${status}×${n}`).join(' '),
  };
}

async function signIn(base: string, person: BenchPerson, ip: string): Promise<string> {
  const response = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
    body: JSON.stringify({ email: person.email, password: PASSWORD }),
  });
  const body = (await response.json()) as { token?: string };
  if (response.status !== 200 || !body.token) throw new Error(`sign-in answered ${response.status}`);
  return body.token;
}

/** A live connection that records when each message body arrived. */
function connect(base: string, token: string, arrived: Map<string, number>): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`${base.replace('http', 'ws')}/api/live`);
    socket.on('open', () => socket.send(JSON.stringify({ type: 'auth', token })));
    socket.on('message', (data) => {
      const frame = JSON.parse(String(data)) as { type: string; message?: { body: string } };
      if (frame.type === 'ready') resolve(socket);
      else if (frame.type === 'message' && frame.message) arrived.set(frame.message.body, performance.now());
    });
    socket.on('error', reject);
  });
}

/**
 * `count` messages through `base`, one every 50 ms, each from its own address (`ips`.n: the API
 * limit of the rate-limit checks would stop one); each body's send time.
 */
async function send(base: string, token: string, thread: string, prefix: string, count: number, ips: string) {
  const sent = new Map<string, number>();
  for (let index = 0; index < count; index += 1) {
    const body = `${prefix}-${index}`;
    sent.set(body, performance.now());
    const response = await fetch(`${base}/api/conversations/${thread}/messages`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        'x-forwarded-for': `${ips}.${(index % 250) + 1}`,
      },
      body: JSON.stringify({ body }),
    });
    await response.arrayBuffer();
    if (response.status !== 201) throw new Error(`message answered ${response.status}`);
    await sleep(50);
  }
  return sent;
}

async function delivered(sent: Map<string, number>, arrived: Map<string, number>) {
  const deadline = performance.now() + 10_000;
  while ([...sent.keys()].some((body) => !arrived.has(body)) && performance.now() < deadline) await sleep(20);
  const times = [...sent].flatMap(([body, at]) => (arrived.has(body) ? [arrived.get(body)! - at] : []));
  return { got: times.length, p50: round(percentile(times, 50)), p95: round(percentile(times, 95)) };
}

/** The reminder titles found in an instance's outbox. */
async function mailed(dataDir: string): Promise<string[]> {
  const outbox = path.join(dataDir, 'outbox');
  const files = await readdir(outbox).catch(() => [] as string[]);
  const titles: string[] = [];
  for (const file of files) {
    const match = /Jobs-once-\d+/.exec(await readFile(path.join(outbox, file), 'utf8'));
    if (match) titles.push(match[0]);
  }
  return titles;
}

runMain(async () => {
  const before = machine();
  console.log(loadLine(before));
  recreateDatabase(DATABASE_URL);
  const dataDirs = [
    await mkdtemp(path.join(os.tmpdir(), 'sentinel-instance-a-')),
    await mkdtemp(path.join(os.tmpdir(), 'sentinel-instance-b-')),
  ];
  const servers: ServerProcess[] = [];
  const sockets: WebSocket[] = [];
  const bases = PORTS.map((port) => `http://127.0.0.1:${port}`) as [string, string];
  const admin = new pg.Client({ connectionString: DATABASE_URL });
  try {
    // One after the other: the first migrates the database.
    for (const [index, port] of PORTS.entries()) {
      const server = startProductionServer({
        port,
        databaseUrl: DATABASE_URL,
        dataDir: dataDirs[index]!,
        appSecret: APP_SECRET,
        env: {
          TRUST_PROXY: '127.0.0.1',
          API_RATE_LIMIT: `${API_LIMIT}/1m`,
          LOGIN_LIMIT_PER_IP: `${LOGIN_PER_IP}/15m`,
          LOGIN_LIMIT_PER_ACCOUNT: `${LOGIN_PER_ACCOUNT}/15m`,
        },
      });
      servers.push(server);
      await waitFor200(`${bases[index]}/api/health`, 180_000, server.child);
    }
    await admin.connect();
    const people = await seedPeople(DATABASE_URL, { firms: 1, attorneysPerFirm: 2, clientsPerFirm: 4 });
    const attorney = people.find((p) => p.userType === 'attorney' && p.threadIds.length > 0)!;
    const client = people.find(
      (p) => p.userType === 'client' && attorney.threadIds.includes(p.threadIds[0]!),
    )!;
    const checks: Check[] = [];

    // 1. Rate limits: one count for both instances.
    const api = await throughUntilLimited(
      bases,
      (base) => fetch(`${base}/api/cases`, { headers: { 'x-forwarded-for': '198.18.10.1' } }),
      API_LIMIT + 10,
    );
    checks.push({
      check: `API limit ${API_LIMIT}/1m, one address, calls alternated`,
      expected: `${API_LIMIT} answered, then 429`,
      measured: `${api.passed} answered (${api.byInstance.join(' + ')}), ${api.statuses}`,
      ok: api.passed === API_LIMIT,
    });
    const badLogin = (base: string, email: string) =>
      fetch(`${base}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': '198.18.10.2' },
        body: JSON.stringify({ email, password: 'Not-The-Password-1' }),
      });
    const perIp = await throughUntilLimited(
      bases,
      (base, index) => badLogin(base, `nobody-${index}@load.bench.test`),
      LOGIN_PER_IP + 10,
    );
    checks.push({
      check: `sign-in failures per address ${LOGIN_PER_IP}/15m`,
      expected: `${LOGIN_PER_IP} answered, then 429`,
      measured: `${perIp.passed} answered (${perIp.byInstance.join(' + ')}), ${perIp.statuses}`,
      ok: perIp.passed === LOGIN_PER_IP,
    });
    const perAccount = await throughUntilLimited(
      bases,
      (base) =>
        fetch(`${base}/api/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': '198.18.10.3' },
          body: JSON.stringify({ email: people.at(-1)!.email, password: 'Not-The-Password-1' }),
        }),
      LOGIN_PER_ACCOUNT + 10,
    );
    checks.push({
      check: `sign-in failures per account and address ${LOGIN_PER_ACCOUNT}/15m`,
      expected: `${LOGIN_PER_ACCOUNT} answered, then 429`,
      measured: `${perAccount.passed} answered (${perAccount.byInstance.join(' + ')}), ${perAccount.statuses}`,
      ok: perAccount.passed === LOGIN_PER_ACCOUNT,
    });

    // 2. Live fan-out: connected to one, the message sent through the other.
    const clientToken = await signIn(bases[1], client, '198.18.20.2');
    const attorneyToken = await signIn(bases[0], attorney, '198.18.20.3');
    const arrived = new Map<string, number>();
    sockets.push(
      await connect(bases[1], clientToken, arrived),
      await connect(bases[0], attorneyToken, arrived),
    );
    await sleep(500);
    const thread = client.threadIds[0]!;
    const aToB = await delivered(
      await send(bases[0], attorneyToken, thread, 'a-to-b', MESSAGES, '198.18.21'),
      arrived,
    );
    const bToA = await delivered(
      await send(bases[1], clientToken, thread, 'b-to-a', MESSAGES, '198.18.22'),
      arrived,
    );
    for (const [label, result] of [
      ['sent through A, client connected to B', aToB],
      ['sent through B, attorney connected to A', bToA],
    ] as const)
      checks.push({
        check: `live: ${label}`,
        expected: `${MESSAGES} delivered`,
        measured: `${result.got} delivered, p50 ${result.p50} ms, p95 ${result.p95} ms`,
        ok: result.got === MESSAGES,
      });

    // 3. Jobs once: JOBS reminders due now, for the attorney's meetings.
    const dueAt = Date.now();
    await admin.query(
      `with events as (
         insert into calendar_events (firm_id, owner_id, title, starts_at, ends_at, time_zone)
         select $1, $2, 'Jobs-once-' || n, $3::timestamptz + interval '10 minutes',
                $3::timestamptz + interval '70 minutes', 'America/New_York'
           from generate_series(1, $4) n
         returning id)
       insert into calendar_reminders (event_id, minutes_before, fire_at)
       select id, 10, $3::timestamptz from events`,
      [attorney.firmId, attorney.userId, new Date(dueAt).toISOString(), JOBS],
    );
    const started = performance.now();
    const progress = async () =>
      (
        await admin.query<{ delivered: number; done: number; running: number; queued: number }>(
          `select (select count(*)::int from calendar_reminders r join calendar_events e on e.id = r.event_id
                    where e.title like 'Jobs-once-%' and r.delivered_at is not null) as delivered,
                  count(*) filter (where status = 'done')::int as done,
                  count(*) filter (where status = 'running')::int as running,
                  count(*) filter (where status = 'queued')::int as queued
             from jobs where kind = 'calendar.reminder-mail'`,
        )
      ).rows[0]!;
    // Both instances scan every 15 s; the e-mails go one at a time per instance.
    while (performance.now() - started < 180_000) {
      const state = await progress();
      if (state.delivered === JOBS && state.done >= JOBS && state.running + state.queued === 0) break;
      await sleep(500);
    }
    const seconds = round((performance.now() - started) / 1000);
    const state = await progress();
    const { rows: jobRows } = await admin.query<{ attempts: number; n: number }>(
      `select attempts, count(*)::int as n from jobs where kind = 'calendar.reminder-mail' group by attempts order by attempts`,
    );
    const { rows: notified } = await admin.query<{ n: number; distinct_sources: number }>(
      `select count(*)::int as n, count(distinct source_key)::int as distinct_sources
         from notifications where kind = 'event_reminder'`,
    );
    const [mailA, mailB] = [await mailed(dataDirs[0]!), await mailed(dataDirs[1]!)];
    const titles = [...mailA, ...mailB];
    const distinct = new Set(titles).size;
    checks.push({
      check: `jobs: ${JOBS} reminders due at once`,
      expected: `${JOBS} delivered, ${JOBS} jobs done, each 1 attempt`,
      measured: `${state.delivered} delivered, ${state.done} done in ${seconds} s; attempts ${jobRows.map((r) => `${r.attempts}×${r.n}`).join(' ')}`,
      ok: state.delivered === JOBS && state.done === JOBS && jobRows.every((r) => r.attempts === 1),
    });
    checks.push({
      check: 'jobs: notifications',
      expected: `${JOBS}, one per reminder`,
      measured: `${notified[0]!.n} (${notified[0]!.distinct_sources} distinct)`,
      ok: notified[0]!.n === JOBS && notified[0]!.distinct_sources === JOBS,
    });
    checks.push({
      check: 'jobs: e-mails (outbox of A + B)',
      expected: `${JOBS}, each reminder once`,
      measured: `${titles.length} = ${mailA.length} + ${mailB.length}, ${distinct} distinct`,
      ok: titles.length === JOBS && distinct === JOBS,
    });

    const after = machine();
    console.log(`\nTwo instances on one PostgreSQL database (${bases.join(', ')})`);
    console.log(`before: ${loadLine(before)}\nafter:  ${loadLine(after)}\n`);
    printTable(checks.map((c) => ({ ...c, ok: c.ok ? 'PASS' : 'FAIL' })));
    console.log(`results: ${writeResult('instances', { before, after, args, checks })}`);
    return checks.every((c) => c.ok) ? 0 : 1;
  } catch (error) {
    for (const server of servers) console.error(server.output().slice(-2000));
    throw error;
  } finally {
    for (const socket of sockets) socket.terminate();
    await admin.end().catch(() => undefined);
    for (const server of servers) await server.stop();
    for (const dir of dataDirs) await rm(dir, { recursive: true, force: true });
    dropDatabase(DATABASE_URL);
  }
});
