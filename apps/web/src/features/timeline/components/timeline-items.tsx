import { MESSAGES, TIMELINE_ITEM_LIMIT, type TimelineItem } from '@sentinel/shared';
import { CalendarDays, FileText, History, ListChecks, MessagesSquare, type LucideIcon } from 'lucide-react';
import { Link } from 'react-router';
import { EmptyState } from '@/components/ui/empty-state';
import { formatCount, formatDay } from '@/lib/format';
import { byDay, describeItem } from '../utils/status';

const ICONS: Record<TimelineItem['kind'], LucideIcon> = {
  status: History,
  document: FileText,
  event: CalendarDays,
  messages: MessagesSquare,
};

const timeOf = new Intl.DateTimeFormat('en-US', { timeStyle: 'short' });

/** What happened on the case — status changes, documents, events, messages — by day, oldest first. */
export function TimelineItems({
  caseId,
  items,
  truncated,
}: {
  caseId: string;
  items: TimelineItem[];
  truncated: boolean;
}) {
  if (items.length === 0)
    return (
      <EmptyState icon={ListChecks} headingLevel="h3" title={MESSAGES.noTimelineEvents} className="py-6" />
    );
  return (
    <>
      {truncated && (
        <p className="mb-4 text-xs text-slate-600">
          The latest {formatCount(TIMELINE_ITEM_LIMIT)} entries are shown.
        </p>
      )}
      <ol className="space-y-5">
        {byDay(items).map(({ day, items: dayItems }) => (
          <li key={day}>
            <h3 className="text-xs font-semibold tracking-wide text-slate-600 uppercase">
              <time dateTime={day}>{formatDay(day)}</time>
            </h3>
            <ul className="mt-2 space-y-2 border-l border-slate-200 pl-4">
              {dayItems.map((item) => {
                const Icon = ICONS[item.kind];
                const { text, detail, to } = describeItem(item, caseId);
                const timed = item.kind !== 'messages' && !(item.kind === 'event' && item.allDay);
                return (
                  <li key={`${item.kind}-${item.id}`} className="flex gap-2.5 text-sm">
                    <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-slate-500" />
                    <div className="min-w-0">
                      {to ? (
                        <Link
                          to={to}
                          className="font-medium break-words text-brand-700 hover:text-brand-800 hover:underline"
                        >
                          {text}
                        </Link>
                      ) : (
                        <span className="font-medium break-words text-slate-900">{text}</span>
                      )}
                      {(detail || timed) && (
                        <p className="text-xs text-slate-600">
                          {[timed ? timeOf.format(new Date(item.at)) : null, detail]
                            .filter(Boolean)
                            .join(' · ')}
                        </p>
                      )}
                    </div>
                  </li>
                );
              })}
            </ul>
          </li>
        ))}
      </ol>
    </>
  );
}
