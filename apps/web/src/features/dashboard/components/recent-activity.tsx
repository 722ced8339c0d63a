import type { AttorneyDashboardResponse } from '@sentinel/shared';
import { Activity } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { EmptyState } from '@/components/ui/empty-state';
import { casePath, clientPath } from '@/config/paths';
import { relativeTime } from '../utils/format';
import { formatDateTime } from '@/lib/format';

export type ActivityItem = AttorneyDashboardResponse['recentActivity'][number];

const linkClass = 'font-medium text-brand-700 hover:text-brand-800 hover:underline';

function CaseRef({ item }: { item: ActivityItem }) {
  if (!item.caseId || !item.caseNumber) return <>a case</>;
  return (
    <>
      case{' '}
      <Link to={casePath(item.caseId)} className={linkClass}>
        {item.caseNumber}
        {item.caseTitle ? ` · ${item.caseTitle}` : ''}
      </Link>
    </>
  );
}

function ClientRef({ item, fallback = 'a client' }: { item: ActivityItem; fallback?: string }) {
  if (!item.clientId || !item.clientName) return <>{fallback}</>;
  return (
    <Link to={clientPath(item.clientId)} className={linkClass}>
      {item.clientName}
    </Link>
  );
}

const readable = (action: string) => {
  const words = action
    .replace(/[_.-]+/g, ' ')
    .trim()
    .toLowerCase();
  return words ? words[0]!.toUpperCase() + words.slice(1) : action;
};

/** 'Ada Lovelace opened case CASE-2026-001 · Roof leak', with links to the case and the client. */
export function activitySentence(item: ActivityItem): ReactNode {
  const who = item.by ?? 'Someone';
  switch (item.action) {
    case 'case_created':
      return (
        <>
          {who} opened <CaseRef item={item} />
        </>
      );
    case 'case_updated':
      return (
        <>
          {who} updated <CaseRef item={item} />
        </>
      );
    case 'case_member_added':
      return (
        <>
          {who} added a team member to <CaseRef item={item} />
        </>
      );
    case 'case_member_removed':
      return (
        <>
          {who} removed a team member from <CaseRef item={item} />
        </>
      );
    case 'client_created':
      return (
        <>
          {who} added the client <ClientRef item={item} />
        </>
      );
    case 'client_invitation_sent':
      return (
        <>
          {who} sent an invitation to <ClientRef item={item} />
        </>
      );
    case 'client_deactivated':
      return (
        <>
          {who} deactivated the client <ClientRef item={item} />
        </>
      );
    default:
      return (
        <>
          {readable(item.action)}
          {item.by ? ` by ${item.by}` : ''}
        </>
      );
  }
}

/** The firm's latest changes to cases and clients, newest first. */
export function RecentActivity({ items, now }: { items: ActivityItem[]; now?: number }) {
  if (items.length === 0) {
    return (
      <EmptyState
        icon={Activity}
        headingLevel="h3"
        title="No recent activity"
        description="New cases, case changes and client invitations will be listed here."
      />
    );
  }
  return (
    <ul className="divide-y divide-slate-100">
      {items.map((item, index) => (
        <li key={`${item.at}-${index}`} className="flex gap-3 py-3 first:pt-0 last:pb-0">
          <span aria-hidden="true" className="mt-1.5 size-2 shrink-0 rounded-full bg-brand-600" />
          <div className="min-w-0 flex-1">
            <p className="text-sm break-words text-slate-800">{activitySentence(item)}</p>
            <p className="mt-0.5 text-xs text-slate-600">
              <time dateTime={item.at} title={formatDateTime(item.at)}>
                {relativeTime(item.at, now)}
              </time>
            </p>
          </div>
        </li>
      ))}
    </ul>
  );
}
