import {
  MESSAGES,
  deleteEventConfirm,
  type CalendarEvent,
  type CalendarEventPatch,
  CALENDAR_MESSAGES,
} from '@sentinel/shared';
import { useMutation } from '@tanstack/react-query';
import { Plus, RefreshCw } from 'lucide-react';
import { useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { integrationOf, useConnections } from '@/api/connections';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { PageHeader } from '@/components/ui/page-header';
import { useMediaQuery } from '@/lib/use-media-query';
import { useSession } from '@/lib/session-store';
import {
  changedElsewhere,
  deleteCalendarEvent,
  moveCalendarEvent,
  useCalendarEvents,
  useReplaceCachedEvent,
  type CalendarRange,
} from '../api/events';
import { calendarOpening, rememberView, WIDE_SCREEN } from '../utils/opening';
import { resolveTimeZone, sameRange } from '../utils/time';
import { CalendarLegend } from './calendar-legend';
import { CalendarView } from './calendar-view';
import { EventDialog } from './event-dialog';
import { EventPopover } from './event-popover';

/** /calendar (spec §2): every calendar of the user in one view, in the user's own time zone. */
export function CalendarScreen() {
  const session = useSession();
  const timeZone = resolveTimeZone(session?.timeZone);
  const wide = useMediaQuery(WIDE_SCREEN);
  const [searchParams] = useSearchParams();
  // The first range is known before FullCalendar is drawn: its events load meanwhile.
  const [opening] = useState(() => calendarOpening(searchParams, wide, timeZone));
  const [range, setRange] = useState<CalendarRange>(opening.range);
  const calendars = useCalendarEvents(session?.userId ?? '', range);
  const connections = useConnections();
  const replaceCached = useReplaceCachedEvent();
  const [dialog, setDialog] = useState<{
    open: boolean;
    start: string | null;
    /** The event being edited; null to create one. */
    event: CalendarEvent | null;
  }>({ open: false, start: null, event: null });
  const [selected, setSelected] = useState<{ event: CalendarEvent; anchor: HTMLElement } | null>(null);
  const [pendingDelete, setPendingDelete] = useState<CalendarEvent | null>(null);
  // The start of an event just saved: the calendar goes there, so the person sees what they made
  // (at 11.30 pm on a Saturday the next hour is in next week).
  const [savedStart, setSavedStart] = useState<{ start: string } | null>(null);

  const connected = (provider: 'google' | 'microsoft') =>
    integrationOf(connections.data, provider)?.connection?.status === 'connected';

  // Undefined until the first range has loaded (or its load failed outright): the grid waits for it.
  const events = useMemo(
    () =>
      calendars.data
        ? Object.values(calendars.data).flatMap((result) => result.events)
        : calendars.isError
          ? []
          : undefined,
    [calendars.data, calendars.isError],
  );

  const remove = useMutation({
    mutationFn: deleteCalendarEvent,
    onSuccess: (_answer, event) => {
      toast.success(CALENDAR_MESSAGES.eventDeleted);
      replaceCached(event.source, event.id, null);
      setPendingDelete(null);
    },
    onError: (error, event) => {
      // Changed by someone else since it was shown: not deleted; the calendar shows it as it is
      // now (a provider's refusal has no copy of it: the calendars are read again).
      const conflict = changedElsewhere(error);
      if (conflict?.current) replaceCached(event.source, event.id, conflict.current);
      else if (conflict) void calendars.refetch();
      toast.error(conflict?.message ?? CALENDAR_MESSAGES.eventDeleteFailed);
      setPendingDelete(null);
    },
  });

  const onRangeChange = useCallback((next: CalendarRange) => {
    setRange((current) => (sameRange(current, next) ? current : next));
  }, []);

  function onEventMove(event: CalendarEvent, change: CalendarEventPatch, revert: () => void) {
    moveCalendarEvent(event, change).then(
      (answer) => {
        toast.success(CALENDAR_MESSAGES.eventMoved);
        replaceCached(event.source, event.id, answer.data);
      },
      (error: unknown) => {
        revert();
        // Changed by someone else since it was shown: back where it was, and shown as it is now.
        const conflict = changedElsewhere(error);
        if (conflict?.current) replaceCached(event.source, event.id, conflict.current);
        else if (conflict) void calendars.refetch();
        toast.error(conflict?.message ?? CALENDAR_MESSAGES.eventMoveFailed);
      },
    );
  }

  const closePopover = useCallback(() => setSelected(null), []);

  return (
    <>
      <PageHeader
        title="Calendar"
        description="Hearings, depositions, inspections and deadlines from every calendar you use."
        actions={
          <>
            <Button
              variant="secondary"
              icon={<RefreshCw aria-hidden="true" className="size-4" />}
              isLoading={calendars.isFetching}
              onClick={() => void calendars.refetch()}
            >
              Sync
            </Button>
            <Button
              icon={<Plus aria-hidden="true" className="size-4" />}
              onClick={() => setDialog({ open: true, start: null, event: null })}
            >
              New Event
            </Button>
          </>
        }
      />
      <CalendarLegend results={calendars.data} />
      <CalendarView
        events={events}
        timeZone={timeZone}
        initialView={opening.view}
        onViewChange={rememberView}
        initialDate={opening.date}
        showStart={savedStart}
        onRangeChange={onRangeChange}
        onDateClick={(start) => setDialog({ open: true, start, event: null })}
        onEventClick={(event, anchor) => setSelected({ event, anchor })}
        onEventMove={onEventMove}
      />
      {selected && (
        <EventPopover
          event={selected.event}
          anchor={selected.anchor}
          timeZone={timeZone}
          onClose={closePopover}
          onDelete={(event) => {
            setSelected(null);
            setPendingDelete(event);
          }}
          onEdit={(event) => {
            setSelected(null);
            setDialog({ open: true, start: null, event });
          }}
        />
      )}
      <EventDialog
        open={dialog.open}
        onOpenChange={(open) => setDialog((current) => ({ ...current, open }))}
        initialStart={dialog.start}
        event={dialog.event}
        timeZone={timeZone}
        connections={{ google: connected('google'), outlook: connected('microsoft') }}
        onSaved={(start) => setSavedStart({ start })}
      />
      <ConfirmDialog
        open={pendingDelete !== null}
        onOpenChange={(open) => {
          if (!open) setPendingDelete(null);
        }}
        title={MESSAGES.confirmTitle}
        message={pendingDelete ? deleteEventConfirm(pendingDelete.title) : MESSAGES.confirmMessage}
        confirmLabel="Delete"
        variant="danger"
        isPending={remove.isPending}
        onConfirm={() => {
          if (pendingDelete) remove.mutate(pendingDelete);
        }}
      />
    </>
  );
}
