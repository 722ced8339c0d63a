import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { schema, type DbOrTx, type InvitedAs } from '@sentinel/db';
import type { MembershipStatus, UserType } from '@sentinel/shared';

const { memberships, firms, users, sessions, caseMembers } = schema;
const inviter = alias(users, 'inviter');

export type MembershipRecord = typeof memberships.$inferSelect;

/**
 * A person's name as a firm sees them: until they accept the firm's invitation, the name the firm
 * typed (`invited_as`), so that the firm cannot tell whether an account existed; then their own.
 */
export function nameInFirm(row: {
  status: string;
  invitedAs: InvitedAs | null;
  firstName: string;
  lastName: string;
}): { firstName: string; lastName: string } {
  const shown = row.status === 'pending' && row.invitedAs ? row.invitedAs : row;
  return { firstName: shown.firstName, lastName: shown.lastName };
}

/** Who may be chosen in a firm: working there, or added and not yet answered. */
export const LIVE_STATUSES: MembershipStatus[] = ['pending', 'active'];

/** The only place with the membership queries (issue 9). */
export const membershipsRepository = {
  /** The person's membership of a firm, whatever its status. */
  async find(db: DbOrTx, firmId: string, userId: string): Promise<MembershipRecord | undefined> {
    const [row] = await db
      .select()
      .from(memberships)
      .where(and(eq(memberships.firmId, firmId), eq(memberships.userId, userId)))
      .limit(1);
    return row;
  },

  async findById(db: DbOrTx, id: string, lock = false): Promise<MembershipRecord | undefined> {
    const query = db.select().from(memberships).where(eq(memberships.id, id)).limit(1);
    const [row] = lock ? await query.for('update') : await query;
    return row;
  },

  /** The person's active and pending memberships with their firms' names, active ones first. */
  async ofUser(db: DbOrTx, userId: string) {
    return db
      .select({
        id: memberships.id,
        firmId: memberships.firmId,
        firmName: firms.name,
        userType: memberships.userType,
        status: memberships.status,
        createdAt: memberships.createdAt,
        inviterFirstName: inviter.firstName,
        inviterLastName: inviter.lastName,
      })
      .from(memberships)
      .innerJoin(firms, eq(firms.id, memberships.firmId))
      .leftJoin(inviter, eq(inviter.id, memberships.invitedById))
      .where(and(eq(memberships.userId, userId), inArray(memberships.status, LIVE_STATUSES)))
      .orderBy(asc(memberships.status), asc(firms.name), asc(memberships.id));
  },

  /** The firm a new session acts in: the active membership used last, else the oldest. */
  async defaultFirm(db: DbOrTx, userId: string): Promise<string | null> {
    const [row] = await db
      .select({ firmId: memberships.firmId })
      .from(memberships)
      .where(and(eq(memberships.userId, userId), eq(memberships.status, 'active')))
      .orderBy(sql`${memberships.lastUsedAt} desc nulls last`, asc(memberships.createdAt))
      .limit(1);
    return row?.firmId ?? null;
  },

  async insert(db: DbOrTx, values: typeof memberships.$inferInsert): Promise<MembershipRecord> {
    const [row] = await db.insert(memberships).values(values).returning();
    return row!;
  },

  /** A declined or ended membership asked back: pending again (or active), with its new type. */
  async reopen(
    db: DbOrTx,
    id: string,
    values: { userType: UserType; status: 'pending' | 'active'; invitedById: string; invitedAs: InvitedAs },
  ): Promise<MembershipRecord> {
    const [row] = await db
      .update(memberships)
      .set({
        ...values,
        createdAt: sql`now()`,
        respondedAt: values.status === 'active' ? sql`now()` : null,
        endedAt: null,
        endedReason: null,
      })
      .where(eq(memberships.id, id))
      .returning();
    return row!;
  },

  async respond(db: DbOrTx, id: string, status: 'active' | 'declined'): Promise<void> {
    await db
      .update(memberships)
      .set({ status, respondedAt: sql`now()` })
      .where(and(eq(memberships.id, id), eq(memberships.status, 'pending')));
  },

  /** Ends a membership (removed, left, deactivated); false when it was not live. */
  async end(db: DbOrTx, id: string, reason: 'removed' | 'left' | 'deactivated'): Promise<boolean> {
    const rows = await db
      .update(memberships)
      .set({ status: 'ended', endedAt: sql`now()`, endedReason: reason })
      .where(and(eq(memberships.id, id), inArray(memberships.status, LIVE_STATUSES)))
      .returning({ id: memberships.id });
    return rows.length === 1;
  },

  async markUsed(db: DbOrTx, firmId: string, userId: string): Promise<void> {
    await db
      .update(memberships)
      .set({ lastUsedAt: sql`now()` })
      .where(and(eq(memberships.firmId, firmId), eq(memberships.userId, userId)));
  },

  /** How many active attorneys the firm has (a firm keeps at least one). */
  async activeAttorneys(db: DbOrTx, firmId: string): Promise<number> {
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(memberships)
      .where(
        and(
          eq(memberships.firmId, firmId),
          eq(memberships.userType, 'attorney'),
          eq(memberships.status, 'active'),
        ),
      );
    return row?.n ?? 0;
  },

  /**
   * The firm's people other than clients, active and pending (Settings → Team, case teams), named
   * as the firm sees them (`nameInFirm`).
   */
  async people(db: DbOrTx, firmId: string, statuses: MembershipStatus[] = LIVE_STATUSES) {
    const rows = await db
      .select({
        userId: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
        userType: memberships.userType,
        status: memberships.status,
        invitedAs: memberships.invitedAs,
        createdAt: memberships.createdAt,
      })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(
        and(
          eq(memberships.firmId, firmId),
          sql`${memberships.userType} <> 'client'`,
          inArray(memberships.status, statuses),
        ),
      )
      .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id));
    return rows.map(({ invitedAs, ...row }) => ({ ...row, ...nameInFirm({ ...row, invitedAs }) }));
  },

  /** The people of a firm among `ids`, with their type there (live memberships only). */
  async inFirm(db: DbOrTx, firmId: string, ids: string[]) {
    if (ids.length === 0) return [];
    return db
      .select({ userId: memberships.userId, userType: memberships.userType, status: memberships.status })
      .from(memberships)
      .where(
        and(
          eq(memberships.firmId, firmId),
          inArray(memberships.userId, ids),
          inArray(memberships.status, LIVE_STATUSES),
        ),
      );
  },

  /** Takes the person off every case team of the firm (removal); returns the cases. */
  async leaveCaseTeams(db: DbOrTx, firmId: string, userId: string): Promise<string[]> {
    const rows = await db
      .delete(caseMembers)
      .where(and(eq(caseMembers.firmId, firmId), eq(caseMembers.userId, userId)))
      .returning({ caseId: caseMembers.caseId });
    return rows.map((row) => row.caseId);
  },

  /** Ends the person's live sessions acting in a firm (removal): like a logout. */
  async revokeSessionsIn(db: DbOrTx, userId: string, firmId: string, reason: string): Promise<string[]> {
    const rows = await db
      .update(sessions)
      .set({ revokedAt: sql`now()`, revokedReason: reason })
      .where(
        and(eq(sessions.userId, userId), eq(sessions.firmId, firmId), sql`${sessions.revokedAt} is null`),
      )
      .returning({ id: sessions.id });
    return rows.map((row) => row.id);
  },
};
