/**
 * Mail (issue 10), three figures:
 *  1. the first inbox page (GET /api/emails/inbox/all, 50 e-mails with their suggested cases) for
 *     a person with 10,000 stored e-mails, at 20 connections — target p95 ≤ 50 ms;
 *  2. the first sync of 1,000 sandbox messages: how long, and the server's RSS during it
 *     (target ≤ 300 MB) — the sandbox runs in its own process, so its memory is not counted;
 *  3. the same sync while 30 % of provider calls answer 429 (Retry-After: 1): nothing lost.
 *
 *   npm run bench:mail [-- --runs 3 --duration 10 --connections 20 --url postgres://…]
 */
import { spawn, spawnSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { eq, sql } from 'drizzle-orm';
import { schema } from '@sentinel/db';
import { createCase, createClient, createUser } from '@sentinel/db/factories';
import { completeConsent } from '@sentinel/provider-sandbox';
import { buildApp } from '../apps/server/src/app';
import { openDatabase } from '../apps/server/src/database';
import { SANDBOX_CLIENT_ID, sandboxClientSecret } from '../apps/server/src/integrations/settings';
import { connectionsRepository } from '../apps/server/src/modules/connections/connections.repository';
import {
  benchServerConfig,
  recreateDatabase,
  canPin,
  loadLine,
  loadPaths,
  machine,
  printTable,
  repoRoot,
  runMain,
  withTimeout,
  writeResult,
} from './lib';

const TARGETS = { inboxP95Ms: 50, syncRssMb: 300 };
const PASSWORD = 'Bench-Mail-2026';
const MAILBOX = 'bulk@bench.example';
const EMAILS = 10_000;
const SYNC_MESSAGES = 1_000;

/** The sandbox in a child process; resolves with its URL. */
async function startSandbox(appSecret: string) {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(repoRoot, 'bench/mail-sandbox.ts')], {
    cwd: repoRoot,
    env: {
      ...process.env,
      COUNT: String(SYNC_MESSAGES),
      MAILBOX,
      CLIENT_ID: SANDBOX_CLIENT_ID,
      CLIENT_SECRET: sandboxClientSecret(appSecret),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const line = await withTimeout(
    new Promise<string>((resolve) => createInterface({ input: child.stdout! }).once('line', resolve)),
    60_000,
    'sandbox start',
  );
  return { url: (JSON.parse(line) as { url: string }).url, stop: () => child.kill('SIGTERM') };
}

/** A person with EMAILS stored e-mails over 90 days, a fifth naming a claim of one of 200 cases. */
async function generateMailbox(db: Awaited<ReturnType<typeof openDatabase>>['db']) {
  const attorney = await createUser(db, {
    userType: 'attorney',
    email: `mail.${Date.now()}@bench.test`,
    password: PASSWORD,
  });
  const clients: Array<{ id: string; email: string }> = [];
  for (let i = 0; i < 20; i++)
    clients.push(
      await createClient(db, { firmId: attorney.firmId, email: `c${i}.${Date.now()}@bench.test` }),
    );
  const cases: Array<{ id: string; claimNumber: string | null }> = [];
  for (let i = 0; i < 200; i++)
    cases.push(
      await createCase(db, {
        firmId: attorney.firmId,
        clientId: clients[i % clients.length]!.id,
        leadAttorneyId: attorney.id,
        createdById: attorney.id,
        claimNumber: `CLM-2026-${String(50000 + i)}`,
        policyNumber: `POL-${String(7000000 + i)}`,
      }),
    );
  // The mailbox's two connections (their tokens are never used: nothing syncs them here).
  const connectionIds: Record<'google' | 'microsoft', string> = { google: '', microsoft: '' };
  for (const provider of ['google', 'microsoft'] as const) {
    const { row } = await connectionsRepository.upsert(db, {
      userId: attorney.id,
      provider,
      accountEmail: `${provider}@bench.test`,
      accessToken: 'unused',
      refreshToken: null,
      expiresAt: new Date(Date.now() + 3600_000),
      scopes: [],
    });
    connectionIds[provider] = row.id;
  }
  const now = Date.now();
  for (let batch = 0; batch < EMAILS / 1000; batch++) {
    const rows = Array.from({ length: 1000 }, (_, j) => {
      const i = batch * 1000 + j;
      const theCase = cases[i % cases.length]!;
      const names = i % 5 === 0;
      const fromClient = i % 7 === 0;
      const provider = i % 2 === 0 ? 'google' : 'microsoft';
      return {
        userId: attorney.id,
        connectionId: connectionIds[provider],
        provider,
        providerMessageId: `bench-${i}`,
        fromName: fromClient ? 'A Client' : `Sender ${i % 300}`,
        fromAddress: fromClient ? clients[i % clients.length]!.email : `sender${i % 300}@carrier.example`,
        toAddresses: ['me@bench.test'],
        subject: names ? `RE: Claim ${theCase.claimNumber} – request for documents` : `Weekly update ${i}`,
        preview: 'Counsel, please find attached the documents requested in our letter of last week regarding',
        bodyHtml: '<p>Counsel, please find attached the documents requested.</p>',
        bodyText: 'Counsel, please find attached the documents requested.',
        receivedAt: new Date(now - i * 13 * 60_000),
        unread: i % 3 === 0,
        priority: i % 11 === 0 ? 'high' : 'normal',
        mentions: names ? [theCase.claimNumber!] : [],
        caseId: i % 9 === 0 ? theCase.id : null,
      };
    });
    await db.insert(schema.emails).values(rows);
  }
  await db.execute(sql`analyze emails`);
  return attorney;
}

async function main() {
  const { values } = parseArgs({
    options: {
      url: { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/sentinel_bench_mail' },
      runs: { type: 'string', default: '3' },
      duration: { type: 'string', default: '10' },
      connections: { type: 'string', default: '20' },
      /** Only the inbox figure (skips the syncs). */
      'inbox-only': { type: 'boolean', default: false },
    },
  });
  const runs = Number(values.runs);
  const duration = Number(values.duration);
  const connections = Number(values.connections);
  recreateDatabase(values.url!);

  const appSecret = 'bench-mail-secret-that-is-long-enough-0123456789';
  const sandbox = await startSandbox(appSecret);
  // The sandbox is a development-mode provider: NODE_ENV development lets the server use it.
  const config = benchServerConfig({
    DATABASE_URL: values.url!,
    NODE_ENV: 'development',
    APP_SECRET: appSecret,
    PROVIDER_SANDBOX_URL: sandbox.url,
  });
  const database = await openDatabase(config);
  const app = await buildApp({ config, database });
  const base = await app.listen({ host: '127.0.0.1', port: 0 });
  const rows: Array<Record<string, unknown>> = [];
  try {
    const db = database.db;
    const signIn = async (email: string) => {
      const answer = await fetch(`${base}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: PASSWORD }),
      });
      const { token, user } = (await answer.json()) as { token: string; user: { userId: string } };
      const sid = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).sid as string;
      return { token, account: (await app.services.sessions.accountFor(sid, user.userId))! };
    };

    // 2 and 3 first, in a process that has served no load yet: a first sync of 1,000 messages
    // through a real consent, three times, then once more while 30 % of calls answer 429.
    const sync = async (label: string) => {
      const person = await createUser(db, {
        userType: 'attorney',
        email: `sync.${Date.now()}@bench.test`,
        password: PASSWORD,
      });
      const { account } = await signIn(person.email);
      const url = await app.services.connections.connectUrl(account, 'google');
      const consent = await completeConsent(url, { email: MAILBOX });
      const returned = new URL(consent.location!).searchParams;
      const context = { ip: '127.0.0.1', userAgent: 'bench', requestId: 'bench' };
      await app.services.connections.complete(
        account,
        { provider: 'google', code: returned.get('code')!, state: returned.get('state')! },
        context,
      );
      const [connection] = await db
        .select()
        .from(schema.providerConnections)
        .where(eq(schema.providerConnections.userId, person.id));
      global.gc?.();
      const rssBefore = process.memoryUsage().rss;
      let rssPeak = rssBefore;
      let heapPeak = process.memoryUsage().heapUsed;
      const sampler = setInterval(() => {
        const memory = process.memoryUsage();
        rssPeak = Math.max(rssPeak, memory.rss);
        heapPeak = Math.max(heapPeak, memory.heapUsed);
      }, 20);
      const started = performance.now();
      await app.services.mailSync.sync(connection!.id);
      const seconds = (performance.now() - started) / 1000;
      clearInterval(sampler);
      const [{ n }] = (await db
        .select({ n: sql<number>`count(*)::int` })
        .from(schema.emails)
        .where(eq(schema.emails.connectionId, connection!.id))) as [{ n: number }];
      const [after] = await db
        .select()
        .from(schema.providerConnections)
        .where(eq(schema.providerConnections.id, connection!.id));
      rows.push({
        figure: label,
        seconds: Number(seconds.toFixed(2)),
        stored: n,
        rssBeforeMb: Math.round(rssBefore / 2 ** 20),
        rssPeakMb: Math.round(rssPeak / 2 ** 20),
        heapPeakMb: Math.round(heapPeak / 2 ** 20),
        syncError: after!.lastSyncError ?? '',
      });
    };
    if (!values['inbox-only']) {
      for (let run = 1; run <= runs; run++) await sync(`first sync of ${SYNC_MESSAGES}, run ${run}`);
      await fetch(`${sandbox.url}/_admin/faults`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ rate429: 0.3, retryAfterSeconds: 1, seed: 42 }),
      });
      await sync(`first sync of ${SYNC_MESSAGES}, 30 % answered 429`);
      await fetch(`${sandbox.url}/_admin/reset-faults`, { method: 'POST' });
    }
    // 1. Then the first inbox page with 10,000 stored e-mails.
    console.log(`generating ${EMAILS} e-mails…`);
    const owner = await generateMailbox(db);
    const { token } = await signIn(owner.email);
    const headers = { authorization: `Bearer ${token}` };
    const first = await fetch(`${base}/api/emails/inbox/all`, { headers });
    const page = (await first.json()) as { data: Array<{ suggestion: unknown; case: unknown }> };
    console.log(
      `first page: ${page.data.length} e-mails, ${page.data.filter((e) => e.suggestion).length} suggested, ${page.data.filter((e) => e.case).length} filed`,
    );
    if (canPin) spawnSync('taskset', ['-a', '-cp', '0', String(process.pid)], { stdio: 'ignore' });
    // Warm-up: the JIT, the statement caches and PostgreSQL’s buffers, as on a server that has been up.
    await loadPaths(base, ['/api/emails/inbox/all'], headers, connections, 5);
    for (let run = 1; run <= runs; run++) {
      const result = await loadPaths(base, ['/api/emails/inbox/all'], headers, connections, duration);
      rows.push({
        figure: `inbox page 1, run ${run}`,
        reqS: result.reqPerSec,
        p50: result.p50,
        p95: result.p95,
        p99: result.p99,
        failed: result.errors + result.timeouts + result.non2xx,
      });
    }
    if (canPin)
      spawnSync('taskset', ['-a', '-cp', '0-' + String(os.cpus().length - 1), String(process.pid)], {
        stdio: 'ignore',
      });
  } finally {
    await app.close();
    await database.close();
    sandbox.stop();
  }
  const m = machine();
  console.log(`\n${loadLine(m)}\n`);
  const inbox = rows.filter((r) => String(r.figure).startsWith('inbox'));
  const syncs = rows.filter((r) => String(r.figure).startsWith('first sync'));
  printTable(inbox);
  console.log('');
  printTable(syncs);
  const worstP95 = Math.max(...inbox.map((r) => r.p95 as number));
  const peak = syncs.length > 0 ? Math.max(...syncs.map((r) => r.rssPeakMb as number)) : 0;
  const lost = syncs.some((r) => r.stored !== SYNC_MESSAGES);
  console.log(
    `\ninbox p95 worst of ${runs} runs: ${worstP95} ms (≤ ${TARGETS.inboxP95Ms}: ${worstP95 <= TARGETS.inboxP95Ms ? 'PASS' : 'MISS'})`,
  );
  console.log(
    `sync RSS peak: ${peak} MB (≤ ${TARGETS.syncRssMb}: ${peak <= TARGETS.syncRssMb ? 'PASS' : 'MISS'}); messages lost: ${lost ? 'YES' : 'none'}`,
  );
  console.log(
    `wrote ${writeResult('api-mail', { machine: m, runs, duration, connections, rows, targets: TARGETS })}`,
  );
  return rows.some((r) => (r.failed as number) > 0) || lost ? 1 : 0;
}

runMain(main);
