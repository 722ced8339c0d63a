import { MESSAGES, noAuthorizationCode, SESSION_STORAGE_KEYS, STORAGE_KEYS } from '@sentinel/shared';
import { render, screen, waitFor } from '@testing-library/react';
import { StrictMode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { deferred, json, mockFetch } from '@/testing/fetch-mock';
import { currentUrl } from '@/testing/render-app';
import { signIn } from '@/testing/session';
import { OAuthCallback } from './oauth-callback';

/** The callback under StrictMode (effects run twice), as the app runs in development. */
function renderCallback(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/settings', element: <h1>Settings screen</h1> },
      { path: '*', element: <OAuthCallback /> },
    ],
    { initialEntries: [path] },
  );
  render(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  );
  return router;
}

const statusAnswer = () => json(200, { googleStatus: true, microsoftStatus: false });

describe('OAuth callback', () => {
  it("shows 'Connecting Account', posts the code once and goes to /settings?status=success", async () => {
    signIn();
    sessionStorage.setItem(SESSION_STORAGE_KEYS.oauthProvider, 'google');
    const answer = deferred<Response>();
    const { callsTo } = mockFetch({
      'POST /api/oauth/callback': () => answer.promise,
      'GET /api/oauth/status': statusAnswer,
    });
    const router = renderCallback('/oauth2callback?code=abc&state=state-1&scope=mail');

    expect(await screen.findByRole('heading', { name: 'Connecting Account' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toBeInTheDocument();
    await waitFor(() => expect(callsTo('POST /api/oauth/callback')).toHaveLength(1));
    const post = callsTo('POST /api/oauth/callback')[0]!;
    expect(post.body).toEqual({ provider: 'google', state: 'state-1', code: 'abc' });
    expect(post.headers.get('Authorization')).toMatch(/^Bearer /);

    answer.resolve(json(200, { provider: 'google', accountEmail: 'ada@example.test' }));
    await waitFor(() => expect(currentUrl(router)).toBe('/settings?status=success&provider=google'));
    expect(callsTo('POST /api/oauth/callback')).toHaveLength(1);
    expect(localStorage.getItem(STORAGE_KEYS.googleConnected)).toBe('true');
    expect(sessionStorage.getItem(SESSION_STORAGE_KEYS.oauthProvider)).toBeNull();
  });

  it("a refused code goes to /settings?status=error with the server's message", async () => {
    signIn();
    mockFetch({
      'POST /api/oauth/callback': () => json(400, { error: MESSAGES.invalidState, code: 'BAD_REQUEST' }),
    });
    const router = renderCallback('/microsoftoauthcallback?code=abc&state=state-2');
    await waitFor(() =>
      expect(currentUrl(router)).toBe(
        `/settings?status=error&provider=microsoft&message=${encodeURIComponent(MESSAGES.invalidState).replace(/%20/g, '+')}`,
      ),
    );
    expect(new URLSearchParams(router.state.location.search).get('message')).toBe(MESSAGES.invalidState);
  });

  it('a denied consent is posted (the server forgets the state) and its text reaches Settings', async () => {
    signIn();
    const { callsTo } = mockFetch({
      'POST /api/oauth/callback': () => json(400, { error: 'The user denied access', code: 'BAD_REQUEST' }),
    });
    const router = renderCallback(
      '/oauth2callback?error=access_denied&error_description=The%20user%20denied%20access&state=state-3',
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings'));
    expect(callsTo('POST /api/oauth/callback')[0]?.body).toEqual({
      provider: 'google',
      state: 'state-3',
      error: 'access_denied',
      error_description: 'The user denied access',
    });
    const query = new URLSearchParams(router.state.location.search);
    expect(query.get('status')).toBe('error');
    expect(query.get('message')).toBe('The user denied access');
  });

  it('without a code or an error it posts nothing and reports the missing code', async () => {
    signIn();
    const { calls } = mockFetch({});
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const router = renderCallback('/microsoftoauthcallback?state=state-4');
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings'));
    const query = new URLSearchParams(router.state.location.search);
    expect(query.get('provider')).toBe('microsoft');
    expect(query.get('message')).toBe(noAuthorizationCode('microsoft'));
    expect(query.get('message')).toBe('No authorization code received from Microsoft.');
    expect(calls).toHaveLength(0);
    log.mockRestore();
  });

  it("with no provider it stays on 'Processing OAuth Callback...' and logs why", async () => {
    signIn();
    const { calls } = mockFetch({});
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const router = renderCallback('/oauth/return?code=abc&state=state-5');
    expect(await screen.findByRole('heading', { name: 'Processing OAuth Callback...' })).toBeInTheDocument();
    expect(log).toHaveBeenCalledWith(MESSAGES.providerUnknown);
    expect(router.state.location.pathname).toBe('/oauth/return');
    expect(calls).toHaveLength(0);
    log.mockRestore();
  });

  it('falls back to the provider remembered in session storage', async () => {
    signIn();
    sessionStorage.setItem(SESSION_STORAGE_KEYS.oauthProvider, 'microsoft');
    const { callsTo } = mockFetch({
      'POST /api/oauth/callback': () => json(200, { provider: 'microsoft', accountEmail: 'a@b.test' }),
      'GET /api/oauth/status': () => json(200, { googleStatus: false, microsoftStatus: true }),
    });
    const router = renderCallback('/oauth/return?code=abc&state=state-6');
    await waitFor(() => expect(currentUrl(router)).toBe('/settings?status=success&provider=microsoft'));
    expect(callsTo('POST /api/oauth/callback')[0]?.body).toMatchObject({ provider: 'microsoft' });
  });
});
