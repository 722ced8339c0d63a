import {
  CALENDAR_COLOURS,
  MESSAGES,
  deleteEventConfirm,
  eventSavedTo,
  type CalendarEvent,
  type Integration,
  CALENDAR_MESSAGES,
  EVENT_RELOAD_AFTER_SAVE_MS,
} from '@sentinel/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { DateTime } from 'luxon';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch, queryOf, type FetchHandler } from '@/testing/fetch-mock';
import { renderWithRouter } from '@/testing/render-app';
import { queryClient } from '@/lib/query-client';
import { getSessionSnapshot } from '@/lib/session-store';
import { attorney, firmless, signIn } from '@/testing/session';
import { readCalendarAhead } from '../api/events';
import { CalendarScreen } from './calendar-screen';

const ZONE = 'America/New_York';
const noon = DateTime.now().setZone(ZONE).set({ hour: 12, minute: 0, second: 0, millisecond: 0 });
const today = noon.toFormat('yyyy-MM-dd');

const base: Omit<CalendarEvent, 'id' | 'title' | 'start' | 'end' | 'allDay' | 'color' | 'source'> = {
  description: '',
  location: '',
  attendees: [],
  eventType: null,
  case: null,
  reminders: [],
  deadline: null,
  editable: true,
  conferenceUrl: null,
  htmlLink: null,
};

const inspection: CalendarEvent = {
  ...base,
  id: 'ev1',
  title: 'Hopper roof inspection',
  start: noon.toUTC().toISO() ?? '',
  end: noon.plus({ hours: 1 }).toUTC().toISO() ?? '',
  allDay: false,
  color: CALENDAR_COLOURS.sentinel,
  source: 'sentinel',
  eventType: 'inspection',
};

const dueDate: CalendarEvent = {
  ...base,
  id: 'deadline-1',
  title: 'Proof of loss due',
  start: today,
  end: noon.plus({ days: 1 }).toFormat('yyyy-MM-dd'),
  allDay: true,
  color: CALENDAR_COLOURS.deadline,
  source: 'sentinel',
  deadline: { kind: 'case_due', documentId: null, ruleId: null },
  editable: false,
};

const integrations: Integration[] = [
  { provider: 'google', configured: true, sandbox: true, composeUrl: null, connection: null },
  { provider: 'microsoft', configured: true, sandbox: true, composeUrl: null, connection: null },
];

function setup(sentinelAnswer?: Promise<Response>, handlers: Record<string, FetchHandler> = {}) {
  const fetches = mockAnswers(sentinelAnswer, handlers);
  return { ...renderWithRouter(<CalendarScreen />, '/calendar'), fetches };
}

function mockAnswers(sentinelAnswer?: Promise<Response>, handlers: Record<string, FetchHandler> = {}) {
  return mockFetch({
    'GET /api/oauth/connections': () => json(200, { data: integrations }),
    'GET /api/calendar/events/google': () => json(502, { message: 'Google did not answer' }),
    'GET /api/calendar/events/microsoft': () =>
      json(200, { data: [], source: 'microsoft', status: 'not_connected' }),
    'GET /api/calendar/events/sentinel': () =>
      sentinelAnswer ?? json(200, { data: [inspection, dueDate], source: 'sentinel', status: 'ok' }),
    'DELETE /api/calendar/events/sentinel/ev1': () => json(200, { id: 'ev1', deleted: true }),
    'GET /api/cases': () => json(200, { data: [], total: 0 }),
    'POST /api/calendar/events/sentinel': () => json(201, { data: { id: 'new' } }),
    ...handlers,
  });
}

/** Creates an hour's event in the Sentinel calendar from New Event, and waits for its toast. */
async function createEvent(user: ReturnType<typeof setup>['user'], title: string, start: DateTime) {
  await user.click(screen.getByRole('button', { name: 'New Event' }));
  const dialog = await screen.findByRole('dialog', { name: 'Create Calendar Event' });
  const field = (name: string) =>
    within(dialog).getByLabelText(name, { exact: false, selector: 'input,select,textarea' });
  await user.type(field('Event Title'), title);
  const at = (time: DateTime) => ({ target: { value: time.toFormat("yyyy-MM-dd'T'HH:mm") } });
  fireEvent.change(field('Start Date & Time'), at(start));
  fireEvent.change(field('End Date & Time'), at(start.plus({ hours: 1 })));
  await user.click(within(dialog).getByRole('button', { name: 'Create Event' }));
  expect(await screen.findByText(eventSavedTo(['Sentinel Calendar']))).toBeInTheDocument();
}

beforeEach(() => {
  signIn(attorney);
  // FullCalendar measures its container; jsdom has no ResizeObserver.
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
});

describe('Calendar screen', () => {
  it('shows the calendars that loaded when one fails, with counts and honest states', async () => {
    const { fetches } = setup();
    expect(await screen.findByText(CALENDAR_MESSAGES.calendarsLoadFailed)).toBeInTheDocument();
    const google = screen.getByTestId('legend-google');
    expect(google).toHaveTextContent('Google Calendar');
    expect(google).toHaveTextContent('Could not load');
    const outlook = screen.getByTestId('legend-microsoft');
    expect(outlook).toHaveTextContent('Outlook CalendarNot connected');
    expect(within(outlook).getByRole('link', { name: 'Settings' })).toHaveAttribute(
      'href',
      '/settings?tab=integrations',
    );
    expect(screen.getByTestId('legend-sentinel')).toHaveTextContent('Sentinel Calendar(1 event)');
    expect(screen.getByTestId('legend-deadline')).toHaveTextContent('Deadlines(1 event)');

    const query = queryOf(fetches.callsTo('GET /api/calendar/events/sentinel')[0]);
    expect(query.get('userId')).toBe(attorney.userId);
    expect(query.get('start')).toBeTruthy();
    expect(query.get('end')).toBeTruthy();
    expect(screen.getByText('Hopper roof inspection')).toBeInTheDocument();
    expect(screen.getByText('Proof of loss due')).toBeInTheDocument();
  });

  it('draws the grid once its events have arrived, never empty meanwhile', async () => {
    let answer: (response: Response) => void = () => undefined;
    const { container } = setup(new Promise<Response>((resolve) => (answer = resolve)));
    expect(await screen.findByText(CALENDAR_MESSAGES.calendarsLoading)).toBeInTheDocument();
    expect(screen.getByTestId('calendar-loading')).toBeInTheDocument();
    expect(container.querySelector('.fc')).toBeNull();
    expect(screen.getByRole('button', { name: 'Today' })).toBeDisabled();
    expect(screen.queryByRole('heading', { level: 2 })).not.toBeInTheDocument();

    answer(json(200, { data: [inspection], source: 'sentinel', status: 'ok' }));
    expect(await screen.findByText('Hopper roof inspection')).toBeInTheDocument();
    expect(screen.queryByTestId('calendar-loading')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Today' })).toBeEnabled();
    expect(screen.getByRole('heading', { level: 2 })).not.toHaveTextContent(/^$/);
  });

  it('opens an event by keyboard and deletes it after the confirmation', async () => {
    const { user, fetches } = setup();
    const title = await screen.findByText('Hopper roof inspection');
    const focusable = title.closest<HTMLElement>('[tabindex="0"]') ?? title;
    focusable.focus();
    await user.keyboard('{Enter}');
    const popover = await screen.findByRole('dialog', { name: 'Hopper roof inspection' });
    await user.click(within(popover).getByRole('button', { name: 'Delete event' }));
    const confirm = await screen.findByRole('alertdialog', { name: MESSAGES.confirmTitle });
    expect(confirm).toHaveTextContent(deleteEventConfirm('Hopper roof inspection'));
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(CALENDAR_MESSAGES.eventDeleted)).toBeInTheDocument();
    expect(fetches.callsTo('DELETE /api/calendar/events/sentinel/ev1')).toHaveLength(1);
    await waitFor(() => expect(screen.queryByText('Hopper roof inspection')).not.toBeInTheDocument());
  });

  it('goes to the week of an event just created in another one, so the person sees it', async () => {
    const { user, fetches } = setup();
    await screen.findByText('Hopper roof inspection');
    const heading = screen.getByRole('heading', { level: 2 });
    const shownBefore = heading.textContent;
    const later = noon.plus({ weeks: 3 }).set({ hour: 10 });
    await createEvent(user, 'Mediation', later);
    // The calendar now shows that week, and reads its events.
    await waitFor(() => expect(heading.textContent).not.toBe(shownBefore));
    const read = fetches.callsTo('GET /api/calendar/events/sentinel').map(queryOf);
    const last = read.at(-1)!;
    expect(DateTime.fromISO(last.get('start')!) <= later).toBe(true);
    expect(DateTime.fromISO(last.get('end')!) > later).toBe(true);
  });

  it('reads the calendars again 1000 ms after a save, not before', async () => {
    const reads: number[] = [];
    let posted = 0;
    const { user } = setup(undefined, {
      'GET /api/calendar/events/sentinel': () => {
        reads.push(Date.now());
        return json(200, { data: [inspection, dueDate], source: 'sentinel', status: 'ok' });
      },
      'POST /api/calendar/events/sentinel': () => {
        posted = Date.now();
        return json(201, { data: { id: 'new' } });
      },
    });
    await screen.findByText('Hopper roof inspection');
    const readBefore = reads.length;
    // Today, in the week shown: the save moves the calendar nowhere, so only the reload reads it.
    await createEvent(user, 'Call with the adjuster', noon.set({ hour: 15 }));
    await waitFor(() => expect(reads.length).toBe(readBefore + 1));
    // Node may fire a timer a millisecond early.
    expect(reads.at(-1)! - posted).toBeGreaterThanOrEqual(EVENT_RELOAD_AFTER_SAVE_MS - 2);
  });

  it('shows a deadline without a delete button', async () => {
    const { user } = setup();
    await user.click(await screen.findByText('Proof of loss due'));
    const popover = await screen.findByRole('dialog', { name: 'Proof of loss due' });
    expect(within(popover).queryByRole('button', { name: 'Delete event' })).not.toBeInTheDocument();
    expect(popover).toHaveTextContent(CALENDAR_MESSAGES.eventReadOnly);
  });
});

describe('The Sentinel calendar read ahead', () => {
  it('opens the screen without asking for it again, and Sync reads it afresh', async () => {
    const fetches = mockAnswers();
    readCalendarAhead(queryClient, getSessionSnapshot());
    expect(queryClient.getQueryCache().findAll({ queryKey: ['calendar'] })).toHaveLength(1);
    await waitFor(() => expect(fetches.callsTo('GET /api/calendar/events/sentinel')).toHaveLength(1));
    const ahead = queryOf(fetches.callsTo('GET /api/calendar/events/sentinel')[0]);

    const { user } = renderWithRouter(<CalendarScreen />, '/calendar');
    expect(await screen.findByText('Hopper roof inspection')).toBeInTheDocument();
    expect(fetches.callsTo('GET /api/calendar/events/sentinel')).toHaveLength(1);
    // Google and Outlook are read live, for the same range.
    const google = queryOf(fetches.callsTo('GET /api/calendar/events/google')[0]);
    expect([google.get('start'), google.get('end')]).toEqual([ahead.get('start'), ahead.get('end')]);
    expect(fetches.callsTo('GET /api/calendar/events/microsoft')).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Sync' }));
    await waitFor(() => expect(fetches.callsTo('GET /api/calendar/events/sentinel')).toHaveLength(2));
  });

  it('leaves a range read ahead but not opened alone when an event changes', async () => {
    const fetches = mockAnswers();
    readCalendarAhead(queryClient, getSessionSnapshot());
    await waitFor(() => expect(fetches.callsTo('GET /api/calendar/events/sentinel')).toHaveLength(1));
    // A link opens another range (the month): the week read ahead stays unused in the cache.
    const { user } = renderWithRouter(<CalendarScreen />, '/calendar?view=month');
    await user.click(await screen.findByText('Hopper roof inspection'));
    const popover = await screen.findByRole('dialog', { name: 'Hopper roof inspection' });
    await user.click(within(popover).getByRole('button', { name: 'Delete event' }));
    const confirm = await screen.findByRole('alertdialog', { name: MESSAGES.confirmTitle });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(CALENDAR_MESSAGES.eventDeleted)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Hopper roof inspection')).not.toBeInTheDocument());
  });

  it('reads nothing for a person without a firm', async () => {
    signIn(firmless);
    const fetches = mockAnswers();
    readCalendarAhead(queryClient, getSessionSnapshot());
    // A read ahead enters the cache at once (as in the tests above): here nothing did.
    expect(queryClient.getQueryCache().findAll({ queryKey: ['calendar'] })).toHaveLength(0);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(fetches.calls).toHaveLength(0);
  });
});
