import { MESSAGES } from '@sentinel/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { getAccessToken, getSessionSnapshot } from '@/lib/session-store';
import { json, mockFetch, type FetchHandler } from '@/testing/fetch-mock';
import { preloadRoutes, renderApp } from '@/testing/render-app';
import { firmless, lovelaceLaw, signIn, storedUser } from '@/testing/session';
import { membershipOf, morganReyes, sessionChange } from '../testing';
import { WAITING_POLL_MS, WAITING_TITLE } from './waiting-screen';

const invitation = membershipOf(morganReyes, { status: 'pending', invitedBy: 'Rosa Morgan' });

/**
 * Hedy, in no firm, at `path`; `memberships` answers GET /api/memberships. The session check
 * answers the user as last stored (as the server would for the token sent).
 */
function openAs(path: string, memberships: FetchHandler, extra: Record<string, FetchHandler> = {}) {
  signIn(firmless);
  const mock = mockFetch({
    'GET /api/tokens/verify': () => json(200, { success: true, user: storedUser() }),
    'GET /api/memberships': memberships,
    ...extra,
  });
  return { ...mock, ...renderApp(path) };
}

const heading = () => screen.findByRole('heading', { level: 1, name: WAITING_TITLE });

/** What the browser does when the person comes back to the tab. */
function returnToWindow() {
  act(() => {
    window.dispatchEvent(new Event('visibilitychange'));
  });
}

describe('waiting screen (no firm yet)', () => {
  beforeAll(preloadRoutes, 120_000);

  it('explains how to be added, with the e-mail signed up with, and says Guest in the top bar', async () => {
    openAs('/dashboard', () => json(200, { data: [] }));

    expect(await heading()).toBeInTheDocument();
    expect(screen.getByText(firmless.email)).toBeInTheDocument();
    expect(screen.getByText('Ask them to add you to a case.')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 3, name: 'No invitations yet' })).toBeInTheDocument();
    expect(screen.getByText('Signed in as', { exact: false })).toHaveTextContent('Signed in as Guest');
    expect(screen.queryByRole('button', { name: /^Firm:/ })).not.toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/dashboard', '/settings']);
  });

  it('stands in for every screen that needs a firm, without asking for its data', async () => {
    const { calls } = openAs('/documents', () => json(200, { data: [] }));
    expect(await heading()).toBeInTheDocument();
    // The top bar's notifications aside (every session page has the bell).
    const keys = calls.map((call) => call.key).filter((key) => key !== 'GET /api/notifications');
    expect(keys).toEqual(['GET /api/tokens/verify', 'GET /api/memberships']);
  });

  it('stands in for the attorney screens too', async () => {
    const { router } = openAs('/cases', () => json(200, { data: [] }));
    expect(await heading()).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/cases');
  });

  it('leaves Settings open, whose Profile reads No firm yet', async () => {
    openAs('/settings', () => json(200, { data: [] }), {
      'GET /api/profile': () =>
        json(200, { user: firmless, firmId: null, firmName: null, canEditFirmName: false }),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Settings' })).toBeInTheDocument();
    expect(await screen.findByLabelText('Firm name')).toHaveValue('No firm yet');
    expect(screen.queryByRole('button', { name: 'Save Profile' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: WAITING_TITLE })).not.toBeInTheDocument();
  });

  it('shows an invitation that arrives while waiting, when the person comes back to the window', async () => {
    let rows: unknown[] = [];
    openAs('/dashboard', () => json(200, { data: rows }));
    expect(await screen.findByRole('heading', { level: 3, name: 'No invitations yet' })).toBeInTheDocument();

    rows = [invitation];
    returnToWindow();

    // Well before the next poll.
    expect(
      await screen.findByText('Morgan & Reyes has added you as a Public Adjuster', {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.getByText(/Added by Rosa Morgan on/)).toBeInTheDocument();
  });

  it('asks again every 30 seconds while the window stays open', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let rows: unknown[] = [];
    const { callsTo } = openAs('/dashboard', () => json(200, { data: rows }));
    expect(await screen.findByRole('heading', { level: 3, name: 'No invitations yet' })).toBeInTheDocument();
    expect(callsTo('GET /api/memberships')).toHaveLength(1);

    rows = [invitation];
    await act(async () => {
      await vi.advanceTimersByTimeAsync(WAITING_POLL_MS);
    });

    expect(await screen.findByText('Morgan & Reyes has added you as a Public Adjuster')).toBeInTheDocument();
    expect(callsTo('GET /api/memberships')).toHaveLength(2);
  });

  it('accepting opens the firm: the new token and type are stored and the home of that type shows', async () => {
    const inFirm = {
      ...firmless,
      userType: morganReyes.userType,
      firm: morganReyes,
      firms: [morganReyes],
    };
    const accepted = sessionChange(
      inFirm,
      [{ ...invitation, status: 'active', current: true }],
      MESSAGES.invitationAccepted,
    );
    const { user, router, callsTo } = openAs('/documents', () => json(200, { data: [invitation] }), {
      [`POST /api/memberships/${invitation.id}/accept`]: accepted.respond,
      'GET /api/cases': () => json(200, { data: [], total: 0, page: 1, pageSize: 'all' }),
    });

    await user.click(await screen.findByRole('button', { name: 'Accept the invitation of Morgan & Reyes' }));

    expect(await screen.findByText(MESSAGES.invitationAccepted)).toBeInTheDocument();
    expect(callsTo(`POST /api/memberships/${invitation.id}/accept`)).toHaveLength(1);
    expect(getAccessToken()).toBe(accepted.token);
    expect(getSessionSnapshot()).toMatchObject({ userType: 'public-adjuster', firm: morganReyes });
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, Hedy' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: WAITING_TITLE })).not.toBeInTheDocument();
    expect(screen.getByText('Signed in as', { exact: false })).toHaveTextContent(
      'Signed in as Public Adjuster',
    );
  });

  it('declining keeps the person waiting, the invitation gone', async () => {
    const declined = sessionChange(firmless, [], MESSAGES.invitationDeclined);
    const { user } = openAs('/dashboard', () => json(200, { data: [invitation] }), {
      [`POST /api/memberships/${invitation.id}/decline`]: declined.respond,
    });

    await user.click(await screen.findByRole('button', { name: 'Decline the invitation of Morgan & Reyes' }));

    expect(await screen.findByText(MESSAGES.invitationDeclined)).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 3, name: 'No invitations yet' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: WAITING_TITLE })).toBeInTheDocument();
    expect(getAccessToken()).toBe(declined.token);
  });

  it('says so when the invitations cannot be loaded, and tries again', async () => {
    let fail = true;
    const { user } = openAs('/dashboard', () =>
      fail
        ? json(503, { error: 'Service unavailable', code: 'UNAVAILABLE' })
        : json(200, { data: [invitation] }),
    );

    expect(await screen.findByText('Service unavailable')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Morgan & Reyes has added you as a Public Adjuster')).toBeInTheDocument();
  });

  it('offers a firm the person already works in (joined elsewhere)', async () => {
    const switched = sessionChange(
      { ...firmless, userType: 'attorney', firm: lovelaceLaw, firms: [lovelaceLaw] },
      [membershipOf(lovelaceLaw, { current: true })],
      MESSAGES.firmSwitched,
    );
    const { user, router, callsTo } = openAs(
      '/dashboard',
      () => json(200, { data: [membershipOf(lovelaceLaw)] }),
      {
        'POST /api/auth/switch-firm': switched.respond,
        'GET /api/dashboard/attorney': () => json(503, { error: 'Service unavailable', code: 'UNAVAILABLE' }),
      },
    );

    await user.click(await screen.findByRole('button', { name: 'Open Lovelace Law' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/attorney/dashboard'));
    expect(callsTo('POST /api/auth/switch-firm')[0]?.body).toEqual({ firmId: lovelaceLaw.id });
  });
});
