import { MESSAGES, type FirmMember } from '@sentinel/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { getSessionSnapshot } from '@/lib/session-store';
import { json, mockFetch, type FetchHandler } from '@/testing/fetch-mock';
import { preloadRoutes, renderApp } from '@/testing/render-app';
import { setScreenWide } from '@/testing/media';
import { attorney, lovelaceLaw, propertyOwner, signIn, storedUser } from '@/testing/session';
import { inMorganReyes, membershipOf, morganReyes, sessionChange, twoFirmAttorney } from '../testing';
import { removeMemberMessage } from './team-settings';

const hailPartners = { id: 'firm-3', name: 'Hail Partners', userType: 'expert-witness' as const };
const current = membershipOf(lovelaceLaw, { current: true });
const other = membershipOf(morganReyes);
const invitation = membershipOf(hailPartners, { status: 'pending', invitedBy: 'Iris Hail' });

function open(user: typeof attorney, path: string, handlers: Record<string, FetchHandler>) {
  signIn(user);
  const mock = mockFetch({
    'GET /api/tokens/verify': () => json(200, { success: true, user: storedUser() }),
    ...handlers,
  });
  return { ...mock, ...renderApp(path) };
}

const firmRow = async (name: string) =>
  (await screen.findByText(name, { selector: 'span' })).closest('li') as HTMLElement;

describe('settings → firms', () => {
  beforeAll(preloadRoutes, 120_000);

  it('lists the firms with the type in each and the current one, and the invitations', async () => {
    open(twoFirmAttorney, '/settings?tab=firms', {
      'GET /api/memberships': () => json(200, { data: [current, other, invitation] }),
    });

    expect(await screen.findByRole('tab', { name: 'Firms', selected: true })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Your firms' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('Lovelace LawCurrentAttorney');
    expect(within(rows[0]!).queryByRole('button', { name: /Switch/ })).not.toBeInTheDocument();
    expect(rows[1]).toHaveTextContent('Morgan & ReyesPublic Adjuster');
    expect(within(rows[1]!).getByRole('button', { name: 'Switch to Morgan & Reyes' })).toBeInTheDocument();
    expect(within(rows[1]!).getByRole('button', { name: 'Leave Morgan & Reyes' })).toBeInTheDocument();

    const invitations = screen.getByRole('region', { name: 'Invitations' });
    expect(invitations).toHaveTextContent('Hail Partners has added you as an Expert Witness');
    expect(invitations).toHaveTextContent('Added by Iris Hail on Mar 2, 2026');
  });

  it('Switch moves the session to that firm and goes home', async () => {
    const switched = sessionChange(
      inMorganReyes,
      [membershipOf(lovelaceLaw), { ...other, current: true }],
      MESSAGES.firmSwitched,
    );
    const { user, router } = open(twoFirmAttorney, '/settings?tab=firms', {
      'GET /api/memberships': () => json(200, { data: [current, other] }),
      'POST /api/auth/switch-firm': switched.respond,
      'GET /api/cases': () => json(200, { data: [], total: 0, page: 1, pageSize: 'all' }),
    });

    await user.click(await screen.findByRole('button', { name: 'Switch to Morgan & Reyes' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(getSessionSnapshot()).toMatchObject({ token: switched.token, firm: morganReyes });
    expect(await screen.findByText(MESSAGES.firmSwitched)).toBeInTheDocument();
  });

  it('Leave firm asks first; the last attorney is told why not, in the dialog', async () => {
    const { user, callsTo } = open(twoFirmAttorney, '/settings?tab=firms', {
      'GET /api/memberships': () => json(200, { data: [current, other] }),
      [`POST /api/memberships/${current.id}/leave`]: () =>
        json(409, { error: MESSAGES.lastAttorney, code: 'CONFLICT' }),
    });

    await user.click(await screen.findByRole('button', { name: 'Leave Lovelace Law' }));

    const dialog = screen.getByRole('alertdialog', { name: 'Leave Lovelace Law?' });
    expect(dialog).toHaveTextContent(
      'You lose access to Lovelace Law’s cases at once; what you uploaded stays with the firm. You are working in Lovelace Law now: you move to another of your firms, if you have one.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Leave firm' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(MESSAGES.lastAttorney);
    expect(callsTo(`POST /api/memberships/${current.id}/leave`)).toHaveLength(1);
    expect(getSessionSnapshot()?.firm).toEqual(lovelaceLaw);

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
  });

  it('leaving another firm keeps the session where it is', async () => {
    const left = sessionChange({ ...attorney, firms: [lovelaceLaw] }, [current], MESSAGES.leftFirm);
    const { user, router } = open(twoFirmAttorney, '/settings?tab=firms', {
      'GET /api/memberships': () => json(200, { data: [current, other] }),
      [`POST /api/memberships/${other.id}/leave`]: left.respond,
    });

    await user.click(await screen.findByRole('button', { name: 'Leave Morgan & Reyes' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Leave Morgan & Reyes?' });
    expect(dialog).not.toHaveTextContent('You are working in');
    await user.click(within(dialog).getByRole('button', { name: 'Leave firm' }));

    expect(await screen.findByText(MESSAGES.leftFirm)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    await waitFor(() =>
      expect(screen.queryByText('Morgan & Reyes', { selector: 'span' })).not.toBeInTheDocument(),
    );
    expect(await firmRow('Lovelace Law')).toHaveTextContent('Current');
    expect(router.state.location.pathname).toBe('/settings');
    expect(screen.queryByRole('button', { name: /^Firm:/ })).not.toBeInTheDocument();
  });

  it('leaving the only firm leaves the person waiting for a firm', async () => {
    const left = sessionChange(
      { ...propertyOwner, userType: null, firm: null, firms: [] },
      [],
      MESSAGES.leftFirm,
    );
    const clientMembership = membershipOf({ ...lovelaceLaw, userType: 'client' }, { current: true });
    const { user, router } = open(propertyOwner, '/settings?tab=firms', {
      'GET /api/memberships': () => json(200, { data: [clientMembership] }),
      [`POST /api/memberships/${clientMembership.id}/leave`]: left.respond,
    });

    await user.click(await screen.findByRole('button', { name: 'Leave Lovelace Law' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Leave firm' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'You’re not part of a firm yet' }),
    ).toBeInTheDocument();
    expect(getSessionSnapshot()).toMatchObject({ firm: null, userType: null, token: left.token });
  });

  it('shows no Team tab to someone who is not an attorney', async () => {
    open(propertyOwner, '/settings?tab=team', {
      'GET /api/profile': () =>
        json(200, {
          user: propertyOwner,
          firmId: lovelaceLaw.id,
          firmName: lovelaceLaw.name,
          canEditFirmName: false,
        }),
    });
    expect(await screen.findByRole('tab', { name: 'Profile', selected: true })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Firms' })).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Team' })).not.toBeInTheDocument();
  });
});

const self: FirmMember = {
  userId: attorney.userId,
  name: 'Ada Lovelace',
  email: attorney.email,
  userType: 'attorney',
  status: 'active',
  createdAt: '2026-01-02T10:00:00.000Z',
  self: true,
};
const contractor: FirmMember = {
  userId: '5d1f0a5e-0000-4000-8000-000000000001',
  name: 'Rex Builder',
  email: 'rex@builders.test',
  userType: 'restoration-contractor',
  status: 'active',
  createdAt: '2026-02-02T10:00:00.000Z',
  self: false,
};
const invited: FirmMember = {
  userId: '5d1f0a5e-0000-4000-8000-000000000002',
  name: 'Pat Adjuster',
  email: 'pat@adjusters.test',
  userType: 'public-adjuster',
  status: 'pending',
  createdAt: '2026-03-02T10:00:00.000Z',
  self: false,
};

describe('settings → team (attorneys)', () => {
  beforeAll(preloadRoutes, 120_000);

  it('lists the firm’s people with their type and pending invitations, Remove on all rows but one’s own', async () => {
    setScreenWide(true);
    open(attorney, '/settings?tab=team', {
      'GET /api/firm/members': () => json(200, { data: [self, contractor, invited] }),
    });

    const table = await screen.findByRole('table', { name: 'People of Lovelace Law' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      'Ada Lovelaceada@lovelace-law.testAttorneyYouActive',
      'Rex Builderrex@builders.testRestoration ContractorActiveRemove',
      'Pat Adjusterpat@adjusters.testPublic AdjusterInvitation pendingRemove',
    ]);
    expect(within(rows[0]!).queryByRole('button')).not.toBeInTheDocument();
    expect(within(rows[1]!).getByRole('button', { name: 'Remove Rex Builder' })).toBeInTheDocument();
    expect(within(rows[2]!).getByRole('button', { name: 'Remove Pat Adjuster' })).toBeInTheDocument();
  });

  it('shows cards on a narrow screen', async () => {
    setScreenWide(false);
    open(attorney, '/settings?tab=team', {
      'GET /api/firm/members': () => json(200, { data: [self, invited] }),
    });
    const list = await screen.findByRole('list', { name: 'Team' });
    expect(within(list).getAllByRole('listitem')[1]).toHaveTextContent('Invitation pending');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('Remove asks first, then removes the person and shows the list the server answers', async () => {
    setScreenWide(true);
    const { user, callsTo } = open(attorney, '/settings?tab=team', {
      'GET /api/firm/members': () => json(200, { data: [self, contractor, invited] }),
      [`DELETE /api/firm/members/${contractor.userId}`]: () =>
        json(200, { message: MESSAGES.firmMemberRemoved, data: [self, invited] }),
    });

    await user.click(await screen.findByRole('button', { name: 'Remove Rex Builder' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Remove from firm' });
    expect(dialog).toHaveTextContent(removeMemberMessage('Rex Builder', 'Lovelace Law'));
    expect(dialog).toHaveTextContent(
      'Remove Rex Builder from Lovelace Law? They lose access to the firm’s cases at once; what they uploaded stays.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));

    expect(await screen.findByText(MESSAGES.firmMemberRemoved)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Rex Builder')).not.toBeInTheDocument());
    expect(callsTo(`DELETE /api/firm/members/${contractor.userId}`)).toHaveLength(1);
    expect(callsTo('GET /api/firm/members')).toHaveLength(1);
  });

  it('a refused removal is explained in the dialog', async () => {
    setScreenWide(true);
    const { user } = open(attorney, '/settings?tab=team', {
      'GET /api/firm/members': () => json(200, { data: [self, contractor] }),
      [`DELETE /api/firm/members/${contractor.userId}`]: () =>
        json(409, { error: MESSAGES.removeLastAttorney, code: 'CONFLICT' }),
    });

    await user.click(await screen.findByRole('button', { name: 'Remove Rex Builder' }));
    const dialog = screen.getByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(MESSAGES.removeLastAttorney);
    expect(screen.getAllByText('Rex Builder').length).toBeGreaterThan(0);
  });

  it('says so when the team cannot be loaded', async () => {
    open(attorney, '/settings?tab=team', {
      'GET /api/firm/members': () => json(500, { error: 'Internal error', code: 'INTERNAL' }),
    });
    expect(await screen.findByText('Internal error')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
