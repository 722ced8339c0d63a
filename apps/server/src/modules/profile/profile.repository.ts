import { and, asc, eq, ne, sql } from 'drizzle-orm';
import { schema, type DbOrTx } from '@sentinel/db';

export const profileRepository = {
  async findFirm(db: DbOrTx, firmId: string) {
    const [firm] = await db.select().from(schema.firms).where(eq(schema.firms.id, firmId)).limit(1);
    return firm;
  },

  async renameFirm(db: DbOrTx, firmId: string, name: string) {
    const [firm] = await db
      .update(schema.firms)
      .set({ name, updatedAt: sql`now()` })
      .where(eq(schema.firms.id, firmId))
      .returning();
    return firm;
  },

  /** The firm's active accounts other than clients: lead attorneys and case team members. */
  async people(db: DbOrTx, firmId: string) {
    const { users } = schema;
    return db
      .select({
        id: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
        userType: users.userType,
      })
      .from(users)
      .where(and(eq(users.firmId, firmId), ne(users.userType, 'client'), eq(users.status, 'active')))
      .orderBy(asc(users.lastName), asc(users.firstName));
  },
};
