import { MESSAGES, STORAGE_KEYS } from '@sentinel/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { json, mockFetch, verifiedAs } from '@/testing/fetch-mock';
import { getAccessToken } from '@/lib/session-store';
import { preloadRoutes, renderApp } from '@/testing/render-app';
import { attorney, propertyOwner, signIn } from '@/testing/session';

const linkNames = (nav: HTMLElement) =>
  within(nav)
    .getAllByRole('link')
    .map((link) => link.getAttribute('href'));

describe('app shell', () => {
  beforeAll(preloadRoutes, 120_000);

  it('gives attorneys the attorney sidebar and labels them in the top bar', async () => {
    signIn(attorney);
    mockFetch(verifiedAs(attorney));
    renderApp('/attorney/dashboard');

    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(linkNames(nav)).toEqual([
      '/attorney/dashboard',
      '/documents',
      '/email',
      '/messages',
      '/cases',
      '/clients',
      '/calendar',
      '/negotiations',
      '/experts',
      '/workflows',
      '/analytics',
      '/settings',
    ]);
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('banner')).toHaveTextContent('Signed in as Attorney');
  });

  it('gives everyone else the staff/client sidebar', async () => {
    signIn(propertyOwner);
    mockFetch({
      ...verifiedAs(propertyOwner),
      'GET /api/conversations': () => json(200, { data: [], unread: 0 }),
    });
    renderApp('/messages');

    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(linkNames(nav)).toEqual([
      '/dashboard',
      '/email',
      '/documents',
      '/messages',
      '/timeline',
      '/settings',
    ]);
    expect(screen.getByRole('banner')).toHaveTextContent('Signed in as Property Owner');
    expect(
      await screen.findByRole('heading', { level: 3, name: MESSAGES.noConversationsYet }),
    ).toBeInTheDocument();
  });

  it('collapses the sidebar to icons while keeping the link names', async () => {
    signIn(attorney);
    mockFetch(verifiedAs(attorney));
    const { user } = renderApp('/cases');

    await user.click(await screen.findByRole('button', { name: 'Collapse sidebar' }));

    expect(screen.getByRole('button', { name: 'Expand sidebar' })).toBeInTheDocument();
    expect(
      within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'Cases' }),
    ).toBeInTheDocument();
  });

  it('opens the navigation drawer, closes it on Escape and on navigation', async () => {
    signIn(propertyOwner);
    mockFetch(verifiedAs(propertyOwner));
    const { user, router } = renderApp('/dashboard');

    await user.click(await screen.findByRole('button', { name: 'Open navigation' }));
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const menuButton = screen.getByRole('button', { name: 'Open navigation' });
    await waitFor(() => expect(menuButton).toHaveFocus());

    await user.click(menuButton);
    const drawer = await screen.findByRole('dialog');
    await user.click(within(drawer).getByRole('link', { name: 'Timeline' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/timeline'));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(screen.getByRole('main')).toHaveFocus());
  });

  it('logs out: calls the logout endpoint, clears the session and shows the login screen at /auth/login', async () => {
    signIn(attorney);
    const { callsTo } = mockFetch({
      ...verifiedAs(attorney),
      'POST /api/tokens/logout': () => json(200, { success: true }),
    });
    const { user, router } = renderApp('/settings?tab=billing');
    expect(await screen.findByText('Pro Plan ($500/month)')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Logout' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/login'));
    expect(await screen.findByRole('heading', { name: 'Sign in to Sentinel' })).toBeInTheDocument();
    expect(callsTo('POST /api/tokens/logout')).toHaveLength(1);
    expect(getAccessToken()).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.userId)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.googleConnected)).toBe('false');
  });
});
