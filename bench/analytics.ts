/**
 * Firm Analytics on a firm of 100,000 cases (bench/generate-data.ts makes it once): per period,
 * GET /api/analytics at 20 connections, RUNS times, against the service's computation run directly
 * (no HTTP, no cache) by the same number of callers; each statement's time alone; and the
 * EXPLAIN (ANALYZE, BUFFERS) plan of the slowest statement.
 *
 *   npm run bench:analytics [-- --runs 3 --duration 10 --connections 20 --url postgres://…]
 */
import { spawnSync } from 'node:child_process';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { ANALYTICS_PERIODS, TOP_CASES_LIMIT, type AnalyticsPeriod } from '@sentinel/shared';
import { buildApp } from '../apps/server/src/app';
import { openDatabase } from '../apps/server/src/database';
import { analyticsSql } from '../apps/server/src/modules/analytics/analytics.repository';
import { analyticsWindow } from '../apps/server/src/modules/analytics/analytics.service';
import { rowsOf } from '../apps/server/src/platform/throttle';
import { BENCH_ATTORNEY, BENCH_PASSWORD, generate } from './generate-data';
import {
  benchServerConfig,
  canPin,
  loadLine,
  loadPaths,
  machine,
  percentile,
  printTable,
  runMain,
  writeResult,
} from './lib';

const TARGET_P95_MS = 100;
const WARMUP_S = 2;

/** `connections` callers in a loop for `duration` seconds; every call's time kept. */
async function direct(call: () => Promise<unknown>, connections: number, duration: number) {
  const times: number[] = [];
  const end = performance.now() + duration * 1000;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < end) {
        const started = performance.now();
        await call();
        times.push(performance.now() - started);
      }
    }),
  );
  const at = (p: number) => Math.round(percentile(times, p) * 10) / 10;
  return { requests: times.length, p50: at(50), p95: at(95) };
}

const spread = (values: number[]) => (values.length ? `${Math.min(...values)}–${Math.max(...values)}` : '');

async function main() {
  const { values } = parseArgs({
    options: {
      url: { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/sentinel_bench_analytics' },
      runs: { type: 'string', default: '3' },
      duration: { type: 'string', default: '10' },
      connections: { type: 'string', default: '20' },
    },
  });
  const runs = Number(values.runs);
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
    const { token } = (await login.json()) as { token: string };
    const headers = { authorization: `Bearer ${token}` };
    const [{ firm_id: firmId }] = rowsOf<{ firm_id: string }>(
      await database.db.execute(
        sql`select m.firm_id from memberships m join users u on u.id = m.user_id where u.email = ${BENCH_ATTORNEY}`,
      ),
    ) as [{ firm_id: string }];

    const before = machine();
    const rows: Array<Record<string, unknown>> = [];
    const statements: Array<Record<string, unknown>> = [];
    let heaviest = { period: '' as AnalyticsPeriod | '', name: '', ms: 0 };
    let failed = 0;
    for (const period of ANALYTICS_PERIODS) {
      // Each statement alone, one at a time: the median of 7.
      const window = analyticsWindow(period);
      const timing: Record<string, unknown> = { period };
      for (const [name, build] of Object.entries(analyticsSql)) {
        const query = build(firmId, window, TOP_CASES_LIMIT);
        const times: number[] = [];
        for (let i = 0; i < 7; i++) {
          const started = performance.now();
          await database.db.execute(query);
          times.push(performance.now() - started);
        }
        const median = Math.round(percentile(times, 50) * 10) / 10;
        timing[name] = median;
        if (median > heaviest.ms) heaviest = { period, name, ms: median };
      }
      statements.push(timing);

      const path = `/api/analytics?period=${period}`;
      console.log(
        `${period}: warm-up ${WARMUP_S} s, then ${runs} × ${duration} s at ${connections} connections`,
      );
      await loadPaths(base, [path], headers, connections, WARMUP_S);
      const api: Array<{ p50: number; p95: number; p99: number; reqPerSec: number }> = [];
      for (let run = 0; run < runs; run++) {
        const result = await loadPaths(base, [path], headers, connections, duration);
        failed += result.errors + result.timeouts + result.non2xx;
        api.push(result);
      }
      const uncached = await direct(
        () => app.services.analytics.compute(firmId, period),
        connections,
        Math.min(duration, 5),
      );
      rows.push({
        period,
        'req/s (runs)': spread(api.map((r) => r.reqPerSec)),
        'p50 ms (runs)': spread(api.map((r) => r.p50)),
        'p95 ms (runs)': spread(api.map((r) => r.p95)),
        'p99 ms (runs)': spread(api.map((r) => r.p99)),
        'uncached p50': uncached.p50,
        'uncached p95': uncached.p95,
        worstP95: Math.max(...api.map((r) => r.p95)),
      });
    }
    const after = machine();

    const window = analyticsWindow(heaviest.period as AnalyticsPeriod);
    const explain = rowsOf<{ 'QUERY PLAN': string }>(
      await database.db.execute(
        sql`explain (analyze, buffers) ${analyticsSql[heaviest.name as keyof typeof analyticsSql](firmId, window, TOP_CASES_LIMIT)}`,
      ),
    )
      .map((row) => row['QUERY PLAN'])
      .join('\n');

    console.log(`\nbefore: ${loadLine(before)}\nafter:  ${loadLine(after)}\n`);
    console.log('GET /api/analytics (firm cache as in production) and the computation uncached:');
    printTable(rows);
    console.log('\neach statement alone, median of 7 (ms):');
    printTable(statements);
    console.log(`\nheaviest: ${heaviest.name} for ${heaviest.period} (${heaviest.ms} ms)\n${explain}\n`);
    for (const row of rows)
      console.log(
        `${row.period}: worst p95 ${row.worstP95} ms (≤ ${TARGET_P95_MS}: ${(row.worstP95 as number) <= TARGET_P95_MS ? 'PASS' : 'MISS'})`,
      );
    console.log(
      `\nwrote ${writeResult('analytics', { before, after, connections, duration, runs, results: rows, statements, heaviest, explain })}`,
    );
    return failed > 0 ? 1 : 0;
  } finally {
    await app.close();
    await database.close();
  }
}

runMain(main);
