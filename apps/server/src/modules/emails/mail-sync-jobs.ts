import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { schema, type Database, type DbOrTx } from '@sentinel/db';
import type { JobQueue } from '../../platform/jobs';

/** The job that syncs one connection's mailbox (modules/emails/mail-sync.ts runs it). */
export const MAIL_SYNC_JOB = 'mail.sync';

/** A sync request older than this is taken as lost (a worker died) and may be asked again. */
const STUCK_AFTER_SECONDS = 30 * 60;
const pc = schema.providerConnections;

/** Asks for a sync of the connection; pass the transaction that connected it. */
export async function enqueueMailSync(jobs: JobQueue, db: DbOrTx, connectionId: string): Promise<void> {
  await db.update(pc).set({ syncRequestedAt: new Date() }).where(eq(pc.id, connectionId));
  await jobs.enqueue(db, MAIL_SYNC_JOB, { connectionId });
}

/**
 * Asks for a sync of each connection (of `userId`, or all) that is connected, has none pending
 * and last synced `olderThanSeconds` ago or more. Claiming and enqueuing happen in one
 * transaction, so two instances running the schedule do not both enqueue a connection.
 */
export async function enqueueDueSyncs(
  db: Database,
  jobs: JobQueue,
  { olderThanSeconds, userId }: { olderThanSeconds: number; userId?: string },
): Promise<number> {
  return db.transaction(async (tx) => {
    const claimed = await tx
      .update(pc)
      .set({ syncRequestedAt: new Date() })
      .where(
        and(
          eq(pc.status, 'connected'),
          userId ? eq(pc.userId, userId) : undefined,
          or(
            isNull(pc.syncRequestedAt),
            lt(pc.syncRequestedAt, sql`now() - make_interval(secs => ${STUCK_AFTER_SECONDS})`),
          ),
          or(
            isNull(pc.lastSyncedAt),
            lt(pc.lastSyncedAt, sql`now() - make_interval(secs => ${olderThanSeconds})`),
          ),
        ),
      )
      .returning({ id: pc.id });
    for (const { id } of claimed) await jobs.enqueue(tx, MAIL_SYNC_JOB, { connectionId: id });
    return claimed.length;
  });
}
