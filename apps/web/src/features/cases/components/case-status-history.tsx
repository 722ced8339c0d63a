import { History } from 'lucide-react';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { formatDateTime } from '@/lib/format';
import type { CaseTabProps } from '../types';
import { CaseStatusBadge } from '@/components/ui/case-status-badge';

/** Every status the case has had, oldest first, with who set it and when. */
export function CaseStatusHistory({ detail }: CaseTabProps) {
  const entries = detail.statusHistory;
  return (
    <Card title="Status history" headingLevel="h2" description="How the case has moved through its stages.">
      {entries.length === 0 ? (
        <EmptyState icon={History} headingLevel="h3" title="No status changes yet" className="py-6" />
      ) : (
        <ol className="relative space-y-5 border-l border-slate-200 pl-6">
          {entries.map((entry, index) => (
            <li key={`${entry.at}-${index}`} className="relative">
              <span
                aria-hidden="true"
                className="absolute top-1.5 -left-[1.8rem] size-2.5 rounded-full bg-white ring-2 ring-brand-600"
              />
              <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
                <CaseStatusBadge status={entry.status} />
                <span className="text-slate-700">
                  {index === 0 ? 'Opened' : 'Changed'}
                  {entry.by ? ` by ${entry.by}` : ''}
                </span>
              </div>
              <time dateTime={entry.at} className="mt-1 block text-xs text-slate-600">
                {formatDateTime(entry.at)}
              </time>
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
}
