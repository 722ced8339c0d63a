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

  async messaging(db: DbOrTx, userId: string) {
    const [row] = await db
      .select({
        awayReplyEnabled: schema.users.awayReplyEnabled,
        awayReplyText: schema.users.awayReplyText,
        notificationDigest: schema.users.notificationDigest,
      })
      .from(schema.users)
      .where(eq(schema.users.id, userId));
    return row;
  },

  async setMessaging(
    db: DbOrTx,
    userId: string,
    values: { awayReplyEnabled: boolean; awayReplyText: string | null; notificationDigest: boolean },
  ): Promise<void> {
    await db
      .update(schema.users)
      .set({ ...values, updatedAt: sql`now()` })
      .where(eq(schema.users.id, userId));
  },

  async setTimeZone(db: DbOrTx, userId: string, timeZone: string): Promise<void> {
    await db
      .update(schema.users)
      .set({ timeZone, updatedAt: sql`now()` })
      .where(eq(schema.users.id, userId));
  },
};
