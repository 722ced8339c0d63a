import type { Database } from '@sentinel/db';
import type { NotificationKind, NotificationsResponse } from '@sentinel/shared';
import { notFound } from '../../platform/errors';
import type { LiveHub } from '../../platform/realtime';
import type { Account } from '../auth/principal';
import { notificationsRepository as repo } from './notifications.repository';

/** How many notifications the bell shows. */
export const NOTIFICATIONS_SHOWN = 50;

/**
 * The bell in the top bar: a person's own notifications, those about the firm the session acts
 * in and those about no firm. Reminder delivery writes them through the repository.
 */
export class NotificationsService {
  constructor(private readonly db: Database) {}

  /** A new or changed notification reaches the person's open screens as a bare 'notification' frame. */
  registerLive(hub: LiveHub): void {
    hub.resolve('notification', async () => ({ type: 'notification' }));
  }

  async list(account: Account): Promise<NotificationsResponse> {
    const firmId = account.firm?.firmId ?? null;
    const [rows, unread] = await Promise.all([
      repo.list(this.db, account.userId, firmId, NOTIFICATIONS_SHOWN),
      repo.unreadCount(this.db, account.userId, firmId),
    ]);
    return {
      data: rows.map((row) => ({
        id: row.id,
        kind: row.kind as NotificationKind, // the table's check allows only these
        title: row.title,
        body: row.body,
        link: row.link,
        createdAt: row.createdAt.toISOString(),
        readAt: row.readAt?.toISOString() ?? null,
        late: row.late,
      })),
      unread,
    };
  }

  async markRead(account: Account, id: string): Promise<void> {
    if (!(await repo.markRead(this.db, account.userId, id))) throw notFound();
  }

  async markAllRead(account: Account): Promise<void> {
    await repo.markAllRead(this.db, account.userId, account.firm?.firmId ?? null);
  }
}
