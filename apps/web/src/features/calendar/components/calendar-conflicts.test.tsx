import {
  CALENDAR_COLOURS,
  MESSAGES,
  type CalendarEvent,
  type CalendarEventPatch,
  type Integration,
  CALENDAR_MESSAGES,
} from '@sentinel/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch, type FetchHandler } from '@/testing/fetch-mock';
import { renderWithRouter } from '@/testing/render-app';
import { attorney, signIn } from '@/testing/session';
import { CalendarScreen } from './calendar-screen';
import type { CalendarViewProps } from './calendar-view';

/**
 * Reference row 46 on the screen: every change of a Sentinel event carries the version the person
 * saw (If-Match); refused because a colleague changed it first (409), the change is not lost
 * silently: the dialog says so and shows the event as it is now, a move goes back, a delete stops.
 */

const revert = vi.fn();
const MOVE: CalendarEventPatch = { start: '2027-06-01T14:00', end: '2027-06-01T15:00', allDay: false };

// FullCalendar's drag cannot be played in jsdom: a stand-in view lists the events as buttons and
// offers a move, through the same props the real one calls.
vi.mock('./calendar-view', () => ({
  CalendarView: ({ events, onEventClick, onEventMove }: CalendarViewProps) => (
    <ul>
      {(events ?? []).map((event) => (
        <li key={event.id}>
          <button type="button" onClick={(click) => onEventClick(event, click.currentTarget)}>
            {event.title}
          </button>
          <button type="button" onClick={() => onEventMove(event, MOVE, revert)}>
            Move {event.title}
          </button>
        </li>
      ))}
    </ul>
  ),
}));

const hearing: CalendarEvent = {
  id: 'ev1',
  title: 'Hearing on the motion to compel',
  start: '2027-06-01T14:00:00Z',
  end: '2027-06-01T15:00:00Z',
  allDay: false,
  color: CALENDAR_COLOURS.sentinel,
  source: 'sentinel',
  description: '',
  location: 'Courtroom 4B',
  attendees: [],
  eventType: 'court',
  case: null,
  reminders: ['15 minutes before'],
  deadline: null,
  editable: true,
  conferenceUrl: null,
  htmlLink: null,
  etag: '"3"',
};
/** The event as a colleague left it a moment ago. */
const changed: CalendarEvent = {
  ...hearing,
  title: 'Hearing moved to Courtroom 1A',
  location: 'Courtroom 1A',
  etag: '"4"',
};

const conflict = (message: string) => () =>
  json(409, { error: message, message, code: 'CONFLICT', details: { current: changed } });

/** A Google event: its etag is Google's own, compared by Google. */
const deposition: CalendarEvent = {
  ...hearing,
  id: 'g1',
  title: 'Deposition of the field adjuster',
  color: CALENDAR_COLOURS.google,
  source: 'google',
  eventType: null,
  etag: '"3400000000000001000"',
};

const integrations: Integration[] = [
  { provider: 'google', configured: true, sandbox: true, composeUrl: null, connection: null },
  { provider: 'microsoft', configured: true, sandbox: true, composeUrl: null, connection: null },
];

function setup(handlers: Record<string, FetchHandler>) {
  const fetches = mockFetch({
    'GET /api/oauth/connections': () => json(200, { data: integrations }),
    'GET /api/cases': () => json(200, { data: [], total: 0 }),
    'GET /api/calendar/events/google': () =>
      json(200, { data: [], source: 'google', status: 'not_connected' }),
    'GET /api/calendar/events/microsoft': () =>
      json(200, { data: [], source: 'microsoft', status: 'not_connected' }),
    'GET /api/calendar/events/sentinel': () =>
      json(200, { data: [hearing], source: 'sentinel', status: 'ok' }),
    ...handlers,
  });
  return { ...renderWithRouter(<CalendarScreen />, '/calendar'), fetches };
}

beforeEach(() => {
  signIn(attorney);
  revert.mockClear();
});

describe('Changes a colleague made first', () => {
  it('an edit sends If-Match; refused, the dialog stays open with the message and the current event, and saves it again', async () => {
    let saves = 0;
    const { user, fetches } = setup({
      'PATCH /api/calendar/events/sentinel/ev1': (call) =>
        ++saves === 1
          ? conflict(CALENDAR_MESSAGES.eventChangedElsewhere)()
          : json(200, { data: { ...changed, ...(call.body as object), etag: '"5"' } }),
    });
    await user.click(await screen.findByRole('button', { name: hearing.title }));
    const popover = await screen.findByRole('dialog', { name: hearing.title });
    await user.click(within(popover).getByRole('button', { name: 'Edit event' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Calendar Event' });
    const title = within(dialog).getByLabelText('Event Title', { exact: false, selector: 'input' });
    expect(title).toHaveValue(hearing.title);
    expect(within(dialog).getByLabelText('Location', { selector: 'input' })).toHaveValue('Courtroom 4B');
    expect(within(dialog).queryByText('Add to Calendar')).not.toBeInTheDocument();
    await user.clear(title);
    await user.type(title, 'Hearing adjourned');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      CALENDAR_MESSAGES.eventChangedElsewhere,
    );
    const [first] = fetches.callsTo('PATCH /api/calendar/events/sentinel/ev1');
    expect(first?.headers.get('if-match')).toBe('"3"');
    expect(first?.body).toMatchObject({ title: 'Hearing adjourned', location: 'Courtroom 4B' });
    // The dialog now shows the event as the colleague left it, and stays open.
    expect(title).toHaveValue(changed.title);
    expect(within(dialog).getByLabelText('Location', { selector: 'input' })).toHaveValue('Courtroom 1A');
    expect(screen.getByRole('dialog', { name: 'Edit Calendar Event' })).toBeInTheDocument();
    // The calendar behind (hidden from assistive technology while the dialog is open) shows it too.
    expect(screen.getByRole('button', { name: changed.title, hidden: true })).toBeInTheDocument();

    await user.clear(title);
    await user.type(title, 'Hearing adjourned');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText(CALENDAR_MESSAGES.eventUpdated)).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Edit Calendar Event' })).not.toBeInTheDocument(),
    );
    const second = fetches.callsTo('PATCH /api/calendar/events/sentinel/ev1')[1];
    expect(second?.headers.get('if-match')).toBe('"4"');
    expect(screen.getByRole('button', { name: 'Hearing adjourned' })).toBeInTheDocument();
  });

  it('any other failure keeps the dialog open with the server message and the person’s values', async () => {
    const { user } = setup({
      'PATCH /api/calendar/events/sentinel/ev1': () =>
        json(400, { error: 'The end must be after the start', code: 'BAD_REQUEST' }),
    });
    await user.click(await screen.findByRole('button', { name: hearing.title }));
    await user.click(
      within(await screen.findByRole('dialog', { name: hearing.title })).getByRole('button', {
        name: 'Edit event',
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Edit Calendar Event' });
    const title = within(dialog).getByLabelText('Event Title', { exact: false, selector: 'input' });
    await user.clear(title);
    await user.type(title, 'Mine');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The end must be after the start');
    expect(title).toHaveValue('Mine');
  });

  it('an event deleted in another browser meanwhile: the dialog says so and the calendar stops showing it', async () => {
    const { user } = setup({
      'PATCH /api/calendar/events/sentinel/ev1': () =>
        json(404, { error: CALENDAR_MESSAGES.eventNotFound, code: 'NOT_FOUND' }),
    });
    await user.click(await screen.findByRole('button', { name: hearing.title }));
    await user.click(
      within(await screen.findByRole('dialog', { name: hearing.title })).getByRole('button', {
        name: 'Edit event',
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Edit Calendar Event' });
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(CALENDAR_MESSAGES.eventNotFound);
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: hearing.title, hidden: true })).not.toBeInTheDocument(),
    );
  });

  it('a move sends If-Match; refused, the event goes back, the message shows and the calendar shows the current event', async () => {
    const { user, fetches } = setup({
      'PATCH /api/calendar/events/sentinel/ev1': conflict(CALENDAR_MESSAGES.eventChangedElsewhere),
    });
    await user.click(await screen.findByRole('button', { name: `Move ${hearing.title}` }));
    expect(await screen.findByText(CALENDAR_MESSAGES.eventChangedElsewhere)).toBeInTheDocument();
    expect(revert).toHaveBeenCalledTimes(1);
    expect(fetches.callsTo('PATCH /api/calendar/events/sentinel/ev1')[0]?.headers.get('if-match')).toBe(
      '"3"',
    );
    expect(await screen.findByRole('button', { name: changed.title })).toBeInTheDocument();
  });

  it('a delete sends If-Match; refused, the event stays with the message and shows as it is now', async () => {
    const { user, fetches } = setup({
      'DELETE /api/calendar/events/sentinel/ev1': conflict(CALENDAR_MESSAGES.eventChangedBeforeDelete),
    });
    await user.click(await screen.findByRole('button', { name: hearing.title }));
    await user.click(
      within(await screen.findByRole('dialog', { name: hearing.title })).getByRole('button', {
        name: 'Delete event',
      }),
    );
    const confirm = await screen.findByRole('alertdialog', { name: MESSAGES.confirmTitle });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(CALENDAR_MESSAGES.eventChangedBeforeDelete)).toBeInTheDocument();
    expect(fetches.callsTo('DELETE /api/calendar/events/sentinel/ev1')[0]?.headers.get('if-match')).toBe(
      '"3"',
    );
    expect(await screen.findByRole('button', { name: changed.title })).toBeInTheDocument();
    expect(screen.queryByText(CALENDAR_MESSAGES.eventDeleted)).not.toBeInTheDocument();
  });

  it('a Google event moved in Google meanwhile: the move goes back with the message and the calendars are read again', async () => {
    let reads = 0;
    const { user, fetches } = setup({
      'GET /api/calendar/events/google': () =>
        json(200, {
          data: [++reads === 1 ? deposition : { ...deposition, title: 'Deposition (moved in Google)' }],
          source: 'google',
          status: 'ok',
        }),
      'PATCH /api/calendar/events/google/g1': () =>
        json(409, {
          error: CALENDAR_MESSAGES.eventChangedElsewhere,
          message: CALENDAR_MESSAGES.eventChangedElsewhere,
          code: 'CONFLICT',
          details: { current: null },
        }),
    });
    await user.click(await screen.findByRole('button', { name: `Move ${deposition.title}` }));
    expect(await screen.findByText(CALENDAR_MESSAGES.eventChangedElsewhere)).toBeInTheDocument();
    expect(revert).toHaveBeenCalledTimes(1);
    expect(fetches.callsTo('PATCH /api/calendar/events/google/g1')[0]?.headers.get('if-match')).toBe(
      deposition.etag,
    );
    expect(await screen.findByRole('button', { name: 'Deposition (moved in Google)' })).toBeInTheDocument();
  });
});
