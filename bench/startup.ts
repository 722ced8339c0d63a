/**
 * Startup benchmark: time from `npm start` (node scripts/start.mjs) to the first 200 from
 * GET /api/health, on a fresh DATA_DIR (embedded-database init, migrations, demo seed) and on a
 * restart with the same DATA_DIR. The web app is built once before timing, so no figure includes
 * the build.
 *
 *   npx tsx bench/startup.ts [--runs N]
 */
import { spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import {
  freePort,
  loadLine,
  machine,
  printTable,
  repoRoot,
  runMain,
  startServerProcess,
  waitFor200,
  writeResult,
} from './lib';
import { webBuildIsStale } from '../scripts/web-build.mjs';

const START_TIMEOUT_MS = 900_000;
const REBUILD_NOTICE = 'Building the web app';
/** Builds the web app (untimed) when forced or when start.mjs would find it stale. */
function buildWeb(force: boolean): boolean {
  const stale = webBuildIsStale(repoRoot);
  if (!force && !stale) return true;
  console.log(
    `Building the web app (npm run build -w apps/web)${force ? '' : ': sources changed'}; not timed…`,
  );
  const build = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], {
    cwd: repoRoot,
    stdio: ['ignore', 'ignore', 'inherit'],
    timeout: 1_200_000,
  });
  return build.status === 0;
}

interface Start {
  ms: number;
  /** start.mjs found the build stale (someone edited apps/web meanwhile) and rebuilt it. */
  rebuilt: boolean;
}

/** One `npm start` on `dataDir`, timed to the first 200 from /api/health, then a clean stop. */
async function timeStart(dataDir: string): Promise<Start> {
  if (!buildWeb(false)) throw new Error('npm run build -w apps/web failed');
  const port = await freePort();
  const started = performance.now();
  const server = startServerProcess(['scripts/start.mjs'], {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    DATABASE_URL: undefined,
    NODE_ENV: undefined,
  });
  try {
    const ready = await waitFor200(`http://127.0.0.1:${port}/api/health`, START_TIMEOUT_MS, server.child);
    return {
      ms: Math.round(ready - started),
      rebuilt: server.output().includes(REBUILD_NOTICE),
    };
  } catch (error) {
    console.error(server.output());
    throw error;
  } finally {
    await server.stop();
  }
}

/** Retries a start whose figure a concurrent web rebuild spoiled (at most 3 times). */
async function timeStartWithoutBuild(label: string, dataDir: () => Promise<string>): Promise<Start> {
  for (let attempt = 1; ; attempt++) {
    const result = await timeStart(await dataDir());
    if (!result.rebuilt || attempt === 3) return result;
    console.log(`  ${label}: start.mjs rebuilt the web app (sources changed meanwhile); timing it again`);
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : Math.round((sorted[mid - 1]! + sorted[mid]!) / 2);
};

async function main() {
  const { values } = parseArgs({ options: { runs: { type: 'string', default: '1' } } });
  const runs = Math.max(1, Number(values.runs) || 1);

  if (!buildWeb(true)) {
    console.error('npm run build -w apps/web failed: fix the web build first.');
    return 1;
  }

  const before = machine();
  const dirs: string[] = [];
  const freshDir = async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'sentinel-startup-'));
    dirs.push(dir);
    return dir;
  };
  const first: Start[] = [];
  const restart: Start[] = [];
  try {
    for (let run = 1; run <= runs; run++) {
      let dir = '';
      const fresh = await timeStartWithoutBuild('first start', async () => (dir = await freshDir()));
      console.log(`  run ${run}: first start ${fresh.ms} ms`);
      first.push(fresh);
      const again = await timeStartWithoutBuild('restart', async () => dir);
      console.log(`  run ${run}: restart ${again.ms} ms`);
      restart.push(again);
    }
  } finally {
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  }
  const after = machine();

  const row = (label: string, starts: Start[]) => ({
    case: label,
    runs: starts.length,
    'median ms': median(starts.map((s) => s.ms)),
    'all ms': starts.map((s) => s.ms).join(' '),
    'web rebuilt': starts.some((s) => s.rebuilt) ? 'yes (figure includes a build)' : 'no',
  });
  const rows = [
    row('first start (fresh DATA_DIR: init + migrate + demo seed)', first),
    row('restart (same DATA_DIR)', restart),
  ];
  console.log(`\nStartup: npm start → first 200 from /api/health (embedded PGlite; web app prebuilt)`);
  console.log(`before: ${loadLine(before)}\nafter:  ${loadLine(after)}\n`);
  printTable(rows);
  console.log(
    `\nwrote ${writeResult('startup', { before, after, firstStart: first, restart, summary: rows })}`,
  );
  return 0;
}

runMain(main);
