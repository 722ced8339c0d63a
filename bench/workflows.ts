/**
 * The workflow engine under a burst (issue 13): 1,000 cases of a firm change status in one
 * transaction; the engine (two dispatchers at once, as two server instances would) turns the 1,000
 * events into runs and the job queue runs them (each run: notify the lead attorney, request a
 * document from the client — two actions, each in its own transaction). Measures runs per second
 * from the commit of the change to the last run finished, and checks that none was lost or doubled,
 * also when the same events are delivered again.
 *
 * On PostgreSQL (`sentinel_bench_workflows`, recreated); the app built in this process as
 * `npm start` builds it. `npm run bench:workflows [-- --runs N --cases N]`.
 */
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { schema } from '@sentinel/db';
import { createCase, createClient, createUser } from '@sentinel/db/factories';
import { buildApp } from '../apps/server/src/app';
import { openDatabase } from '../apps/server/src/database';
import {
  benchServerConfig,
  loadLine,
  machine,
  printTable,
  recreateDatabase,
  runMain,
  writeResult,
} from './lib';

const count = (result: unknown) => Number((result as { rows: Array<{ n: number }> }).rows[0]?.n ?? 0);

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      url: { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/sentinel_bench_workflows' },
      runs: { type: 'string', default: '3' },
      cases: { type: 'string', default: '1000' },
    },
  });
  const runs = Number(values.runs);
  const caseCount = Number(values.cases);
  recreateDatabase(values.url!);
  const config = benchServerConfig({ DATABASE_URL: values.url!, PROVIDER_SANDBOX: 'off' });
  const database = await openDatabase(config);
  const app = await buildApp({ config, database });
  await app.ready();
  const db = database.db;
  const engine = app.services.workflowEngine;
  const rows: Array<Record<string, unknown>> = [];
  let failedChecks = 0;
  try {
    for (let run = 1; run <= runs; run++) {
      const attorney = await createUser(db, {
        userType: 'attorney',
        email: `wf.${run}.${Date.now()}@bench.test`,
      });
      const client = await createClient(db, {
        firmId: attorney.firmId,
        email: `wf.client.${run}.${Date.now()}@bench.test`,
      });
      for (let i = 0; i < caseCount; i++)
        await createCase(db, {
          firmId: attorney.firmId,
          clientId: client.id,
          leadAttorneyId: attorney.id,
          title: `Bench case ${i + 1}`,
        });
      await db.insert(schema.workflows).values({
        firmId: attorney.firmId,
        name: 'Discovery kit',
        category: 'documentation',
        triggerType: 'case-status-changed',
        trigger: { type: 'case-status-changed', toStatus: 'discovery' },
        conditions: { caseTypes: [], statuses: [] },
        actions: [
          {
            type: 'notify',
            recipient: 'lead-attorney',
            userId: null,
            message: '{{case.number}} is in discovery',
          },
          { type: 'request-document', title: 'Repair estimate', note: '' },
        ],
        createdById: attorney.id,
        createdAt: new Date(Date.now() - 60_000),
      });
      // The seeding's own events (cases created) are history.
      await engine.dispatch();
      await app.jobs.drain();

      // 1,000 cases change status at once: one transaction, 1,000 events.
      await db.execute(
        sql`update ${schema.cases} set status = 'discovery' where firm_id = ${attorney.firmId}`,
      );
      const started = performance.now();
      const [first, second] = await Promise.all([engine.dispatch(), engine.dispatch()]);
      const dispatched = performance.now();
      await app.jobs.drain();
      const finished = performance.now();

      // Delivered again: the events' dispatch undone, the engine asked again.
      await db.execute(
        sql`update ${schema.workflowEvents} set dispatched_at = null where firm_id = ${attorney.firmId} and type = 'case-status-changed'`,
      );
      const again = await engine.dispatch();
      await app.jobs.drain();

      const perCase = (
        (await db.execute(sql`
          select c.id, count(r.id)::int as runs
          from ${schema.cases} c left join ${schema.workflowRuns} r on r.case_id = c.id
          where c.firm_id = ${attorney.firmId} group by c.id`)) as unknown as {
          rows: Array<{ runs: number }>;
        }
      ).rows;
      const lost = perCase.filter((row) => row.runs === 0).length;
      const doubled = perCase.filter((row) => row.runs > 1).length;
      const failed = count(
        await db.execute(
          sql`select count(*)::int as n from ${schema.workflowRuns} where firm_id = ${attorney.firmId} and status <> 'succeeded'`,
        ),
      );
      const requests = count(
        await db.execute(
          sql`select count(*)::int as n from ${schema.documentRequests} where firm_id = ${attorney.firmId}`,
        ),
      );
      const notes = count(
        await db.execute(
          sql`select count(*)::int as n from ${schema.notifications} where user_id = ${attorney.id} and kind = 'workflow'`,
        ),
      );
      const seconds = (finished - started) / 1000;
      const ok =
        lost === 0 &&
        doubled === 0 &&
        failed === 0 &&
        again === 0 &&
        requests === caseCount &&
        notes === caseCount;
      if (!ok) failedChecks++;
      rows.push({
        run,
        cases: caseCount,
        'runs queued (2 dispatchers)': `${first} + ${second}`,
        'dispatch ms': Math.round(dispatched - started),
        'all done s': seconds.toFixed(2),
        'runs/s': Math.round(caseCount / seconds),
        'actions/s': Math.round((2 * caseCount) / seconds),
        lost,
        doubled,
        failed,
        'redelivered → new runs': again,
        check: ok ? 'PASS' : 'FAIL',
      });
      console.log(`run ${run}: ${(caseCount / seconds).toFixed(0)} runs/s`);
    }
  } finally {
    await app.close();
    await database.close();
  }
  console.log(loadLine());
  printTable(rows);
  const rates = rows.map((row) => Number(row['runs/s']));
  console.log(
    `runs/s: min ${Math.min(...rates)}, median ${rates.sort((a, b) => a - b)[Math.floor(rates.length / 2)]}, max ${Math.max(...rates)}`,
  );
  console.log(`results: ${writeResult('workflows', { machine: machine(), rows })}`);
  return failedChecks === 0 ? 0 : 1;
}

runMain(main);
