import { CALENDAR_COLOURS, CALENDAR_SOURCE_LABELS, type CalendarEvent } from '@sentinel/shared';
import { Link } from 'react-router';
import type { CalendarResults, SourceResult } from '../api/events';

/** What the legend says of a calendar that shows nothing, and whether Settings can fix it. */
const STATUS_TEXT: Record<Exclude<SourceResult['status'], 'ok'>, { text: string; settings: boolean }> = {
  not_connected: { text: 'Not connected', settings: true },
  needs_reconnect: { text: 'Reconnect needed', settings: true },
  not_configured: { text: 'Not available on this server', settings: false },
  failed: { text: 'Could not load', settings: false },
};

export const INTEGRATIONS_SETTINGS = '/settings?tab=integrations';

interface Entry {
  key: string;
  label: string;
  colour: string;
  count: number;
  status: SourceResult['status'];
}

const count = (events: CalendarEvent[], deadlines: boolean) =>
  events.filter((event) => (event.deadline !== null) === deadlines).length;

/** The legend: each calendar with its colour and how many events it has in the loaded range. */
export function CalendarLegend({ results }: { results: CalendarResults | undefined }) {
  if (!results) return null;
  const entries: Entry[] = [
    {
      key: 'google',
      label: CALENDAR_SOURCE_LABELS.google,
      colour: CALENDAR_COLOURS.google,
      count: results.google.events.length,
      status: results.google.status,
    },
    {
      key: 'microsoft',
      label: CALENDAR_SOURCE_LABELS.microsoft,
      colour: CALENDAR_COLOURS.microsoft,
      count: results.microsoft.events.length,
      status: results.microsoft.status,
    },
    {
      key: 'sentinel',
      label: CALENDAR_SOURCE_LABELS.sentinel,
      colour: CALENDAR_COLOURS.sentinel,
      count: count(results.sentinel.events, false),
      status: results.sentinel.status,
    },
    {
      key: 'deadline',
      label: 'Deadlines',
      colour: CALENDAR_COLOURS.deadline,
      count: count(results.sentinel.events, true),
      status: results.sentinel.status,
    },
  ];
  return (
    <ul aria-label="Calendars" className="mb-4 flex flex-wrap gap-x-6 gap-y-2 text-sm">
      {entries.map((entry) => {
        const problem = entry.status === 'ok' ? null : STATUS_TEXT[entry.status];
        return (
          <li key={entry.key} data-testid={`legend-${entry.key}`} className="flex items-center gap-2">
            <span
              aria-hidden="true"
              className="size-3 rounded-full"
              style={{ backgroundColor: entry.colour }}
            />
            <span className="font-medium text-slate-800">{entry.label}</span>
            {problem ? (
              <span className="text-slate-600">
                {problem.text}
                {problem.settings && (
                  <>
                    {' · '}
                    <Link
                      to={INTEGRATIONS_SETTINGS}
                      className="font-medium text-brand-700 underline hover:text-brand-800"
                    >
                      Settings
                    </Link>
                  </>
                )}
              </span>
            ) : (
              <span className="text-slate-600">
                ({entry.count} {entry.count === 1 ? 'event' : 'events'})
              </span>
            )}
          </li>
        );
      })}
    </ul>
  );
}
