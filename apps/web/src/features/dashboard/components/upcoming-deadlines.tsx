import { PRIORITY_LABELS, type AttorneyDashboardResponse, type Priority } from '@sentinel/shared';
import { CalendarClock } from 'lucide-react';
import { Link } from 'react-router';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { EmptyState } from '@/components/ui/empty-state';
import { casePath } from '@/config/paths';
import { dueIn } from '../utils/format';
import { formatDay } from '@/lib/format';

export type Deadline = AttorneyDashboardResponse['upcomingDeadlines'][number];

const PRIORITY_TONES: Record<Priority, BadgeTone> = { high: 'danger', medium: 'warning', low: 'neutral' };

/** Open cases by nearest due date: title (to the case), number, date and priority. */
export function UpcomingDeadlines({ items, now }: { items: Deadline[]; now?: number }) {
  if (items.length === 0) {
    return (
      <EmptyState
        icon={CalendarClock}
        headingLevel="h3"
        title="No upcoming deadlines"
        description="Open cases with a due date from today on are listed here, nearest first."
      />
    );
  }
  return (
    <ul className="divide-y divide-slate-100">
      {items.map((item) => (
        <li key={item.caseId} className="flex items-start gap-3 py-3 first:pt-0 last:pb-0">
          <div className="min-w-0 flex-1">
            <Link
              to={casePath(item.caseId)}
              className="text-sm font-medium break-words text-brand-700 hover:text-brand-800 hover:underline"
            >
              {item.title}
            </Link>
            <p className="mt-0.5 text-xs text-slate-600">
              {item.caseNumber} · <time dateTime={item.date}>{formatDay(item.date)}</time> ·{' '}
              {dueIn(item.date, now)}
            </p>
          </div>
          <Badge tone={PRIORITY_TONES[item.priority]} className="shrink-0">
            <span className="sr-only">Priority: </span>
            {PRIORITY_LABELS[item.priority]}
          </Badge>
        </li>
      ))}
    </ul>
  );
}
