import { MESSAGES, type SessionUser } from '@sentinel/shared';
import { screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { json, mockFetch, verifiedAs } from '@/testing/fetch-mock';
import { preloadRoutes, renderApp } from '@/testing/render-app';
import { attorney, propertyOwner, signIn } from '@/testing/session';

describe('routes', () => {
  beforeAll(preloadRoutes, 120_000);

  it('redirects an unknown path to /', async () => {
    mockFetch({});
    const { router } = renderApp('/no/such/page');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('/terms shows the terms of service', async () => {
    mockFetch({});
    renderApp('/terms');
    expect(await screen.findByRole('heading', { name: 'Terms of Service', level: 1 })).toBeInTheDocument();
    expect(screen.getByText(/Nothing is billed during the trial/)).toBeInTheDocument();
  });

  it.each([
    ['/oauth2callback', 'google'],
    ['/microsoftoauthcallback', 'microsoft'],
  ])('%s is public and returns the outcome to Settings', async (path, provider) => {
    signIn(attorney);
    mockFetch({
      ...verifiedAs(attorney),
      'POST /api/oauth/callback': () => json(400, { error: MESSAGES.invalidState, code: 'BAD_REQUEST' }),
      'GET /api/profile': () => json(200, {}),
      'GET /api/oauth/connections': () => json(200, { data: [] }),
    });
    const { router } = renderApp(`${path}?code=abc&state=${provider}-state`);
    expect(await screen.findByRole('heading', { name: 'Connecting Account' })).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings'));
    expect(new URLSearchParams(router.state.location.search).get('provider')).toBe(provider);
  });

  it.each([
    ['/cases', 'Case Management', MESSAGES.noCasesFound],
    ['/timeline', 'Case Timeline & Progress', MESSAGES.noTimelineEvents],
    ['/email', 'Email', MESSAGES.emailNoProvider],
  ])('%s shows its title and empty state', async (path, title, empty) => {
    signIn(attorney);
    mockFetch({
      ...verifiedAs(attorney),
      'GET /api/cases': () => json(200, { data: [], total: 0 }),
      'GET /api/timeline': () => json(200, { data: [] }),
      'GET /api/oauth/connections': () => json(200, { data: [] }),
    });
    renderApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(await screen.findByText(empty)).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe(`${title} | Sentinel`));
  });

  it('the attorney dashboard loads its figures from GET /api/dashboard/attorney', async () => {
    signIn(attorney);
    const { callsTo } = mockFetch({
      ...verifiedAs(attorney),
      'GET /api/dashboard/attorney': () =>
        json(200, {
          stats: {
            activeCases: 0,
            totalClients: 0,
            settlementsMtd: 0,
            successRate: null,
            settledWithTarget: 0,
          },
          funnel: [],
          caseTypes: [],
          recentActivity: [],
          upcomingDeadlines: [],
        }),
    });
    renderApp('/attorney/dashboard');
    expect(await screen.findByRole('heading', { level: 2, name: 'Active Cases' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'No cases yet' })).toBeInTheDocument();
    expect(callsTo('GET /api/dashboard/attorney')).toHaveLength(1);
  });
});

describe('role-aware routes (one rule: RequireShell in the route table)', () => {
  beforeAll(preloadRoutes, 120_000);

  const verifyAs = (user: SessionUser) =>
    mockFetch({
      'GET /api/tokens/verify': () => json(200, { success: true, user }),
      // The client dashboard's case list.
      'GET /api/cases': () => json(200, { data: [], total: 0 }),
      // The timeline's cases.
      'GET /api/timeline': () => json(200, { data: [] }),
    });

  it.each([
    '/clients',
    '/clients/6f1d2c7e-2a4b-4c8d-9e0f-1a2b3c4d5e6f',
    '/cases',
    '/calendar',
    '/negotiations',
    '/experts',
    '/experts/6f1d2c7e-2a4b-4c8d-9e0f-1a2b3c4d5e6f',
    '/workflows',
    '/analytics',
    '/attorney/dashboard',
  ])('a client typing the attorney-only %s lands on /dashboard without loading it', async (path) => {
    signIn(propertyOwner);
    const { calls } = verifyAs(propertyOwner);
    const { router } = renderApp(path);

    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, Grace' })).toBeInTheDocument();
    // Replaced, not pushed: Back does not return to the screen the user may not see.
    expect(router.state.historyAction).toBe('REPLACE');
    // Nothing of the attorney screen was fetched (the guard verifies again after the redirect);
    // only the client dashboard's own case list, the top bar's notifications and the sidebar's
    // unread messages.
    expect(
      calls.filter(
        (call) =>
          call.key !== 'GET /api/tokens/verify' &&
          call.key !== 'GET /api/notifications' &&
          call.key !== 'GET /api/conversations/unread' &&
          call.url !== '/api/cases?pageSize=all',
      ),
    ).toEqual([]);
  });

  it('a contractor typing /clients lands on /dashboard too', async () => {
    const contractor: SessionUser = { ...propertyOwner, userType: 'restoration-contractor' };
    signIn(contractor);
    verifyAs(contractor);
    const { router } = renderApp('/clients');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });

  it.each(['/dashboard', '/client/dashboard'])(
    'an attorney typing %s lands on /attorney/dashboard',
    async (path) => {
      signIn(attorney);
      verifyAs(attorney);
      const { router } = renderApp(path);
      await waitFor(() => expect(router.state.location.pathname).toBe('/attorney/dashboard'));
      expect(await screen.findByRole('heading', { level: 1, name: /Welcome back/ })).toBeInTheDocument();
    },
  );

  it.each(['/timeline', '/messages', '/settings', '/documents', '/email'])(
    'a client keeps the shared screen %s',
    async (path) => {
      signIn(propertyOwner);
      verifyAs(propertyOwner);
      const { router } = renderApp(path);
      expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
      expect(router.state.location.pathname).toBe(path);
    },
  );

  it('goes by the verified user type, not an edited one in storage', async () => {
    // The browser claims attorney; the server's verify answer says client.
    signIn({ ...propertyOwner, userType: 'attorney' });
    verifyAs(propertyOwner);
    const { router } = renderApp('/clients');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });
});
