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
