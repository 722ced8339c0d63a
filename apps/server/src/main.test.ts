import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { createDatabase } from '@sentinel/db';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
let dataDir: string | undefined;

afterEach(async () => {
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
  dataDir = undefined;
});

interface LogLine {
  level?: number;
  msg?: string;
  reason?: string;
  err?: { message?: string };
}

/** A port nothing listens on (the sandbox's address is the server's own, so PORT=0 will not do). */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * Starts the server as `npm start` does (src/main.ts, embedded database and demo firm in a fresh
 * DATA_DIR) and sends SIGTERM at the first request its start-up work makes (the demo mailboxes'
 * first sync, to the provider sandbox it serves), while that work and the jobs it queued are still
 * going; answers its exit code and log.
 */
async function startAndStop(dir: string): Promise<{ code: number | null; log: LogLine[]; text: string }> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dir,
    PORT: String(await freePort()),
    DEMO_SEED: 'auto',
    LOG_LEVEL: 'info',
  };
  for (const name of ['DATABASE_URL', 'DATABASE_ADMIN_URL', 'PROVIDER_SANDBOX_URL', 'S3_BUCKET'])
    delete env[name];
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  const read = (chunk: Buffer) => {
    text += chunk.toString();
    if (text.includes('"msg":"incoming request"') && !child.killed) child.kill('SIGTERM');
  };
  child.stdout.on('data', read);
  child.stderr.on('data', read);
  // Should start-up never make its request, the test fails on the exit code instead of hanging.
  const guard = setTimeout(() => child.kill('SIGKILL'), 60_000);
  const code = await new Promise<number | null>((resolve) => child.on('exit', (c) => resolve(c)));
  clearTimeout(guard);
  const log = text
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as LogLine);
  return { code, log, text };
}

describe('shutting down (src/main.ts)', () => {
  it('lets start-up work and the jobs finish before the database closes, when a signal comes during start-up', async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'sentinel-shutdown-'));
    const { code, log, text } = await startAndStop(dataDir);

    expect(code, text).toBe(0);
    expect(log.some((l) => l.msg === 'shutting down')).toBe(true);
    // Nothing touched a closed database: no job failed, no claim or state write was lost.
    const troubles = log.filter((l) => (l.level ?? 0) >= 40 && !l.msg?.startsWith('web app not built'));
    expect(troubles).toEqual([]);
    expect(text).not.toContain('is closed');

    // The jobs start-up queued ran, or wait for the next start; none holds an error.
    const db = await createDatabase({ dataDir: path.join(dataDir, 'db') });
    try {
      const { rows } = await db.query<{ kind: string; status: string; last_error: string | null }>(
        'select kind, status, last_error from jobs order by id',
      );
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.filter((r) => r.last_error !== null)).toEqual([]);
    } finally {
      await db.close();
    }
  }, 120_000);
});
