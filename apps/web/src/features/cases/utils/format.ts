import {
  CASE_MEMBER_ROLE_LABELS,
  CASE_STATUS_LABELS,
  CASE_TYPE_LABELS,
  PRIORITY_LABELS,
  type CaseDetail,
  type CaseMemberRole,
} from '@sentinel/shared';
import { formatDay, humanize } from '@/lib/format';

const labelOf = (labels: Record<string, string>, value: string) => labels[value] ?? value;
const caseStatusLabel = (status: string) => labelOf(CASE_STATUS_LABELS, status);
export const caseTypeLabel = (type: string) => labelOf(CASE_TYPE_LABELS, type);
export const priorityLabel = (priority: string) => labelOf(PRIORITY_LABELS, priority);
export const memberRoleLabel = (role: string) => labelOf(CASE_MEMBER_ROLE_LABELS, role);

/**
 * How long ago, as the messages screen says it (spec §2): 'Just now', '5m ago', '3h ago',
 * 'Yesterday', '4d ago' under a week, otherwise the date.
 */
export function formatRelative(iso: string, now = Date.now()): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const minutes = Math.floor((now - date.getTime()) / 60_000);
  if (minutes < 1) return 'Just now';
  if (minutes < 60) return `${minutes}m ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours}h ago`;
  const days = Math.floor(hours / 24);
  if (days === 1) return 'Yesterday';
  if (days < 7) return `${days}d ago`;
  return formatDay(iso);
}

/** '1 case', '51 cases'. */
export const countCases = (total: number) => `${total} ${total === 1 ? 'case' : 'cases'}`;

/** The names the case form gives its fields, for 'Changed: Status, Due date'. */
export const CASE_FIELD_LABELS: Record<string, string> = {
  title: 'Title',
  clientId: 'Client',
  caseType: 'Case type',
  status: 'Status',
  priority: 'Priority',
  leadAttorneyId: 'Lead attorney',
  description: 'Description',
  dateOpened: 'Date opened',
  dueDate: 'Due date',
  carrier: 'Carrier',
  policyNumber: 'Policy number',
  claimNumber: 'Claim number',
  dateOfLoss: 'Date of loss',
  propertyAddress: 'Property address',
  targetSettlement: 'Target settlement',
  settlementAmount: 'Settlement amount',
};

type Activity = NonNullable<CaseDetail['activity']>[number];

export interface ActivityText {
  title: string;
  detail?: string;
}

const text = (value: unknown) => (typeof value === 'string' ? value : undefined);

/**
 * An audit entry as a sentence: case_created 'Case opened', case_updated 'Case updated' with the
 * fields, the status change and whether a document's suggestion was used, case_member_added / _removed with the person where still known.
 */
export function describeActivity(entry: Activity, members: CaseDetail['members'] = []): ActivityText {
  const details = entry.details ?? {};
  const memberName = (id: unknown) => members.find((member) => member.userId === id)?.name;
  switch (entry.action) {
    case 'case_created':
      return { title: 'Case opened', detail: text(details.caseNumber) };
    case 'case_updated': {
      const parts: string[] = [];
      const from = text(details.statusFrom);
      const to = text(details.statusTo);
      if (from && to) parts.push(`Status: ${caseStatusLabel(from)} → ${caseStatusLabel(to)}`);
      const fields = Array.isArray(details.fields)
        ? details.fields.filter((field): field is string => typeof field === 'string' && field !== 'status')
        : [];
      if (fields.length > 0)
        parts.push(`Changed: ${fields.map((field) => CASE_FIELD_LABELS[field] ?? field).join(', ')}`);
      // A value suggested by an analysed document that the attorney used (issue 14).
      if (text(details.fromDocumentId)) parts.push('from a document');
      return { title: 'Case updated', detail: parts.join(' · ') || undefined };
    }
    case 'case_member_added': {
      const role = text(details.role);
      const who = [memberName(details.memberId), role && memberRoleLabel(role as CaseMemberRole)]
        .filter(Boolean)
        .join(', ');
      const invited = details.invited === true ? 'invited by e-mail' : undefined;
      return {
        title: 'Team member added',
        detail: [who, invited].filter(Boolean).join(' · ') || undefined,
      };
    }
    case 'case_member_removed':
      return { title: 'Team member removed', detail: memberName(details.memberId) };
    default:
      return { title: humanize(entry.action) };
  }
}
