import { and, count, desc, eq, isNull, or, sql } from 'drizzle-orm';
import { schema, type DbOrTx } from '@sentinel/db';
import type { NotificationKind } from '@sentinel/shared';
import { publishLive } from '../../platform/realtime';

const { notifications } = schema;

export type NotificationRow = typeof notifications.$inferSelect;

export interface NewNotification {
  userId: string;
  /** The firm it concerns; null for the account itself. */
  firmId: string | null;
  kind: NotificationKind;
  title: string;
  body: string;
  link: string | null;
  /** Delivered after its time. */
  late: boolean;
  /** What it was made from (e.g. `reminder:<id>`): a second insert with the same key writes nothing. */
  sourceKey: string | null;
}

/** The person's notifications that show in a session acting in `firmId` (or in none). */
const visibleTo = (userId: string, firmId: string | null) =>
  and(
    eq(notifications.userId, userId),
    firmId
      ? or(isNull(notifications.firmId), eq(notifications.firmId, firmId))
      : isNull(notifications.firmId),
  );

/** The bell of the person, wherever they are signed in, hears of it when the transaction commits. */
const announce = (db: DbOrTx, values: NewNotification) =>
  publishLive(db, { kind: 'notification', firmId: values.firmId, userIds: [values.userId], data: {} });

export const notificationsRepository = {
  /**
   * Writes a notification unless one with the same source key exists (a retried reminder
   * delivery); whether it was written. Callers pass their transaction.
   */
  async insert(db: DbOrTx, values: NewNotification): Promise<boolean> {
    const rows = await db
      .insert(notifications)
      .values(values)
      .onConflictDoNothing({ target: notifications.sourceKey })
      .returning({ id: notifications.id });
    if (rows.length > 0) await announce(db, values);
    return rows.length > 0;
  },

  /**
   * Writes a notification, or brings back the one with the same source key as new and unread with
   * this text (a conversation's "new messages": one entry per conversation, not one per message).
   */
  async upsert(db: DbOrTx, values: NewNotification & { sourceKey: string }): Promise<void> {
    await db
      .insert(notifications)
      .values(values)
      .onConflictDoUpdate({
        target: notifications.sourceKey,
        set: {
          title: values.title,
          body: values.body,
          link: values.link,
          createdAt: sql`now()`,
          readAt: null,
          digestedAt: null,
        },
      });
    await announce(db, values);
  },

  /** Marks read the person's notification with this source key, if any (read where it points). */
  async markReadBySource(db: DbOrTx, userId: string, sourceKey: string): Promise<boolean> {
    const rows = await db
      .update(notifications)
      .set({ readAt: sql`now()` })
      .where(
        and(
          eq(notifications.sourceKey, sourceKey),
          eq(notifications.userId, userId),
          isNull(notifications.readAt),
        ),
      )
      .returning({ id: notifications.id });
    if (rows.length > 0)
      await publishLive(db, { kind: 'notification', firmId: null, userIds: [userId], data: {} });
    return rows.length > 0;
  },

  /** The newest first. */
  async list(db: DbOrTx, userId: string, firmId: string | null, limit: number): Promise<NotificationRow[]> {
    return db
      .select()
      .from(notifications)
      .where(visibleTo(userId, firmId))
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(limit);
  },

  async unreadCount(db: DbOrTx, userId: string, firmId: string | null): Promise<number> {
    const [row] = await db
      .select({ total: count() })
      .from(notifications)
      .where(and(visibleTo(userId, firmId), isNull(notifications.readAt)));
    return row?.total ?? 0;
  },

  /** Marks one of the person's own notifications read (kept as first read); false when not theirs. */
  async markRead(db: DbOrTx, userId: string, id: string): Promise<boolean> {
    const rows = await db
      .update(notifications)
      .set({ readAt: sql`coalesce(${notifications.readAt}, now())` })
      .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
      .returning({ id: notifications.id });
    return rows.length > 0;
  },

  /** Marks read every unread notification the person sees in this firm (or with none). */
  async markAllRead(db: DbOrTx, userId: string, firmId: string | null): Promise<void> {
    await db
      .update(notifications)
      .set({ readAt: sql`now()` })
      .where(and(visibleTo(userId, firmId), isNull(notifications.readAt)));
  },
};
