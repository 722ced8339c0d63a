/**
 * One firm floods the analyzer; is anyone else held up? The server runs as `npm start` runs it
 * (own process, `--max-semi-space-size=32 --import tsx`, PostgreSQL database
 * `sentinel_bench_flood`, recreated each run). Firm A uploads `--docs` PDFs for analysis (each
 * `--pages` text pages and `--scanned` scanned pages for OCR), then ten .docx bombs (143 kB that
 * inflate to 48 MB). Meanwhile this process asks `GET /api/health` every 20 ms, one request at a
 * time, and firm B uploads one letter for analysis once A's uploads are in. Measured per run:
 * `/api/health` latency while A's analyses run (p50, p99, max), how long B's analysis took from
 * upload to completed, A's analyses completed, and the server's peak RSS (all its threads).
 *
 *   npm run bench:flood [-- --runs 3 --docs 20 --pages 100 --scanned 2 --seconds 90]
 */
import { readFileSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { textPages, writePdf, type PdfPage } from '@sentinel/analyzer/fixtures/pdf-writer';
import { scanLikeImage } from '@sentinel/analyzer/fixtures/scan';
import { writeDocx } from '@sentinel/analyzer/fixtures/zip-writer';
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

const DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/sentinel_bench_flood';
const HEALTH_P99_TARGET_MS = 50;

const CLAIM_TEXT = readFileSync(
  path.join(repoRoot, 'packages/analyzer/corpus/pleading/complaint-breach-of-contract-hernandez.txt'),
  'utf8',
);

async function floodDocument(pages: number, scanned: number): Promise<Uint8Array> {
  const text: PdfPage[] = [];
  while (text.length < pages) text.push(...textPages(CLAIM_TEXT));
  const scan = await scanLikeImage(writePdf(textPages(CLAIM_TEXT.slice(0, 2500))));
  const images: PdfPage[] = Array.from({ length: scanned }, () => ({
    kind: 'image',
    jpeg: scan.jpeg,
    width: scan.width,
    height: scan.height,
  }));
  return writePdf([...text.slice(0, pages), ...images]);
}

/** A 143 kB .docx whose text inflates to about 48 MB (the review's finding). */
const docxBomb = () => writeDocx('Water damage to the kitchen ceiling and the north wall.\n'.repeat(420_000));

interface Session {
  token: string;
}

/** Signs an attorney up as a person does: the sign-up, then the link of its e-mail in the outbox. */
async function register(base: string, dataDir: string, firm: string): Promise<Session> {
  const email = `attorney@${firm.toLowerCase()}.bench.test`;
  const password = 'Harbor-Lights-2026!';
  const response = await fetch(`${base}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      email,
      password,
      firstName: 'Bench',
      lastName: firm,
      userType: 'attorney',
      companyName: `${firm} Claims LLP`,
    }),
  });
  if (response.status !== 202)
    throw new Error(`register ${firm}: ${response.status} ${await response.text()}`);
  const outbox = path.join(dataDir, 'outbox');
  let token: string | undefined;
  for (let tries = 0; !token && tries < 100; tries++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    const files = await readdir(outbox).catch(() => [] as string[]);
    for (const file of files) {
      const raw = readFileSync(path.join(outbox, file), 'utf8')
        .replace(/=\r?\n/g, '')
        .replace(/=3D/g, '=');
      if (raw.includes(`To: ${email}`))
        token = /verify-email\?token=([A-Za-z0-9_-]+)/.exec(raw)?.[1] ?? token;
    }
  }
  if (!token) throw new Error(`register ${firm}: no sign-up e-mail in ${outbox}`);
  const verified = await fetch(`${base}/api/auth/verify-email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token, password }),
  });
  if (verified.status !== 200) throw new Error(`verify ${firm}: ${verified.status} ${await verified.text()}`);
  return { token: ((await verified.json()) as { token: string }).token };
}

async function upload(base: string, who: Session, bytes: Uint8Array, name: string, type: string) {
  const form = new FormData();
  form.append('file', new Blob([bytes], { type }), name);
  form.append('analyze', 'true');
  const response = await fetch(`${base}/api/document/upload/single`, {
    method: 'POST',
    headers: { authorization: `Bearer ${who.token}` },
    body: form,
  });
  const body = (await response.json()) as { data?: { id: string } };
  return { status: response.status, id: body.data?.id };
}

async function statusOf(base: string, who: Session, id: string) {
  const response = await fetch(`${base}/api/document/${id}`, {
    headers: { authorization: `Bearer ${who.token}` },
  });
  return ((await response.json()) as { data: { analysisStatus: string } }).data.analysisStatus;
}

async function oneRun(run: number, options: { docs: number; document: Uint8Array; seconds: number }) {
  recreateDatabase(DATABASE_URL);
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'sentinel-flood-'));
  const port = await freePort();
  const server = startServerProcess(
    ['--max-semi-space-size=32', '--import', 'tsx', 'apps/server/src/main.ts'],
    {
      DATA_DIR: dataDir,
      DATABASE_URL,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      DEMO_SEED: 'never',
      API_RATE_LIMIT: 'off',
      PROVIDER_SANDBOX: 'off',
    },
  );
  const base = `http://127.0.0.1:${port}`;
  try {
    await waitFor200(`${base}/api/health`, 120_000, server.child);
    const pid = server.child.pid!;
    const [a, b] = [await register(base, dataDir, 'Flood'), await register(base, dataDir, 'Quiet')];
    const idleRss = rssMb(pid);
    let peakRss = idleRss;
    const sampler = setInterval(() => (peakRss = Math.max(peakRss, rssMb(pid))), 50);

    // The probe: one GET /api/health every 20 ms, for as long as the flood lasts.
    const latencies: number[] = [];
    let probing = true;
    const probe = (async () => {
      while (probing) {
        const started = performance.now();
        const response = await fetch(`${base}/api/health`);
        await response.arrayBuffer();
        latencies.push(performance.now() - started);
        await sleep(20);
      }
    })();

    const floodStarted = performance.now();
    const ids: string[] = [];
    for (let n = 1; n <= options.docs; n++) {
      const { status, id } = await upload(base, a, options.document, `exhibit-${n}.pdf`, 'application/pdf');
      if (status !== 200 || !id) throw new Error(`flood upload ${n} answered ${status}`);
      ids.push(id);
    }
    const bombs: Record<string, number> = {};
    const bomb = docxBomb();
    for (let n = 1; n <= 10; n++) {
      const { status } = await upload(
        base,
        a,
        bomb,
        `bomb-${n}.docx`,
        'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      );
      bombs[status] = (bombs[status] ?? 0) + 1;
    }
    const uploadsSeconds = (performance.now() - floodStarted) / 1000;

    // Firm B's one letter, while A's queue is full.
    const letter = writePdf(textPages(CLAIM_TEXT.slice(0, 3000)));
    const quietStarted = performance.now();
    const quiet = await upload(base, b, letter, 'letter.pdf', 'application/pdf');
    let quietSeconds = NaN;
    const deadline = floodStarted + options.seconds * 1000;
    let completedA = 0;
    while (performance.now() < deadline) {
      if (Number.isNaN(quietSeconds) && (await statusOf(base, b, quiet.id!)) === 'completed')
        quietSeconds = (performance.now() - quietStarted) / 1000;
      completedA = 0;
      for (const id of ids) if ((await statusOf(base, a, id)) !== 'pending') completedA += 1;
      if (completedA === ids.length && !Number.isNaN(quietSeconds)) break;
      await sleep(250);
    }
    probing = false;
    await probe;
    clearInterval(sampler);
    const floodSeconds = (performance.now() - floodStarted) / 1000;
    const sorted = [...latencies].sort((x, y) => x - y);
    return {
      run,
      healthRequests: latencies.length,
      healthP50Ms: percentile(sorted, 50).toFixed(1),
      healthP99Ms: percentile(sorted, 99).toFixed(1),
      healthMaxMs: (sorted.at(-1) ?? NaN).toFixed(1),
      quietAnalysisS: quietSeconds.toFixed(1),
      floodAnalysed: `${completedA}/${ids.length}`,
      floodS: floodSeconds.toFixed(0),
      uploadsS: uploadsSeconds.toFixed(1),
      bombs: Object.entries(bombs)
        .map(([status, count]) => `${count}×${status}`)
        .join(' '),
      idleRssMb: idleRss.toFixed(0),
      peakRssMb: peakRss.toFixed(0),
    };
  } finally {
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      runs: { type: 'string', default: '3' },
      docs: { type: 'string', default: '20' },
      pages: { type: 'string', default: '100' },
      scanned: { type: 'string', default: '2' },
      seconds: { type: 'string', default: '90' },
    },
  });
  const document = await floodDocument(Number(values.pages), Number(values.scanned));
  const before = machine();
  const rows: Array<Record<string, string | number>> = [];
  for (let run = 1; run <= Number(values.runs); run++)
    rows.push(await oneRun(run, { docs: Number(values.docs), document, seconds: Number(values.seconds) }));
  const after = machine();
  console.log(
    `\nFirm A: ${values.docs} PDFs of ${values.pages} text + ${values.scanned} scanned pages (${(document.length / 1024 / 1024).toFixed(1)} MB each) and 10 .docx bombs; firm B: one letter. PostgreSQL; the server as npm start runs it.`,
  );
  console.log(`before: ${loadLine(before)}\nafter:  ${loadLine(after)}\n`);
  printTable(rows);
  const worst = Math.max(...rows.map((row) => Number(row.healthP99Ms)));
  console.log(
    `\n/api/health p99 during the flood: worst run ${worst.toFixed(1)} ms — ${worst < HEALTH_P99_TARGET_MS ? 'PASS' : 'MISS'} (target < ${HEALTH_P99_TARGET_MS} ms)`,
  );
  console.log(`wrote ${writeResult('analysis-flood', { before, after, options: values, results: rows })}`);
  return 0;
}

runMain(main);
