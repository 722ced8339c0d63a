/**
 * Front-end budget: (a) the JavaScript /login loads, gzipped (level 9), must total ≤ 150 KB and
 * hold no calendar or chart chunk; (b) the median Largest Contentful Paint of the landing page /
 * over 5 cold loads must be < 1500 ms. Builds nothing: it serves the existing apps/web/dist with
 * the real server (embedded database in a temporary DATA_DIR).
 *
 *   npx tsx bench/frontend-budget.ts
 */
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser } from 'playwright-core';
import {
  freePort,
  loadLine,
  machine,
  printTable,
  repoRoot,
  runMain,
  startServerProcess,
  waitFor200,
  withTimeout,
  writeResult,
  type ServerProcess,
} from './lib';

const CHROMIUM = '/usr/bin/chromium';
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-dev-shm-usage',
];
const JS_BUDGET_KB = 150;
const FORBIDDEN_CHUNK = /fullcalendar|chart/i;
const LCP_BUDGET_MS = 1500;
const LCP_RUNS = 5;
const KB = 1024;

/** Resolves with the page's latest LCP entry (buffered), or null when it recorded none. */
const READ_LCP = `new Promise((resolve) => {
  new PerformanceObserver((list) => {
    const entries = list.getEntries();
    resolve(entries.length ? entries[entries.length - 1].startTime : null);
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  setTimeout(() => resolve(null), 1000);
})`;

interface Script {
  name: string;
  bytes: number;
  gzipBytes: number;
}

async function loginScripts(browser: Browser, base: string): Promise<Script[]> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const pending: Array<Promise<Script | null>> = [];
    page.on('response', (response) => {
      if (response.request().resourceType() !== 'script' || response.status() >= 300) return;
      pending.push(
        response.body().then(
          (body) => ({
            name: new URL(response.url()).pathname,
            bytes: body.length,
            gzipBytes: gzipSync(body, { level: 9 }).length,
          }),
          () => null,
        ),
      );
    });
    await page.goto(`${base}/login`, { waitUntil: 'networkidle', timeout: 120_000 });
    const scripts = (await Promise.all(pending)).filter((s): s is Script => s !== null);
    return [...new Map(scripts.map((s) => [s.name, s])).values()];
  } finally {
    await context.close();
  }
}

/** One cold load of / in a fresh context (empty cache): its LCP read 1 s after `load`. */
async function landingLcp(browser: Browser, base: string): Promise<number> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.goto(`${base}/`, { waitUntil: 'load', timeout: 120_000 });
    await page.waitForTimeout(1000);
    const lcp = await page.evaluate<number | null>(READ_LCP);
    if (lcp === null) throw new Error('the landing page recorded no largest-contentful-paint entry');
    return Math.round(lcp);
  } finally {
    await context.close();
  }
}

async function main(): Promise<number> {
  const dist = path.join(repoRoot, 'apps/web/dist');
  if (!existsSync(path.join(dist, 'index.html'))) {
    console.error(`${path.relative(repoRoot, dist)} is missing: run npm run build first.`);
    return 1;
  }
  if (!existsSync(CHROMIUM)) {
    console.error(`${CHROMIUM} is missing: apt-get install -y chromium`);
    return 1;
  }

  const before = machine();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'sentinel-frontend-'));
  let server: ServerProcess | undefined;
  let browser: Browser | undefined;
  try {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    // What start.mjs runs once the build is current; this script must not build.
    server = startServerProcess(['--import', 'tsx', 'apps/server/src/main.ts'], {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DATABASE_URL: undefined,
      NODE_ENV: undefined,
    });
    await waitFor200(`${base}/api/health`, 300_000, server.child);
    browser = await withTimeout(
      chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS }),
      60_000,
      'launching chromium',
    );

    // (a) JavaScript budget of /login.
    const scripts = await loginScripts(browser, base);
    const totalKb = scripts.reduce((sum, s) => sum + s.gzipBytes, 0) / KB;
    const forbidden = scripts.filter((s) => FORBIDDEN_CHUNK.test(s.name));
    console.log(`\n(a) JavaScript loaded by /login (gzip -9, 1 KB = 1024 bytes)\n`);
    printTable([
      ...scripts.map((s) => ({
        script: s.name,
        'raw KB': (s.bytes / KB).toFixed(1),
        'gzip KB': (s.gzipBytes / KB).toFixed(1),
      })),
      {
        script: 'total',
        'raw KB': (scripts.reduce((n, s) => n + s.bytes, 0) / KB).toFixed(1),
        'gzip KB': totalKb.toFixed(1),
      },
    ]);
    const budgetOk = totalKb <= JS_BUDGET_KB && scripts.length > 0;
    console.log(
      `\ntotal ${totalKb.toFixed(1)} KB gzip (budget ≤ ${JS_BUDGET_KB} KB): ${budgetOk ? 'PASS' : 'FAIL'}`,
    );
    if (scripts.length === 0) console.log('no script was loaded: is the build complete?');
    console.log(
      forbidden.length
        ? `FAIL: /login loads ${forbidden.map((s) => s.name).join(', ')} (must not match ${FORBIDDEN_CHUNK})`
        : `no chunk matches ${FORBIDDEN_CHUNK}: PASS`,
    );

    // (b) LCP of the landing page.
    const lcps: number[] = [];
    for (let run = 0; run < LCP_RUNS; run++) lcps.push(await landingLcp(browser, base));
    const medianLcp = [...lcps].sort((a, b) => a - b)[Math.floor(LCP_RUNS / 2)]!;
    const lcpOk = medianLcp < LCP_BUDGET_MS;
    const after = machine();
    console.log(`\n(b) Largest Contentful Paint of / (fresh context each run): ${lcps.join(', ')} ms`);
    console.log(`median ${medianLcp} ms (budget < ${LCP_BUDGET_MS} ms): ${lcpOk ? 'PASS' : 'FAIL'}`);
    console.log(`\nbefore: ${loadLine(before)}\nafter:  ${loadLine(after)}`);

    const file = writeResult('frontend-budget', {
      before,
      after,
      login: {
        scripts,
        totalGzipKb: Number(totalKb.toFixed(1)),
        budgetKb: JS_BUDGET_KB,
        budgetOk,
        forbidden: forbidden.map((s) => s.name),
      },
      landing: { lcpMs: lcps, medianMs: medianLcp, budgetMs: LCP_BUDGET_MS, lcpOk },
    });
    console.log(`wrote ${file}`);
    return budgetOk && forbidden.length === 0 && lcpOk ? 0 : 1;
  } finally {
    await browser?.close().catch(() => undefined);
    await server?.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

runMain(main);
