import { SUCCESS_RATE_DEFINITION, type AttorneyDashboardResponse } from '@sentinel/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { deferred, json, mockFetch, type FetchHandler, verifiedAs } from '@/testing/fetch-mock';
import { preloadRoutes, renderApp } from '@/testing/render-app';
import { attorney, signIn } from '@/testing/session';

const HOUR = 60 * 60 * 1000;
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();
const inDays = (days: number) => new Date(Date.now() + days * 24 * HOUR).toISOString().slice(0, 10);

const figures: AttorneyDashboardResponse = {
  stats: {
    activeCases: 3,
    totalClients: 2,
    settlementsMtd: 118000,
    successRate: 50,
    settledWithTarget: 2,
  },
  funnel: [
    { status: 'active', count: 1 },
    { status: 'discovery', count: 1 },
    { status: 'negotiation', count: 1 },
    { status: 'settlement', count: 0 },
    { status: 'settled', count: 2 },
  ],
  caseTypes: [
    { caseType: 'property-damage', count: 3 },
    { caseType: 'insurance-dispute', count: 1 },
    { caseType: 'personal-injury', count: 0 },
    { caseType: 'commercial-property', count: 1 },
    { caseType: 'other', count: 0 },
  ],
  recentActivity: [
    {
      action: 'case_updated',
      at: ago(10 * 60 * 1000),
      by: 'Ada Lovelace',
      caseId: 'case-1',
      caseNumber: 'CASE-2026-001',
      caseTitle: 'Roof collapse',
      clientId: null,
      clientName: null,
    },
    {
      action: 'client_created',
      at: ago(3 * HOUR),
      by: 'Ada Lovelace',
      caseId: null,
      caseNumber: null,
      caseTitle: null,
      clientId: 'client-1',
      clientName: 'Grace Hopper',
    },
    {
      action: 'case_member_added',
      at: ago(30 * HOUR),
      by: null,
      caseId: 'case-2',
      caseNumber: 'CASE-2026-002',
      caseTitle: 'Flooded basement',
      clientId: null,
      clientName: null,
    },
  ],
  upcomingDeadlines: [
    {
      caseId: 'case-2',
      caseNumber: 'CASE-2026-002',
      title: 'Flooded basement',
      date: inDays(3),
      priority: 'high',
    },
    {
      caseId: 'case-3',
      caseNumber: 'CASE-2026-003',
      title: 'Hail damage',
      date: inDays(12),
      priority: 'low',
    },
  ],
};

const empty: AttorneyDashboardResponse = {
  stats: { activeCases: 0, totalClients: 0, settlementsMtd: 0, successRate: null, settledWithTarget: 0 },
  funnel: figures.funnel.map((row) => ({ ...row, count: 0 })),
  caseTypes: figures.caseTypes.map((row) => ({ ...row, count: 0 })),
  recentActivity: [],
  upcomingDeadlines: [],
};

function open(dashboard: FetchHandler) {
  signIn(attorney);
  const mock = mockFetch({
    ...verifiedAs(attorney),
    'GET /api/dashboard/attorney': dashboard,
  });
  return { ...renderApp('/attorney/dashboard'), ...mock };
}

/** The stat card whose heading is `label`. */
const card = (label: string) => screen.getByRole('heading', { level: 2, name: label }).closest('section')!;

describe('attorney dashboard', () => {
  beforeAll(preloadRoutes, 120_000);

  it('greets the attorney and shows the four figures from the API', async () => {
    open(() => json(200, figures));
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome back, Ada' })).toBeInTheDocument();
    await screen.findByRole('heading', { level: 2, name: 'Active Cases' });

    expect(card('Active Cases')).toHaveTextContent('3');
    expect(card('Active Cases')).toHaveTextContent('5 in total');
    expect(card('Total Clients')).toHaveTextContent('2');
    expect(card('Settlements MTD')).toHaveTextContent('$118,000');
    expect(card('Success Rate')).toHaveTextContent('50%');
    expect(card('Success Rate')).toHaveTextContent('Of 2 settled cases with a target');
  });

  it('gives both charts a text alternative with every figure', async () => {
    open(() => json(200, figures));
    const funnel = await screen.findByRole('table', { name: 'Settlement Funnel: cases by status' });
    const rows = within(funnel)
      .getAllByRole('row')
      .slice(1)
      .map((row) => row.textContent);
    expect(rows).toEqual([
      'Active1 case',
      'Discovery1 case',
      'Negotiation1 case',
      'Settlement0 cases',
      'Settled2 cases',
    ]);

    const types = screen.getByRole('table', { name: 'Case Types Distribution: 5 cases by type' });
    expect(within(types).getByRole('row', { name: /Property Damage/ })).toHaveTextContent('3 (60%)');
    expect(within(types).getByRole('row', { name: /Commercial Property/ })).toHaveTextContent('1 (20%)');
  });

  it('shows the success-rate definition on keyboard focus and on hover, and hides it on Escape', async () => {
    const { user } = open(() => json(200, figures));
    const info = await screen.findByRole('button', { name: 'How Success Rate is measured' });
    expect(info).toHaveAccessibleDescription(SUCCESS_RATE_DEFINITION);
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();

    act(() => info.focus());
    expect(await screen.findByRole('tooltip')).toHaveTextContent(SUCCESS_RATE_DEFINITION);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('tooltip')).not.toBeInTheDocument());
    act(() => info.blur());

    await user.hover(info);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(SUCCESS_RATE_DEFINITION);
    await user.unhover(info);
    await waitFor(() => expect(screen.queryByRole('tooltip')).not.toBeInTheDocument());
  });

  it('lists recent activity as sentences with links, and deadlines with their priority', async () => {
    open(() => json(200, figures));
    const activity = (await screen.findByRole('heading', { name: 'Recent Activity' })).closest('section')!;
    const items = within(activity).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Ada Lovelace updated case CASE-2026-001 · Roof collapseJust now');
    expect(within(items[0]!).getByRole('link')).toHaveAttribute('href', '/cases/case-1');
    expect(items[1]).toHaveTextContent('Ada Lovelace added the client Grace Hopper3 hours ago');
    expect(within(items[1]!).getByRole('link', { name: 'Grace Hopper' })).toHaveAttribute(
      'href',
      '/clients/client-1',
    );
    expect(items[2]).toHaveTextContent(
      'Someone added a team member to case CASE-2026-002 · Flooded basementYesterday',
    );

    const deadlines = screen.getByRole('heading', { name: 'Upcoming Deadlines' }).closest('section')!;
    const first = within(deadlines).getAllByRole('listitem')[0]!;
    expect(within(first).getByRole('link', { name: 'Flooded basement' })).toHaveAttribute(
      'href',
      '/cases/case-2',
    );
    expect(first).toHaveTextContent('CASE-2026-002');
    expect(first).toHaveTextContent('Due in 3 days');
    expect(first).toHaveTextContent('Priority: High');
    expect(within(deadlines).getAllByRole('listitem')[1]).toHaveTextContent('Priority: Low');
  });

  it("with no cases it says 'No cases yet', links to /cases and shows '—' for the success rate", async () => {
    open(() => json(200, empty));
    expect(await screen.findByRole('heading', { name: 'No cases yet' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Cases to open one' })).toHaveAttribute('href', '/cases');
    // Both charts keep their headings, each with its own empty state.
    expect(screen.getByRole('heading', { name: 'Settlement Funnel' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Case Types Distribution' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'No case types to show' })).toBeInTheDocument();
    expect(card('Success Rate')).toHaveTextContent('—');
    expect(card('Success Rate')).toHaveTextContent('No settled cases with a target yet');
    expect(card('Settlements MTD')).toHaveTextContent('$0');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'No recent activity' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'No upcoming deadlines' })).toBeInTheDocument();
  });

  it('shows a loading state, then an error with a retry that loads the figures', async () => {
    let calls = 0;
    const first = deferred<Response>();
    const { user } = open(() => {
      calls += 1;
      return calls === 1 ? first.promise : json(200, figures);
    });
    expect(await screen.findByText('Loading dashboard...')).toBeInTheDocument();
    first.resolve(json(403, { error: 'You do not have permission to do that', code: 'FORBIDDEN' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('You do not have permission to do that');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('$118,000')).toBeInTheDocument();
    expect(calls).toBe(2);
  });
});
