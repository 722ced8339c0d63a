import type { InitialView } from '../components/calendar-view';
import { visibleRange } from './time';

/** Wide enough for the grid views; narrower screens open on the week's list. */
export const WIDE_SCREEN = '(min-width: 768px)';

const VIEW_PARAMS: Record<string, InitialView | undefined> = {
  month: 'dayGridMonth',
  week: 'timeGridWeek',
  day: 'timeGridDay',
  list: 'listWeek',
};

/** The grid view last chosen on this browser (month, week or day), as calendars remember it. */
const VIEW_KEY = 'sentinel.calendarView';
const GRID_VIEWS: readonly InitialView[] = ['dayGridMonth', 'timeGridWeek', 'timeGridDay'];

function rememberedView(): InitialView | undefined {
  try {
    const stored = localStorage.getItem(VIEW_KEY);
    return GRID_VIEWS.find((view) => view === stored);
  } catch {
    return undefined;
  }
}

export function rememberView(view: string) {
  try {
    if ((GRID_VIEWS as readonly string[]).includes(view)) localStorage.setItem(VIEW_KEY, view);
  } catch {
    // Storage unavailable: the next visit opens on the week.
  }
}

/**
 * What /calendar opens on: ?view=month|week|day|list (a link or a bookmark), else the grid view
 * last chosen on wide screens (the week at first) and the week's list on phones; ?date=YYYY-MM-DD
 * (a reminder, an invitation or a case's event links to its day), else today; and the range that
 * view shows first, in the person's zone, so its events are asked for before FullCalendar is drawn.
 */
export function calendarOpening(params: URLSearchParams, wide: boolean, timeZone: string) {
  const requested = params.get('date');
  const date = requested && /^\d{4}-\d{2}-\d{2}$/.test(requested) ? requested : undefined;
  const view =
    VIEW_PARAMS[params.get('view') ?? ''] ?? (wide ? (rememberedView() ?? 'timeGridWeek') : 'listWeek');
  return { view, date, range: visibleRange(view, date, timeZone) };
}
