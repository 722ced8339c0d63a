import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import { schema, type DbOrTx } from '@sentinel/db';

const { pendingSignUps } = schema;

export type PendingSignUp = typeof pendingSignUps.$inferSelect;

const live = () => and(isNull(pendingSignUps.usedAt), gt(pendingSignUps.expiresAt, sql`now()`));

/** Sign-ups waiting for their e-mail to be verified (docs/decisions/0010). */
export const signUpsRepository = {
  async create(db: DbOrTx, values: typeof pendingSignUps.$inferInsert): Promise<PendingSignUp> {
    const [row] = await db.insert(pendingSignUps).values(values).returning();
    return row!;
  },

  /** The waiting sign-up a link's token names; undefined when it is unknown, used or expired. */
  async findByToken(db: DbOrTx, tokenHash: string): Promise<PendingSignUp | undefined> {
    const [row] = await db
      .select()
      .from(pendingSignUps)
      .where(and(eq(pendingSignUps.tokenHash, tokenHash), live()))
      .limit(1);
    return row;
  },

  /** The newest waiting sign-up of an address: the one sign-in and a resend speak of. */
  async newestOf(db: DbOrTx, email: string): Promise<PendingSignUp | undefined> {
    const [row] = await db
      .select()
      .from(pendingSignUps)
      .where(and(eq(pendingSignUps.email, email), live()))
      .orderBy(desc(pendingSignUps.createdAt))
      .limit(1);
    return row;
  },

  /** Ends a waiting sign-up once; false when it already ended (a concurrent or replayed use). */
  async consume(db: DbOrTx, id: string): Promise<boolean> {
    const rows = await db
      .update(pendingSignUps)
      .set({ usedAt: sql`now()` })
      .where(and(eq(pendingSignUps.id, id), live()))
      .returning({ id: pendingSignUps.id });
    return rows.length === 1;
  },

  /** A new link for a waiting sign-up: the old token stops working. */
  async renew(db: DbOrTx, id: string, tokenHash: string, expiresAt: Date): Promise<void> {
    await db
      .update(pendingSignUps)
      .set({ tokenHash, expiresAt })
      .where(and(eq(pendingSignUps.id, id), live()));
  },

  /**
   * Deletes the sign-ups that ended (verified or superseded) or expired: an address, names and a
   * password hash of someone who never became a user are kept no longer than the link works.
   */
  async forgetEnded(db: DbOrTx): Promise<number> {
    const rows = await db
      .delete(pendingSignUps)
      .where(sql`${pendingSignUps.usedAt} is not null or ${pendingSignUps.expiresAt} <= now()`)
      .returning({ id: pendingSignUps.id });
    return rows.length;
  },

  /** Ends every waiting sign-up of an address that now has an account; returns how many. */
  async supersede(db: DbOrTx, email: string): Promise<number> {
    const rows = await db
      .update(pendingSignUps)
      .set({ usedAt: sql`now()` })
      .where(and(eq(pendingSignUps.email, email), live()))
      .returning({ id: pendingSignUps.id });
    return rows.length;
  },
};
