import {
  MESSAGES,
  needsReconnectText,
  providerNotConfigured,
  sandboxNote,
  SESSION_STORAGE_KEYS,
  STORAGE_KEYS,
  type Integration,
  type Provider,
} from '@sentinel/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { json, mockFetch, queryOf, type FetchHandler } from '@/testing/fetch-mock';
import { renderWithRouter } from '@/testing/render-app';
import { attorney, propertyOwner, signIn } from '@/testing/session';
import { SettingsView } from './settings-view';

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

const integration = (provider: Provider, overrides: Partial<Integration> = {}): Integration => ({
  provider,
  configured: true,
  sandbox: false,
  composeUrl: null,
  connection: null,
  ...overrides,
});

const connection = (overrides: Partial<NonNullable<Integration['connection']>> = {}) => ({
  status: 'connected' as const,
  accountEmail: 'ada@lovelace-law.test',
  connectedAt: minutesAgo(60),
  lastSyncedAt: minutesAgo(5),
  syncing: false,
  lastSyncError: null,
  emailCount: 12,
  ...overrides,
});

function renderIntegrations(integrations: Integration[], handlers: Record<string, FetchHandler> = {}) {
  const fetches = mockFetch({
    'GET /api/profile': () =>
      json(200, { user: attorney, firmId: 'firm-1', firmName: 'Lovelace Law', canEditFirmName: true }),
    'GET /api/oauth/connections': () => json(200, { data: integrations }),
    ...handlers,
  });
  const app = renderWithRouter(<SettingsView />, '/settings?tab=integrations');
  return { ...app, ...fetches };
}

const row = async (name: string) => {
  const heading = await screen.findByRole('heading', { name, level: 3 });
  return within(heading.closest('li')!);
};

describe('settings: integrations', () => {
  it('Connect asks the server for the consent address, remembers the provider and goes there', async () => {
    signIn(propertyOwner);
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const { user, callsTo } = renderIntegrations([integration('google'), integration('microsoft')], {
      'GET /api/oauth/connect/google': () => json(200, { url: 'https://accounts.example.test/consent?x=1' }),
    });

    const google = await row('Google Workspace');
    expect(google.getByText('Not connected')).toBeInTheDocument();
    await user.click(google.getByRole('button', { name: 'Connect Google Workspace' }));

    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://accounts.example.test/consent?x=1'));
    expect(callsTo('GET /api/oauth/connect/google')).toHaveLength(1);
    expect(sessionStorage.getItem(SESSION_STORAGE_KEYS.oauthProvider)).toBe('google');
    // The server keeps state and verifier: the browser stores neither.
    expect(sessionStorage.getItem(SESSION_STORAGE_KEYS.oauthState)).toBeNull();
    expect(sessionStorage.getItem(SESSION_STORAGE_KEYS.pkceCodeVerifier)).toBeNull();
  });

  it("toasts 'Could not initiate … connection.' when the server refuses, and the missing-url text", async () => {
    signIn();
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const { user } = renderIntegrations([integration('google'), integration('microsoft')], {
      'GET /api/oauth/connect/google': () => json(503, { message: 'Not configured' }),
      'GET /api/oauth/connect/microsoft': () => json(200, {}),
    });

    await user.click(await screen.findByRole('button', { name: 'Connect Google Workspace' }));
    expect(await screen.findByText('Could not initiate Google connection.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Connect Microsoft 365' }));
    expect(await screen.findByText(MESSAGES.authUrlMissing)).toBeInTheDocument();
    expect(assign).not.toHaveBeenCalled();
  });

  it('a provider the server cannot connect has a disabled Connect with the reason', async () => {
    signIn();
    renderIntegrations([integration('google'), integration('microsoft', { configured: false })]);
    const microsoft = await row('Microsoft 365');
    const connect = microsoft.getByRole('button', { name: 'Connect Microsoft 365' });
    expect(connect).toBeDisabled();
    expect(connect).toHaveAccessibleDescription(providerNotConfigured('microsoft'));
  });

  it('shows the account, last sync, count and the sandbox note; Sync now queues a sync', async () => {
    signIn();
    const { user, callsTo } = renderIntegrations(
      [
        integration('google', { sandbox: true, connection: connection() }),
        integration('microsoft', {
          connection: connection({ accountEmail: 'ada@outlook.test', syncing: true, emailCount: 1 }),
        }),
      ],
      { 'POST /api/emails/sync': () => json(202, { queued: 2 }) },
    );

    const google = await row('Google Workspace');
    expect(google.getByText('Connected')).toBeInTheDocument();
    expect(google.getByText('ada@lovelace-law.test')).toBeInTheDocument();
    expect(google.getByText(/Last synced 5 minutes ago · 12 e-mails/)).toBeInTheDocument();
    expect(google.getByText(sandboxNote('google'))).toBeInTheDocument();
    expect(sandboxNote('google')).toBe(
      "Sandbox account — Sentinel's built-in stand-in for Google; no real mail is read.",
    );
    const microsoft = await row('Microsoft 365');
    expect(microsoft.getByText(/Syncing… · 1 e-mail$/)).toBeInTheDocument();
    expect(microsoft.queryByText(/Sandbox account/)).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Sync now' }));
    expect(await screen.findByText(MESSAGES.syncQueued)).toBeInTheDocument();
    expect(callsTo('POST /api/emails/sync')).toHaveLength(1);
  });

  it('a connection that needs reconnecting says so and offers Reconnect and the last sync error', async () => {
    signIn();
    const { user, callsTo } = renderIntegrations(
      [
        integration('google', {
          connection: connection({ status: 'needs_reconnect', lastSyncError: 'Access was revoked' }),
        }),
        integration('microsoft'),
      ],
      { 'GET /api/oauth/connect/google': () => json(200, { url: 'https://consent.test/' }) },
    );
    vi.stubGlobal('location', { ...window.location, assign: vi.fn() });

    const google = await row('Google Workspace');
    expect(google.getByText('Needs reconnect')).toBeInTheDocument();
    expect(google.getByText(needsReconnectText('google'))).toBeInTheDocument();
    expect(google.getByText('Last sync failed: Access was revoked')).toBeInTheDocument();
    await user.click(google.getByRole('button', { name: 'Reconnect Google Workspace' }));
    await waitFor(() => expect(callsTo('GET /api/oauth/connect/google')).toHaveLength(1));
  });

  it('Disconnect asks first, then deletes the tokens, shows the banner and updates the flags', async () => {
    signIn();
    localStorage.setItem(STORAGE_KEYS.googleConnected, 'true');
    let connected = true;
    const { user, callsTo } = renderIntegrations([], {
      'GET /api/oauth/connections': () =>
        json(200, {
          data: [
            integration('google', { connection: connected ? connection() : null }),
            integration('microsoft'),
          ],
        }),
      'DELETE /api/tokens/delete': () => {
        connected = false;
        return json(200, { success: true });
      },
      'GET /api/oauth/status': () => json(200, { googleStatus: false, microsoftStatus: false }),
    });

    await user.click(await screen.findByRole('button', { name: 'Disconnect Google Workspace' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Disconnect Google Workspace?' });
    expect(dialog).toHaveTextContent('E-mails already filed to a case stay with their case.');
    expect(callsTo('DELETE /api/tokens/delete')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Disconnect' }));

    expect(await screen.findByText('Google account disconnected successfully.')).toBeInTheDocument();
    const query = queryOf(callsTo('DELETE /api/tokens/delete')[0]);
    expect(query.get('userId')).toBe(attorney.userId);
    expect(query.get('provider')).toBe('google');
    await waitFor(() => expect(localStorage.getItem(STORAGE_KEYS.googleConnected)).toBe('false'));
    expect(localStorage.getItem(STORAGE_KEYS.microsoftConnected)).toBe('false');
    expect(await screen.findByRole('button', { name: 'Connect Google Workspace' })).toBeInTheDocument();
  });

  it("a failed disconnect shows 'Failed to disconnect {Provider} account.'", async () => {
    signIn();
    const { user } = renderIntegrations(
      [integration('google'), integration('microsoft', { connection: connection() })],
      {
        'DELETE /api/tokens/delete': () => json(502, { error: 'Provider down', code: 'INTERNAL' }),
        'GET /api/oauth/status': () => json(200, { googleStatus: false, microsoftStatus: true }),
      },
    );
    await user.click(await screen.findByRole('button', { name: 'Disconnect Microsoft 365' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Disconnect' }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to disconnect Microsoft account.');
  });
});
