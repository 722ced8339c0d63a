import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../apps/server/src/config';

/** Helpers shared by the benchmark scripts. */

export const repoRoot = path.resolve(import.meta.dirname, '..');
export const resultsDir = path.join(import.meta.dirname, 'results');

/** The machine's state when a figure was taken: figures on a loaded box are noisy. */
export function machine() {
  const [one, five, fifteen] = os.loadavg().map((n) => Number(n.toFixed(2)));
  return {
    date: new Date().toISOString(),
    loadAverage: { one, five, fifteen },
    cpus: os.cpus().length,
    node: process.version,
  };
}

export const loadLine = (m = machine()) =>
  `${m.date}  load average ${m.loadAverage.one}, ${m.loadAverage.five}, ${m.loadAverage.fifteen} on ${m.cpus} CPUs, Node ${m.node}`;

/** Writes `results/<name>-<timestamp>.json` and returns its path. */
export function writeResult(name: string, data: unknown): string {
  mkdirSync(resultsDir, { recursive: true });
  const file = path.join(resultsDir, `${name}-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  writeFileSync(file, `${JSON.stringify(data, null, 2)}\n`);
  return path.relative(repoRoot, file);
}

/** Prints rows as an aligned text table (columns: the first row's keys unless given). */
export function printTable(rows: Array<Record<string, unknown>>, columns = Object.keys(rows[0] ?? {})): void {
  if (rows.length === 0) return;
  const cells = rows.map((row) => columns.map((c) => String(row[c] ?? '')));
  const widths = columns.map((c, i) => Math.max(c.length, ...cells.map((r) => r[i]!.length)));
  const line = (values: string[]) =>
    values.map((v, i) => (i === 0 ? v.padEnd(widths[i]!) : v.padStart(widths[i]!))).join('  ');
  console.log(line(columns));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const row of cells) console.log(line(row));
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms: ${what}`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** A process's resident set size in MB (Linux `/proc`), 0 once it is gone. */
export function rssMb(pid: number): number {
  try {
    return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
  } catch {
    return 0;
  }
}

/** The p-th percentile (nearest rank) of the values, in any order; NaN when there are none. */
export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : NaN;
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Polls `url` until it answers 200; resolves with the time it did (performance.now()). */
export async function waitFor200(url: string, timeoutMs: number, child?: ChildProcess): Promise<number> {
  const deadline = performance.now() + timeoutMs;
  while (performance.now() < deadline) {
    if (child && child.exitCode !== null)
      throw new Error(`server exited with code ${child.exitCode} before ${url} answered`);
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(1_000) });
      await response.arrayBuffer();
      if (response.status === 200) return performance.now();
    } catch {
      // Not listening yet.
    }
    await sleep(20);
  }
  throw new Error(`${url} did not answer 200 within ${timeoutMs} ms`);
}

export interface ServerProcess {
  child: ChildProcess;
  /** Everything the process printed so far. */
  output(): string;
  /** SIGTERM to the leader (it forwards to the server), then SIGKILL to the group if it lingers. */
  stop(timeoutMs?: number): Promise<void>;
}

const groupAlive = (pgid: number) => {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
};

/**
 * Starts `node <args>` from the repository root in its own process group (an `undefined` in `env`
 * removes that variable). Only the leader gets
 * SIGTERM: the server handles it (close-with-grace), and a second SIGTERM would make it exit at
 * once without closing its database.
 */
export function startServerProcess(args: string[], env: Record<string, string | undefined>): ServerProcess {
  const merged: NodeJS.ProcessEnv = { ...process.env, ...env };
  for (const [name, value] of Object.entries(merged)) if (value === undefined) delete merged[name];
  const child = spawn(process.execPath, args, {
    cwd: repoRoot,
    env: merged,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    child,
    output: () => output,
    async stop(timeoutMs = 15_000) {
      const pgid = child.pid!;
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      const clean = await withTimeout(exited, timeoutMs, 'server shutdown').then(
        () => true,
        () => false,
      );
      for (let i = 0; i < 50 && groupAlive(pgid); i++) await sleep(100);
      if (!clean || groupAlive(pgid)) {
        console.warn(`process group ${pgid} did not stop on SIGTERM; sending SIGKILL`);
        try {
          process.kill(-pgid, 'SIGKILL');
        } catch {
          // Already gone.
        }
      }
    },
  };
}

/**
 * Runs a benchmark's main(), whose result is the exit code. Should a handle outlive main()'s
 * cleanup, Node is stopped 5 s later instead of hanging, with a warning.
 */
export function runMain(main: () => Promise<number>): void {
  main().then(
    (code) => {
      process.exitCode = code;
      setTimeout(() => {
        console.warn('something kept Node alive after cleanup; exiting');
        process.exit(code);
      }, 5_000).unref();
    },
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}

/**
 * The configuration of a server started inside a benchmark: production mode on 127.0.0.1, quiet
 * logs, and no rate limit that the load would trip. `env` adds the data settings.
 */
export function benchServerConfig(env: Record<string, string>) {
  return loadConfig({
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: '0',
    PUBLIC_URL: 'http://127.0.0.1',
    APP_SECRET: randomBytes(48).toString('base64url'),
    LOG_LEVEL: 'warn',
    API_RATE_LIMIT: 'off',
    LOGIN_LIMIT_PER_IP: '1000000/1m',
    LOGIN_LIMIT_PER_ACCOUNT: '1000000/1m',
    ...env,
  });
}

/** Drops and creates the PostgreSQL database of `url` (a benchmark's own, never a real one). */
export function recreateDatabase(url: string): void {
  const admin = new URL(url);
  const name = admin.pathname.slice(1);
  admin.pathname = '/postgres';
  spawnSync(
    'psql',
    [admin.toString(), '-qc', `drop database if exists ${name}`, '-c', `create database ${name}`],
    { stdio: 'inherit' },
  );
}

/** Drops the PostgreSQL database of `url` (a benchmark's own), closing its connections. */
export function dropDatabase(url: string): void {
  const admin = new URL(url);
  const name = admin.pathname.slice(1);
  admin.pathname = '/postgres';
  spawnSync('psql', [admin.toString(), '-qc', `drop database if exists ${name} with (force)`], {
    stdio: 'inherit',
  });
}

/** What bench/load-worker.mjs reports for one load. */
export interface LoadResult {
  requests: number;
  reqPerSec: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  statuses: Record<string, number>;
}

/** Two cores and taskset: the server is pinned to CPU 0 and the load generator to CPU 1. */
export const canPin = os.cpus().length >= 2 && spawnSync('taskset', ['-V']).status === 0;

/**
 * GET load on `paths` (taken in turn) from bench/load-worker.mjs in a child process — pinned to
 * CPU 1 when it can be — for `duration` seconds at `connections` connections.
 */
export function loadPaths(
  url: string,
  paths: string[],
  headers: Record<string, string>,
  connections: number,
  duration: number,
): Promise<LoadResult> {
  const args = [
    path.join(repoRoot, 'bench/load-worker.mjs'),
    JSON.stringify({ url, paths, headers, connections, duration }),
  ];
  const [command, commandArgs] = canPin
    ? ['taskset', ['-c', '1', process.execPath, ...args]]
    : [process.execPath, args];
  const child = spawn(command, commandArgs, { stdio: ['ignore', 'pipe', 'inherit'] });
  let stdout = '';
  child.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  const done = new Promise<LoadResult>((resolve, reject) =>
    child.on('exit', (code) =>
      code === 0
        ? resolve(JSON.parse(stdout.trim().split('\n').at(-1)!) as LoadResult)
        : reject(new Error(`load worker exited ${code}`)),
    ),
  );
  return withTimeout(done, (duration + 120) * 1000, `load ${paths[0]}`);
}
