import {
  CASE_STATUS_LABELS,
  CASE_TYPE_LABELS,
  DOCUMENT_TYPE_LABELS,
  EMAIL_RECIPIENT_LABELS,
  EVENT_KIND_LABELS,
  NOTIFY_RECIPIENT_LABELS,
  type WorkflowAction,
  type WorkflowConditions,
  type WorkflowStatus,
  type WorkflowTrigger,
} from '@sentinel/shared';
import type { BadgeTone } from '@/components/ui/badge';

/** Spec §4: active green, paused yellow, error red. */
export const STATUS_TONES: Record<WorkflowStatus, BadgeTone> = {
  active: 'success',
  paused: 'warning',
  error: 'danger',
};

const days = (n: number) => (n === 1 ? '1 day' : `${n} days`);

/** The trigger in words: 'When a case moves to Settlement'. */
export function describeTrigger(trigger: WorkflowTrigger): string {
  switch (trigger.type) {
    case 'case-created':
      return 'When a case is created';
    case 'case-status-changed':
      return trigger.toStatus
        ? `When a case moves to ${CASE_STATUS_LABELS[trigger.toStatus]}`
        : 'When a case’s status changes';
    case 'document-analyzed':
      return trigger.documentType
        ? `When a document is analysed as ${DOCUMENT_TYPE_LABELS[trigger.documentType]}`
        : 'When a document is analysed';
    case 'deadline-approaching':
      return `When a case deadline is ${days(trigger.days)} away or less`;
    case 'client-created':
      return 'When a client is added';
    case 'client-message':
      return 'When a client sends a message';
    case 'case-inactive':
      return `When a case has had no activity for ${days(trigger.days)}`;
  }
}

/** The conditions in words, or null when any case will do. */
export function describeConditions(conditions: WorkflowConditions): string | null {
  const parts = [];
  if (conditions.caseTypes.length > 0)
    parts.push(conditions.caseTypes.map((type) => CASE_TYPE_LABELS[type]).join(' or '));
  if (conditions.statuses.length > 0)
    parts.push(`status ${conditions.statuses.map((status) => CASE_STATUS_LABELS[status]).join(' or ')}`);
  return parts.length > 0 ? `Only for ${parts.join(', ')}` : null;
}

/** One action in words: 'E-mail the client: “Your claim …”'. */
export function describeAction(action: WorkflowAction, personName: (id: string) => string): string {
  switch (action.type) {
    case 'create-event':
      return `${EVENT_KIND_LABELS[action.kind]} “${action.title}” in ${days(action.inDays)}`;
    case 'send-email':
      return `E-mail ${EMAIL_RECIPIENT_LABELS[action.to].toLowerCase()}: “${action.subject}”`;
    case 'notify':
      return `Notify ${
        action.recipient === 'person' && action.userId
          ? personName(action.userId)
          : NOTIFY_RECIPIENT_LABELS[action.recipient].toLowerCase()
      }`;
    case 'request-document':
      return `Ask the client for “${action.title}”`;
    case 'change-status':
      return `Move the case to ${CASE_STATUS_LABELS[action.status]}`;
    case 'add-member':
      return `Add ${personName(action.userId)} to the case`;
  }
}
