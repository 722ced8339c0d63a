import { FIRM_STORAGE_KEYS, MESSAGES } from '@sentinel/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { queryClient } from '@/lib/query-client';
import { setFirmChangedHandler } from '@/lib/api-client';
import { getAccessToken, getSessionSnapshot } from '@/lib/session-store';
import { json, mockFetch, verifiedAs } from '@/testing/fetch-mock';
import { preloadRoutes, renderApp } from '@/testing/render-app';
import { attorney, lovelaceLaw, signIn, storedUser } from '@/testing/session';
import { inMorganReyes, membershipOf, morganReyes, sessionChange, twoFirmAttorney } from '../testing';

const emptyDashboard = {
  stats: { activeCases: 0, totalClients: 0, settlementsMtd: 0, successRate: null, settledWithTarget: 0 },
  funnel: [],
  caseTypes: [],
  recentActivity: [],
  upcomingDeadlines: [],
};

const switched = sessionChange(
  inMorganReyes,
  [membershipOf(lovelaceLaw), membershipOf(morganReyes, { current: true })],
  MESSAGES.firmSwitched,
);

function openAttorneyDashboard(user = twoFirmAttorney) {
  const token = signIn(user);
  const mock = mockFetch({
    'GET /api/tokens/verify': () => json(200, { success: true, user: storedUser() }),
    'GET /api/dashboard/attorney': () => json(200, emptyDashboard),
    'POST /api/auth/switch-firm': switched.respond,
    // After the switch: the public adjuster's dashboard, in Morgan & Reyes.
    'GET /api/cases': () => json(200, { data: [], total: 0, page: 1, pageSize: 'all' }),
  });
  return { token, ...mock, ...renderApp('/attorney/dashboard') };
}

const firmButton = (name: string) => screen.findByRole('button', { name: `Firm: ${name}` });

describe('firm switcher', () => {
  beforeAll(preloadRoutes, 120_000);

  it('is not shown to someone in one firm', async () => {
    openAttorneyDashboard(attorney);
    await screen.findByRole('heading', { level: 1, name: 'Welcome back, Ada' });
    expect(screen.queryByRole('button', { name: /^Firm:/ })).not.toBeInTheDocument();
  });

  it('shows the active firm and lists every firm with the type there, by keyboard', async () => {
    const { user } = openAttorneyDashboard();
    const button = await firmButton('Lovelace Law');
    expect(button).toHaveAttribute('aria-haspopup', 'menu');
    expect(button).toHaveAttribute('aria-expanded', 'false');

    button.focus();
    await user.keyboard('{Enter}');

    const menu = screen.getByRole('menu', { name: 'Switch firm' });
    const items = within(menu).getAllByRole('menuitemradio');
    expect(items.map((item) => item.textContent)).toEqual([
      'Lovelace LawAttorney',
      'Morgan & ReyesPublic Adjuster',
    ]);
    expect(items[0]).toHaveAttribute('aria-checked', 'true');
    expect(items[0]).toHaveFocus();
    expect(button).toHaveAttribute('aria-expanded', 'true');

    await user.keyboard('{ArrowDown}');
    expect(items[1]).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(items[0]).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(items[1]).toHaveFocus();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(button).toHaveFocus();

    await user.keyboard('{ArrowDown}');
    expect(within(screen.getByRole('menu')).getAllByRole('menuitemradio')[0]).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('closes on a press outside, and choosing the current firm changes nothing', async () => {
    const { user, callsTo } = openAttorneyDashboard();
    await user.click(await firmButton('Lovelace Law'));
    await user.click(screen.getByRole('heading', { level: 1 }));
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();

    await user.click(await firmButton('Lovelace Law'));
    await user.click(screen.getByRole('menuitemradio', { name: /Lovelace Law/ }));
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(callsTo('POST /api/auth/switch-firm')).toHaveLength(0);
  });

  it('switching asks for the firm, stores the new token, empties the cache and goes home', async () => {
    const { user, token: oldToken, callsTo, router } = openAttorneyDashboard();
    await screen.findByRole('heading', { level: 2, name: 'Active Cases' });
    expect(queryClient.getQueryCache().findAll({ queryKey: ['dashboard'] }).length).toBeGreaterThan(0);

    (await firmButton('Lovelace Law')).focus();
    await user.keyboard('{Enter}');
    const [first, second] = within(await screen.findByRole('menu')).getAllByRole('menuitemradio');
    await waitFor(() => expect(first).toHaveFocus());
    await user.keyboard('{ArrowDown}');
    await waitFor(() => expect(second).toHaveFocus());
    await user.keyboard('{Enter}');

    expect(await screen.findByText(MESSAGES.firmSwitched)).toBeInTheDocument();
    const [call] = callsTo('POST /api/auth/switch-firm');
    expect(call?.body).toEqual({ firmId: morganReyes.id });
    expect(call?.headers.get('Authorization')).toBe(`Bearer ${oldToken}`);

    expect(getAccessToken()).toBe(switched.token);
    expect(getSessionSnapshot()).toMatchObject({ userType: 'public-adjuster', firm: morganReyes });
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(await firmButton('Morgan & Reyes')).toBeInTheDocument();
    expect(screen.getByText('Signed in as', { exact: false })).toHaveTextContent(
      'Signed in as Public Adjuster',
    );
    // The old firm's answers are gone; the new firm's screens ask with the new token.
    expect(queryClient.getQueryCache().findAll({ queryKey: ['dashboard'] })).toHaveLength(0);
    await waitFor(() => expect(callsTo('GET /api/cases').length).toBeGreaterThan(0));
    for (const later of callsTo('GET /api/cases')) {
      expect(later.headers.get('Authorization')).toBe(`Bearer ${switched.token}`);
    }
  });

  it('a refused switch says why and keeps the firm', async () => {
    signIn(twoFirmAttorney);
    mockFetch({
      ...verifiedAs(twoFirmAttorney),
      'GET /api/dashboard/attorney': () => json(200, emptyDashboard),
      'POST /api/auth/switch-firm': () =>
        json(404, { error: MESSAGES.membershipNotFound, code: 'NOT_FOUND' }),
    });
    const { user, router } = renderApp('/attorney/dashboard');

    await user.click(await firmButton('Lovelace Law'));
    await user.click(screen.getByRole('menuitemradio', { name: /Morgan & Reyes/ }));

    expect(await screen.findByText(MESSAGES.membershipNotFound)).toBeInTheDocument();
    expect(getSessionSnapshot()?.firm).toEqual(lovelaceLaw);
    expect(router.state.location.pathname).toBe('/attorney/dashboard');
  });

  it('another tab’s switch of firm runs the firm-changed handler (a reload) in this one', async () => {
    const reload = vi.fn();
    setFirmChangedHandler(reload);
    openAttorneyDashboard();
    await firmButton('Lovelace Law');

    // The other tab stored the new firm (its token is its own: this tab's now fails).
    act(() => {
      window.dispatchEvent(
        new StorageEvent('storage', {
          key: FIRM_STORAGE_KEYS.firm,
          oldValue: JSON.stringify(lovelaceLaw),
          newValue: JSON.stringify(morganReyes),
        }),
      );
    });

    expect(reload).toHaveBeenCalledTimes(1);
  });
});
