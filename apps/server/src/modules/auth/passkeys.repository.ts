import { and, asc, count, eq, gt, lt, or, sql } from 'drizzle-orm';
import { schema, type DbOrTx } from '@sentinel/db';

const { passkeys, passkeyChallenges } = schema;

export type PasskeyRecord = typeof passkeys.$inferSelect;
export type PasskeyPurpose = (typeof passkeyChallenges.$inferInsert)['purpose'];

/** The queries of passkeys (WebAuthn credentials) and of the challenges handed out for them. */
export const passkeysRepository = {
  async list(db: DbOrTx, userId: string): Promise<PasskeyRecord[]> {
    return db.select().from(passkeys).where(eq(passkeys.userId, userId)).orderBy(asc(passkeys.createdAt));
  },

  async count(db: DbOrTx, userId: string): Promise<number> {
    const [row] = await db.select({ n: count() }).from(passkeys).where(eq(passkeys.userId, userId));
    return Number(row?.n ?? 0);
  },

  /** The person's passkey with this credential id; another person's is not found. */
  async findOwnCredential(
    db: DbOrTx,
    userId: string,
    credentialId: string,
  ): Promise<PasskeyRecord | undefined> {
    const [row] = await db
      .select()
      .from(passkeys)
      .where(and(eq(passkeys.userId, userId), eq(passkeys.credentialId, credentialId)));
    return row;
  },

  async credentialTaken(db: DbOrTx, credentialId: string): Promise<boolean> {
    const [row] = await db
      .select({ id: passkeys.id })
      .from(passkeys)
      .where(eq(passkeys.credentialId, credentialId));
    return Boolean(row);
  },

  async insert(
    db: DbOrTx,
    values: {
      userId: string;
      credentialId: string;
      publicKey: string;
      counter: number;
      transports: string[];
      name: string;
    },
  ): Promise<PasskeyRecord> {
    const [row] = await db.insert(passkeys).values(values).returning();
    return row!;
  },

  async rename(db: DbOrTx, userId: string, id: string, name: string): Promise<PasskeyRecord | undefined> {
    const [row] = await db
      .update(passkeys)
      .set({ name })
      .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
      .returning();
    return row;
  },

  async remove(db: DbOrTx, userId: string, id: string): Promise<PasskeyRecord | undefined> {
    const [row] = await db
      .delete(passkeys)
      .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
      .returning();
    return row;
  },

  /**
   * Records a use: the new signature counter, only if it moved forward (or both are 0, for
   * authenticators that keep none). Two racing requests with one assertion cannot both pass.
   */
  async recordUse(db: DbOrTx, id: string, newCounter: number): Promise<boolean> {
    const rows = await db
      .update(passkeys)
      .set({ counter: newCounter, lastUsedAt: sql`now()` })
      .where(
        and(
          eq(passkeys.id, id),
          or(lt(passkeys.counter, newCounter), and(eq(passkeys.counter, 0), sql`${newCounter} = 0`)),
        ),
      )
      .returning({ id: passkeys.id });
    return rows.length === 1;
  },

  /** A new challenge; it replaces the person's open one of the same purpose and clears expired ones. */
  async createChallenge(
    db: DbOrTx,
    values: {
      userId: string;
      purpose: PasskeyPurpose;
      challengeHash: string;
      mfaChallengeId?: string;
      expiresAt: Date;
    },
  ): Promise<void> {
    await db
      .delete(passkeyChallenges)
      .where(
        and(
          eq(passkeyChallenges.userId, values.userId),
          or(eq(passkeyChallenges.purpose, values.purpose), lt(passkeyChallenges.expiresAt, sql`now()`)),
        ),
      );
    await db.insert(passkeyChallenges).values(values);
  },

  /**
   * Uses up a live challenge of the person for this purpose (and this second step of a sign-in):
   * true once; false for an unknown, expired, used or someone else's challenge.
   */
  async consumeChallenge(
    db: DbOrTx,
    where: { userId: string; purpose: PasskeyPurpose; challengeHash: string; mfaChallengeId?: string },
  ): Promise<boolean> {
    const rows = await db
      .delete(passkeyChallenges)
      .where(
        and(
          eq(passkeyChallenges.challengeHash, where.challengeHash),
          eq(passkeyChallenges.userId, where.userId),
          eq(passkeyChallenges.purpose, where.purpose),
          gt(passkeyChallenges.expiresAt, sql`now()`),
          where.mfaChallengeId ? eq(passkeyChallenges.mfaChallengeId, where.mfaChallengeId) : undefined,
        ),
      )
      .returning({ id: passkeyChallenges.id });
    return rows.length === 1;
  },
};
