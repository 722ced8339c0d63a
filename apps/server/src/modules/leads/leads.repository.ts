import { and, isNotNull, lt, sql } from 'drizzle-orm';
import { schema, type DbOrTx } from '@sentinel/db';

const { leads } = schema;

export const leadsRepository = {
  /** Stores a free-trial request; a repeated e-mail only moves its last request time. */
  async upsert(db: DbOrTx, email: string, ip: string): Promise<void> {
    await db
      .insert(leads)
      .values({ email, ip })
      .onConflictDoUpdate({ target: leads.email, set: { lastRequestedAt: sql`now()` } });
  },

  /** Drops the IP address of requests made before `before`; answers how many lost theirs. */
  async forgetIps(db: DbOrTx, before: Date): Promise<number> {
    const cleared = await db
      .update(leads)
      .set({ ip: null })
      .where(and(isNotNull(leads.ip), lt(leads.createdAt, before)))
      .returning({ id: leads.id });
    return cleared.length;
  },
};
