/**
 * Case list, client directory and dashboard under load, on a firm of 100,000 cases and 20,000
 * clients (bench/generate-data.ts makes it once), against the same repository SQL run directly.
 *
 *   npm run bench:cases [-- --duration 10 --connections 50 --url postgres://…]
 */
import { spawnSync } from 'node:child_process';
import { parseArgs } from 'node:util';
import type { CaseSort } from '@sentinel/shared';
import { actingPrincipal } from '../apps/server/src/modules/auth/principal';
import { buildApp } from '../apps/server/src/app';
import { openDatabase } from '../apps/server/src/database';
import { casesRepository } from '../apps/server/src/modules/cases/cases.repository';
import { clientsRepository } from '../apps/server/src/modules/clients/clients.repository';
import { BENCH_ATTORNEY, BENCH_PASSWORD, LAST, PERILS, generate } from './generate-data';
import {
  benchServerConfig,
  canPin,
  loadLine,
  loadPaths,
  machine,
  printTable,
  runMain,
  writeResult,
} from './lib';

const TARGETS = { listP95Ms: 30, ratio: 2, dashboardP95Ms: 100 };
const WARMUP_S = 2;

// What people type: client surnames and names, case numbers, perils and kinds of property.
const CASE_TERMS = [
  'hernandez',
  'okafor',
  'maria nguyen',
  'case-2023-017',
  '2024-1',
  'water',
  'mold',
  'hurricane',
  'warehouse',
  'smith-4',
];
const CLIENT_TERMS = [
  'hernandez',
  'okafor',
  'maria',
  'client1234',
  '555 00012',
  'holding 15',
  'rossi-2',
  'grace lee',
];
const SORTS: CaseSort[] = ['lastActivity', 'title', 'dueDate'];

/** The same work without HTTP: `connections` callers in a loop for `duration` seconds. */
async function direct(calls: Array<() => Promise<unknown>>, connections: number, duration: number) {
  const times: number[] = [];
  const end = performance.now() + duration * 1000;
  let next = 0;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < end) {
        const call = calls[next++ % calls.length]!;
        const started = performance.now();
        await call();
        times.push(performance.now() - started);
      }
    }),
  );
  times.sort((a, b) => a - b);
  const at = (p: number) =>
    Math.round(times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))]! * 100) / 100;
  return {
    requests: times.length,
    reqPerSec: Math.round(times.length / duration),
    p50: at(50),
    p95: at(95),
    p99: at(99),
  };
}

async function main() {
  const { values } = parseArgs({
    options: {
      url: { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/sentinel_bench_cases' },
      duration: { type: 'string', default: '10' },
      connections: { type: 'string', default: '50' },
    },
  });
  const duration = Number(values.duration);
  const connections = Number(values.connections);
  await generate(values.url!, 100_000, 20_000);

  const config = benchServerConfig({ DATABASE_URL: values.url! });
  const database = await openDatabase(config);
  const app = await buildApp({ config, database });
  const base = await app.listen({ host: '127.0.0.1', port: 0 });
  try {
    if (canPin) spawnSync('taskset', ['-a', '-cp', '0', String(process.pid)], { stdio: 'ignore' });
    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: BENCH_ATTORNEY, password: BENCH_PASSWORD }),
    });
    const { token, user } = (await login.json()) as { token: string; user: { userId: string } };
    const headers = { authorization: `Bearer ${token}` };
    const account = (await app.services.sessions.accountFor(
      JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).sid as string,
      user.userId,
    ))!;
    const principal = actingPrincipal(account)!;
    const db = database.db;

    const casePaths: string[] = [];
    const caseCalls: Array<() => Promise<unknown>> = [];
    for (const [i, term] of CASE_TERMS.entries()) {
      for (const sort of SORTS) {
        const page = 1 + (i % 3 === 0 ? 1 : 0);
        casePaths.push(`/api/cases?search=${encodeURIComponent(term)}&sort=${sort}&page=${page}&pageSize=25`);
        caseCalls.push(() =>
          Promise.all([
            casesRepository.page(db, principal, { search: term, sort, limit: 25, offset: (page - 1) * 25 }),
            casesRepository.count(db, principal, { search: term }),
          ]),
        );
      }
    }
    // Searches that do not repeat within the run: the firm cache barely helps, so these show
    // what the indexes alone deliver through the API.
    const coldPaths: string[] = [];
    for (let page = 1; page <= 4; page++)
      for (const term of [...LAST, ...PERILS])
        for (const sort of SORTS)
          coldPaths.push(
            `/api/cases?search=${encodeURIComponent(term.toLowerCase())}&sort=${sort}&page=${page}&pageSize=25`,
          );
    const clientPaths = CLIENT_TERMS.map(
      (term) => `/api/client/${user.userId}/clients?search=${encodeURIComponent(term)}&pageSize=20`,
    );
    const clientCalls = CLIENT_TERMS.map(
      (term) => () =>
        Promise.all([
          clientsRepository.page(db, principal.firmId, term, 20, 0),
          clientsRepository.count(db, principal.firmId, term),
        ]),
    );

    const before = machine();
    const rows: Array<Record<string, unknown>> = [];
    const run = async (
      label: string,
      paths: string[],
      calls: Array<() => Promise<unknown>>,
      conns: number,
    ) => {
      console.log(
        `${label}: warm-up ${WARMUP_S} s, then ${duration} s at ${conns} connections (API), then the same calls directly`,
      );
      await loadPaths(base, paths, headers, conns, WARMUP_S);
      const api = await loadPaths(base, paths, headers, conns, duration);
      const sql = await direct(calls, conns, duration);
      const failed = api.errors + api.timeouts + api.non2xx;
      rows.push({
        case: label,
        conns,
        apiReqS: api.reqPerSec,
        apiP50: api.p50,
        apiP95: api.p95,
        apiP99: api.p99,
        sqlReqS: sql.reqPerSec,
        sqlP50: sql.p50,
        sqlP95: sql.p95,
        ratioP95: Number((api.p95 / sql.p95).toFixed(2)),
        failed,
      });
    };
    await run('GET /api/cases (search, sort, 25)', casePaths, caseCalls, connections);
    await run('  same, 780 distinct searches', coldPaths, caseCalls, connections);
    await run('GET /api/client/…/clients (search, 20)', clientPaths, clientCalls, connections);
    await run(
      'GET /api/dashboard/attorney',
      ['/api/dashboard/attorney'],
      [() => app.services.dashboard.compute(principal)],
      connections,
    );
    const after = machine();

    console.log(`\nbefore: ${loadLine(before)}\nafter:  ${loadLine(after)}\n`);
    printTable(rows);
    const [cases, , clients, dash] = rows as Array<{ apiP95: number; ratioP95: number; failed: number }>;
    const verdict = (ok: boolean) => (ok ? 'PASS' : 'MISS');
    console.log(
      `\ncases p95 ${cases!.apiP95} ms (≤ ${TARGETS.listP95Ms}: ${verdict(cases!.apiP95 <= TARGETS.listP95Ms)}), ` +
        `×${cases!.ratioP95} of direct SQL (≤ ${TARGETS.ratio}: ${verdict(cases!.ratioP95 <= TARGETS.ratio)})`,
    );
    console.log(
      `clients p95 ${clients!.apiP95} ms (${verdict(clients!.apiP95 <= TARGETS.listP95Ms)}), ×${clients!.ratioP95} (${verdict(clients!.ratioP95 <= TARGETS.ratio)})`,
    );
    console.log(
      `dashboard p95 ${dash!.apiP95} ms (≤ ${TARGETS.dashboardP95Ms}: ${verdict(dash!.apiP95 <= TARGETS.dashboardP95Ms)})`,
    );
    console.log(
      `\nwrote ${writeResult('api-cases', { before, after, connections, duration, results: rows, targets: TARGETS })}`,
    );
    return rows.some((row) => (row.failed as number) > 0) ? 1 : 0;
  } finally {
    await app.close();
    await database.close();
  }
}

runMain(main);
