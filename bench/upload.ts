/**
 * A 20 MB upload on loopback: how long it takes, and whether the server's memory stays flat
 * while the file streams. The server runs as `npm start` runs it (own process, embedded database,
 * demo firm); its resident set size is read from /proc every 20 ms during each upload.
 *
 *   npm run bench:upload [-- --runs 5 --mb 20]
 */
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { freePort, loadLine, machine, printTable, startServerProcess, waitFor200, writeResult } from './lib';

const rssMb = (pid: number) => {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
};

/** A PDF-headed file of `bytes` bytes (the server checks the magic number). */
function pdfOfSize(bytes: number): Blob {
  const head = Buffer.from('%PDF-1.4\n% bench payload\n');
  const body = Buffer.alloc(bytes - head.length, 0x20);
  return new Blob([head, body], { type: 'application/pdf' });
}

async function main() {
  const { values } = parseArgs({
    options: { runs: { type: 'string', default: '5' }, mb: { type: 'string', default: '20' } },
  });
  const runs = Number(values.runs);
  const bytes = Math.round(Number(values.mb) * 1024 * 1024);
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'sentinel-upload-'));
  const port = await freePort();
  const server = startServerProcess(['--import', 'tsx', 'apps/server/src/main.ts'], {
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    DOCUMENT_MAX_MB: String(Math.ceil(bytes / 1024 / 1024) + 1),
    API_RATE_LIMIT: 'off',
    DATABASE_URL: undefined,
  });
  const base = `http://127.0.0.1:${port}`;
  try {
    await waitFor200(`${base}/api/health`, 120_000, server.child);
    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'attorney@demo.test', password: 'Demo-Claims-2026!' }),
    });
    const { token } = (await login.json()) as { token: string };
    const file = pdfOfSize(bytes);
    const pid = server.child.pid!;
    const before = machine();
    const rows: Array<Record<string, unknown>> = [];
    for (let run = 1; run <= runs; run++) {
      const form = new FormData();
      form.append('file', file, 'large-exhibit.pdf');
      const baseline = rssMb(pid);
      let peak = baseline;
      const sampler = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 20);
      const started = performance.now();
      const response = await fetch(`${base}/api/document/upload/single`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
        body: form,
      });
      await response.arrayBuffer();
      const ms = performance.now() - started;
      clearInterval(sampler);
      if (response.status !== 200) throw new Error(`upload answered ${response.status}`);
      rows.push({
        run,
        mb: (bytes / 1024 / 1024).toFixed(1),
        ms: Math.round(ms),
        mbPerSec: ((bytes / 1024 / 1024 / ms) * 1000).toFixed(1),
        rssBeforeMb: baseline.toFixed(1),
        rssPeakMb: peak.toFixed(1),
        rssGrowthMb: (peak - baseline).toFixed(1),
      });
    }
    const after = machine();
    console.log(
      `\n${runs} uploads of ${(bytes / 1024 / 1024).toFixed(0)} MB to ${base} (embedded database, DATA_DIR on ${dataDir})`,
    );
    console.log(`before: ${loadLine(before)}\nafter:  ${loadLine(after)}\n`);
    printTable(rows);
    console.log(`\nwrote ${writeResult('upload', { before, after, bytes, results: rows })}`);
  } finally {
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

main().then(
  () => setTimeout(() => process.exit(0), 2_000).unref(),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
