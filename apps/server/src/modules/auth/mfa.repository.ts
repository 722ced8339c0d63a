import { and, count, desc, eq, gt, isNull, lt, notExists, or, sql } from 'drizzle-orm';
import { schema, type DbOrTx } from '@sentinel/db';

const { users, firms, memberships, sessions, mfaChallenges, mfaRecoveryCodes, passkeys } = schema;

export type MfaChallengeRecord = typeof mfaChallenges.$inferSelect;

/** The queries of two-step sign-in and of the sessions list (Settings → Security). */
export const mfaRepository = {
  async createChallenge(
    db: DbOrTx,
    values: { userId: string; ticketHash: string; purpose: 'verify' | 'enrol'; expiresAt: Date },
  ): Promise<void> {
    // One open second step per person: a new sign-in replaces an older ticket (the audit keeps
    // what happened to it), so the table holds at most a row per person.
    await db.delete(mfaChallenges).where(eq(mfaChallenges.userId, values.userId));
    await db.insert(mfaChallenges).values(values);
  },

  /** Whose second step a ticket is, if it is live. */
  async challengeOwner(db: DbOrTx, ticketHash: string): Promise<string | undefined> {
    const [row] = await db
      .select({ userId: mfaChallenges.userId })
      .from(mfaChallenges)
      .where(and(eq(mfaChallenges.ticketHash, ticketHash), isNull(mfaChallenges.usedAt)))
      .limit(1);
    return row?.userId;
  },

  /** The live challenge of a ticket, locked for this transaction (its tries are counted). */
  async lockChallenge(db: DbOrTx, ticketHash: string): Promise<MfaChallengeRecord | undefined> {
    const [row] = await db
      .select()
      .from(mfaChallenges)
      .where(
        and(
          eq(mfaChallenges.ticketHash, ticketHash),
          isNull(mfaChallenges.usedAt),
          gt(mfaChallenges.expiresAt, sql`now()`),
        ),
      )
      .for('update')
      .limit(1);
    return row;
  },

  async countFailedTry(db: DbOrTx, id: string, maxTries: number): Promise<void> {
    await db
      .update(mfaChallenges)
      .set({
        attempts: sql`${mfaChallenges.attempts} + 1`,
        usedAt: sql`case when ${mfaChallenges.attempts} + 1 >= ${maxTries} then now() else null end`,
      })
      .where(eq(mfaChallenges.id, id));
  },

  async closeChallenge(db: DbOrTx, id: string): Promise<void> {
    await db
      .update(mfaChallenges)
      .set({ usedAt: sql`now()` })
      .where(eq(mfaChallenges.id, id));
  },

  async setPendingSecret(db: DbOrTx, userId: string, sealed: string | null): Promise<void> {
    await db
      .update(users)
      .set({ totpPendingSecret: sealed, updatedAt: sql`now()` })
      .where(eq(users.id, userId));
  },

  /** The pending secret becomes the one in force; `step` is the code that proved it. */
  async enable(db: DbOrTx, userId: string, sealed: string, step: number): Promise<void> {
    await db
      .update(users)
      .set({
        totpSecret: sealed,
        totpPendingSecret: null,
        totpEnabledAt: sql`now()`,
        totpLastStep: step,
        updatedAt: sql`now()`,
      })
      .where(eq(users.id, userId));
  },

  /** Turns the authenticator app off; and the recovery codes, unless passkeys keep two-step sign-in on. */
  async disable(db: DbOrTx, userId: string, { keepRecoveryCodes = false } = {}): Promise<void> {
    await db
      .update(users)
      .set({
        totpSecret: null,
        totpPendingSecret: null,
        totpEnabledAt: null,
        totpLastStep: null,
        updatedAt: sql`now()`,
      })
      .where(eq(users.id, userId));
    if (!keepRecoveryCodes) await db.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, userId));
  },

  /**
   * Records the step of an accepted code, only if it is later than the last one: two requests
   * racing with the same code cannot both pass.
   */
  async useStep(db: DbOrTx, userId: string, step: number): Promise<boolean> {
    const rows = await db
      .update(users)
      .set({ totpLastStep: step })
      .where(and(eq(users.id, userId), or(isNull(users.totpLastStep), lt(users.totpLastStep, step))))
      .returning({ id: users.id });
    return rows.length === 1;
  },

  async replaceRecoveryCodes(db: DbOrTx, userId: string, hashes: string[]): Promise<void> {
    await db.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, userId));
    await db.insert(mfaRecoveryCodes).values(hashes.map((codeHash) => ({ userId, codeHash })));
  },

  /** Uses an unused recovery code of the person; false when there is none such. */
  async useRecoveryCode(db: DbOrTx, userId: string, codeHash: string): Promise<boolean> {
    const rows = await db
      .update(mfaRecoveryCodes)
      .set({ usedAt: sql`now()` })
      .where(
        and(
          eq(mfaRecoveryCodes.userId, userId),
          eq(mfaRecoveryCodes.codeHash, codeHash),
          isNull(mfaRecoveryCodes.usedAt),
        ),
      )
      .returning({ id: mfaRecoveryCodes.id });
    return rows.length > 0;
  },

  async recoveryCodesLeft(db: DbOrTx, userId: string): Promise<number> {
    const [row] = await db
      .select({ left: count() })
      .from(mfaRecoveryCodes)
      .where(and(eq(mfaRecoveryCodes.userId, userId), isNull(mfaRecoveryCodes.usedAt)));
    return Number(row?.left ?? 0);
  },

  /** Whether any firm where the person is an active attorney requires two-step sign-in of attorneys. */
  async requiredByFirm(db: DbOrTx, userId: string): Promise<boolean> {
    const [row] = await db
      .select({ id: firms.id })
      .from(memberships)
      .innerJoin(firms, eq(firms.id, memberships.firmId))
      .where(
        and(
          eq(memberships.userId, userId),
          eq(memberships.userType, 'attorney'),
          eq(memberships.status, 'active'),
          eq(firms.requireMfaForAttorneys, true),
        ),
      )
      .limit(1);
    return Boolean(row);
  },

  async firmRequirement(db: DbOrTx, firmId: string): Promise<boolean> {
    const [row] = await db
      .select({ required: firms.requireMfaForAttorneys })
      .from(firms)
      .where(eq(firms.id, firmId));
    return row?.required ?? false;
  },

  async setFirmRequirement(db: DbOrTx, firmId: string, required: boolean): Promise<void> {
    await db
      .update(firms)
      .set({ requireMfaForAttorneys: required, updatedAt: sql`now()` })
      .where(eq(firms.id, firmId));
  },

  /** The firm's active attorneys who have not set up two-step sign-in (named when it is required). */
  async attorneysWithoutMfa(db: DbOrTx, firmId: string): Promise<number> {
    const [row] = await db
      .select({ n: count() })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(
        and(
          eq(memberships.firmId, firmId),
          eq(memberships.userType, 'attorney'),
          eq(memberships.status, 'active'),
          isNull(users.totpEnabledAt),
          notExists(db.select({ id: passkeys.id }).from(passkeys).where(eq(passkeys.userId, users.id))),
        ),
      );
    return Number(row?.n ?? 0);
  },

  // The sessions list

  /** The person's sessions still standing (not revoked, within their absolute and idle lifetimes). */
  async liveSessions(db: DbOrTx, userId: string, idleSeconds: number) {
    return db
      .select({
        id: sessions.id,
        createdAt: sessions.createdAt,
        lastUsedAt: sessions.lastUsedAt,
        ip: sessions.ip,
        userAgent: sessions.userAgent,
      })
      .from(sessions)
      .where(
        and(
          eq(sessions.userId, userId),
          isNull(sessions.revokedAt),
          gt(sessions.expiresAt, sql`now()`),
          gt(sessions.lastUsedAt, sql`now() - make_interval(secs => ${idleSeconds})`),
        ),
      )
      .orderBy(desc(sessions.lastUsedAt));
  },

  async ownLiveSession(db: DbOrTx, userId: string, sessionId: string): Promise<boolean> {
    const [row] = await db
      .select({ id: sessions.id })
      .from(sessions)
      .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId), isNull(sessions.revokedAt)));
    return Boolean(row);
  },
};
