import { RULES_FINGERPRINT } from '@sentinel/deadlines';
import type { Database } from '@sentinel/db';
import type { FastifyBaseLogger } from 'fastify';
import type { JobHandler } from '../../platform/jobs';
import { casesRepository } from '../cases/cases.repository';
import { syncCaseDeadlines } from './case-deadlines';
import { deadlinesRepository as repo } from './deadlines.repository';

/** Recomputes the calendar's deadline events of cases computed under other rules. */
export const DEADLINES_RESYNC_JOB = 'deadlines.resync';
const BATCH = 100;

/**
 * After a deploy that changes the rules (or the engine), the calendar's copies of computed
 * deadlines are out of date: `main.ts` queues this job at start, and it recomputes every case
 * whose fingerprint differs, a case per transaction (locked as a change locks it). Nothing to do
 * is one query.
 */
export function deadlinesResyncJob(
  db: Database,
  log: FastifyBaseLogger,
  clock: () => Date = () => new Date(),
): JobHandler {
  return {
    async run() {
      let synced = 0;
      for (;;) {
        const ids = await repo.casesOutOfSync(db, RULES_FINGERPRINT, BATCH);
        for (const id of ids)
          await db.transaction(async (tx) => {
            await casesRepository.lockById(tx, id);
            await syncCaseDeadlines(tx, id, clock());
          });
        synced += ids.length;
        if (ids.length < BATCH) break;
      }
      if (synced) log.info({ synced, fingerprint: RULES_FINGERPRINT }, 'case deadlines recomputed');
    },
  };
}
