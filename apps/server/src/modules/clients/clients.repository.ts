import { and, count, desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { schema, type DbOrTx } from '@sentinel/db';
import type { ClientStatus, ClientSummary } from '@sentinel/shared';
import { containsPattern } from '../../platform/search';

const { users, clientProfiles, memberships } = schema;
const leadAttorney = alias(users, 'lead_attorney');

const summaryColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  phone: users.phone,
  companyName: users.companyName,
  membershipStatus: memberships.status,
  invitedAs: memberships.invitedAs,
  temporaryPasswordExpiresAt: users.temporaryPasswordExpiresAt,
  status: clientProfiles.status,
  createdAt: clientProfiles.createdAt,
  leadAttorneyId: leadAttorney.id,
  leadAttorneyFirstName: leadAttorney.firstName,
  leadAttorneyLastName: leadAttorney.lastName,
};

type SummaryRow = {
  [K in keyof typeof summaryColumns]: (typeof summaryColumns)[K]['_']['data'] | null;
};

/**
 * A directory row. A client who has not yet accepted the firm's invitation (their account existed)
 * shows as the firm entered them, so the firm cannot tell their account from a new one.
 */
export function toClientSummary(row: SummaryRow): ClientSummary {
  const pending = row.membershipStatus === 'pending';
  const shown = pending && row.invitedAs ? row.invitedAs : row;
  const leadName = `${row.leadAttorneyFirstName} ${row.leadAttorneyLastName}`;
  return {
    id: row.id!,
    firstName: shown.firstName!,
    lastName: shown.lastName!,
    email: row.email!,
    phone: shown.phone ?? null,
    companyName: shown.companyName ?? null,
    status: row.status as ClientStatus,
    deactivated: row.membershipStatus === 'ended' || row.membershipStatus === 'declined',
    invitationPending: pending || row.temporaryPasswordExpiresAt !== null,
    leadAttorney: row.leadAttorneyId ? { id: row.leadAttorneyId, name: leadName } : null,
    createdAt: row.createdAt!.toISOString(),
    // The spec's §3 names for the type and the lead attorney, beside ours.
    user_type: 'client',
    assignedToName: row.leadAttorneyId ? leadName : null,
  };
}

const listWhere = (firmId: string, search: string | undefined) =>
  and(
    eq(clientProfiles.firmId, firmId),
    search ? sql`${clientProfiles.searchText} like ${containsPattern(search)}` : undefined,
  );

/** Firm-scoped reads and writes of the client directory: every query names the firm. */
export const clientsRepository = {
  /** The firm's directory row for a client (kept when a deactivated client is asked back). */
  async insertProfile(db: DbOrTx, values: typeof clientProfiles.$inferInsert) {
    await db.insert(clientProfiles).values(values).onConflictDoNothing();
  },

  base(db: DbOrTx) {
    return db
      .select(summaryColumns)
      .from(clientProfiles)
      .innerJoin(users, eq(users.id, clientProfiles.userId))
      .innerJoin(
        memberships,
        and(eq(memberships.firmId, clientProfiles.firmId), eq(memberships.userId, clientProfiles.userId)),
      )
      .leftJoin(leadAttorney, eq(leadAttorney.id, clientProfiles.leadAttorneyId));
  },

  async findInFirm(db: DbOrTx, firmId: string, clientId: string): Promise<ClientSummary | undefined> {
    const [row] = await this.base(db).where(
      and(eq(clientProfiles.firmId, firmId), eq(clientProfiles.userId, clientId)),
    );
    return row ? toClientSummary(row) : undefined;
  },

  /** A page of the firm's clients, newest first; search matches name, e-mail, phone or company. */
  async page(db: DbOrTx, firmId: string, search: string | undefined, limit: number | null, offset: number) {
    const query = this.base(db)
      .where(listWhere(firmId, search))
      .orderBy(desc(clientProfiles.createdAt), users.id)
      .offset(offset);
    const rows = limit === null ? await query : await query.limit(limit);
    return rows.map(toClientSummary);
  },

  async count(db: DbOrTx, firmId: string, search: string | undefined): Promise<number> {
    const [row] = await db.select({ total: count() }).from(clientProfiles).where(listWhere(firmId, search));
    return row?.total ?? 0;
  },

  /** A new temporary password for the client's account; the caller checked the firm created it. */
  async updateAccount(
    db: DbOrTx,
    clientId: string,
    values: Pick<typeof users.$inferInsert, 'passwordHash' | 'temporaryPasswordExpiresAt'>,
  ) {
    await db
      .update(users)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(users.id, clientId));
  },

  async markInvited(db: DbOrTx, firmId: string, clientId: string) {
    await db
      .update(clientProfiles)
      .set({ invitedAt: new Date(), updatedAt: new Date() })
      .where(and(eq(clientProfiles.firmId, firmId), eq(clientProfiles.userId, clientId)));
  },
};
