import { type CaseSummary, CALENDAR_MESSAGES } from '@sentinel/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch, type FetchHandler } from '@/testing/fetch-mock';
import { renderWithRouter } from '@/testing/render-app';
import { attorney, signIn } from '@/testing/session';
import { EventDialog, type ProviderConnections } from './event-dialog';

const ZONE = 'America/New_York';
// 10:20 in New York (EDT, UTC-4): the next hour is 11:00.
const NOW = new Date('2026-03-10T14:20:00Z');

const hopper = {
  id: '6f1c0000-0000-4000-8000-000000000001',
  caseNumber: 'CASE-2026-001',
  title: 'Hopper Roof Claim',
} as CaseSummary;

const created = (status: number) => () =>
  status < 300 ? json(201, { data: { id: 'new' } }) : json(status, { message: 'Provider failed' });

function setup(
  connections: ProviderConnections = { google: true, outlook: false },
  handlers: Record<string, FetchHandler> = {},
) {
  const fetches = mockFetch({
    'GET /api/cases': () => json(200, { data: [hopper], total: 1 }),
    'POST /api/calendar/events/sentinel': created(201),
    'POST /api/calendar/events/google': created(201),
    'POST /api/calendar/events/outlook': created(201),
    ...handlers,
  });
  function Harness() {
    const [open, setOpen] = useState(false);
    return (
      <>
        <button type="button" onClick={() => setOpen(true)}>
          Open
        </button>
        <EventDialog
          open={open}
          onOpenChange={setOpen}
          initialStart={null}
          timeZone={ZONE}
          connections={connections}
        />
      </>
    );
  }
  const app = renderWithRouter(<Harness />);
  const open = async () => {
    await app.user.click(screen.getByRole('button', { name: 'Open' }));
    return screen.findByRole('dialog', { name: 'Create Calendar Event' });
  };
  return { ...app, fetches, open };
}

const field = (name: string) =>
  screen.getByLabelText(name, { exact: false, selector: 'input,select,textarea' });
const setValue = (element: HTMLElement, value: string) => fireEvent.change(element, { target: { value } });
const posts = (fetches: ReturnType<typeof mockFetch>) =>
  fetches.calls.filter((call) => call.method === 'POST');

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  signIn(attorney);
});

describe('Create Calendar Event dialog', () => {
  it('opens with fresh values every time: next hour, one hour long, meeting, 15-minute reminder', async () => {
    const { user, open } = setup();
    let dialog = await open();
    expect(field('Event Title')).toHaveValue('');
    expect(field('Event Type')).toHaveValue('meeting');
    expect(field('Related Case')).toHaveValue('');
    expect(field('Start Date & Time')).toHaveValue('2026-03-10T11:00');
    expect(field('End Date & Time')).toHaveValue('2026-03-10T12:00');
    expect(screen.getByRole('checkbox', { name: 'All day event' })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Sentinel Calendar' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: /Google Calendar.*Connected/ })).toBeChecked();
    const outlook = screen.getByRole('checkbox', { name: /Outlook Calendar.*Not connected/ });
    expect(outlook).not.toBeChecked();
    expect(outlook).toBeDisabled();
    expect(screen.getByRole('combobox', { name: 'Reminder 1' })).toHaveValue('15 minutes before');
    expect(screen.queryByRole('combobox', { name: 'Reminder 2' })).not.toBeInTheDocument();
    expect(within(dialog).getByText(CALENDAR_MESSAGES.providerRemindersNote)).toBeInTheDocument();

    await user.type(field('Event Title'), 'Site visit');
    setValue(field('Event Type'), 'court');
    await user.click(screen.getByRole('checkbox', { name: 'All day event' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());

    dialog = await open();
    expect(field('Event Title')).toHaveValue('');
    expect(field('Event Type')).toHaveValue('meeting');
    expect(field('Start Date & Time')).toHaveValue('2026-03-10T11:00');
  });

  it('offers a title from the type, with the chosen case, and none for other', async () => {
    const { open } = setup();
    await open();
    expect(field('Event Title')).toHaveAttribute('placeholder', 'Client Meeting - [Case Name]');
    setValue(field('Event Type'), 'deposition');
    expect(field('Event Title')).toHaveAttribute('placeholder', 'Deposition - [Case Name]');
    await screen.findByRole('option', { name: 'CASE-2026-001 — Hopper Roof Claim' });
    setValue(field('Related Case'), hopper.id);
    expect(field('Event Title')).toHaveAttribute('placeholder', 'Deposition - Hopper Roof Claim');
    expect(screen.getByRole('button', { name: 'Use “Deposition - Hopper Roof Claim”' })).toBeInTheDocument();
    setValue(field('Event Type'), 'other');
    expect(field('Event Title')).toHaveAttribute('placeholder', '');
    expect(screen.getByText('Left empty, "Untitled Event" is used.')).toBeInTheDocument();
  });

  it('saves an empty title as the suggestion, or Untitled Event for other', async () => {
    const { user, open, fetches } = setup({ google: false, outlook: false });
    await open();
    await user.click(screen.getByRole('button', { name: 'Create Event' }));
    await waitFor(() => expect(posts(fetches)).toHaveLength(1));
    expect(posts(fetches)[0]?.body).toMatchObject({ title: 'Client Meeting - [Case Name]' });

    await open();
    setValue(field('Event Type'), 'other');
    await user.click(screen.getByRole('button', { name: 'Create Event' }));
    await waitFor(() => expect(posts(fetches)).toHaveLength(2));
    expect(posts(fetches)[1]?.body).toMatchObject({ title: 'Untitled Event', eventType: 'other' });
  });

  it('switches to dates for all-day and back to the times it had', async () => {
    const { user, open } = setup();
    await open();
    setValue(field('End Date & Time'), '2026-03-10T13:30');
    await user.click(screen.getByRole('checkbox', { name: 'All day event' }));
    expect(field('Start Date')).toHaveAttribute('type', 'date');
    expect(field('Start Date')).toHaveValue('2026-03-10');
    expect(field('End Date')).toHaveValue('2026-03-10');
    setValue(field('End Date'), '2026-03-11');
    await user.click(screen.getByRole('checkbox', { name: 'All day event' }));
    expect(field('Start Date & Time')).toHaveAttribute('type', 'datetime-local');
    expect(field('Start Date & Time')).toHaveValue('2026-03-10T11:00');
    expect(field('End Date & Time')).toHaveValue('2026-03-11T13:30');
  });

  it('adds an attendee only with an @, once, trimmed and without the comma; each is removable', async () => {
    const { user, open } = setup();
    await open();
    const input = field('Attendees');
    await user.type(input, 'bob{Enter}');
    expect(screen.queryByRole('list', { name: 'Attendees added' })).not.toBeInTheDocument();
    await user.clear(input);
    await user.type(input, '  ann@example.test,');
    await user.type(input, 'joe@example.test{Enter}');
    await user.type(input, 'ANN@example.test{Enter}');
    const list = screen.getByRole('list', { name: 'Attendees added' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['ann@example.test', 'joe@example.test']);
    await user.click(screen.getByRole('button', { name: 'Remove ann@example.test' }));
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['joe@example.test']);
  });

  it('commits a pasted list of addresses at its commas, keeping what follows the last one', async () => {
    const { user, open } = setup();
    await open();
    const input = field('Attendees');
    await user.click(input);
    await user.paste('ann@example.test, joe@example.test,kim@exa');
    const list = screen.getByRole('list', { name: 'Attendees added' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['ann@example.test', 'joe@example.test']);
    expect(input).toHaveValue('kim@exa');
  });

  it('adds reminders as 30 minutes before and removes them one by one', async () => {
    const { user, open } = setup();
    await open();
    await user.click(screen.getByRole('button', { name: 'Add reminder' }));
    expect(screen.getByRole('combobox', { name: 'Reminder 2' })).toHaveValue('30 minutes before');
    await user.click(screen.getByRole('button', { name: 'Remove reminder 1' }));
    expect(screen.getByRole('combobox', { name: 'Reminder 1' })).toHaveValue('30 minutes before');
    expect(screen.queryByRole('combobox', { name: 'Reminder 2' })).not.toBeInTheDocument();
  });

  it('asks for a calendar and for an end after the start, sending nothing', async () => {
    const { user, open, fetches } = setup();
    await open();
    await user.click(screen.getByRole('checkbox', { name: 'Sentinel Calendar' }));
    await user.click(screen.getByRole('checkbox', { name: /Google Calendar/ }));
    setValue(field('End Date & Time'), '2026-03-10T10:00');
    await user.click(screen.getByRole('button', { name: 'Create Event' }));
    expect(screen.getByRole('alert')).toHaveTextContent(CALENDAR_MESSAGES.selectOneCalendar);
    expect(screen.getByText(CALENDAR_MESSAGES.eventEndBeforeStart)).toBeInTheDocument();
    expect(field('End Date & Time')).toHaveAttribute('aria-invalid', 'true');
    expect(field('End Date & Time').getAttribute('aria-describedby')).toBeTruthy();
    expect(posts(fetches)).toHaveLength(0);
  });

  it('sends each calendar its own shape: wall clock plus zone, offset instants, UTC for Outlook', async () => {
    const { user, open, fetches } = setup({ google: true, outlook: true });
    await open();
    await user.type(field('Event Title'), 'Inspection at Ellis');
    setValue(field('Related Case'), hopper.id);
    await user.type(field('Location'), '12 Elm St');
    await user.type(field('Attendees'), 'ann@example.test{Enter}');
    await user.type(field('Description'), 'Bring <the> photos');
    await user.click(screen.getByRole('button', { name: 'Create Event' }));
    await waitFor(() => expect(posts(fetches)).toHaveLength(3));
    const body = (path: string) => fetches.callsTo(`POST /api/calendar/events/${path}`)[0]?.body;
    expect(body('sentinel')).toEqual({
      title: 'Inspection at Ellis',
      description: 'Bring <the> photos',
      location: '12 Elm St',
      start: '2026-03-10T11:00',
      end: '2026-03-10T12:00',
      allDay: false,
      eventType: 'meeting',
      relatedCase: hopper.id,
      attendees: ['ann@example.test'],
      reminders: ['15 minutes before'],
      timeZone: ZONE,
    });
    expect(body('google')).toEqual({
      summary: 'Inspection at Ellis',
      description: 'Bring <the> photos',
      location: '12 Elm St',
      start: { dateTime: '2026-03-10T11:00:00-04:00' },
      end: { dateTime: '2026-03-10T12:00:00-04:00' },
      attendees: [{ email: 'ann@example.test' }],
    });
    expect(body('outlook')).toEqual({
      subject: 'Inspection at Ellis',
      body: { contentType: 'HTML', content: 'Bring &lt;the&gt; photos' },
      location: { displayName: '12 Elm St' },
      start: { dateTime: '2026-03-10T15:00:00', timeZone: 'UTC' },
      end: { dateTime: '2026-03-10T16:00:00', timeZone: 'UTC' },
      isAllDay: false,
      attendees: [{ emailAddress: { address: 'ann@example.test' }, type: 'required' }],
    });
    expect(
      await screen.findByText(
        'Event saved successfully to Sentinel Calendar, Google Calendar, Outlook Calendar',
      ),
    ).toBeInTheDocument();
  });

  it('sends all-day events as dates with the end the day after the last day', async () => {
    const { user, open, fetches } = setup({ google: true, outlook: true });
    await open();
    await user.click(screen.getByRole('checkbox', { name: 'All day event' }));
    setValue(field('End Date'), '2026-03-11');
    await user.click(screen.getByRole('button', { name: 'Create Event' }));
    await waitFor(() => expect(posts(fetches)).toHaveLength(3));
    const body = (path: string) => fetches.callsTo(`POST /api/calendar/events/${path}`)[0]?.body;
    expect(body('sentinel')).toMatchObject({
      start: '2026-03-10',
      end: '2026-03-12',
      allDay: true,
      timeZone: ZONE,
    });
    expect(body('google')).toMatchObject({ start: { date: '2026-03-10' }, end: { date: '2026-03-12' } });
    expect(body('outlook')).toMatchObject({
      start: { dateTime: '2026-03-10T00:00:00', timeZone: 'UTC' },
      end: { dateTime: '2026-03-12T00:00:00', timeZone: 'UTC' },
      isAllDay: true,
    });
  });

  it('names each calendar that failed, and closes when one saved', async () => {
    const { user, open } = setup(
      { google: true, outlook: false },
      {
        'POST /api/calendar/events/google': created(502),
      },
    );
    const dialog = await open();
    await user.click(screen.getByRole('button', { name: 'Create Event' }));
    expect(await screen.findByText('Failed to save to Google Calendar')).toBeInTheDocument();
    expect(await screen.findByText('Event saved successfully to Sentinel Calendar')).toBeInTheDocument();
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
  });

  it('stays open when no calendar saved the event', async () => {
    const { user, open } = setup(
      { google: false, outlook: true },
      {
        'POST /api/calendar/events/sentinel': created(500),
        'POST /api/calendar/events/outlook': created(502),
      },
    );
    const dialog = await open();
    await user.type(field('Event Title'), 'Mediation');
    await user.click(screen.getByRole('button', { name: 'Create Event' }));
    expect(await screen.findByText(CALENDAR_MESSAGES.noEventsSaved)).toBeInTheDocument();
    expect(screen.getByText('Failed to save to Sentinel Calendar')).toBeInTheDocument();
    expect(screen.getByText('Failed to save to Outlook Calendar')).toBeInTheDocument();
    expect(dialog).toBeInTheDocument();
    expect(field('Event Title')).toHaveValue('Mediation');
  });
});
