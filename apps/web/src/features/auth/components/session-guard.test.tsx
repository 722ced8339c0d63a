import { MESSAGES, STORAGE_KEYS } from '@sentinel/shared';
import { screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { deferred, json, mockFetch, verifiedAs } from '@/testing/fetch-mock';
import { preloadRoutes, renderApp } from '@/testing/render-app';
import { getAccessToken } from '@/lib/session-store';
import { browserStorageText, makeJwt, propertyOwner, reloadPage, signIn } from '@/testing/session';

describe('session guard', () => {
  beforeAll(preloadRoutes, 120_000);

  it("shows 'Loading...' until the token is verified, then the page", async () => {
    signIn(propertyOwner);
    const answer = deferred<Response>();
    const { callsTo } = mockFetch({ 'GET /api/tokens/verify': () => answer.promise });

    renderApp('/dashboard');

    expect(await screen.findByText('Loading...')).toBeInTheDocument();
    await waitFor(() => expect(callsTo('GET /api/tokens/verify')).toHaveLength(1));
    expect(screen.queryByRole('heading', { name: 'Welcome, Grace' })).not.toBeInTheDocument();

    answer.resolve(json(200, { success: true, user: propertyOwner }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, Grace' })).toBeInTheDocument();
    expect(screen.queryByText('Loading...')).not.toBeInTheDocument();
  });

  it('on failure toasts the session-expired text and redirects to /login', async () => {
    signIn(propertyOwner, makeJwt(900));
    const { callsTo } = mockFetch({
      'GET /api/tokens/verify': () => json(401, { error: 'Authentication required', code: 'UNAUTHORIZED' }),
      'POST /api/tokens/refresh': () => json(401, { error: 'Authentication required', code: 'UNAUTHORIZED' }),
    });

    const { router } = renderApp('/timeline');

    expect(await screen.findByText(MESSAGES.sessionExpired)).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await screen.findByRole('heading', { name: 'Sign in to Sentinel' })).toBeInTheDocument();
    expect(callsTo('POST /api/tokens/refresh')).toHaveLength(1);
    expect(getAccessToken()).toBeNull();
  });

  it("after a reload restores the session with one refresh, showing 'Loading...', never the login page", async () => {
    signIn(propertyOwner);
    reloadPage();
    const fresh = makeJwt(900);
    const refreshed = deferred<Response>();
    const { callsTo } = mockFetch({
      'POST /api/tokens/refresh': () => refreshed.promise,
      ...verifiedAs(propertyOwner),
    });

    const { router } = renderApp('/dashboard');

    expect(await screen.findByText('Loading...')).toBeInTheDocument();
    await waitFor(() => expect(callsTo('POST /api/tokens/refresh')).toHaveLength(1));
    // Nothing authenticated goes out before the refresh has answered.
    expect(callsTo('GET /api/tokens/verify')).toHaveLength(0);
    expect(screen.queryByRole('heading', { name: 'Sign in to Sentinel' })).not.toBeInTheDocument();

    refreshed.resolve(json(200, { token: fresh, expiresIn: 900, user: propertyOwner }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, Grace' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(callsTo('POST /api/tokens/refresh')).toHaveLength(1);
    const verifies = callsTo('GET /api/tokens/verify');
    expect(verifies.length).toBeGreaterThan(0);
    for (const call of verifies) expect(call.headers.get('Authorization')).toBe(`Bearer ${fresh}`);
    expect(getAccessToken()).toBe(fresh);
    expect(browserStorageText()).not.toContain(fresh);
  });

  it('with no stored token refreshes from the cookie first, then verifies', async () => {
    const fresh = makeJwt(900);
    localStorage.setItem(STORAGE_KEYS.userId, propertyOwner.userId);
    const { calls } = mockFetch({
      'POST /api/tokens/refresh': () => json(200, { token: fresh, expiresIn: 900 }),
      ...verifiedAs(propertyOwner),
    });

    renderApp('/timeline');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Case Timeline & Progress' }),
    ).toBeInTheDocument();
    // The shell's own reads aside (asked for once the session is verified): the bell, the
    // sidebar's unread messages, and the screen's cases to choose from.
    const shell = ['GET /api/notifications', 'GET /api/conversations/unread', 'GET /api/timeline'];
    const keys = calls.map((c) => c.key).filter((key) => !shell.includes(key));
    expect(keys).toEqual(['POST /api/tokens/refresh', 'GET /api/tokens/verify']);
    expect(calls[1]?.headers.get('Authorization')).toBe(`Bearer ${fresh}`);
  });
});
