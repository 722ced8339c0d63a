import { CLIENT_STATUS_LABELS, type ClientStatus, type ClientSummary } from '@sentinel/shared';
import type { BadgeTone } from '@/components/ui/badge';
import { humanize } from '@/lib/format';

/** Spec §4: Active green, Pending yellow, Resolved blue-grey. */
export const CLIENT_STATUS_TONES: Record<ClientStatus, BadgeTone> = {
  active: 'success',
  pending: 'warning',
  resolved: 'neutral',
};

export const clientStatusLabel = (status: ClientStatus) => CLIENT_STATUS_LABELS[status] ?? status;

export const clientName = (client: Pick<ClientSummary, 'firstName' | 'lastName'>) =>
  `${client.firstName} ${client.lastName}`.trim();

const ACTIVITY_LABELS: Record<string, string> = {
  client_created: 'Client added',
  client_invitation_sent: 'Invitation sent',
  client_deactivated: 'Client deactivated',
  case_created: 'Case opened',
  case_updated: 'Case updated',
  case_member_added: 'Team member added to a case',
  case_member_removed: 'Team member removed from a case',
};

/** 'client_created' → 'Client added'; unknown actions are made readable ('case_opened' → 'Case opened'). */
export function activityLabel(action: string): string {
  return ACTIVITY_LABELS[action] ?? humanize(action);
}
