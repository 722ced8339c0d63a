import { CONNECT_BANNER_MS, MESSAGES } from '@sentinel/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getAccessToken } from '@/lib/session-store';
import { json, mockFetch } from '@/testing/fetch-mock';
import { currentUrl, fillIn, renderWithRouter } from '@/testing/render-app';
import { attorney, propertyOwner, signIn } from '@/testing/session';
import { SettingsView } from './settings-view';

const profile = (user = attorney, canEditFirmName = true) => ({
  user,
  firmId: 'firm-1',
  firmName: 'Lovelace Law',
  canEditFirmName,
});

const notConnected = () =>
  json(200, {
    data: ['google', 'microsoft'].map((provider) => ({
      provider,
      configured: true,
      sandbox: false,
      composeUrl: null,
      connection: null,
    })),
  });

/** The profile and the connections: the tabs a connect result lands on read both. */
const settingsApi = () => ({
  'GET /api/profile': () => json(200, profile()),
  'GET /api/oauth/connections': notConnected,
});

afterEach(() => {
  vi.useRealTimers();
});

describe('settings: connect banner', () => {
  it('shows the success banner, strips status/provider/message from the URL at once and removes the banner after 5000 ms', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    signIn();
    mockFetch(settingsApi());

    const { router } = renderWithRouter(<SettingsView />, '/settings?status=success&provider=google');

    expect(await screen.findByText('Google account connected successfully!')).toBeInTheDocument();
    await waitFor(() => expect(currentUrl(router)).toBe('/settings?tab=integrations'));
    expect(screen.getByRole('tab', { name: 'Integrations' })).toHaveAttribute('aria-selected', 'true');

    act(() => {
      vi.advanceTimersByTime(CONNECT_BANNER_MS - 100);
    });
    expect(screen.getByText('Google account connected successfully!')).toBeInTheDocument();

    act(() => {
      vi.advanceTimersByTime(200);
    });
    expect(screen.queryByText('Google account connected successfully!')).not.toBeInTheDocument();
  });

  it('shows the failure banner with the message from the URL', async () => {
    signIn();
    mockFetch(settingsApi());

    const { router } = renderWithRouter(
      <SettingsView />,
      '/settings?status=error&provider=microsoft&message=Access%20was%20denied',
    );

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to connect Microsoft: Access was denied',
    );
    await waitFor(() => expect(currentUrl(router)).toBe('/settings?tab=integrations'));
  });

  it('uses the default text when the failure has no message', async () => {
    signIn();
    mockFetch(settingsApi());
    renderWithRouter(<SettingsView />, '/settings?status=error&provider=google');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      `Failed to connect Google: ${MESSAGES.connectFailedDefault}`,
    );
  });

  it('?tab=billing shows the plan as a free trial, not as billed', async () => {
    signIn();
    mockFetch(settingsApi());
    renderWithRouter(<SettingsView />, '/settings?tab=billing');

    const panel = await screen.findByRole('tabpanel', { name: 'Billing' });
    expect(within(panel).getByText('Pro Plan ($500/month)')).toBeInTheDocument();
    expect(within(panel).getByText('Free trial')).toBeInTheDocument();
    expect(panel).toHaveTextContent('nothing is billed');
  });

  it('?tab=integrations selects the tab and lists both providers as not connected', async () => {
    signIn();
    mockFetch(settingsApi());
    renderWithRouter(<SettingsView />, '/settings?tab=integrations');

    const panel = await screen.findByRole('tabpanel', { name: 'Integrations' });
    expect(await within(panel).findByRole('heading', { name: 'Google Workspace' })).toBeInTheDocument();
    expect(within(panel).getByRole('heading', { name: 'Microsoft 365' })).toBeInTheDocument();
    expect(await within(panel).findAllByText('Not connected')).toHaveLength(2);
  });
});

describe('settings: profile', () => {
  it("saves the firm name with PATCH /api/profile and toasts 'Profile saved'", async () => {
    signIn();
    const { callsTo } = mockFetch({
      'GET /api/profile': () => json(200, profile()),
      'PATCH /api/profile': () => json(200, { ...profile(), firmName: 'Lovelace & Partners' }),
    });
    const { user } = renderWithRouter(<SettingsView />, '/settings');

    const firm = await screen.findByLabelText('Firm name');
    expect(screen.getByLabelText('Name')).toHaveValue('Ada Lovelace');
    expect(screen.getByLabelText('Name')).toHaveAttribute('readonly');
    expect(screen.getByLabelText('Account email')).toHaveValue(attorney.email);
    await user.clear(firm);
    await fillIn(user, firm, 'Lovelace & Partners');
    await user.click(screen.getByRole('button', { name: 'Save Profile' }));

    expect(await screen.findByText(MESSAGES.profileSaved)).toBeInTheDocument();
    expect(callsTo('PATCH /api/profile')[0]?.body).toEqual({ firmName: 'Lovelace & Partners' });
  });

  it('does not offer Save Profile to users who may not rename the firm', async () => {
    signIn(propertyOwner);
    mockFetch({ 'GET /api/profile': () => json(200, profile(propertyOwner, false)) });
    renderWithRouter(<SettingsView />, '/settings');

    expect(await screen.findByLabelText('Firm name')).toHaveAttribute('readonly');
    expect(screen.queryByRole('button', { name: 'Save Profile' })).not.toBeInTheDocument();
  });
});

describe('settings: password', () => {
  async function changePassword(answer: () => Response) {
    signIn();
    const fetches = mockFetch({
      'GET /api/profile': () => json(200, profile()),
      'POST /api/auth/change-password': answer,
      'POST /api/tokens/logout': () => json(200, { success: true }),
    });
    const app = renderWithRouter(<SettingsView />, '/settings?tab=password', [
      { path: '/auth/login', element: <h1>Login screen</h1> },
    ]);
    await fillIn(app.user, await screen.findByLabelText('Current password'), 'OldSecret1');
    await fillIn(app.user, screen.getByLabelText('New password'), 'NewSecret1');
    await fillIn(app.user, screen.getByLabelText('Confirm new password'), 'NewSecret1');
    await app.user.click(screen.getByRole('button', { name: 'Update Password' }));
    return { ...app, ...fetches };
  }

  it('on success shows the message, clears the session and logs out to /auth/login', async () => {
    const { router, callsTo } = await changePassword(() =>
      json(200, { success: true, message: 'Password updated successfully.' }),
    );

    expect(await screen.findByText(MESSAGES.passwordUpdated)).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/login'));
    expect(callsTo('POST /api/auth/change-password')[0]?.body).toEqual({
      userId: attorney.userId,
      currentPassword: 'OldSecret1',
      newPassword: 'NewSecret1',
    });
    expect(callsTo('POST /api/tokens/logout')).toHaveLength(1);
    expect(getAccessToken()).toBeNull();
  });

  it("shows the server's error and stays signed in", async () => {
    const { router, callsTo } = await changePassword(() =>
      json(400, { error: MESSAGES.currentPasswordWrong, code: 'BAD_REQUEST' }),
    );

    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.currentPasswordWrong);
    expect(router.state.location.pathname).toBe('/settings');
    expect(callsTo('POST /api/tokens/logout')).toHaveLength(0);
    expect(getAccessToken()).not.toBeNull();
  });

  it("falls back to 'Failed to update password'", async () => {
    await changePassword(() => new Response(null, { status: 500 }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.passwordUpdateFailed);
  });
});
