import { MESSAGES } from '@sentinel/shared';
import { screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { json, mockFetch } from '@/testing/fetch-mock';
import { preloadRoutes, renderApp } from '@/testing/render-app';
import { attorney, signIn } from '@/testing/session';

describe('routes', () => {
  beforeAll(preloadRoutes, 120_000);

  it('redirects an unknown path to /', async () => {
    mockFetch({});
    const { router } = renderApp('/no/such/page');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it.each(['/oauth2callback', '/microsoftoauthcallback'])(
    '%s says honestly that connecting is not available yet',
    async (path) => {
      renderApp(path);
      expect(
        await screen.findByRole('heading', { name: 'Processing OAuth Callback...' }),
      ).toBeInTheDocument();
      expect(screen.getByText(/not available yet/)).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Go to Settings' })).toHaveAttribute(
        'href',
        '/settings?tab=integrations',
      );
    },
  );

  it.each([
    ['/cases', 'Case Management', MESSAGES.noCasesFound],
    ['/clients', 'Client Directory', MESSAGES.noClientsFound],
    ['/timeline', 'Case Timeline & Progress', MESSAGES.noTimelineEvents],
    ['/email', 'Email', MESSAGES.emailNoProvider],
  ])('%s shows its title and empty state', async (path, title, empty) => {
    signIn(attorney);
    mockFetch({ 'GET /api/tokens/verify': () => json(200, { success: true, user: attorney }) });
    renderApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(screen.getByText(empty)).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe(`${title} | Sentinel`));
  });

  it("the attorney dashboard shows '—' and 'No data yet' instead of figures", async () => {
    signIn(attorney);
    mockFetch({ 'GET /api/tokens/verify': () => json(200, { success: true, user: attorney }) });
    renderApp('/attorney/dashboard');
    expect(await screen.findByRole('heading', { level: 2, name: 'Active Cases' })).toBeInTheDocument();
    expect(screen.getAllByText('—')).toHaveLength(4);
    expect(screen.getAllByText('No data yet').length).toBeGreaterThanOrEqual(4);
  });
});
