import type {
  DatesSetArg,
  EventClickArg,
  EventContentArg,
  EventDropArg,
  EventInput,
  MoreLinkMountArg,
} from '@fullcalendar/core';
import dayGridPlugin from '@fullcalendar/daygrid';
import interactionPlugin, { type DateClickArg, type EventResizeDoneArg } from '@fullcalendar/interaction';
import listPlugin from '@fullcalendar/list';
import luxonPlugin from '@fullcalendar/luxon3';
import FullCalendar from '@fullcalendar/react';
import timeGridPlugin from '@fullcalendar/timegrid';
import { SLOT_DURATION, type CalendarEvent, type CalendarEventPatch } from '@sentinel/shared';
import { clsx } from 'clsx';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Select } from '@/components/ui/select';
import type { CalendarRange } from '../api/events';
import { compactMonth, toInput } from '../utils/month';
import { addMinutes, nextDay, wallClockOf } from '../utils/time';
import './calendar.css';

/**
 * The grid views and the list ranges (spec §2: month, week, day; list, listDay … listYear; the
 * plain 'list' view is FullCalendar's list type over the next 30 days).
 */
const GRID_VIEWS = [
  { view: 'dayGridMonth', label: 'Month' },
  { view: 'timeGridWeek', label: 'Week' },
  { view: 'timeGridDay', label: 'Day' },
] as const;
const LIST_VIEWS = [
  { view: 'listDay', label: 'Day' },
  { view: 'listWeek', label: 'Week' },
  { view: 'listMonth', label: 'Month' },
  { view: 'listYear', label: 'Year' },
  { view: 'listNext30Days', label: 'Next 30 days' },
] as const;
type ListView = (typeof LIST_VIEWS)[number]['view'];
const isListView = (view: string): view is ListView => LIST_VIEWS.some((item) => item.view === view);

/** The views a screen may open on: week on wide screens, the week's list on phones, or one a link asks for. */
export type InitialView = 'dayGridMonth' | 'timeGridWeek' | 'timeGridDay' | 'listWeek';

export interface CalendarViewProps {
  /**
   * The events to show; undefined while the first range is still loading. The grid is then drawn
   * once, with its events, when they arrive: an empty grid meanwhile would say there are none, and
   * drawing it twice costs a busy month the time of a second full render.
   */
  events: CalendarEvent[] | undefined;
  timeZone: string;
  /** The first view: week on wide screens, the week's list on phones. */
  initialView: InitialView;
  /** The day to open at (YYYY-MM-DD; a link from a reminder or a case); today when absent. */
  initialDate?: string;
  /**
   * The wall-clock start of an event just saved (YYYY-MM-DD, or YYYY-MM-DDTHH:mm), a new object
   * each time: the view shown goes to its day (nothing moves when it shows it already) and scrolls
   * to its time.
   */
  showStart?: { start: string } | null;
  onRangeChange: (range: CalendarRange) => void;
  /** The view shown changed (to remember the person's choice). */
  onViewChange?: (view: string) => void;
  /** A day or time was clicked: its wall-clock start in the user's zone. */
  onDateClick: (start: string) => void;
  onEventClick: (event: CalendarEvent, element: HTMLElement) => void;
  /** A drag or resize; `revert` puts the event back when the server refuses. */
  onEventMove: (event: CalendarEvent, change: CalendarEventPatch, revert: () => void) => void;
}

type MoveArg = EventDropArg | EventResizeDoneArg;

const BROWSER_ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone;

/** The new times of a moved event: dates for all-day (end exclusive), else instants in the user's zone. */
function movedTimes(info: MoveArg, timeZone: string): CalendarEventPatch {
  const { allDay, startStr, endStr } = info.event;
  if (allDay) return { allDay, start: startStr, end: endStr || nextDay(startStr), timeZone };
  return {
    allDay,
    start: startStr,
    end: endStr || addMinutes(wallClockOf(startStr, timeZone), timeZone),
    timeZone,
  };
}

const PLUGINS = [dayGridPlugin, timeGridPlugin, listPlugin, interactionPlugin, luxonPlugin];
/** A view of its own name: options under 'list' would apply to every list view. */
const VIEWS = { listNext30Days: { type: 'list', duration: { days: 30 } } };

/**
 * '+2 more' is an <a> without href that FullCalendar gives aria-expanded and an empty
 * aria-controls: as a button, with no empty reference, it is valid ARIA.
 */
function moreLinkDidMount({ el }: MoreLinkMountArg) {
  el.setAttribute('role', 'button');
  if (!el.getAttribute('aria-controls')) el.removeAttribute('aria-controls');
}

/** `true`: FullCalendar's own content for every event but a compact month's '+N more'. */
const eventContent = (arg: EventContentArg) =>
  arg.event.extendedProps.moreDay ? `+${String(arg.event.extendedProps.count)} more` : true;

const original = (info: { event: { extendedProps: Record<string, unknown> } }) =>
  info.event.extendedProps.event as CalendarEvent;

/** What a drag or resize asks of `onEventMove`: the event, its new times, and how to undo. */
const move = (info: MoveArg, timeZone: string) =>
  [original(info), movedTimes(info, timeZone), info.revert] as const;

/** FullCalendar with the app's own toolbar (labelled buttons, the list range as a select). */
export function CalendarView({
  events,
  timeZone,
  initialView,
  initialDate,
  showStart,
  onRangeChange,
  onViewChange,
  onDateClick,
  onEventClick,
  onEventMove,
}: CalendarViewProps) {
  const calendar = useRef<FullCalendar>(null);
  const [title, setTitle] = useState('');
  const [view, setView] = useState<string>(initialView);
  const [listView, setListView] = useState<ListView>('listWeek');
  const api = () => calendar.current?.getApi();

  const inputs = useMemo((): EventInput[] => {
    if (!events) return [];
    return view === 'dayGridMonth' ? compactMonth(events, timeZone) : events.map(toInput);
  }, [events, timeZone, view]);
  const loading = events === undefined;
  const height = initialView === 'listWeek' ? 'auto' : 'max(560px, calc(100dvh - 20rem))';

  // The inputs follow the view (a busy month is drawn compact): FullCalendar changes view once
  // React has handed it the inputs of the new one, not before.
  const [pendingView, setPendingView] = useState<{ view: string; date?: string } | null>(null);
  useEffect(() => {
    if (!pendingView) return;
    api()?.changeView(pendingView.view, pendingView.date);
    setPendingView(null);
  }, [pendingView]);

  useEffect(() => {
    if (!showStart) return;
    const { start } = showStart;
    api()?.gotoDate(start.slice(0, 10));
    if (start.length > 10) api()?.scrollToTime(start.slice(11, 16));
  }, [showStart]);

  function changeView(next: string, date?: string) {
    setView(next);
    setPendingView({ view: next, date });
    if (isListView(next)) setListView(next);
  }

  // What FullCalendar's callbacks call, as of the last render: the grid below is kept as it is
  // while only they change.
  const current = {
    timeZone,
    onRangeChange,
    onViewChange,
    onDateClick,
    onEventClick,
    onEventMove,
    changeView,
  };
  const latest = useRef(current);
  useLayoutEffect(() => {
    latest.current = current;
  });

  // FullCalendar draws its whole grid again whenever React renders it (a new title each time the
  // dates change would redraw a busy month twice): it is rendered only when what it shows changes.
  const fullCalendarZone = timeZone === BROWSER_ZONE ? 'local' : timeZone;
  const grid = useMemo(
    () =>
      loading ? null : (
        <FullCalendar
          ref={calendar}
          plugins={PLUGINS}
          initialView={initialView}
          initialDate={initialDate}
          views={VIEWS}
          headerToolbar={false}
          // The browser's own zone is FullCalendar's native 'local' (plain Date arithmetic); another
          // named zone goes through the Luxon plugin, several times slower on a busy month.
          timeZone={fullCalendarZone}
          slotDuration={SLOT_DURATION}
          scrollTime="08:00:00"
          nowIndicator
          height={height}
          dayMaxEvents
          moreLinkDidMount={moreLinkDidMount}
          events={inputs}
          eventDisplay="block"
          eventTextColor="#ffffff"
          eventStartEditable
          eventDurationEditable
          editable={false}
          datesSet={(info: DatesSetArg) => {
            setTitle(info.view.title);
            setView(info.view.type);
            latest.current.onViewChange?.(info.view.type);
            latest.current.onRangeChange({ start: info.startStr, end: info.endStr });
          }}
          dateClick={(info: DateClickArg) =>
            latest.current.onDateClick(wallClockOf(info.dateStr, latest.current.timeZone))
          }
          eventClick={(info: EventClickArg) => {
            info.jsEvent.preventDefault();
            const moreDay = info.event.extendedProps.moreDay as string | undefined;
            if (moreDay) latest.current.changeView('listDay', moreDay);
            else latest.current.onEventClick(original(info), info.el);
          }}
          eventContent={eventContent}
          eventDrop={(info: EventDropArg) =>
            latest.current.onEventMove(...move(info, latest.current.timeZone))
          }
          eventResize={(info: EventResizeDoneArg) =>
            latest.current.onEventMove(...move(info, latest.current.timeZone))
          }
        />
      ),
    [loading, inputs, initialView, initialDate, fullCalendarZone, height],
  );

  return (
    <div className="sentinel-calendar">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <div className="flex items-center gap-1">
          <Button
            variant="secondary"
            size="sm"
            aria-label="Previous"
            disabled={loading}
            icon={<ChevronLeft aria-hidden="true" className="size-4" />}
            onClick={() => api()?.prev()}
          />
          <Button
            variant="secondary"
            size="sm"
            aria-label="Next"
            disabled={loading}
            icon={<ChevronRight aria-hidden="true" className="size-4" />}
            onClick={() => api()?.next()}
          />
          <Button variant="secondary" size="sm" disabled={loading} onClick={() => api()?.today()}>
            Today
          </Button>
        </div>
        {/* The title is FullCalendar's: no empty heading while the grid waits for its events. */}
        <div aria-live="polite" className="order-first w-full sm:order-none sm:w-auto">
          {title && <h2 className="text-lg font-semibold text-slate-900">{title}</h2>}
        </div>
        <div className="flex flex-wrap items-center gap-1">
          <div role="group" aria-label="View" className="flex">
            {GRID_VIEWS.map((item) => (
              <Button
                key={item.view}
                size="sm"
                variant={view === item.view ? 'primary' : 'secondary'}
                aria-pressed={view === item.view}
                className="rounded-none first:rounded-l-lg"
                disabled={loading}
                onClick={() => changeView(item.view)}
              >
                {item.label}
              </Button>
            ))}
            <Button
              size="sm"
              variant={isListView(view) ? 'primary' : 'secondary'}
              aria-pressed={isListView(view)}
              className="rounded-none rounded-r-lg"
              disabled={loading}
              onClick={() => changeView(listView)}
            >
              List
            </Button>
          </div>
          {isListView(view) && (
            <div className="w-36">
              <Select
                aria-label="List range"
                className="h-9 py-1 text-sm"
                value={listView}
                onChange={(event) => changeView(event.target.value)}
              >
                {LIST_VIEWS.map((item) => (
                  <option key={item.view} value={item.view}>
                    {item.label}
                  </option>
                ))}
              </Select>
            </div>
          )}
        </div>
      </div>
      <div
        className={clsx('rounded-xl border border-slate-200 bg-white p-2 shadow-xs')}
        aria-busy={loading || undefined}
      >
        {grid ?? (
          <div
            data-testid="calendar-loading"
            className="animate-pulse rounded-lg bg-slate-50"
            style={{ height: height === 'auto' ? '20rem' : height }}
          />
        )}
      </div>
    </div>
  );
}
