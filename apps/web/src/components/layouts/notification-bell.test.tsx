import { type Notification, type NotificationsResponse, CALENDAR_MESSAGES } from '@sentinel/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { json, mockFetch, type FetchHandler } from '@/testing/fetch-mock';
import { currentUrl, renderWithRouter } from '@/testing/render-app';
import { signIn } from '@/testing/session';
import { NotificationBell } from './notification-bell';

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

const note = (overrides: Partial<Notification> = {}): Notification => ({
  id: '6f0e1d9c-0000-4000-8000-000000000001',
  kind: 'event_reminder',
  title: 'Deposition - Smith v. Acme',
  body: 'Starts in 15 minutes',
  link: '/calendar?event=evt-1',
  createdAt: minutesAgo(5),
  readAt: null,
  late: false,
  ...overrides,
});

const reminder = note();
const lateInvite = note({
  id: '6f0e1d9c-0000-4000-8000-000000000002',
  kind: 'event_invitation',
  title: 'Inspection - 12 Elm St',
  body: 'Ann Attorney invited you',
  link: '/calendar?event=evt-2',
  createdAt: minutesAgo(120),
  late: true,
});
const readOne = note({
  id: '6f0e1d9c-0000-4000-8000-000000000003',
  title: 'Mediation Session - Jones',
  createdAt: minutesAgo(60 * 24 * 2),
  readAt: minutesAgo(60),
});

/** The bell over a server whose list the test can change (as marking read does). */
function renderBell(initial: NotificationsResponse, handlers: Record<string, FetchHandler> = {}) {
  signIn();
  let answer = initial;
  const fetches = mockFetch({
    'GET /api/notifications': () => json(200, answer),
    ...handlers,
  });
  const app = renderWithRouter(<NotificationBell />, '/cases', [
    {
      path: '/calendar',
      element: (
        <>
          <NotificationBell />
          <p>Calendar page</p>
        </>
      ),
    },
  ]);
  return { ...app, ...fetches, setAnswer: (next: NotificationsResponse) => (answer = next) };
}

const readAll = (answer: NotificationsResponse): NotificationsResponse => ({
  unread: 0,
  data: answer.data.map((item) => ({ ...item, readAt: item.readAt ?? minutesAgo(0) })),
});

describe('notification bell', () => {
  const list: NotificationsResponse = { data: [reminder, lateInvite, readOne], unread: 2 };

  it('shows the unread count, and opens a list with title, body, time and Late with the keyboard', async () => {
    const { user } = renderBell(list);
    const bell = await screen.findByRole('button', { name: 'Notifications, 2 unread' });
    expect(bell).toHaveTextContent('2');

    bell.focus();
    await user.keyboard('{Enter}');
    const menu = await screen.findByRole('menu', { name: 'Notifications' });
    const items = within(menu).getAllByRole('menuitem');
    // Mark all as read, then the three notifications, newest first.
    expect(items).toHaveLength(4);
    const [first, second, third] = items.slice(1);
    expect(first).toHaveTextContent('Unread: Deposition - Smith v. Acme');
    expect(first).toHaveTextContent('Starts in 15 minutes');
    expect(first).toHaveTextContent('5 minutes ago');
    expect(first).not.toHaveTextContent('Late');
    expect(second).toHaveTextContent('Inspection - 12 Elm St');
    expect(second).toHaveTextContent('Late');
    expect(second).toHaveTextContent('2 hours ago');
    expect(third).toHaveTextContent('Mediation Session - Jones');
    expect(third).not.toHaveTextContent('Unread');
    expect(third).toHaveTextContent('2 days ago');

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
    expect(bell).toHaveFocus();

    await user.keyboard(' ');
    expect(await screen.findByRole('menu', { name: 'Notifications' })).toBeInTheDocument();
  });

  it('marks a notification read when chosen and opens its page', async () => {
    const { user, router, callsTo, setAnswer } = renderBell(list, {
      'POST /api/notifications/6f0e1d9c-0000-4000-8000-000000000002/read': () => {
        setAnswer({ data: [reminder, { ...lateInvite, readAt: minutesAgo(0) }, readOne], unread: 1 });
        return new Response(null, { status: 204 });
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Notifications, 2 unread' }));
    await user.click(await screen.findByRole('menuitem', { name: /Inspection - 12 Elm St/ }));

    await waitFor(() => expect(currentUrl(router)).toBe('/calendar?event=evt-2'));
    expect(screen.getByText('Calendar page')).toBeInTheDocument();
    expect(callsTo('POST /api/notifications/6f0e1d9c-0000-4000-8000-000000000002/read')).toHaveLength(1);
    expect(await screen.findByRole('button', { name: 'Notifications, 1 unread' })).toBeInTheDocument();
  });

  it('opens a read notification without marking it again', async () => {
    const { user, router, calls } = renderBell(list);
    await user.click(await screen.findByRole('button', { name: 'Notifications, 2 unread' }));
    await user.click(await screen.findByRole('menuitem', { name: /Mediation Session - Jones/ }));
    await waitFor(() => expect(currentUrl(router)).toBe('/calendar?event=evt-1'));
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);
  });

  it('marks all as read, keeping the list open', async () => {
    const { user, callsTo, setAnswer } = renderBell(list, {
      'POST /api/notifications/read-all': () => {
        setAnswer(readAll(list));
        return new Response(null, { status: 204 });
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Notifications, 2 unread' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Mark all as read' }));

    expect(await screen.findByRole('button', { name: 'Notifications' })).toBeInTheDocument();
    expect(callsTo('POST /api/notifications/read-all')).toHaveLength(1);
    const menu = screen.getByRole('menu', { name: 'Notifications' });
    expect(within(menu).queryByText(/Unread:/)).not.toBeInTheDocument();
    expect(within(menu).getByRole('menuitem', { name: 'Mark all as read' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
  });

  it('puts the count back and says so when marking read fails', async () => {
    const { user } = renderBell(list, {
      'POST /api/notifications/read-all': () => json(500, { error: 'Internal server error' }),
    });
    await user.click(await screen.findByRole('button', { name: 'Notifications, 2 unread' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Mark all as read' }));
    expect(await screen.findByText('Internal server error')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Notifications, 2 unread' })).toBeInTheDocument();
  });

  it('says there are none yet', async () => {
    const { user } = renderBell({ data: [], unread: 0 });
    const bell = await screen.findByRole('button', { name: 'Notifications' });
    await waitFor(() => expect(bell).not.toHaveTextContent(/\d/));
    await user.click(bell);
    const menu = await screen.findByRole('menu', { name: 'Notifications' });
    expect(within(menu).getByText(CALENDAR_MESSAGES.notificationsEmpty)).toBeInTheDocument();
  });

  it('asks again every 30 seconds while the tab is visible, and on coming back to it', async () => {
    let visibility: DocumentVisibilityState = 'visible';
    vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => visibility);
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { callsTo, setAnswer } = renderBell({ data: [], unread: 0 });
    await screen.findByRole('button', { name: 'Notifications' });
    await waitFor(() => expect(callsTo('GET /api/notifications')).toHaveLength(1));

    setAnswer({ data: [reminder], unread: 1 });
    await vi.advanceTimersByTimeAsync(30_000);
    expect(await screen.findByRole('button', { name: 'Notifications, 1 unread' })).toBeInTheDocument();
    expect(callsTo('GET /api/notifications')).toHaveLength(2);

    // A hidden tab is not polled; coming back asks at once.
    visibility = 'hidden';
    window.dispatchEvent(new Event('visibilitychange'));
    await vi.advanceTimersByTimeAsync(90_000);
    expect(callsTo('GET /api/notifications')).toHaveLength(2);
    visibility = 'visible';
    window.dispatchEvent(new Event('visibilitychange'));
    await waitFor(() => expect(callsTo('GET /api/notifications')).toHaveLength(3));
    vi.restoreAllMocks();
  });
});
