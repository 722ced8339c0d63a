import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { schema, type DbOrTx } from '@sentinel/db';
import { idempotencyRepository } from './idempotency-keys';
import type { RequestContext } from './request-context';

/** Every audited action. Names are stable: reports and alerts key on them. */
export type AuditAction =
  | 'login'
  | 'logout'
  | 'signup'
  | 'signup_requested'
  | 'signup_link_resent'
  | 'signup_superseded'
  | 'token_refresh'
  | 'refresh_token_reuse_detected'
  | 'password_reset_requested'
  | 'password_reset_completed'
  | 'password_changed'
  | 'temporary_password_login'
  | 'temporary_password_changed'
  | 'mfa_challenge'
  | 'mfa_enabled'
  | 'mfa_disabled'
  | 'passkey_added'
  | 'passkey_removed'
  | 'mfa_recovery_codes_regenerated'
  | 'mfa_recovery_code_used'
  | 'mfa_step_up'
  | 'session_revoked'
  | 'firm_mfa_requirement_changed'
  | 'profile_updated'
  | 'authz_denied'
  | 'object_not_found'
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
  | 'case_timeline_viewed'
  | 'case_stage_added'
  | 'case_stage_updated'
  | 'case_stage_removed'
  | 'analytics_viewed'
  | 'analytics_exported'
  | 'dashboard_viewed'
  | 'expert_list_viewed'
  | 'expert_viewed'
  | 'expert_created'
  | 'expert_updated'
  | 'expert_deleted'
  | 'expert_engaged'
  | 'expert_engagement_updated'
  | 'expert_engagement_ended'
  | 'expert_availability_changed'
  | 'document_uploaded'
  | 'document_quarantined'
  | 'document_list_viewed'
  | 'document_viewed'
  | 'document_link_issued'
  | 'document_downloaded'
  | 'document_deleted'
  | 'document_analysis_requested'
  | 'document_reviewed'
  | 'firm_people_listed'
  | 'firm_switched'
  | 'membership_invited'
  | 'membership_accepted'
  | 'membership_declined'
  | 'membership_left'
  | 'membership_removed'
  | 'provider_connected'
  | 'provider_connect_failed'
  | 'provider_disconnected'
  | 'provider_needs_reconnect'
  | 'email_filed'
  | 'email_unfiled'
  | 'email_attachment_saved'
  | 'calendar_event_created'
  | 'calendar_event_updated'
  | 'calendar_event_deleted'
  | 'calendar_feed_created'
  | 'time_zone_set'
  | 'claim_facts_set'
  | 'key_date_set'
  | 'key_date_removed'
  | 'deadline_reviewed'
  | 'message_sent'
  | 'message_edited'
  | 'message_deleted'
  | 'conversation_opened'
  | 'messaging_settings_changed'
  | 'negotiation_list_viewed'
  | 'negotiation_viewed'
  | 'negotiation_opened'
  | 'negotiation_action_recorded'
  | 'negotiation_updated'
  | 'negotiation_settled'
  | 'workflow_created'
  | 'workflow_updated'
  | 'workflow_paused'
  | 'workflow_resumed'
  | 'workflow_deleted'
  | 'workflow_list_viewed'
  | 'document_request_created'
  | 'document_request_updated';

export interface AuditEntry {
  action: AuditAction;
  outcome: 'success' | 'failure';
  firmId?: string | null;
  userId?: string | null;
  details?: Record<string, unknown>;
}

/** The entry of something a signed-in user did, successfully, in their firm. */
export const actorEntry = (
  actor: { firmId: string; userId: string },
  action: AuditAction,
  details?: Record<string, unknown>,
): AuditEntry => ({ action, outcome: 'success', firmId: actor.firmId, userId: actor.userId, details });

/** Writes the append-only audit trail; pass the transaction so the row commits with the change. */
export async function audit(db: DbOrTx, context: RequestContext, entry: AuditEntry): Promise<void> {
  await db.insert(schema.auditLog).values(auditRow(context, entry));
  // In the change's own transaction: its Idempotency-Key is known to be carried out exactly when
  // the change commits.
  if (context.idempotencyKeyId) await idempotencyRepository.markCommitted(db, context.idempotencyKeyId);
}

const auditRow = (context: RequestContext, entry: AuditEntry) => ({
  action: entry.action,
  outcome: entry.outcome,
  firmId: entry.firmId ?? null,
  userId: entry.userId ?? null,
  details: entry.details ?? null,
  ip: context.ip,
  userAgent: context.userAgent,
  requestId: context.requestId,
});

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
      ...auditRow(context, entry),
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

/** One entry of an activity list: what happened, when, by whom (null: a system action). */
export interface ActivityEntry {
  action: string;
  at: Date;
  by: string | null;
  details: Record<string, unknown> | null;
}

/**
 * What happened in a firm, newest first: successful changes only (reads are audited, but they are
 * not activity), narrowed to the rows whose details name a case or a client, or to some actions.
 * The partial indexes audit_log_case_idx and audit_log_client_idx serve the first two.
 */
export async function activityOf(
  db: DbOrTx,
  firmId: string,
  about: { caseId: string } | { clientId: string } | { actions: readonly AuditAction[] },
  limit: number,
): Promise<ActivityEntry[]> {
  const { auditLog, users } = schema;
  const actor = alias(users, 'actor');
  const [key, id] =
    'caseId' in about ? ['caseId', about.caseId] : 'clientId' in about ? ['clientId', about.clientId] : [];
  const rows = await db
    .select({
      action: auditLog.action,
      at: auditLog.createdAt,
      details: auditLog.details,
      firstName: actor.firstName,
      lastName: actor.lastName,
    })
    .from(auditLog)
    .leftJoin(actor, eq(actor.id, auditLog.userId))
    .where(
      and(
        key ? sql`${auditLog.details} ? ${sql.raw(`'${key}'`)}` : undefined,
        key ? sql`${auditLog.details}->>${sql.raw(`'${key}'`)} = ${id}` : undefined,
        'actions' in about ? inArray(auditLog.action, [...about.actions]) : undefined,
        eq(auditLog.firmId, firmId),
        eq(auditLog.outcome, 'success'),
        sql`${auditLog.action} not like '%\\_viewed'`,
      ),
    )
    .orderBy(desc(auditLog.createdAt))
    .limit(limit);
  return rows.map((row) => ({
    action: row.action,
    at: row.at,
    by: row.firstName ? `${row.firstName} ${row.lastName}` : null,
    details: row.details ?? null,
  }));
}
