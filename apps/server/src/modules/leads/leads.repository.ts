import { sql } from 'drizzle-orm';
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
};
