import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import WebSocket from 'ws';
import { ACCESS_TOKEN_TTL_SECONDS } from '@sentinel/shared';
import { textPages, writePdf } from '@sentinel/analyzer/fixtures/pdf-writer';
import {
  memoryOf,
  PASSWORD,
  seedPeople,
  serverEntry,
  startProductionServer,
  type BenchPerson,
} from './load-lib';
import {
  loadLine,
  machine,
  percentile,
  dropDatabase,
  printTable,
  recreateDatabase,
  repoRoot,
  resultsDir,
  rssMb,
  runMain,
  sleep,
  waitFor200,
  writeResult,
} from './lib';

/**
 * bench:load — issue 15's mixed load and soak: the server as `npm start` runs it, on PostgreSQL,
 * with its default rate limits, and `--users` simulated people (a quarter attorneys) in this
 * process, each behind its own address (X-Forwarded-For, the server trusting 127.0.0.1 as its
 * proxy) so that each is below the per-address limits as a real person is. Each signs in, keeps a
 * live connection open as the web app does, and then, with a think time of `--think` seconds
 * (uniform, 3–9 by default) between steps, opens the dashboard, the case list, a case, its
 * documents, a calendar month, the conversations and a thread, sends a message, reads the
 * notifications, signs in again now and then, and uploads a small PDF for analysis more rarely;
 * like the web app, it renews its access token (POST /api/tokens/refresh) before it runs out.
 * Prints statuses and p50/p95/p99 per route, and samples the server's RSS (VmRSS: every thread,
 * the analysis workers included) and heap every 10 s into bench/results/mixed-load-<date>.csv.
 *
 *   npm run bench:load -- --users 500 --minutes 5
 *   npm run bench:load -- --users 500 --minutes 30     (the soak)
 */
const { values: args } = parseArgs({
  options: {
    users: { type: 'string', default: '500' },
    minutes: { type: 'string', default: '5' },
    /** Seconds over which the users arrive. */
    ramp: { type: 'string', default: '60' },
    think: { type: 'string', default: '3-9' },
    /** Seconds after which a person renews their access token (a minute before it runs out). */
    renew: { type: 'string', default: String(ACCESS_TOKEN_TTL_SECONDS - 60) },
    port: { type: 'string', default: '3710' },
    database: { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/sentinel_bench_load' },
    /** `compiled` (as `npm start` runs it) or `tsx` (the TypeScript through tsx, as before). */
    entry: { type: 'string', default: 'compiled' },
    /** Node's flags for the server instead of scripts/start.mjs's, e.g. "--max-semi-space-size=16". */
    flags: { type: 'string' },
  },
});
const USERS = Number(args.users);
const SECONDS = Number(args.minutes) * 60;
const RAMP_S = Number(args.ramp);
const [THINK_MIN, THINK_MAX] = args.think.split('-').map(Number) as [number, number];
const RENEW_S = Number(args.renew);
const PORT = Number(args.port);
const DATABASE_URL = args.database;
const APP_SECRET = randomBytes(48).toString('base64url');
const SAMPLE_MS = 10_000;
const TARGET_RSS_MB = 300;

const round = (n: number) => Math.round(n * 10) / 10;

/** Per route: statuses and response times. */
const routes = new Map<string, { statuses: Record<string, number>; times: number[] }>();
function record(route: string, status: number | 'error', ms: number) {
  let entry = routes.get(route);
  if (!entry) routes.set(route, (entry = { statuses: {}, times: [] }));
  entry.statuses[status] = (entry.statuses[status] ?? 0) + 1;
  entry.times.push(ms);
}

/** A small text PDF (a one-page claim letter), analysed when uploaded. */
const letter = writePdf(
  textPages(
    readFileSync(
      path.join(repoRoot, 'packages/analyzer/corpus/correspondence/acknowledgement-of-claim.txt'),
      'utf8',
    ).slice(0, 3000),
  ),
);

interface Session {
  person: BenchPerson;
  ip: string;
  token?: string;
  /** When the access token was issued (performance.now()), and the refresh cookie that renews it. */
  tokenAt: number;
  refreshCookie?: string;
  socket?: WebSocket;
  frames: number;
}

async function call(
  session: Session,
  route: string,
  url: string,
  init: RequestInit = {},
): Promise<{ status: number; body: unknown; cookie?: string }> {
  const started = performance.now();
  try {
    const response = await fetch(url, {
      ...init,
      headers: {
        'x-forwarded-for': session.ip,
        ...(session.token && { authorization: `Bearer ${session.token}` }),
        ...(init.headers as Record<string, string> | undefined),
      },
      signal: AbortSignal.timeout(30_000),
    });
    const text = await response.text();
    record(route, response.status, performance.now() - started);
    let body: unknown = null;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      // Not JSON.
    }
    // The refresh cookie (name=value), as a browser would keep it.
    const cookie = response.headers
      .getSetCookie()
      .map((line) => line.split(';')[0]!)
      .find((pair) => pair.includes('refresh') && !pair.endsWith('='));
    return { status: response.status, body, cookie };
  } catch {
    record(route, 'error', performance.now() - started);
    return { status: 0, body: null };
  }
}

const pick = <T>(values: T[]): T => values[Math.floor(Math.random() * values.length)]!;

async function signIn(base: string, session: Session): Promise<boolean> {
  const { status, body, cookie } = await call(session, 'POST /api/auth/login', `${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: session.person.email, password: PASSWORD }),
  });
  const token = (body as { token?: string } | null)?.token;
  if (status !== 200 || !token) return false;
  session.token = token;
  session.tokenAt = performance.now();
  session.refreshCookie = cookie;
  return true;
}

/**
 * As the web app does before its access token (15 minutes) runs out: a new one from
 * POST /api/tokens/refresh with the refresh cookie, and the live connection opened again with it.
 */
async function renew(base: string, session: Session): Promise<void> {
  const { status, body, cookie } = await call(
    session,
    'POST /api/tokens/refresh',
    `${base}/api/tokens/refresh`,
    {
      method: 'POST',
      headers: { origin: base, ...(session.refreshCookie && { cookie: session.refreshCookie }) },
    },
  );
  const token = (body as { token?: string } | null)?.token;
  if (status === 200 && token) {
    session.token = token;
    session.tokenAt = performance.now();
    session.refreshCookie = cookie ?? session.refreshCookie;
  } else if (!(await signIn(base, session))) return;
  session.socket?.terminate();
  await openLive(base, session);
}

/** The live channel, as the web app keeps it open (frames are counted, not checked). */
function openLive(base: string, session: Session): Promise<void> {
  return new Promise((resolve) => {
    const socket = new WebSocket(`${base.replace('http', 'ws')}/api/live`, {
      headers: { 'x-forwarded-for': session.ip },
    });
    const started = performance.now();
    const done = (status: number | 'error') => {
      record('WS /api/live (auth)', status, performance.now() - started);
      resolve();
    };
    socket.on('open', () => socket.send(JSON.stringify({ type: 'auth', token: session.token })));
    socket.on('message', (data) => {
      const frame = JSON.parse(String(data)) as { type: string };
      if (frame.type === 'ready') done(101);
      else session.frames += 1;
    });
    socket.on('error', () => done('error'));
    session.socket = socket;
  });
}

/** A step's weight, whether it needs a thread the person takes part in, and what it does. */
type Step = [weight: number, needsThread: boolean, run: (base: string, s: Session) => Promise<unknown>];

/** The month view's range as the calendar screen asks it: six weeks from the 1st, at midnight. */
const monthRange = () => {
  const start = new Date();
  start.setUTCDate(1);
  start.setUTCHours(0, 0, 0, 0);
  const end = new Date(start.getTime() + 42 * 86_400_000);
  return `start=${encodeURIComponent(start.toISOString())}&end=${encodeURIComponent(end.toISOString())}`;
};

const STEPS: Step[] = [
  [
    15,
    false,
    (base, s) =>
      s.person.userType === 'attorney'
        ? call(s, 'GET /api/dashboard/attorney', `${base}/api/dashboard/attorney`)
        : call(s, 'GET /api/timeline', `${base}/api/timeline`),
  ],
  [
    20,
    false,
    (base, s) => call(s, 'GET /api/cases', `${base}/api/cases?page=1&pageSize=25&sort=lastActivity`),
  ],
  [20, false, (base, s) => call(s, 'GET /api/cases/:id', `${base}/api/cases/${pick(s.person.caseIds)}`)],
  [
    12,
    false,
    (base, s) =>
      call(
        s,
        'GET /api/document/:userId/all',
        `${base}/api/document/${s.person.userId}/all?caseId=${pick(s.person.caseIds)}`,
      ),
  ],
  [
    12,
    false,
    (base, s) =>
      call(
        s,
        'GET /api/calendar/events/sentinel',
        `${base}/api/calendar/events/sentinel?userId=${s.person.userId}&${monthRange()}`,
      ),
  ],
  [8, false, (base, s) => call(s, 'GET /api/conversations', `${base}/api/conversations`)],
  [
    8,
    true,
    (base, s) =>
      call(
        s,
        'GET /api/conversations/:id/messages',
        `${base}/api/conversations/${pick(s.person.threadIds)}/messages`,
      ),
  ],
  [
    3,
    true,
    (base, s) =>
      call(
        s,
        'POST /api/conversations/:id/messages',
        `${base}/api/conversations/${pick(s.person.threadIds)}/messages`,
        {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ body: `Update on the claim at ${new Date().toISOString()}` }),
        },
      ),
  ],
  [5, false, (base, s) => call(s, 'GET /api/notifications', `${base}/api/notifications`)],
  // Signing in again gives a new session: the live connection follows it, as the web app's does
  // (else it would end when the old session's token ran out, long before the next renewal).
  [
    1.5,
    false,
    async (base, s) => {
      if (!(await signIn(base, s))) return;
      s.socket?.terminate();
      await openLive(base, s);
    },
  ],
  [
    0.4,
    false,
    (base, s) => {
      const form = new FormData();
      form.append('caseId', pick(s.person.caseIds));
      form.append('analyze', 'true');
      form.append('file', new Blob([letter], { type: 'application/pdf' }), 'adjuster-letter.pdf');
      return call(s, 'POST /api/document/upload/single', `${base}/api/document/upload/single`, {
        method: 'POST',
        body: form,
      });
    },
  ],
];
const TOTAL_WEIGHT = STEPS.reduce((sum, [weight]) => sum + weight, 0);

/** A step by weight; those on threads only for people who take part in one (not every attorney leads a case). */
function nextStep(session: Session): Step[2] {
  for (;;) {
    let at = Math.random() * TOTAL_WEIGHT;
    const step = STEPS.find(([weight]) => (at -= weight) < 0) ?? STEPS[0]!;
    if (!step[1] || session.person.threadIds.length > 0) return step[2];
  }
}

async function user(base: string, session: Session, startAfterMs: number, endAt: number) {
  await sleep(startAfterMs);
  if (!(await signIn(base, session))) return;
  await openLive(base, session);
  while (performance.now() < endAt) {
    await sleep((THINK_MIN + Math.random() * (THINK_MAX - THINK_MIN)) * 1000);
    if (performance.now() >= endAt) break;
    if (performance.now() - session.tokenAt > RENEW_S * 1000) await renew(base, session);
    await nextStep(session)(base, session);
  }
}

/** Least squares slope of y over x. */
function slope(points: Array<[number, number]>): number {
  const n = points.length;
  if (n < 2) return NaN;
  const mx = points.reduce((s, [x]) => s + x, 0) / n;
  const my = points.reduce((s, [, y]) => s + y, 0) / n;
  const num = points.reduce((s, [x, y]) => s + (x - mx) * (y - my), 0);
  const den = points.reduce((s, [x]) => s + (x - mx) ** 2, 0);
  return num / den;
}

runMain(async () => {
  const before = machine();
  console.log(loadLine(before));
  recreateDatabase(DATABASE_URL);
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'sentinel-load-'));
  const server = startProductionServer({
    port: PORT,
    databaseUrl: DATABASE_URL,
    dataDir,
    appSecret: APP_SECRET,
    // The load comes through a proxy on this machine: each person's own address is forwarded.
    env: { TRUST_PROXY: '127.0.0.1' },
    entry: serverEntry(args.entry === 'tsx' ? 'tsx' : 'compiled'),
    ...(args.flags !== undefined && { flags: args.flags.split(' ').filter(Boolean) }),
  });
  const base = `http://127.0.0.1:${PORT}`;
  const sessions: Session[] = [];
  try {
    await waitFor200(`${base}/api/health`, 180_000, server.child);
    const pid = server.child.pid!;
    await sleep(10_000);
    const idle = { rss: round(rssMb(pid)), ...(await memoryOf(base)), load: os.loadavg()[0]! };
    // One sign-up, as a first visitor founds a firm; then idle again.
    const signUp = await fetch(`${base}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '198.18.255.1' },
      body: JSON.stringify({
        email: `founder-${Date.now()}@load.bench.test`,
        password: 'Quartz-Harbor-Founder-7731',
        firstName: 'Fran',
        lastName: 'Founder',
        userType: 'attorney',
        companyName: 'Founder Claims LLP',
      }),
    });
    if (!signUp.ok) throw new Error(`sign-up answered ${signUp.status}: ${await signUp.text()}`);
    await sleep(10_000);
    const afterSignUp = { rss: round(rssMb(pid)), ...(await memoryOf(base)), load: os.loadavg()[0]! };
    console.log(
      `idle after start: RSS ${idle.rss} MB (heap used ${idle.heapUsed}, total ${idle.heapTotal}, external ${idle.external}); after a sign-up: ${afterSignUp.rss} MB; load ${idle.load.toFixed(2)}`,
    );

    const attorneys = Math.max(1, Math.round(USERS / 4));
    const firms = Math.max(1, Math.round(USERS / 20));
    const people = await seedPeople(DATABASE_URL, {
      firms,
      attorneysPerFirm: Math.ceil(attorneys / firms),
      clientsPerFirm: Math.ceil((USERS - attorneys) / firms),
    });
    const chosen = people.slice(0, USERS);
    console.log(`${chosen.length} people in ${firms} firms; load for ${SECONDS / 60} min, ramp ${RAMP_S} s`);

    const samples: Array<Record<string, number | string>> = [];
    const started = performance.now();
    const sample = async () => {
      const memory = await memoryOf(base).catch(() => null);
      const [one, five] = os.loadavg();
      samples.push({
        seconds: Math.round((performance.now() - started) / 1000),
        rssMb: round(rssMb(pid)),
        heapUsedMb: memory?.heapUsed ?? NaN,
        heapTotalMb: memory?.heapTotal ?? NaN,
        newSpaceMb: memory?.newSpace ?? NaN,
        externalMb: memory?.external ?? NaN,
        live: sessions.filter((s) => s.socket?.readyState === WebSocket.OPEN).length,
        load1: one!.toFixed(2),
        load5: five!.toFixed(2),
      });
    };
    await sample();
    const sampler = setInterval(() => void sample(), SAMPLE_MS);
    const endAt = started + SECONDS * 1000;
    const users = chosen.map((person, index) => {
      const session: Session = {
        person,
        ip: `198.18.${Math.floor(index / 250)}.${(index % 250) + 1}`,
        tokenAt: 0,
        frames: 0,
      };
      sessions.push(session);
      return user(base, session, (index / chosen.length) * RAMP_S * 1000, endAt);
    });
    await Promise.all(users);
    clearInterval(sampler);
    await sample();
    const after = machine();

    // Statuses and times per route.
    const rows = [...routes.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([route, { statuses, times }]) => ({
        route,
        requests: times.length,
        statuses: Object.entries(statuses)
          .map(([code, count]) => `${code}×${count}`)
          .join(' '),
        p50: round(percentile(times, 50)),
        p95: round(percentile(times, 95)),
        p99: round(percentile(times, 99)),
      }));
    const all = [...routes.values()];
    const total = all.reduce((sum, r) => sum + r.times.length, 0);
    const count = (test: (code: string) => boolean) =>
      all.reduce(
        (sum, r) => sum + Object.entries(r.statuses).reduce((s, [code, n]) => s + (test(code) ? n : 0), 0),
        0,
      );
    const fiveXx = count((code) => code.startsWith('5'));
    const limited = count((code) => code === '429');
    const errors = count((code) => code === 'error');
    const allTimes = all.flatMap((r) => r.times);
    console.log(
      `\nMixed load — ${chosen.length} users, ${SECONDS / 60} min, PostgreSQL, ${args.entry} server ${args.flags ?? ''}`,
    );
    console.log(`before: ${loadLine(before)}\nafter:  ${loadLine(after)}\n`);
    printTable(rows);
    console.log(
      `\n${total} requests (${round(total / SECONDS)}/s): 5xx ${fiveXx}, 429 ${limited}, network errors ${errors}; ` +
        `p50 ${round(percentile(allTimes, 50))} ms, p95 ${round(percentile(allTimes, 95))} ms, p99 ${round(percentile(allTimes, 99))} ms; ` +
        `live frames received ${sessions.reduce((s, x) => s + x.frames, 0)}`,
    );

    // The RSS curve: every sample in the CSV, every 5 min (and start, end) printed.
    const csv = path.join(resultsDir, `mixed-load-${new Date().toISOString().replace(/[:.]/g, '-')}.csv`);
    mkdirSync(resultsDir, { recursive: true });
    writeFileSync(
      csv,
      `${Object.keys(samples[0]!).join(',')}\n${samples.map((s) => Object.values(s).join(',')).join('\n')}\n`,
    );
    const printed = samples.filter(
      (s, i) => i === 0 || i === samples.length - 1 || Number(s.seconds) % 300 < SAMPLE_MS / 1000,
    );
    printTable(printed);
    // Slope after the ramp and the first minutes' warm-up (V8 growing its heap is not a leak).
    const settled = samples.filter((s) => Number(s.seconds) >= Math.min(RAMP_S + 120, SECONDS / 2));
    const rssSlope = slope(settled.map((s) => [Number(s.seconds) / 60, Number(s.rssMb)]));
    const heapSlope = slope(settled.map((s) => [Number(s.seconds) / 60, Number(s.heapUsedMb)]));
    const rssValues = samples.map((s) => Number(s.rssMb));
    const peak = Math.max(...rssValues);
    console.log(
      `\nRSS: idle ${idle.rss} MB, after sign-up ${afterSignUp.rss} MB, under load median ${round(percentile(rssValues, 50))} MB, peak ${peak} MB ` +
        `(target ≤ ${TARGET_RSS_MB}: ${peak <= TARGET_RSS_MB ? 'PASS' : 'MISS'}); slope after ${Number(settled[0]?.seconds ?? 0) / 60} min: ` +
        `${rssSlope.toFixed(2)} MB/min RSS, ${heapSlope.toFixed(2)} MB/min heap used`,
    );
    console.log(`samples: ${path.relative(repoRoot, csv)}`);
    const file = writeResult('mixed-load', {
      before,
      after,
      args,
      idle,
      afterSignUp,
      routes: rows,
      total,
      fiveXx,
      limited,
      errors,
      rssSlopeMbPerMin: rssSlope,
      heapSlopeMbPerMin: heapSlope,
      samples,
    });
    console.log(`results: ${file}`);
    return fiveXx + errors > 0 ? 1 : 0;
  } catch (error) {
    console.error(server.output().slice(-3000));
    throw error;
  } finally {
    for (const session of sessions) session.socket?.terminate();
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
    dropDatabase(DATABASE_URL);
  }
});
