import { EVENT_TYPE_LABELS, type CalendarEvent } from '@sentinel/shared';
import { useQuery } from '@tanstack/react-query';
import { CalendarDays } from 'lucide-react';
import { Link } from 'react-router';
import { queryKeys } from '@/api/query-keys';
import { Badge } from '@/components/ui/badge';
import { buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadError } from '@/components/ui/load-error';
import { LoadingState } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { formatWeekdayDay } from '@/lib/format';
import { api } from '@/lib/api-client';
import { useSession } from '@/lib/auth';

/** GET /api/calendar/cases/{caseId}/events: the case's upcoming events the viewer may see. */
const getCaseEvents = (caseId: string, signal?: AbortSignal) =>
  api.get<{ data: CalendarEvent[] }>(`/api/calendar/cases/${encodeURIComponent(caseId)}/events`, { signal });

/** "Tue, Dec 1, 2026, 10:00 AM – 11:00 AM" in the person's zone; all-day events by their dates. */
export function eventWhen(event: CalendarEvent, timeZone: string | undefined): string {
  if (event.allDay) {
    const last = new Date(new Date(`${event.end}T00:00:00Z`).getTime() - 86_400_000)
      .toISOString()
      .slice(0, 10);
    return last === event.start
      ? `${formatWeekdayDay(event.start)} (all day)`
      : `${formatWeekdayDay(event.start)} – ${formatWeekdayDay(last)} (all day)`;
  }
  const options = { timeZone, hour: 'numeric', minute: '2-digit' } as const;
  const start = new Date(event.start);
  const date = start.toLocaleDateString('en-US', {
    timeZone,
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    year: 'numeric',
  });
  return `${date}, ${start.toLocaleTimeString('en-US', options)} – ${new Date(event.end).toLocaleTimeString(
    'en-US',
    {
      ...options,
      timeZoneName: 'short',
    },
  )}`;
}

/** The case page's Events tab: what is planned for the case, with a way into the calendar. */
export function CaseEvents({ caseId }: { caseId: string }) {
  const timeZone = useSession()?.timeZone ?? undefined;
  const events = useQuery({
    queryKey: queryKeys.calendar.caseEvents(caseId),
    queryFn: ({ signal }) => getCaseEvents(caseId, signal),
  });
  const calendarLink = (
    <Link to={paths.calendar} className={buttonClasses({ variant: 'secondary', size: 'sm' })}>
      Open the calendar
    </Link>
  );
  return (
    <Card
      title="Events"
      headingLevel="h2"
      description="Hearings, depositions, inspections and meetings planned for this case."
      actions={calendarLink}
    >
      {events.isPending ? (
        <LoadingState label="Loading events..." />
      ) : events.isError ? (
        <LoadError
          error={events.error}
          fallback="The case's events could not be loaded. Please try again."
          onRetry={() => void events.refetch()}
        />
      ) : events.data.data.length === 0 ? (
        <EmptyState
          icon={CalendarDays}
          headingLevel="h3"
          title="No upcoming events for this case"
          description="Events you add in the calendar with this case as the related case appear here."
          className="py-6"
        />
      ) : (
        <ul className="divide-y divide-slate-200">
          {events.data.data.map((event) => (
            <li key={event.id} className="flex flex-wrap items-start justify-between gap-3 py-3">
              <div className="min-w-0">
                <p className="font-medium text-slate-900">{event.title}</p>
                <p className="text-sm text-slate-700">{eventWhen(event, timeZone)}</p>
                {event.location && event.location !== 'No location' && (
                  <p className="text-sm text-slate-600">{event.location}</p>
                )}
              </div>
              <div className="flex items-center gap-2">
                {event.eventType && <Badge>{EVENT_TYPE_LABELS[event.eventType]}</Badge>}
                <Link
                  to={`${paths.calendar}?date=${event.allDay ? event.start : new Date(event.start).toLocaleDateString('en-CA', { timeZone })}`}
                  className="text-sm font-medium text-brand-700 hover:underline"
                  aria-label={`Show ${event.title} in the calendar`}
                >
                  Show in calendar
                </Link>
              </div>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
