/**
 * `npm run bench:reliability -- <scenario>`: what happens to the server (as `npm start` runs it,
 * in its own process, on PostgreSQL) when its database or its own process fails. Each scenario
 * prints what it proved and exits 1 when a check fails. Scenarios (all: `all`):
 *
 * - startup: PostgreSQL down when the server starts: it stays up, answers /api/health 200 and
 *   /api/ready 503 while retrying with back-off, and serves once PostgreSQL is up; a job queued
 *   meanwhile runs (row 36).
 * - restart: PostgreSQL restarted (`pg_ctl restart -m fast`) under reads, writes and uploads for
 *   analysis: failures are 503 (no 500), fast; requests succeed again; every acknowledged write is
 *   there; a write refused or unanswered is sent again with its Idempotency-Key and exists exactly
 *   once; every accepted upload's analysis finishes (rows 37 and 42, issue item 9).
 * - hang: PostgreSQL frozen (SIGSTOP) for 20 s under load: 503 within the query timeout, then
 *   recovery once it resumes (row 37).
 * - crash: N writes acknowledged, then PostgreSQL killed (`pg_ctl stop -m immediate`) and started:
 *   all N are there; and the server refuses to start on `synchronous_commit=off` or `fsync=off`
 *   (row 38).
 * - kill9: the server SIGKILLed while it analyses a document; a new server takes the job over
 *   when its lock runs out and finishes it (issue item 9).
 * - pgdump: docs/operations.md's backup of a running server (pg_dump, then the files) restored
 *   into a new database: same rows in every table, every document's file with its SHA-256 (row 48).
 *
 * PostgreSQL is this script's own cluster (initdb/pg_ctl from /usr/lib/postgresql/<v>/bin) in
 * /tmp/r1/pg on port 5442 (RELIABILITY_PG_DIR, RELIABILITY_PG_PORT), never the machine's; as root
 * it runs as the `postgres` user. The server listens on 3600-3699.
 */
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createDatabase } from '@sentinel/db';
import { createClient, createUser } from '@sentinel/db/factories';
import { textPages, writePdf } from '@sentinel/analyzer/fixtures/pdf-writer';
import { machine, percentile, repoRoot, runMain, sleep, startServerProcess, writeResult } from './lib';

const PG_DIR = process.env.RELIABILITY_PG_DIR ?? '/tmp/r1/pg';
const PG_PORT = Number(process.env.RELIABILITY_PG_PORT ?? 5442);
const PGDATA = path.join(PG_DIR, 'data');
const DB_NAME = 'r1_reliability';
const DATABASE_URL = `postgres://postgres@127.0.0.1:${PG_PORT}/${DB_NAME}`;
const SERVER_PORT = 3600 + Math.floor(Math.random() * 90);
const BASE = `http://127.0.0.1:${SERVER_PORT}`;
const PASSWORD = 'Harbor-Lights-2026!';
/** The pool's client-side query timeout (packages/db client.ts) plus a margin for the answer. */
const QUERY_TIMEOUT_MS = 16_000;

// ---------------------------------------------------------------------------------------------
// The cluster

const pgBin = (() => {
  const versions = readdirSync('/usr/lib/postgresql').sort((a, b) => Number(b) - Number(a));
  return path.join('/usr/lib/postgresql', versions[0]!, 'bin');
})();
const asRoot = process.getuid?.() === 0;

function pgTool(tool: string, args: string[], check = true) {
  const command = path.join(pgBin, tool);
  const result = asRoot
    ? spawnSync('runuser', ['-u', 'postgres', '--', command, ...args], { encoding: 'utf8' })
    : spawnSync(command, args, { encoding: 'utf8' });
  if (check && result.status !== 0)
    throw new Error(`${tool} ${args.join(' ')}: ${result.status}\n${result.stdout}${result.stderr}`);
  return result;
}

function psql(sql: string, database = DB_NAME): string {
  const result = spawnSync(
    'psql',
    ['-h', '127.0.0.1', '-p', String(PG_PORT), '-U', 'postgres', '-d', database, '-Atqc', sql],
    { encoding: 'utf8' },
  );
  if (result.status !== 0) throw new Error(`psql ${sql}: ${result.stderr}`);
  return result.stdout.trim();
}

const cluster = {
  init() {
    if (existsSync(path.join(PGDATA, 'PG_VERSION'))) return;
    mkdirSync(PG_DIR, { recursive: true });
    if (asRoot) spawnSync('chown', ['postgres:postgres', PG_DIR]);
    pgTool('initdb', ['-D', PGDATA, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-instructions']);
  },
  start() {
    pgTool('pg_ctl', [
      '-D',
      PGDATA,
      '-l',
      path.join(PG_DIR, 'log'),
      '-o',
      `-p ${PG_PORT} -k ${PG_DIR} -c listen_addresses=127.0.0.1`,
      '-w',
      'start',
    ]);
  },
  stop(mode: 'fast' | 'immediate' = 'fast') {
    pgTool('pg_ctl', ['-D', PGDATA, '-m', mode, '-w', 'stop'], false);
  },
  restart() {
    // -l again: without it the new postmaster would keep this process's pipe open.
    pgTool('pg_ctl', ['-D', PGDATA, '-l', path.join(PG_DIR, 'log'), '-m', 'fast', '-w', 'restart']);
  },
  running: () => pgTool('pg_ctl', ['-D', PGDATA, 'status'], false).status === 0,
  /** The postmaster and every backend: what SIGSTOP freezes. */
  pids(): number[] {
    const postmaster = Number(readFileSync(path.join(PGDATA, 'postmaster.pid'), 'utf8').split('\n')[0]);
    const children = spawnSync('pgrep', ['-P', String(postmaster)], { encoding: 'utf8' }).stdout;
    return [postmaster, ...children.split('\n').filter(Boolean).map(Number)];
  },
  recreateDatabase() {
    psql(`drop database if exists ${DB_NAME} with (force)`, 'postgres');
    psql(`create database ${DB_NAME}`, 'postgres');
  },
};

// ---------------------------------------------------------------------------------------------
// The server and its people

function startServer(dataDir: string, env: Record<string, string> = {}) {
  return startServerProcess(['--max-semi-space-size=32', '--import', 'tsx', 'apps/server/src/main.ts'], {
    DATA_DIR: dataDir,
    DATABASE_URL,
    PORT: String(SERVER_PORT),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    DEMO_SEED: 'never',
    API_RATE_LIMIT: 'off',
    PROVIDER_SANDBOX: 'off',
    LOGIN_LIMIT_PER_IP: '1000000/1m',
    LOGIN_LIMIT_PER_ACCOUNT: '1000000/1m',
    ...env,
  });
}

async function waitForStatus(url: string, status: number, timeoutMs: number): Promise<number> {
  const deadline = performance.now() + timeoutMs;
  while (performance.now() < deadline) {
    const answered = await fetch(url, { signal: AbortSignal.timeout(2_000) })
      .then(async (response) => (await response.arrayBuffer(), response.status))
      .catch(() => 0);
    if (answered === status) return performance.now();
    await sleep(50);
  }
  throw new Error(`${url} did not answer ${status} within ${timeoutMs} ms`);
}

interface Firm {
  token: string;
  clientId: string;
}

/** An attorney and a client made by the factories (no e-mail round trip), signed in through the API. */
async function seedFirm(): Promise<Firm> {
  const owner = await createDatabase({ url: DATABASE_URL, poolMax: 1 });
  try {
    const attorney = await createUser(owner.db, { userType: 'attorney', password: PASSWORD });
    const client = await createClient(owner.db, { firmId: attorney.firmId });
    const response = await fetch(`${BASE}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: attorney.email, password: PASSWORD }),
    });
    if (response.status !== 200) throw new Error(`login: ${response.status} ${await response.text()}`);
    return { token: ((await response.json()) as { token: string }).token, clientId: client.id };
  } finally {
    await owner.close();
  }
}

interface Outcome {
  kind: 'read' | 'write' | 'upload';
  startedAt: number;
  ms: number;
  status: number;
  /** The case title of a write, the document id of an accepted upload. */
  key?: string;
  /** A write's last answer, after it was sent again with its Idempotency-Key. */
  write?: { status: number; tries: number; replayed: boolean };
}

const letter = writePdf(
  textPages(
    'Reservation of rights. The carrier acknowledges the claim for water damage at the insured ' +
      'property and reserves its rights under the policy pending inspection. '.repeat(20),
  ),
);

async function request(firm: Firm, kind: Outcome['kind'], n: number): Promise<Outcome> {
  const startedAt = performance.now();
  const headers = { authorization: `Bearer ${firm.token}` };
  const signal = AbortSignal.timeout(60_000);
  let key: string | undefined;
  let status: number;
  try {
    if (kind === 'read') {
      const response = await fetch(`${BASE}/api/cases?page=1`, { headers, signal });
      await response.arrayBuffer();
      status = response.status;
    } else if (kind === 'write') {
      return await writeCase(firm, n);
    } else {
      const form = new FormData();
      form.append('file', new Blob([letter], { type: 'application/pdf' }), `letter-${n}.pdf`);
      form.append('analyze', 'true');
      const response = await fetch(`${BASE}/api/document/upload/single`, {
        method: 'POST',
        headers,
        body: form,
      });
      const body = (await response.json()) as { data?: { id: string } };
      status = response.status;
      key = body.data?.id;
    }
  } catch {
    status = 0; // no answer at all
  }
  return { kind, startedAt, ms: performance.now() - startedAt, status, key };
}

/** Tries of one write, as the web client makes them: the same Idempotency-Key each time. */
const WRITE_TRIES = 60;

/**
 * A new case, sent with an Idempotency-Key and sent again with it after a 503 or no answer (0.5 s
 * later), or while the key's first run is still held (409 IDEMPOTENCY_KEY_IN_USE: 1 s later, its
 * Retry-After), up to WRITE_TRIES, to ride out the whole restart.
 * The outcome is the first try's timing and status (what the load saw) and the last try's answer.
 */
async function writeCase(firm: Firm, n: number): Promise<Outcome> {
  const title = `Reliability case ${n}`;
  const idempotencyKey = randomUUID();
  const first: Partial<Outcome> = {};
  let status = 0;
  let replayed = false;
  let inUse = false;
  let tries = 0;
  while (tries < WRITE_TRIES) {
    const startedAt = performance.now();
    tries++;
    try {
      const response = await fetch(`${BASE}/api/cases`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${firm.token}`,
          'content-type': 'application/json',
          'idempotency-key': idempotencyKey,
        },
        body: JSON.stringify({ title, clientId: firm.clientId }),
        signal: AbortSignal.timeout(60_000),
      });
      const body = await response.text();
      status = response.status;
      replayed = response.headers.get('idempotent-replayed') === 'true';
      inUse = status === 409 && body.includes('IDEMPOTENCY_KEY_IN_USE');
    } catch {
      status = 0;
    }
    if (first.status === undefined)
      Object.assign(first, { startedAt, ms: performance.now() - startedAt, status });
    if (status !== 503 && status !== 0 && !inUse) break;
    await sleep(inUse ? 1_000 : 500);
  }
  return {
    kind: 'write',
    startedAt: first.startedAt!,
    ms: first.ms!,
    status: first.status!,
    key: title,
    write: { status, tries, replayed },
  };
}

/**
 * `workers` loops of read, write, read, … (one upload for analysis every tenth request of the
 * first loop) until `stop()`; returns every outcome.
 */
function load(firm: Firm, workers: number) {
  let running = true;
  let n = 0;
  const outcomes: Outcome[] = [];
  const loops = Array.from({ length: workers }, async (_, worker) => {
    for (let i = 0; running; i++) {
      const kind = worker === 0 && i % 10 === 9 ? 'upload' : i % 2 === 0 ? 'read' : 'write';
      outcomes.push(await request(firm, kind, n++));
      await sleep(10);
    }
  });
  return {
    outcomes,
    stop: async () => {
      running = false;
      await Promise.all(loops);
      return outcomes;
    },
  };
}

interface Check {
  what: string;
  ok: boolean;
}
const check = (checks: Check[], what: string, ok: boolean) => checks.push({ what, ok });

/** Counts and timings of one load around an outage that began at `outageAt` and ended at `backAt`. */
function summarise(outcomes: Outcome[], outageAt: number, backAt: number) {
  const failed = outcomes.filter((o) => o.status < 200 || o.status >= 300);
  const byStatus: Record<string, number> = {};
  for (const o of outcomes) byStatus[o.status] = (byStatus[o.status] ?? 0) + 1;
  const firstOkAfter = outcomes
    .filter((o) => o.status >= 200 && o.status < 300 && o.startedAt >= backAt)
    .reduce((min, o) => Math.min(min, o.startedAt + o.ms), Infinity);
  const lastFailure = failed.reduce((max, o) => Math.max(max, o.startedAt + o.ms), outageAt);
  return {
    requests: outcomes.length,
    byStatus,
    failed: failed.length,
    failedMaxMs: Math.round(Math.max(0, ...failed.map((o) => o.ms))),
    failedP50Ms: Math.round(
      percentile(
        failed.map((o) => o.ms),
        50,
      ) || 0,
    ),
    /** From the database back to the first request that succeeded. */
    recoveredAfterMs: Math.round(firstOkAfter - backAt),
    /** From the outage's start to the end of the last failed request. */
    failingForMs: Math.round(lastFailure - outageAt),
  };
}

/**
 * Writes: every acknowledged one present, and each whole (a case without the status history of
 * its transaction would be a partial write). A write refused with a 503 or left unanswered is sent
 * again with its Idempotency-Key until it is answered: each then exists exactly once, whether its
 * first try had committed (the retry is told so, or gets the answer again) or not (the retry runs
 * it). Reference row 42.
 */
function checkWrites(checks: Check[], outcomes: Outcome[]) {
  const counts = new Map(
    psql(`select title || '|' || count(*) from cases where title like 'Reliability case %' group by title`)
      .split('\n')
      .filter(Boolean)
      .map((line) => line.split('|') as [string, string])
      .map(([title, count]) => [title, Number(count)]),
  );
  const writes = outcomes.filter((o) => o.kind === 'write');
  const acknowledged = writes.filter((o) => o.write!.status === 201);
  const answerLost = writes.filter((o) => o.write!.status === 409);
  const unanswered = writes.filter((o) => o.write!.status !== 201 && o.write!.status !== 409);
  const retried = writes.filter((o) => o.write!.tries > 1);
  const replayed = writes.filter((o) => o.write!.replayed);
  const lost = acknowledged.filter((o) => !counts.has(o.key!)).length;
  const duplicated = [...counts.values()].filter((count) => count > 1).length;
  const partial = Number(
    psql(`select count(*) from cases c where title like 'Reliability case %'
             and not exists (select 1 from case_status_history h where h.case_id = c.id)`),
  );
  check(checks, `${acknowledged.length} acknowledged writes all committed (lost: ${lost})`, lost === 0);
  check(checks, `no partial write: every case has its status history (${partial} without)`, partial === 0);
  check(
    checks,
    `${retried.length} writes sent again with their key: ${replayed.length} answered by replay, ` +
      `${answerLost.length} "already carried out"; ${unanswered.length} never answered; no case twice (${duplicated} duplicated)`,
    duplicated === 0 && unanswered.length === 0 && answerLost.every((o) => counts.get(o.key!) === 1),
  );
  return {
    writes: writes.length,
    retried: retried.length,
    replayed: replayed.length,
    answerLost: answerLost.length,
  };
}

/** Accepted uploads' analyses all finish (a job cut off by the outage is retried or taken over). */
async function checkJobs(checks: Check[], outcomes: Outcome[], timeoutMs: number) {
  const ids = outcomes.filter((o) => o.kind === 'upload' && o.status === 200 && o.key).map((o) => o.key!);
  if (ids.length === 0) return check(checks, 'some uploads were accepted', false);
  const started = performance.now();
  let pending = ids.length;
  while (performance.now() - started < timeoutMs) {
    const list = ids.map((id) => `'${id}'`).join(',');
    pending = Number(
      psql(
        `select count(*) from documents where id in (${list}) and analysis_status not in ('completed', 'failed')`,
      ),
    );
    if (pending === 0) break;
    await sleep(1_000);
  }
  const failedAnalyses = Number(
    psql(
      `select count(*) from documents where id in (${ids.map((id) => `'${id}'`).join(',')}) and analysis_status = 'failed'`,
    ),
  );
  check(
    checks,
    `${ids.length} accepted uploads analysed, none lost (${pending} unfinished, ${failedAnalyses} failed) within ${Math.round((performance.now() - started) / 1000)} s`,
    pending === 0 && failedAnalyses === 0,
  );
}

// ---------------------------------------------------------------------------------------------
// Scenarios

type Scenario = (dataDir: string) => Promise<{ checks: Check[]; figures: Record<string, unknown> }>;

const scenarios: Record<string, Scenario> = {
  async startup(dataDir) {
    const checks: Check[] = [];
    // A job queued while no server could run it.
    const migrate = startServer(dataDir);
    await waitForStatus(`${BASE}/api/ready`, 200, 120_000);
    await migrate.stop();
    psql(`insert into jobs (kind, payload) values ('storage.cleanup', '{}')`);
    const jobId = psql(`select max(id) from jobs where kind = 'storage.cleanup' and status = 'queued'`);
    cluster.stop('fast');

    const server = startServer(dataDir);
    try {
      const startedAt = await waitForStatus(`${BASE}/api/health`, 200, 60_000);
      const statuses: Record<string, number> = {};
      while (performance.now() - startedAt < 8_000) {
        const response = await fetch(`${BASE}/api/ready`).catch(() => undefined);
        const key = `ready ${response?.status ?? 'no answer'}`;
        statuses[key] = (statuses[key] ?? 0) + 1;
        await sleep(200);
      }
      const alive = server.child.exitCode === null;
      const retries = server.output().match(/The database is not reachable[^\n]*/g) ?? [];
      check(checks, 'the server stayed up while PostgreSQL was down (no exit, no crash loop)', alive);
      check(
        checks,
        `/api/ready answered only 503 while down (${JSON.stringify(statuses)})`,
        Object.keys(statuses).join() === 'ready 503',
      );
      check(
        checks,
        `it retried with back-off: ${retries.map((line) => /in ([\d.]+) s/.exec(line)?.[1]).join(', ')} s`,
        retries.length >= 3,
      );
      cluster.start();
      const upAt = performance.now();
      const readyAt = await waitForStatus(`${BASE}/api/ready`, 200, 60_000);
      let done = '';
      for (let i = 0; i < 100 && done !== 'done'; i++, await sleep(200))
        done = psql(`select status from jobs where id = ${jobId}`);
      check(checks, `the job queued meanwhile ran once the database answered (${done})`, done === 'done');
      return {
        checks,
        figures: {
          retries: retries.length,
          readyAfterDatabaseUpMs: Math.round(readyAt - upAt),
          readyStatusesWhileDown: statuses,
        },
      };
    } finally {
      await server.stop();
      if (!cluster.running()) cluster.start();
    }
  },

  async restart(dataDir) {
    const checks: Check[] = [];
    const server = startServer(dataDir, { ANALYSIS_TIMEOUT_SECONDS: '15' });
    try {
      await waitForStatus(`${BASE}/api/ready`, 200, 120_000);
      const firm = await seedFirm();
      const running = load(firm, 8);
      await sleep(4_000);
      const outageAt = performance.now();
      cluster.restart();
      const backAt = performance.now();
      await sleep(6_000);
      const outcomes = await running.stop();
      const figures = { restartMs: Math.round(backAt - outageAt), ...summarise(outcomes, outageAt, backAt) };
      check(
        checks,
        'the server stayed up',
        server.child.exitCode === null && server.child.signalCode === null,
      );
      check(
        checks,
        `no 500 and no unanswered request (${JSON.stringify(figures.byStatus)})`,
        !figures.byStatus['500'] && !figures.byStatus['0'],
      );
      check(
        checks,
        `every failure was a 503, within ${figures.failedMaxMs} ms`,
        outcomes.every((o) => (o.status >= 200 && o.status < 300) || o.status === 503),
      );
      check(
        checks,
        `requests succeeded again ${figures.recoveredAfterMs} ms after PostgreSQL was back`,
        Number.isFinite(figures.recoveredAfterMs) && figures.recoveredAfterMs < 5_000,
      );
      const writes = checkWrites(checks, outcomes);
      await checkJobs(checks, outcomes, 240_000);
      return { checks, figures: { ...figures, writes } };
    } finally {
      await server.stop();
    }
  },

  async hang(dataDir) {
    const checks: Check[] = [];
    const server = startServer(dataDir);
    try {
      await waitForStatus(`${BASE}/api/ready`, 200, 120_000);
      const firm = await seedFirm();
      const running = load(firm, 8);
      await sleep(3_000);
      const pids = cluster.pids();
      const outageAt = performance.now();
      for (const pid of pids) process.kill(pid, 'SIGSTOP');
      await sleep(20_000);
      for (const pid of pids) process.kill(pid, 'SIGCONT');
      const backAt = performance.now();
      await sleep(8_000);
      const outcomes = await running.stop();
      const figures = { frozenMs: Math.round(backAt - outageAt), ...summarise(outcomes, outageAt, backAt) };
      check(
        checks,
        'the server stayed up',
        server.child.exitCode === null && server.child.signalCode === null,
      );
      check(
        checks,
        `no 500 and no unanswered request (${JSON.stringify(figures.byStatus)})`,
        !figures.byStatus['500'] && !figures.byStatus['0'],
      );
      check(
        checks,
        'every failure was a 503',
        outcomes.every((o) => (o.status >= 200 && o.status < 300) || o.status === 503),
      );
      check(
        checks,
        `failed requests answered within the query timeout (slowest ${figures.failedMaxMs} ms ≤ ${QUERY_TIMEOUT_MS + 1_000})`,
        figures.failedMaxMs <= QUERY_TIMEOUT_MS + 1_000,
      );
      check(
        checks,
        `requests succeeded again ${figures.recoveredAfterMs} ms after PostgreSQL resumed`,
        Number.isFinite(figures.recoveredAfterMs) && figures.recoveredAfterMs < 10_000,
      );
      const writes = checkWrites(checks, outcomes);
      return { checks, figures: { ...figures, writes } };
    } finally {
      await server.stop();
    }
  },

  async crash(dataDir) {
    const checks: Check[] = [];
    const server = startServer(dataDir);
    const writes = 200;
    let figures: Record<string, unknown> = {};
    try {
      await waitForStatus(`${BASE}/api/ready`, 200, 120_000);
      const firm = await seedFirm();
      const outcomes: Outcome[] = [];
      for (let n = 0; n < writes; n += 10)
        outcomes.push(
          ...(await Promise.all(Array.from({ length: 10 }, (_, i) => request(firm, 'write', n + i)))),
        );
      const acknowledged = outcomes.filter((o) => o.status === 201).length;
      check(
        checks,
        `${acknowledged}/${writes} writes acknowledged before the crash`,
        acknowledged === writes,
      );
      const crashAt = performance.now();
      cluster.stop('immediate'); // no checkpoint: only the WAL holds the last commits
      cluster.start();
      figures = { writes, crashRecoveryMs: Math.round(performance.now() - crashAt) };
      checkWrites(checks, outcomes);
    } finally {
      await server.stop();
    }
    // The start-up check: the server refuses a database that may lose commits.
    for (const [setting, apply, undo] of [
      [
        'synchronous_commit=off',
        `alter database ${DB_NAME} set synchronous_commit = off`,
        `alter database ${DB_NAME} reset synchronous_commit`,
      ],
      ['fsync=off', 'alter system set fsync = off', 'alter system reset fsync'],
    ] as const) {
      psql(apply);
      psql('select pg_reload_conf()');
      await sleep(300);
      const refused = startServer(dataDir);
      const code = await new Promise<number | null>((resolve) => refused.child.once('exit', resolve));
      psql(undo);
      psql('select pg_reload_conf()');
      check(
        checks,
        `the server refused to start with ${setting} (exit ${code}: "${/PostgreSQL runs with [^:]*/.exec(refused.output())?.[0] ?? refused.output().slice(0, 200)}")`,
        code === 1 && refused.output().includes(`PostgreSQL runs with ${setting}`),
      );
    }
    return { checks, figures };
  },

  async kill9(dataDir) {
    const checks: Check[] = [];
    const timeoutSeconds = 10;
    const lockSeconds = timeoutSeconds + 120; // apps/server/src/app.ts: the analysis job's lock
    const env = { ANALYSIS_TIMEOUT_SECONDS: String(timeoutSeconds) };
    const first = startServer(dataDir, env);
    let second: ReturnType<typeof startServer> | undefined;
    try {
      await waitForStatus(`${BASE}/api/ready`, 200, 120_000);
      const firm = await seedFirm();
      const claim = readFileSync(
        path.join(repoRoot, 'packages/analyzer/corpus/pleading/complaint-breach-of-contract-hernandez.txt'),
        'utf8',
      );
      const pages = [];
      while (pages.length < 150) pages.push(...textPages(claim));
      const form = new FormData();
      form.append('file', new Blob([writePdf(pages.slice(0, 150))], { type: 'application/pdf' }), 'long.pdf');
      form.append('analyze', 'true');
      const response = await fetch(`${BASE}/api/document/upload/single`, {
        method: 'POST',
        headers: { authorization: `Bearer ${firm.token}` },
        body: form,
      });
      const documentId = ((await response.json()) as { data: { id: string } }).data.id;
      const job = `payload->>'documentId' = '${documentId}'`;
      let status = '';
      for (let i = 0; i < 500 && status !== 'running'; i++, await sleep(10))
        status = psql(`select status from jobs where ${job}`);
      check(checks, `the analysis was running when the server was killed (${status})`, status === 'running');
      const killedAt = performance.now();
      process.kill(-first.child.pid!, 'SIGKILL');
      await new Promise((resolve) => first.child.once('exit', resolve));
      const held = psql(
        `select status || ' ' || attempts || ' ' || round(extract(epoch from locked_until - now())) from jobs where ${job}`,
      );
      second = startServer(dataDir, env);
      await waitForStatus(`${BASE}/api/ready`, 200, 120_000);
      let analysis = '';
      while (performance.now() - killedAt < (lockSeconds + 90) * 1000) {
        analysis = psql(`select analysis_status from documents where id = '${documentId}'`);
        if (analysis === 'completed' || analysis === 'failed') break;
        await sleep(1_000);
      }
      const takenOverAfterS = Math.round((performance.now() - killedAt) / 1000);
      const attempts = psql(`select status || ', attempts ' || attempts from jobs where ${job}`);
      check(
        checks,
        `after the kill the job stayed leased to the dead server (status, attempts, lock seconds left: ${held})`,
        held.startsWith('running 1'),
      );
      check(
        checks,
        `a new server took the job over and finished it ${takenOverAfterS} s after the kill (${analysis}; job ${attempts})`,
        analysis === 'completed' && attempts === 'done, attempts 2',
      );
      return { checks, figures: { lockSeconds, takenOverAfterS, documentStatus: analysis, job: attempts } };
    } finally {
      await second?.stop();
      if (first.child.exitCode === null && first.child.signalCode === null) await first.stop();
    }
  },
};

/** Every table's row count, as `table count` lines. */
const COUNT_TABLES = `select string_agg(format('%s %s', table_name,
    (xpath('/row/n/text()', query_to_xml(format('select count(*) as n from %I', table_name), false, true, '')))[1]),
    E'\\n' order by table_name) as counts
  from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`;

scenarios.pgdump = async (dataDir) => {
  const checks: Check[] = [];
  const server = startServer(dataDir);
  const restoredDb = `${DB_NAME}_restored`;
  try {
    await waitForStatus(`${BASE}/api/ready`, 200, 120_000);
    const firm = await seedFirm();
    const running = load(firm, 4);
    await sleep(4_000);
    // The runbook's command (docs/operations.md), while the server runs and writes. To know what
    // the dump must hold, a transaction exports its snapshot to pg_dump and counts the rows in it.
    const snapshot = new pg.Client({ connectionString: DATABASE_URL });
    await snapshot.connect();
    await snapshot.query('begin isolation level repeatable read');
    const { rows: exported } = await snapshot.query<{ id: string }>('select pg_export_snapshot() as id');
    const dump = path.join(PG_DIR, 'sentinel.dump');
    const dumpStarted = performance.now();
    const dumped = spawnSync(
      path.join(pgBin, 'pg_dump'),
      ['--format=custom', `--snapshot=${exported[0]!.id}`, `--file=${dump}`, DATABASE_URL],
      { encoding: 'utf8' },
    );
    const dumpMs = Math.round(performance.now() - dumpStarted);
    const { rows: counted } = await snapshot.query<{ counts: string }>(COUNT_TABLES);
    await snapshot.query('commit');
    await snapshot.end();
    const outcomes = await running.stop();
    const uploads = outcomes.filter((o) => o.kind === 'upload' && o.status === 200).length;
    // Then the files, copied after the dump: every document it names has its file.
    const files = path.join(PG_DIR, 'files-copy');
    spawnSync('rm', ['-rf', files]);
    spawnSync('cp', ['-a', path.join(dataDir, 'files'), files]);
    psql(`drop database if exists ${restoredDb} with (force)`, 'postgres');
    psql(`create database ${restoredDb}`, 'postgres');
    const restoreStarted = performance.now();
    const restored = spawnSync(
      path.join(pgBin, 'pg_restore'),
      ['--no-owner', `--dbname=${DATABASE_URL}_restored`, dump],
      { encoding: 'utf8' },
    );
    const restoreMs = Math.round(performance.now() - restoreStarted);
    check(
      checks,
      `pg_dump (${dumpMs} ms) and pg_restore (${restoreMs} ms) succeeded`,
      dumped.status === 0 && restored.status === 0,
    );
    const source = counted[0]!.counts;
    const copy = psql(COUNT_TABLES, restoredDb);
    const tables = source.split('\n').length;
    check(
      checks,
      `the ${tables} tables have the same row counts (${source
        .split('\n')
        .filter((l) => /^(cases|documents|audit_log|jobs) /.test(l))
        .join(', ')})`,
      source === copy,
    );
    const rows = psql(`select storage_key || ' ' || sha256 from documents`, restoredDb)
      .split('\n')
      .filter(Boolean);
    let matching = 0;
    for (const row of rows) {
      const [key, sha] = row.split(' ');
      const hashed = spawnSync('sha256sum', [path.join(files, key!.slice(0, 2), key!)], { encoding: 'utf8' });
      if (hashed.stdout.split(' ')[0] === sha) matching += 1;
    }
    check(
      checks,
      `every restored document's file is there with its SHA-256 (${matching}/${rows.length}; ${uploads} uploads)`,
      rows.length > 0 && matching === rows.length,
    );
    return { checks, figures: { dumpMs, restoreMs, tables, documents: rows.length } };
  } finally {
    await server.stop();
    psql(`drop database if exists ${restoredDb} with (force)`, 'postgres');
  }
};

async function main(): Promise<number> {
  const wanted = process.argv[2] ?? 'all';
  const names = wanted === 'all' ? Object.keys(scenarios) : [wanted];
  if (!names.every((name) => name in scenarios)) {
    console.error(`Usage: npm run bench:reliability -- <${Object.keys(scenarios).join('|')}|all>`);
    return 2;
  }
  cluster.init();
  if (!cluster.running()) cluster.start();
  const results: Record<string, unknown> = {};
  let failed = 0;
  try {
    for (const name of names) {
      cluster.recreateDatabase();
      const dataDir = await mkdtemp(path.join(os.tmpdir(), 'sentinel-reliability-'));
      const started = performance.now();
      console.log(`\n== ${name}`);
      try {
        const { checks, figures } = await scenarios[name]!(dataDir);
        for (const { what, ok } of checks) console.log(`${ok ? 'PASS' : 'FAIL'}  ${what}`);
        console.log(`figures: ${JSON.stringify(figures)}`);
        failed += checks.filter((c) => !c.ok).length;
        results[name] = { seconds: Math.round((performance.now() - started) / 1000), checks, figures };
      } catch (error) {
        failed += 1;
        console.log(`FAIL  ${name}: ${(error as Error).stack ?? String(error)}`);
        results[name] = { error: String(error) };
      } finally {
        await rm(dataDir, { recursive: true, force: true });
      }
    }
  } finally {
    if (!cluster.running()) cluster.start();
    psql(`drop database if exists ${DB_NAME} with (force)`, 'postgres');
    cluster.stop('fast');
  }
  console.log(
    `\n${failed === 0 ? 'all checks passed' : `${failed} check(s) failed`}; results in ${writeResult('reliability', { machine: machine(), results })}`,
  );
  return failed === 0 ? 0 : 1;
}

runMain(main);
