import { MESSAGES, SESSION_STORAGE_KEYS, STORAGE_KEYS } from '@sentinel/shared';
import { screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { json, mockFetch, verifiedAs } from '@/testing/fetch-mock';
import { currentUrl, fillIn, preloadRoutes, renderApp } from '@/testing/render-app';
import { getAccessToken } from '@/lib/session-store';
import {
  attorney,
  browserStorageText,
  firmless,
  JWT_PATTERN,
  makeJwt,
  propertyOwner,
} from '@/testing/session';

const LOGIN = 'POST /api/auth/login';

async function submitLogin(path = '/login', email = 'ada@lovelace-law.test', password = 'Secret123') {
  const app = renderApp(path);
  await fillIn(app.user, await screen.findByLabelText('Email'), email);
  await fillIn(app.user, screen.getByLabelText('Password'), password);
  await app.user.click(screen.getByRole('button', { name: 'Sign In' }));
  return app;
}

describe('login', () => {
  beforeAll(preloadRoutes, 120_000);

  it('shows the 401 text when the answer carries no error field', async () => {
    mockFetch({ [LOGIN]: () => new Response(null, { status: 401 }) });
    await submitLogin();
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.invalidCredentials);
  });

  it("shows the server's error field", async () => {
    mockFetch({
      [LOGIN]: () =>
        json(
          429,
          { error: 'Too many attempts. Please wait and try again.', code: 'RATE_LIMITED' },
          { 'Retry-After': '60' },
        ),
    });
    await submitLogin();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many attempts. Please wait and try again.',
    );
  });

  it('shows the network text when the server cannot be reached', async () => {
    mockFetch({ [LOGIN]: () => Promise.reject(new TypeError('Failed to fetch')) });
    await submitLogin();
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.loginNetworkError);
  });

  it('sends a valid temporary password to /reset-password with the e-mail and temporary=true', async () => {
    mockFetch({
      [LOGIN]: () => json(200, { requiresPasswordReset: true, temporaryPasswordTicket: 'ticket-123' }),
    });

    const { router } = await submitLogin('/login', 'grace@example.test', 'Temp0rary1');

    await waitFor(() =>
      expect(currentUrl(router)).toBe('/reset-password?email=grace%40example.test&temporary=true'),
    );
    expect(sessionStorage.getItem(SESSION_STORAGE_KEYS.temporaryPasswordTicket)).toBe('ticket-123');
    expect(await screen.findByRole('heading', { name: 'Choose your password' })).toBeInTheDocument();
    expect(getAccessToken()).toBeNull();
  });

  it('sends an expired temporary password to /forgot-password with the spec message', async () => {
    mockFetch({ [LOGIN]: () => json(200, { requiresPasswordReset: true, temporaryPasswordExpired: true }) });

    const { router } = await submitLogin();

    await waitFor(() => expect(router.state.location.pathname).toBe('/forgot-password'));
    expect(await screen.findByText(MESSAGES.temporaryPasswordExpired)).toBeInTheDocument();
  });

  it('stores the session and sends an attorney to /attorney/dashboard', async () => {
    const token = makeJwt(900);
    mockFetch({
      [LOGIN]: () => json(200, { token, expiresIn: 900, user: attorney }),
      ...verifiedAs(attorney),
    });

    const { router } = await submitLogin('/auth/login');

    await waitFor(() => expect(router.state.location.pathname).toBe('/attorney/dashboard'));
    // The token is held in memory only: no storage script could read holds it.
    expect(getAccessToken()).toBe(token);
    expect(localStorage.getItem(STORAGE_KEYS.userId)).toBe(attorney.userId);
    expect(browserStorageText()).not.toContain(token);
    expect(browserStorageText()).not.toMatch(JWT_PATTERN);
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome back, Ada' })).toBeInTheDocument();
  });

  it('sends everyone else to /dashboard', async () => {
    mockFetch({
      [LOGIN]: () => json(200, { token: makeJwt(900), expiresIn: 900, user: propertyOwner }),
      ...verifiedAs(propertyOwner),
    });
    const { router } = await submitLogin();
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });

  it('sends someone in no firm yet to /dashboard, where they wait for an invitation', async () => {
    mockFetch({
      [LOGIN]: () => json(200, { token: makeJwt(900), expiresIn: 900, user: firmless }),
      ...verifiedAs(firmless),
      'GET /api/memberships': () => json(200, { data: [] }),
    });
    const { router } = await submitLogin('/login', firmless.email);
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'You’re not part of a firm yet' }),
    ).toBeInTheDocument();
  });

  it("says 'Login failed. Please try again.' when the answer has no token", async () => {
    mockFetch({ [LOGIN]: () => json(200, { user: attorney }) });
    await submitLogin();
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.loginNoToken);
  });

  it('checks the spec’s minimum length in the browser, without calling the server', async () => {
    const { calls } = mockFetch({});
    await submitLogin('/login', 'ada@lovelace-law.test', 'seven77');
    expect(await screen.findByText(MESSAGES.passwordTooShort)).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toHaveAttribute('aria-invalid', 'true');
    expect(calls).toHaveLength(0);
  });

  it('sends a password without digits or capitals: there is no composition rule', async () => {
    const { callsTo } = mockFetch({ [LOGIN]: () => new Response(null, { status: 401 }) });
    await submitLogin('/login', 'ada@lovelace-law.test', 'correct horse battery staple');
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.invalidCredentials);
    expect(callsTo(LOGIN)[0]?.body).toMatchObject({ password: 'correct horse battery staple' });
  });

  it('says a sign-up is not verified yet and sends its link again with the typed e-mail and password', async () => {
    const RESEND = 'POST /api/auth/resend-verification';
    const { callsTo } = mockFetch({
      [LOGIN]: () => json(403, { error: MESSAGES.emailNotVerified, code: 'EMAIL_NOT_VERIFIED' }),
      [RESEND]: () => json(200, { success: true, message: MESSAGES.signUpLinkResent }),
    });
    const app = await submitLogin('/login', 'new@lovelace-law.test', 'Secret-Words-42');
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.emailNotVerified);
    await app.user.click(screen.getByRole('button', { name: 'Send the link again' }));
    expect(await screen.findByText(MESSAGES.signUpLinkResent)).toBeInTheDocument();
    expect(callsTo(RESEND)[0]?.body).toEqual({ email: 'new@lovelace-law.test', password: 'Secret-Words-42' });
  });

  it('toggles password visibility with an accessible button', async () => {
    const { user } = renderApp('/login');
    const input = await screen.findByLabelText('Password');
    const toggle = screen.getByRole('button', { name: 'Show password' });
    expect(input).toHaveAttribute('type', 'password');
    expect(toggle).toHaveAttribute('aria-pressed', 'false');

    await user.click(toggle);

    expect(input).toHaveAttribute('type', 'text');
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
  });
});
