import { MESSAGES, type CaseDetail } from '@sentinel/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, mockFetch, verifiedAs } from '@/testing/fetch-mock';
import { fillIn, renderApp, renderWithRouter } from '@/testing/render-app';
import { propertyOwner, signIn } from '@/testing/session';
import { attorney, detailOf, peopleAnswer, uuid } from '../testing';
import { CasePage } from './case-page';

const CASE = detailOf(5, {
  status: 'negotiation',
  settlementAmount: 98000.5,
  members: [
    {
      userId: uuid(803),
      name: 'Pat Adjuster',
      email: 'pat@adjust.test',
      userType: 'public-adjuster',
      role: 'adjuster',
      addedAt: '2026-03-02T09:00:00.000Z',
    },
  ],
  statusHistory: [
    { status: 'active', at: '2026-03-01T10:00:00.000Z', by: 'Ada Lovelace' },
    { status: 'negotiation', at: '2026-03-05T10:00:00.000Z', by: 'Ada Lovelace' },
  ],
  activity: [
    {
      action: 'case_member_added',
      at: '2026-03-06T10:00:00.000Z',
      by: 'Ada Lovelace',
      details: { memberId: uuid(803), role: 'adjuster', invited: false },
    },
    {
      action: 'case_updated',
      at: '2026-03-05T10:00:00.000Z',
      by: 'Ada Lovelace',
      details: { fields: ['status', 'dueDate'], statusFrom: 'active', statusTo: 'negotiation' },
    },
    { action: 'case_created', at: '2026-03-01T10:00:00.000Z', by: 'Ada Lovelace', details: {} },
  ],
});
const URL_OF = `/api/cases/${CASE.id}`;

function openCase(
  detail: CaseDetail | null,
  handlers: Parameters<typeof mockFetch>[0] = {},
  user = attorney,
) {
  signIn(user);
  const fetches = mockFetch({
    [`GET ${URL_OF}`]: () =>
      detail ? json(200, { data: detail }) : json(404, { error: 'Not found', code: 'NOT_FOUND' }),
    'GET /api/firm/people': () => json(200, peopleAnswer()),
    [`GET ${URL_OF}/field-suggestions`]: () => json(200, { data: [] }),
    ...handlers,
  });
  return { ...fetches, ...renderWithRouter(<CasePage caseId={CASE.id} />, `/cases/${CASE.id}`) };
}

describe('case page', () => {
  it('shows the header and the overview with USD amounts and a mailto link to the client', async () => {
    openCase(CASE);
    expect(await screen.findByRole('heading', { level: 1, name: CASE.title })).toBeInTheDocument();
    expect(screen.getByText(CASE.caseNumber)).toBeInTheDocument();
    expect(screen.getAllByText('Negotiation')[0]).toHaveClass('bg-amber-50');
    expect(screen.getByRole('button', { name: 'Edit Case' })).toBeInTheDocument();
    const panel = screen.getByRole('tabpanel', { name: 'Overview' });
    expect(within(panel).getByRole('link', { name: CASE.client.email })).toHaveAttribute(
      'href',
      `mailto:${CASE.client.email}`,
    );
    expect(within(panel).getByText('$125,000.00')).toBeInTheDocument();
    expect(within(panel).getByText('$98,000.50')).toBeInTheDocument();
    expect(within(panel).getByText('Acme Mutual')).toBeInTheDocument();
    expect(within(panel).getByText('Feb 20, 2026')).toBeInTheDocument();
  });

  it('lists the status history and humanises the activity for attorneys', async () => {
    const { user } = openCase(CASE);
    await user.click(await screen.findByRole('tab', { name: 'Status history' }));
    const history = screen.getByRole('tabpanel', { name: 'Status history' });
    const items = within(history).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringMatching(/^ActiveOpened by Ada Lovelace/),
      expect.stringMatching(/^NegotiationChanged by Ada Lovelace/),
    ]);

    await user.click(screen.getByRole('tab', { name: 'Activity' }));
    const activity = screen.getByRole('tabpanel', { name: 'Activity' });
    expect(within(activity).getByText('Team member added')).toBeInTheDocument();
    expect(within(activity).getByText('Pat Adjuster, Public Adjuster')).toBeInTheDocument();
    expect(within(activity).getByText('Case updated')).toBeInTheDocument();
    expect(
      within(activity).getByText('Status: Active → Negotiation · Changed: Due date'),
    ).toBeInTheDocument();
    expect(within(activity).getByText('Case opened')).toBeInTheDocument();
  });

  it('adds a member chosen among the firm people whose account fits the role', async () => {
    const { user, callsTo } = openCase(CASE, {
      [`POST ${URL_OF}/members`]: () => json(201, { message: MESSAGES.caseMemberAdded, data: CASE }),
    });
    await user.click(await screen.findByRole('tab', { name: 'Members' }));
    expect(screen.getByText('Public Adjuster')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add Member' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Member' });

    await user.click(within(dialog).getByRole('button', { name: 'Add to Case' }));
    expect(await within(dialog).findByText('Choose their role on the case')).toBeInTheDocument();

    await user.selectOptions(within(dialog).getByLabelText(/^Role on the case/), 'Restoration Contractor');
    const person = within(dialog).getByLabelText(/^Person/);
    await within(person).findByRole('option', { name: /Rex Builder/ });
    // Only contractors are offered for the contractor role.
    expect(
      within(person)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Choose a person', 'Rex Builder (rex@build.test)']);
    await user.selectOptions(person, 'Rex Builder (rex@build.test)');
    await user.click(within(dialog).getByRole('button', { name: 'Add to Case' }));

    expect(await screen.findByText(MESSAGES.caseMemberAdded)).toBeInTheDocument();
    expect(callsTo(`POST ${URL_OF}/members`)[0]?.body).toEqual({ userId: uuid(802), role: 'contractor' });
  });

  it('invites a new member by e-mail', async () => {
    const { user, callsTo } = openCase(CASE, {
      [`POST ${URL_OF}/members`]: () => json(201, { message: MESSAGES.caseMemberAdded, data: CASE }),
    });
    await user.click(await screen.findByRole('tab', { name: 'Members' }));
    await user.click(screen.getByRole('button', { name: 'Add Member' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Member' });
    await user.selectOptions(within(dialog).getByLabelText(/^Role on the case/), 'Expert Witness');
    await user.click(within(dialog).getByRole('radio', { name: 'Invite by e-mail' }));
    await fillIn(user, within(dialog).getByLabelText(/^First name/), 'Erin');
    await fillIn(user, within(dialog).getByLabelText(/^Last name/), 'Expert');
    await fillIn(user, within(dialog).getByLabelText(/^Email/), 'erin@experts.test');
    await user.click(within(dialog).getByRole('button', { name: 'Send Invitation' }));

    await waitFor(() => expect(callsTo(`POST ${URL_OF}/members`)).toHaveLength(1));
    expect(callsTo(`POST ${URL_OF}/members`)[0]?.body).toEqual({
      email: 'erin@experts.test',
      firstName: 'Erin',
      lastName: 'Expert',
      companyName: null,
      role: 'expert',
    });
  });

  it('removes a member after confirming', async () => {
    const { user, callsTo } = openCase(CASE, {
      [`DELETE ${URL_OF}/members`]: () =>
        json(200, { message: MESSAGES.caseMemberRemoved, data: { ...CASE, members: [] } }),
    });
    await user.click(await screen.findByRole('tab', { name: 'Members' }));
    await user.click(screen.getByRole('button', { name: 'Remove Pat Adjuster' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Remove from the case?' });
    await user.click(within(confirm).getByRole('button', { name: 'Remove' }));

    expect(await screen.findByText(MESSAGES.caseMemberRemoved)).toBeInTheDocument();
    expect(callsTo(`DELETE ${URL_OF}/members`)[0]?.body).toEqual({ userId: uuid(803) });
    expect(await screen.findByText('No team members yet')).toBeInTheDocument();
  });

  it('is read-only for a client: no Edit, no member controls, no Activity, none of the firm’s fields', async () => {
    // What the API answers a client (FIELD_ACCESS.case).
    const { activity: _a, policyNumber: _p, claimNumber: _c, targetSettlement: _t, ...forClient } = CASE;
    const { user } = openCase(forClient, {}, propertyOwner);
    expect(await screen.findByRole('heading', { level: 1, name: CASE.title })).toBeInTheDocument();
    expect(screen.getByText('Carrier')).toBeInTheDocument();
    for (const term of ['Policy number', 'Claim number', 'Target settlement'])
      expect(screen.queryByText(term)).not.toBeInTheDocument();
    expect(screen.getByText('Settlement amount')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit Case' })).not.toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Activity' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Members' }));
    expect(screen.getByText('Pat Adjuster')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add Member' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Remove/ })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to dashboard' })).toHaveAttribute('href', '/dashboard');
  });

  it('is a route every role may open: a contractor at /cases/:id stays there', async () => {
    const contractor = { ...propertyOwner, userType: 'restoration-contractor' as const };
    signIn(contractor);
    const { activity: _omitted, ...forMember } = CASE;
    mockFetch({
      ...verifiedAs(contractor),
      [`GET ${URL_OF}`]: () => json(200, { data: forMember }),
    });
    const { router } = renderApp(`/cases/${CASE.id}`);
    expect(await screen.findByRole('heading', { level: 1, name: CASE.title })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/cases/${CASE.id}`);
  });

  it("says 'Case not found' for a 404, with a way back", async () => {
    openCase(null);
    expect(await screen.findByRole('heading', { level: 1, name: 'Case not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Case Management' })).toHaveAttribute('href', '/cases');
  });
});
