import { eq, sql } from 'drizzle-orm';
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

  async setTimeZone(db: DbOrTx, userId: string, timeZone: string): Promise<void> {
    await db
      .update(schema.users)
      .set({ timeZone, updatedAt: sql`now()` })
      .where(eq(schema.users.id, userId));
  },
};
