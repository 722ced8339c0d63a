import { MESSAGES } from '@sentinel/shared';
import { screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { getSessionSnapshot } from '@/lib/session-store';
import { json, mockFetch, type FetchHandler } from '@/testing/fetch-mock';
import { preloadRoutes, renderApp } from '@/testing/render-app';
import { attorney, lovelaceLaw, propertyOwner, signIn, storedUser } from '@/testing/session';
import { membershipOf, morganReyes, sessionChange } from '../testing';

const invitation = membershipOf(morganReyes, { status: 'pending' });
const current = membershipOf(lovelaceLaw, { current: true });

const emptyDashboard = {
  stats: { activeCases: 0, totalClients: 0, settlementsMtd: 0, successRate: null, settledWithTarget: 0 },
  funnel: [],
  caseTypes: [],
  recentActivity: [],
  upcomingDeadlines: [],
};

function open(user: typeof attorney, path: string, extra: Record<string, FetchHandler> = {}) {
  signIn(user);
  const mock = mockFetch({
    'GET /api/tokens/verify': () => json(200, { success: true, user: storedUser() }),
    'GET /api/dashboard/attorney': () => json(200, emptyDashboard),
    'GET /api/cases': () => json(200, { data: [], total: 0, page: 1, pageSize: 'all' }),
    'GET /api/memberships': () => json(200, { data: [current, invitation] }),
    ...extra,
  });
  return { ...mock, ...renderApp(path) };
}

const invitationText = 'Morgan & Reyes has added you as a Public Adjuster';

describe('invitations on the dashboards', () => {
  beforeAll(preloadRoutes, 120_000);

  it('are not asked for while the session counts none', async () => {
    const { callsTo } = open(attorney, '/attorney/dashboard');
    await screen.findByRole('heading', { level: 2, name: 'Active Cases' });
    expect(screen.queryByRole('heading', { name: 'Invitations' })).not.toBeInTheDocument();
    expect(callsTo('GET /api/memberships')).toHaveLength(0);
  });

  it('accepting on the attorney dashboard keeps the firm; the new one joins the switcher', async () => {
    const accepted = sessionChange(
      { ...attorney, firms: [lovelaceLaw, morganReyes], invitations: 0 },
      [current, { ...invitation, status: 'active' }],
      MESSAGES.invitationAccepted,
    );
    const { user, router, callsTo } = open({ ...attorney, invitations: 1 }, '/attorney/dashboard', {
      [`POST /api/memberships/${invitation.id}/accept`]: accepted.respond,
    });

    expect(await screen.findByRole('heading', { level: 2, name: 'Invitations' })).toBeInTheDocument();
    expect(await screen.findByText(invitationText)).toBeInTheDocument();
    expect(screen.getByText(/you stay in Lovelace Law until you switch/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Firm:/ })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Accept the invitation of Morgan & Reyes' }));

    expect(await screen.findByText(MESSAGES.invitationAccepted)).toBeInTheDocument();
    expect(callsTo(`POST /api/memberships/${invitation.id}/accept`)).toHaveLength(1);
    await waitFor(() => expect(screen.queryByText(invitationText)).not.toBeInTheDocument());
    expect(screen.queryByRole('heading', { name: 'Invitations' })).not.toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Firm: Lovelace Law' })).toBeInTheDocument();
    expect(getSessionSnapshot()).toMatchObject({ firm: lovelaceLaw, invitations: 0, token: accepted.token });
    expect(router.state.location.pathname).toBe('/attorney/dashboard');
  });

  it('declining on the client dashboard removes the invitation', async () => {
    const declined = sessionChange(
      { ...propertyOwner, invitations: 0 },
      [current],
      MESSAGES.invitationDeclined,
    );
    const { user, callsTo } = open({ ...propertyOwner, invitations: 1 }, '/dashboard', {
      [`POST /api/memberships/${invitation.id}/decline`]: declined.respond,
    });

    expect(await screen.findByText(invitationText)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome, Grace' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Decline the invitation of Morgan & Reyes' }));

    expect(await screen.findByText(MESSAGES.invitationDeclined)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText(invitationText)).not.toBeInTheDocument());
    expect(callsTo(`POST /api/memberships/${invitation.id}/decline`)).toHaveLength(1);
    expect(getSessionSnapshot()?.invitations).toBe(0);
  });

  it('a failed answer says why and keeps the invitation', async () => {
    const { user } = open({ ...propertyOwner, invitations: 1 }, '/dashboard', {
      [`POST /api/memberships/${invitation.id}/accept`]: () =>
        json(404, { error: MESSAGES.membershipNotFound, code: 'NOT_FOUND' }),
    });

    await user.click(await screen.findByRole('button', { name: 'Accept the invitation of Morgan & Reyes' }));

    expect(await screen.findByText(MESSAGES.membershipNotFound)).toBeInTheDocument();
    expect(screen.getByText(invitationText)).toBeInTheDocument();
  });
});
