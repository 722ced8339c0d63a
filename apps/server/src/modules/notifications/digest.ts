import { sql } from 'drizzle-orm';
import { schema, type Database } from '@sentinel/db';
import type { JobHandler, JobQueue } from '../../platform/jobs';
import type { Mailer } from '../../platform/mailer';
import { rowsOf } from '../../platform/throttle';
import { digestMail } from './notifications.emails';

/** A notification unread this long goes out in the person's next digest. */
export const DIGEST_AFTER_MINUTES = 15;
/** How often main.ts looks for them. */
export const DIGEST_SCAN_MS = 60_000;
export const DIGEST_MAIL_JOB = 'notification-digest';
/** Most notifications one e-mail lists. */
const ITEMS_PER_MAIL = 20;

/**
 * The e-mail digest (issue 12): notifications left unread for 15 minutes are marked digested in one
 * statement (so two instances never send the same one) and, for people who keep the digest on
 * (Settings), one e-mail per person goes out as a job, written only if the marking commits.
 */
export class NotificationDigest {
  constructor(
    private readonly db: Database,
    private readonly jobs: JobQueue,
    private readonly mailer: Mailer,
    private readonly publicUrl: string,
  ) {}

  /** Marks what is due and queues the e-mails; how many e-mails were queued. */
  async sendDue(now = new Date()): Promise<number> {
    return this.db.transaction(async (tx) => {
      const rows = rowsOf<{ userId: string; id: string; wanted: boolean }>(
        await tx.execute(sql`
          with due as (
            select n.id from ${schema.notifications} n
             where n.read_at is null and n.digested_at is null
               and n.created_at <= ${now.toISOString()}::timestamptz - make_interval(mins => ${DIGEST_AFTER_MINUTES})
             order by n.created_at
             limit 1000
             for update of n skip locked
          )
          update ${schema.notifications} n set digested_at = ${now.toISOString()}::timestamptz
            from due, ${schema.users} u
           where n.id = due.id and u.id = n.user_id
          returning n.user_id as "userId", n.id, u.notification_digest as wanted`),
      );
      const byUser = new Map<string, string[]>();
      for (const row of rows) {
        if (!row.wanted) continue; // passed over: the person turned the digest off
        byUser.set(row.userId, [...(byUser.get(row.userId) ?? []), row.id]);
      }
      for (const [userId, ids] of byUser) await this.jobs.enqueue(tx, DIGEST_MAIL_JOB, { userId, ids });
      return byUser.size;
    });
  }

  /** Sends one person's digest of what is still unread of it. */
  readonly mailJob: JobHandler = {
    run: async (payload) => {
      const ids = (payload.ids as string[]).slice(0, 1000);
      const rows = rowsOf<{
        email: string;
        firstName: string;
        title: string;
        body: string;
        link: string | null;
      }>(
        await this.db.execute(sql`
          select u.email, u.first_name as "firstName", n.title, n.body, n.link
            from ${schema.notifications} n join ${schema.users} u on u.id = n.user_id
           where n.user_id = ${String(payload.userId)} and n.read_at is null
             and n.id in (${sql.join(
               ids.map((id) => sql`${id}`),
               sql`, `,
             )})
           order by n.created_at desc`),
      );
      if (rows.length === 0) return; // read meanwhile
      const base = this.publicUrl.replace(/\/$/, '');
      await this.mailer.send(
        digestMail({
          to: rows[0]!.email,
          firstName: rows[0]!.firstName,
          items: rows.slice(0, ITEMS_PER_MAIL).map((row) => ({
            title: row.title,
            body: row.body,
            link: row.link ? `${base}${row.link}` : null,
          })),
          settingsLink: `${base}/settings`,
        }),
      );
    },
  };
}
