import { CALENDAR_COLOURS, type CalendarEvent } from '@sentinel/shared';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithRouter } from '@/testing/render-app';
import { EventPopover } from './event-popover';

const ZONE = 'America/New_York';

const meeting: CalendarEvent = {
  id: 'g1',
  title: 'Adjuster call',
  start: '2026-03-10T15:00:00Z',
  end: '2026-03-10T16:30:00Z',
  allDay: false,
  color: CALENDAR_COLOURS.google,
  source: 'google',
  description: '<p>Agenda:</p><ul><li>Roof</li><li>Estimate</li></ul><script>alert(1)</script>',
  location: '12 Elm St',
  attendees: [
    { name: 'Maria Hernandez', email: 'maria@example.test', status: 'accepted' },
    { name: null, email: 'adjuster@carrier.test', status: 'needsAction' },
  ],
  eventType: 'meeting',
  case: { id: 'c1', caseNumber: 'CASE-2026-001', title: 'Hopper Roof Claim' },
  reminders: [],
  deadline: null,
  editable: true,
  conferenceUrl: 'https://meet.example.test/abc',
  htmlLink: 'https://calendar.google.com/event?eid=1',
};

function setup(event: CalendarEvent = meeting) {
  const onClose = vi.fn();
  const onDelete = vi.fn();
  const app = renderWithRouter(
    <EventPopover event={event} anchor={null} timeZone={ZONE} onClose={onClose} onDelete={onDelete} />,
  );
  return { ...app, onClose, onDelete };
}

describe('Event popover', () => {
  it('shows the time in the user zone, place, attendees with their answers, case and links', async () => {
    const { user, onDelete } = setup();
    const popover = screen.getByRole('dialog', { name: 'Adjuster call' });
    expect(popover).toHaveFocus();
    expect(popover).toHaveTextContent('Tue, Mar 10, 2026, 11:00 AM – 12:30 PM');
    expect(popover).toHaveTextContent('12 Elm St');
    expect(popover).toHaveTextContent('2 attendees');
    expect(popover).toHaveTextContent('Maria Hernandez · Accepted');
    expect(popover).toHaveTextContent('adjuster@carrier.test · Awaiting response');
    expect(screen.getByText(/Agenda:\s+Roof\s+Estimate/)).toBeInTheDocument();
    expect(popover).not.toHaveTextContent('alert(1)');
    expect(popover).toHaveTextContent('Google Calendar');
    expect(screen.getByRole('link', { name: 'CASE-2026-001 — Hopper Roof Claim' })).toHaveAttribute(
      'href',
      '/cases/c1',
    );
    expect(screen.getByRole('link', { name: 'Join video call' })).toHaveAttribute(
      'href',
      'https://meet.example.test/abc',
    );
    expect(screen.getByRole('link', { name: 'Open in Google Calendar' })).toHaveAttribute(
      'href',
      meeting.htmlLink,
    );
    await user.click(screen.getByRole('button', { name: 'Delete event' }));
    expect(onDelete).toHaveBeenCalledWith(meeting);
  });

  it('shows all-day events by their days and closes on Escape', async () => {
    const { user, onClose } = setup({ ...meeting, allDay: true, start: '2026-03-10', end: '2026-03-12' });
    expect(screen.getByRole('dialog')).toHaveTextContent('Tue, Mar 10, 2026 – Wed, Mar 11, 2026 · All day');
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalled();
  });
});
