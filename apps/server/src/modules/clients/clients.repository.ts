import { and, count, desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { schema, type DbOrTx } from '@sentinel/db';
import type { ClientStatus, ClientSummary } from '@sentinel/shared';
import { containsPattern } from '../../platform/search';

const { users, clientProfiles } = schema;
const leadAttorney = alias(users, 'lead_attorney');

const summaryColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  phone: users.phone,
  companyName: users.companyName,
  userStatus: users.status,
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

export function toClientSummary(row: SummaryRow): ClientSummary {
  return {
    id: row.id!,
    firstName: row.firstName!,
    lastName: row.lastName!,
    email: row.email!,
    phone: row.phone,
    companyName: row.companyName,
    status: row.status as ClientStatus,
    deactivated: row.userStatus === 'deactivated',
    invitationPending: row.temporaryPasswordExpiresAt !== null,
    leadAttorney: row.leadAttorneyId
      ? { id: row.leadAttorneyId, name: `${row.leadAttorneyFirstName} ${row.leadAttorneyLastName}` }
      : null,
    createdAt: row.createdAt!.toISOString(),
  };
}

const listWhere = (firmId: string, search: string | undefined) =>
  and(
    eq(clientProfiles.firmId, firmId),
    search ? sql`${clientProfiles.searchText} like ${containsPattern(search)}` : undefined,
  );

/** Firm-scoped reads and writes of the client directory: every query names the firm. */
export const clientsRepository = {
  async insertProfile(db: DbOrTx, values: typeof clientProfiles.$inferInsert) {
    await db.insert(clientProfiles).values(values);
  },

  base(db: DbOrTx) {
    return db
      .select(summaryColumns)
      .from(clientProfiles)
      .innerJoin(users, eq(users.id, clientProfiles.userId))
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

  /** Changes the client's account (password, expiry, status); the caller checked the firm. */
  async updateAccount(
    db: DbOrTx,
    clientId: string,
    values: Pick<
      Partial<typeof users.$inferInsert>,
      'passwordHash' | 'temporaryPasswordExpiresAt' | 'status'
    >,
  ) {
    await db
      .update(users)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(users.id, clientId));
  },

  async markInvited(db: DbOrTx, clientId: string) {
    await db
      .update(clientProfiles)
      .set({ invitedAt: new Date(), updatedAt: new Date() })
      .where(eq(clientProfiles.userId, clientId));
  },
};
