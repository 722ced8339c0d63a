import { schema, type DbOrTx } from '@sentinel/db';
import type { RequestContext } from './request-context';

/** Every audited action. Names are stable: reports and alerts key on them. */
export type AuditAction =
  | 'login'
  | 'logout'
  | 'signup'
  | 'token_refresh'
  | 'refresh_token_reuse_detected'
  | 'password_reset_requested'
  | 'password_reset_completed'
  | 'password_changed'
  | 'temporary_password_login'
  | 'temporary_password_changed'
  | 'profile_updated'
  | 'authz_denied'
  | 'client_created'
  | 'client_list_viewed'
  | 'client_viewed'
  | 'client_invitation_sent'
  | 'client_deactivated'
  | 'case_created'
  | 'case_list_viewed'
  | 'case_viewed'
  | 'case_updated'
  | 'case_member_added'
  | 'case_member_removed'
  | 'dashboard_viewed'
  | 'firm_people_listed';

export interface AuditEntry {
  action: AuditAction;
  outcome: 'success' | 'failure';
  firmId?: string | null;
  userId?: string | null;
  details?: Record<string, unknown>;
}

/** Writes the append-only audit trail; pass the transaction so the row commits with the change. */
export async function audit(db: DbOrTx, context: RequestContext, entry: AuditEntry): Promise<void> {
  await db.insert(schema.auditLog).values({
    action: entry.action,
    outcome: entry.outcome,
    firmId: entry.firmId ?? null,
    userId: entry.userId ?? null,
    details: entry.details ?? null,
    ip: context.ip,
    userAgent: context.userAgent,
    requestId: context.requestId,
  });
}

const READ_FLUSH_MS = 250;
const READ_FLUSH_ROWS = 500;

/**
 * The audit rows of reads (who listed or opened what), written in batches: a read does not wait
 * for its own insert and commit, and many reads share one multi-row insert. Rows are in the table
 * within READ_FLUSH_MS; a crash can lose that last fraction of a second of reads, never a change
 * (changes are audited inside their own transaction by `audit`). `close` writes what is pending.
 */
export class ReadAudit {
  private pending: Array<typeof schema.auditLog.$inferInsert> = [];
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: DbOrTx,
    private readonly onError: (error: unknown) => void,
  ) {}

  record(context: RequestContext, entry: AuditEntry): void {
    this.pending.push({
      action: entry.action,
      outcome: entry.outcome,
      firmId: entry.firmId ?? null,
      userId: entry.userId ?? null,
      details: entry.details ?? null,
      ip: context.ip,
      userAgent: context.userAgent,
      requestId: context.requestId,
      createdAt: new Date(),
    });
    if (this.pending.length >= READ_FLUSH_ROWS) void this.flush();
    else this.timer ??= setTimeout(() => void this.flush(), READ_FLUSH_MS);
  }

  /** Writes every pending row; resolves once they are in the table. */
  flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    const rows = this.pending;
    this.pending = [];
    if (rows.length > 0) {
      this.flushing = this.flushing.then(() =>
        this.db
          .insert(schema.auditLog)
          .values(rows)
          .then(() => undefined, this.onError),
      );
    }
    return this.flushing;
  }
}
