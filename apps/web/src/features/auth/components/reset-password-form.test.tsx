import { MESSAGES, SESSION_STORAGE_KEYS, STORAGE_KEYS } from '@sentinel/shared';
import { screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { getAccessToken } from '@/lib/session-store';
import { json, mockFetch } from '@/testing/fetch-mock';
import { fillIn, preloadRoutes, renderApp } from '@/testing/render-app';

async function choosePassword(
  app: ReturnType<typeof renderApp>,
  password = 'NewSecret1',
  confirm = password,
) {
  await fillIn(app.user, await screen.findByLabelText('New password'), password);
  await fillIn(app.user, screen.getByLabelText('Confirm new password'), confirm);
  await app.user.click(screen.getByRole('button', { name: 'Update Password' }));
}

describe('reset password', () => {
  beforeAll(preloadRoutes, 120_000);

  it('redirects to /forgot-password without a token', async () => {
    const { router } = renderApp('/reset-password');
    await waitFor(() => expect(router.state.location.pathname).toBe('/forgot-password'));
  });

  it('redirects to /forgot-password for temporary=true without a stored ticket', async () => {
    const { router } = renderApp('/reset-password?email=grace%40example.test&temporary=true');
    await waitFor(() => expect(router.state.location.pathname).toBe('/forgot-password'));
  });

  it('with a reset token posts it and shows Password Updated! with a sign-in button', async () => {
    const { callsTo } = mockFetch({
      'POST /api/auth/reset-password': () =>
        json(200, { success: true, message: MESSAGES.passwordResetDone }),
    });
    const app = renderApp('/reset-password?token=abc123');

    await choosePassword(app);

    expect(await screen.findByRole('heading', { name: 'Password Updated!' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
    expect(callsTo('POST /api/auth/reset-password')[0]?.body).toEqual({
      token: 'abc123',
      newPassword: 'NewSecret1',
    });
  });

  it('rates the new password with the strength meter and the length advice', async () => {
    mockFetch({});
    const app = renderApp('/reset-password?token=abc123');
    expect(await screen.findByText(MESSAGES.passwordAdvice)).toBeInTheDocument();
    expect(screen.queryByRole('meter')).toBeNull();
    await fillIn(app.user, screen.getByLabelText('New password'), 'qwerty123');
    const meter = await screen.findByRole('meter', { name: 'Password strength' }, { timeout: 10_000 });
    expect(meter).toHaveAttribute('aria-valuetext', 'Very weak');
  });

  it("shows the server's text for an invalid link", async () => {
    mockFetch({
      'POST /api/auth/reset-password': () =>
        json(400, { error: MESSAGES.resetTokenInvalid, code: 'BAD_REQUEST' }),
    });
    const app = renderApp('/reset-password?token=used');

    await choosePassword(app);

    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.resetTokenInvalid);
  });

  it("checks that the passwords match ('Passwords do not match')", async () => {
    const { calls } = mockFetch({});
    const app = renderApp('/reset-password?token=abc123');
    await choosePassword(app, 'NewSecret1', 'NewSecret2');
    expect(await screen.findByText(MESSAGES.passwordsDoNotMatch)).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('in temporary mode sends e-mail, password and ticket, clears the ticket and signs the user in', async () => {
    sessionStorage.setItem(SESSION_STORAGE_KEYS.temporaryPasswordTicket, 'ticket-123');
    const { callsTo } = mockFetch({
      'POST /api/auth/change-temp-password': () =>
        json(200, {
          success: true,
          message: 'Password updated successfully.',
          token: 'access-token-1',
          expiresIn: 900,
          user: {
            userId: 'u-grace',
            email: 'grace@example.test',
            first_name: 'Grace',
            last_name: 'Hopper',
            userType: 'client',
          },
        }),
    });
    const app = renderApp('/reset-password?email=grace%40example.test&temporary=true');

    await choosePassword(app);

    expect(await screen.findByRole('heading', { name: 'Password Updated!' })).toBeInTheDocument();
    expect(callsTo('POST /api/auth/change-temp-password')[0]?.body).toEqual({
      email: 'grace@example.test',
      newPassword: 'NewSecret1',
      ticket: 'ticket-123',
    });
    expect(sessionStorage.getItem(SESSION_STORAGE_KEYS.temporaryPasswordTicket)).toBeNull();
    expect(getAccessToken()).toBe('access-token-1');
    expect(localStorage.getItem(STORAGE_KEYS.userType)).toBe('client');
    expect(screen.getByRole('link', { name: 'Go to my dashboard' })).toHaveAttribute('href', '/dashboard');
  });
});
