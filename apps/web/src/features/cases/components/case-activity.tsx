import { Activity } from 'lucide-react';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { describeActivity } from '../utils/format';
import { formatDateTime } from '@/lib/format';
import type { CaseTabProps } from '../types';

/** The case's audit trail, newest first (attorneys only; the server sends it to no one else). */
export function CaseActivity({ detail }: CaseTabProps) {
  const entries = detail.activity ?? [];
  return (
    <Card title="Activity" headingLevel="h2" description="Changes to the case and its team, newest first.">
      {entries.length === 0 ? (
        <EmptyState icon={Activity} headingLevel="h3" title="No activity yet" className="py-6" />
      ) : (
        <ol className="divide-y divide-slate-100">
          {entries.map((entry, index) => {
            const { title, detail: line } = describeActivity(entry, detail.members);
            return (
              <li key={`${entry.at}-${index}`} className="py-3 text-sm first:pt-0 last:pb-0">
                <p className="font-medium text-slate-900">{title}</p>
                {line && <p className="mt-0.5 text-slate-700">{line}</p>}
                <p className="mt-1 text-xs text-slate-600">
                  <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
                  {entry.by ? ` · ${entry.by}` : ''}
                </p>
              </li>
            );
          })}
        </ol>
      )}
    </Card>
  );
}
