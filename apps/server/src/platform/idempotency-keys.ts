import { schema, type Database, type DbOrTx } from '@sentinel/db';
import { and, eq, isNull, lt, sql } from 'drizzle-orm';

/**
 * The `idempotency_keys` rows behind `Idempotency-Key` (platform/idempotency.ts has the HTTP side):
 * claimed before a route runs, marked committed by the audit row of its change (platform/audit.ts),
 * completed with the sealed answer, or let go after a failure.
 */

/** How long a key is kept: the draft asks for the expiry to be published (docs/security.md). */
export const IDEMPOTENCY_KEY_HOURS = 24;
/** A run holds its key this long, renewed while it goes; a crashed run's key is free after it. */
const LEASE_SECONDS = 30;

export type Outcome =
  | { kind: 'claimed'; id: string }
  | { kind: 'replay'; status: number; sealed: string }
  | { kind: 'in-use' }
  | { kind: 'reused' }
  | { kind: 'answer-lost' };

const { idempotencyKeys } = schema;
const leaseEnd = sql`now() + make_interval(secs => ${LEASE_SECONDS})`;

export const idempotencyRepository = {
  async claim(db: Database, userId: string, key: string, fingerprint: string): Promise<Outcome> {
    const [inserted] = await db
      .insert(idempotencyKeys)
      .values({ userId, key, fingerprint, lockedUntil: leaseEnd })
      .onConflictDoNothing()
      .returning({ id: idempotencyKeys.id });
    if (inserted) return { kind: 'claimed', id: inserted.id };

    const [row] = await db
      .select({
        id: idempotencyKeys.id,
        fingerprint: idempotencyKeys.fingerprint,
        expired: sql<boolean>`${idempotencyKeys.createdAt} < now() - make_interval(hours => ${IDEMPOTENCY_KEY_HOURS})`,
        committed: sql<boolean>`${idempotencyKeys.committedAt} is not null`,
        completed: sql<boolean>`${idempotencyKeys.completedAt} is not null`,
        locked: sql<boolean>`${idempotencyKeys.lockedUntil} > now()`,
        status: idempotencyKeys.responseStatus,
        response: idempotencyKeys.response,
      })
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
    if (row?.expired) {
      // Kept past its 24 hours (the hourly clean-up has not run yet): forgotten, the key is new.
      const [renewed] = await db
        .update(idempotencyKeys)
        .set({
          fingerprint,
          lockedUntil: leaseEnd,
          committedAt: null,
          completedAt: null,
          responseStatus: null,
          response: null,
          createdAt: sql`now()`,
        })
        .where(
          and(
            eq(idempotencyKeys.id, row.id),
            lt(idempotencyKeys.createdAt, sql`now() - make_interval(hours => ${IDEMPOTENCY_KEY_HOURS})`),
          ),
        )
        .returning({ id: idempotencyKeys.id });
      return renewed ? { kind: 'claimed', id: renewed.id } : { kind: 'in-use' };
    }
    // Released between the two statements (the first run failed): the next try claims it.
    if (!row) return { kind: 'in-use' };
    if (row.fingerprint !== fingerprint) return { kind: 'reused' };
    if (row.completed)
      return row.response && row.status
        ? { kind: 'replay', status: row.status, sealed: row.response }
        : { kind: 'answer-lost' };
    if (row.locked) return { kind: 'in-use' };
    if (row.committed) return { kind: 'answer-lost' };
    // The first run ended without committing and without answering (its server died): take over.
    const [taken] = await db
      .update(idempotencyKeys)
      .set({ lockedUntil: leaseEnd })
      .where(
        and(
          eq(idempotencyKeys.id, row.id),
          sql`${idempotencyKeys.lockedUntil} <= now()`,
          isNull(idempotencyKeys.committedAt),
          isNull(idempotencyKeys.completedAt),
        ),
      )
      .returning({ id: idempotencyKeys.id });
    return taken ? { kind: 'claimed', id: taken.id } : { kind: 'in-use' };
  },

  async markCommitted(tx: DbOrTx, id: string): Promise<void> {
    await tx
      .update(idempotencyKeys)
      .set({ committedAt: sql`coalesce(${idempotencyKeys.committedAt}, now())` })
      .where(eq(idempotencyKeys.id, id));
  },

  async renew(db: Database, id: string): Promise<void> {
    await db
      .update(idempotencyKeys)
      .set({ lockedUntil: leaseEnd })
      .where(and(eq(idempotencyKeys.id, id), isNull(idempotencyKeys.completedAt)));
  },

  /** The answer is kept (sealed) for the key's retries; null when it cannot be replayed. */
  async complete(db: Database, id: string, status: number | null, sealed: string | null): Promise<void> {
    await db
      .update(idempotencyKeys)
      .set({ completedAt: sql`now()`, responseStatus: status, response: sealed })
      .where(eq(idempotencyKeys.id, id));
  },

  /**
   * After a server error (or a 408/429): a key whose write did not commit is let go, so the retry runs; one whose
   * write did commit stays, as carried out with its answer lost.
   */
  async release(db: Database, id: string): Promise<void> {
    const released = await db
      .delete(idempotencyKeys)
      .where(and(eq(idempotencyKeys.id, id), isNull(idempotencyKeys.committedAt)))
      .returning({ id: idempotencyKeys.id });
    if (released.length === 0) await this.complete(db, id, null, null);
  },

  /** Keys past their 24 hours, with the answers they kept (run by the hourly privacy clean-up). */
  async forgetExpired(db: Database): Promise<number> {
    const gone = await db
      .delete(idempotencyKeys)
      .where(lt(idempotencyKeys.createdAt, sql`now() - make_interval(hours => ${IDEMPOTENCY_KEY_HOURS})`))
      .returning({ id: idempotencyKeys.id });
    return gone.length;
  },
};
