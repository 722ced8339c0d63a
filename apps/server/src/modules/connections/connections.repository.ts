import { and, eq, getTableColumns, lt, sql } from 'drizzle-orm';
import { schema, type DbOrTx } from '@sentinel/db';
import type { ConnectionStatus, Provider } from '@sentinel/shared';

export type ConnectionRow = typeof schema.providerConnections.$inferSelect;
const t = schema.providerConnections;

/** Provider connections and pending OAuth states. Tokens arrive and leave sealed (SecretBox). */
export const connectionsRepository = {
  async find(db: DbOrTx, userId: string, provider: Provider): Promise<ConnectionRow | undefined> {
    const [row] = await db
      .select()
      .from(t)
      .where(and(eq(t.userId, userId), eq(t.provider, provider)));
    return row;
  },

  async findById(db: DbOrTx, id: string): Promise<ConnectionRow | undefined> {
    const [row] = await db.select().from(t).where(eq(t.id, id));
    return row;
  },

  /** The row, locked until the transaction ends (one refresh at a time per connection). */
  async lock(db: DbOrTx, id: string): Promise<ConnectionRow | undefined> {
    const [row] = await db.select().from(t).where(eq(t.id, id)).for('update');
    return row;
  },

  /** The addresses of the person's connected mailboxes (their own mail is not a case's). */
  async accountEmails(db: DbOrTx, userId: string): Promise<string[]> {
    const rows = await db.select({ email: t.accountEmail }).from(t).where(eq(t.userId, userId));
    return rows.map((row) => row.email);
  },

  async ofUser(db: DbOrTx, userId: string): Promise<Array<ConnectionRow & { emailCount: number }>> {
    return db
      .select({
        ...getTableColumns(t),
        emailCount: sql<number>`(select count(*)::int from emails e where e.connection_id = provider_connections.id)`,
      })
      .from(t)
      .where(eq(t.userId, userId));
  },

  /** Creates or replaces the user's connection to the provider (a reconnect keeps the row and its mail). */
  async upsert(
    db: DbOrTx,
    values: {
      userId: string;
      provider: Provider;
      accountEmail: string;
      accessToken: string;
      refreshToken: string | null;
      expiresAt: Date;
      scopes: string[];
    },
  ): Promise<{ row: ConnectionRow; accountChanged: boolean }> {
    const previous = await this.find(db, values.userId, values.provider);
    const accountChanged = previous !== undefined && previous.accountEmail !== values.accountEmail;
    const [row] = await db
      .insert(t)
      .values({ ...values, status: 'connected' })
      .onConflictDoUpdate({
        target: [t.userId, t.provider],
        set: {
          accountEmail: values.accountEmail,
          accessToken: values.accessToken,
          // Google sends a refresh token only with consent; keep the one we have otherwise.
          refreshToken: sql`coalesce(excluded.refresh_token, ${t.refreshToken})`,
          expiresAt: values.expiresAt,
          scopes: values.scopes,
          status: 'connected',
          lastSyncError: null,
          // Another mailbox starts from scratch.
          ...(accountChanged ? { syncCursor: null, lastSyncedAt: null } : {}),
          updatedAt: new Date(),
        },
      })
      .returning();
    return { row: row!, accountChanged };
  },

  async saveTokens(
    db: DbOrTx,
    id: string,
    tokens: { accessToken: string; refreshToken: string | null; expiresAt: Date; scopes: string[] },
  ): Promise<void> {
    await db
      .update(t)
      .set({
        accessToken: tokens.accessToken,
        ...(tokens.refreshToken ? { refreshToken: tokens.refreshToken } : {}),
        expiresAt: tokens.expiresAt,
        ...(tokens.scopes.length > 0 ? { scopes: tokens.scopes } : {}),
        updatedAt: new Date(),
      })
      .where(eq(t.id, id));
  },

  async setStatus(db: DbOrTx, id: string, status: ConnectionStatus, error: string | null): Promise<void> {
    await db.update(t).set({ status, lastSyncError: error, updatedAt: new Date() }).where(eq(t.id, id));
  },

  async remove(db: DbOrTx, id: string): Promise<void> {
    await db.delete(t).where(eq(t.id, id));
  },

  async insertState(db: DbOrTx, values: typeof schema.oauthStates.$inferInsert): Promise<void> {
    await db.delete(schema.oauthStates).where(lt(schema.oauthStates.expiresAt, new Date()));
    await db.insert(schema.oauthStates).values(values);
  },

  /** Takes the state out (single use): it answers once, whatever happens next. */
  async consumeState(db: DbOrTx, stateHash: string) {
    const [row] = await db
      .delete(schema.oauthStates)
      .where(eq(schema.oauthStates.stateHash, stateHash))
      .returning();
    return row;
  },
};
