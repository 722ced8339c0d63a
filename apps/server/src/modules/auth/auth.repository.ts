import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { schema, type DbOrTx } from '@sentinel/db';

const { users, firms, memberships, sessions, refreshTokens, passwordResetTokens, temporaryPasswordTickets } =
  schema;

export type UserRecord = typeof users.$inferSelect;
export type SessionRecord = typeof sessions.$inferSelect;

/** The only place with the account queries. Every function takes the database or a transaction. */
export const authRepository = {
  async findUserByEmail(db: DbOrTx, email: string): Promise<UserRecord | undefined> {
    const [user] = await db.select().from(users).where(eq(users.email, email)).limit(1);
    return user;
  },

  async findUserById(db: DbOrTx, id: string): Promise<UserRecord | undefined> {
    const [user] = await db.select().from(users).where(eq(users.id, id)).limit(1);
    return user;
  },

  async createFirm(db: DbOrTx, name: string) {
    const [firm] = await db.insert(firms).values({ name }).returning();
    return firm!;
  },

  async createUser(db: DbOrTx, values: typeof users.$inferInsert): Promise<UserRecord> {
    const [user] = await db.insert(users).values(values).returning();
    return user!;
  },

  /**
   * A new account, or undefined when the address got one meanwhile: waits for a concurrent
   * transaction that is creating it, instead of failing on the unique index.
   */
  async createUserIfAbsent(db: DbOrTx, values: typeof users.$inferInsert): Promise<UserRecord | undefined> {
    const [user] = await db.insert(users).values(values).onConflictDoNothing().returning();
    return user;
  },

  async setPassword(db: DbOrTx, userId: string, passwordHash: string): Promise<void> {
    await db
      .update(users)
      .set({
        passwordHash,
        temporaryPasswordExpiresAt: null,
        passwordChangedAt: sql`now()`,
        updatedAt: sql`now()`,
      })
      .where(eq(users.id, userId));
  },

  // Sessions (refresh-token families)

  async createSession(db: DbOrTx, values: typeof sessions.$inferInsert): Promise<SessionRecord> {
    const [session] = await db.insert(sessions).values(values).returning();
    return session!;
  },

  async addRefreshToken(db: DbOrTx, sessionId: string, tokenHash: string): Promise<void> {
    await db.insert(refreshTokens).values({ sessionId, tokenHash });
  },

  async findRefreshToken(db: DbOrTx, tokenHash: string) {
    const [row] = await db
      .select({ token: refreshTokens, session: sessions, user: users })
      .from(refreshTokens)
      .innerJoin(sessions, eq(sessions.id, refreshTokens.sessionId))
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(eq(refreshTokens.tokenHash, tokenHash))
      .limit(1);
    return row;
  },

  /** Marks a refresh token used; false when it already was (a concurrent or replayed use). */
  async consumeRefreshToken(db: DbOrTx, tokenId: string): Promise<boolean> {
    const rows = await db
      .update(refreshTokens)
      .set({ usedAt: sql`now()` })
      .where(and(eq(refreshTokens.id, tokenId), isNull(refreshTokens.usedAt)))
      .returning({ id: refreshTokens.id });
    return rows.length === 1;
  },

  async touchSession(db: DbOrTx, sessionId: string): Promise<void> {
    await db
      .update(sessions)
      .set({ lastUsedAt: sql`now()` })
      .where(eq(sessions.id, sessionId));
  },

  async revokeSession(db: DbOrTx, sessionId: string, reason: string): Promise<void> {
    await db
      .update(sessions)
      .set({ revokedAt: sql`now()`, revokedReason: reason })
      .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
  },

  /** Revokes every live session of a user except `keepSessionId`; returns the revoked ids. */
  async revokeUserSessions(
    db: DbOrTx,
    userId: string,
    reason: string,
    keepSessionId?: string,
  ): Promise<string[]> {
    const rows = await db
      .update(sessions)
      .set({ revokedAt: sql`now()`, revokedReason: reason })
      .where(
        and(
          eq(sessions.userId, userId),
          isNull(sessions.revokedAt),
          keepSessionId ? sql`${sessions.id} <> ${keepSessionId}` : undefined,
        ),
      )
      .returning({ id: sessions.id });
    return rows.map((r) => r.id);
  },

  /**
   * The session, its user and the user's membership of the firm the session acts in (absent when
   * it acts in none or the membership is gone), for the access-token guard.
   */
  async findSessionPrincipal(db: DbOrTx, sessionId: string) {
    const [row] = await db
      .select({
        session: sessions,
        user: users,
        membership: { userType: memberships.userType, status: memberships.status },
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .leftJoin(
        memberships,
        and(eq(memberships.firmId, sessions.firmId), eq(memberships.userId, sessions.userId)),
      )
      .where(eq(sessions.id, sessionId))
      .limit(1);
    return row;
  },

  /** The firm a session acts in from now on (switching firm). */
  async setSessionFirm(db: DbOrTx, sessionId: string, firmId: string | null): Promise<void> {
    await db.update(sessions).set({ firmId }).where(eq(sessions.id, sessionId));
  },

  // Password reset tokens

  async invalidateResetTokens(db: DbOrTx, userId: string): Promise<void> {
    await db
      .update(passwordResetTokens)
      .set({ usedAt: sql`now()` })
      .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
  },

  async createResetToken(db: DbOrTx, userId: string, tokenHash: string, expiresAt: Date): Promise<void> {
    await db.insert(passwordResetTokens).values({ userId, tokenHash, expiresAt });
  },

  /** Uses a live reset token once; undefined when it is unknown, used or expired. */
  async consumeResetToken(db: DbOrTx, tokenHash: string) {
    const [row] = await db
      .update(passwordResetTokens)
      .set({ usedAt: sql`now()` })
      .where(
        and(
          eq(passwordResetTokens.tokenHash, tokenHash),
          isNull(passwordResetTokens.usedAt),
          gt(passwordResetTokens.expiresAt, sql`now()`),
        ),
      )
      .returning({ userId: passwordResetTokens.userId });
    return row;
  },

  // Temporary-password tickets

  async createTicket(db: DbOrTx, userId: string, ticketHash: string, expiresAt: Date): Promise<void> {
    await db
      .update(temporaryPasswordTickets)
      .set({ usedAt: sql`now()` })
      .where(and(eq(temporaryPasswordTickets.userId, userId), isNull(temporaryPasswordTickets.usedAt)));
    await db.insert(temporaryPasswordTickets).values({ userId, ticketHash, expiresAt });
  },

  async consumeTicket(db: DbOrTx, ticketHash: string) {
    const [row] = await db
      .update(temporaryPasswordTickets)
      .set({ usedAt: sql`now()` })
      .where(
        and(
          eq(temporaryPasswordTickets.ticketHash, ticketHash),
          isNull(temporaryPasswordTickets.usedAt),
          gt(temporaryPasswordTickets.expiresAt, sql`now()`),
        ),
      )
      .returning({ userId: temporaryPasswordTickets.userId });
    return row;
  },
};
