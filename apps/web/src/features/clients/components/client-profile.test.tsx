import { MESSAGES, type ClientDetailResponse } from '@sentinel/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { json, mockFetch, verifiedAs } from '@/testing/fetch-mock';
import { preloadRoutes, renderApp } from '@/testing/render-app';
import { attorney, signIn } from '@/testing/session';

const ID = '6f1d2c7e-2a4b-4c8d-9e0f-1a2b3c4d5e6f';
const DETAIL = `GET /api/clients/${ID}`;
const CASES = 'GET /api/cases';
const RESEND = `POST /api/clients/${ID}/invitation`;
const DEACTIVATE = `POST /api/clients/${ID}/deactivate`;

type Detail = ClientDetailResponse['data'];

const detail = (overrides: Partial<Detail> = {}): Detail => ({
  id: ID,
  firstName: 'Casey',
  lastName: 'Holloway',
  email: 'casey@example.test',
  phone: '+1 (555) 010-2222',
  companyName: 'Holloway Residence',
  status: 'active',
  deactivated: false,
  invitationPending: true,
  leadAttorney: { id: attorney.userId, name: 'Ada Lovelace' },
  createdAt: '2026-03-01T10:00:00.000Z',
  user_type: 'client',
  assignedToName: 'Ada Lovelace',
  activity: [
    { action: 'client_invitation_sent', at: '2026-03-02T09:30:00.000Z', by: 'Ada Lovelace' },
    { action: 'case_created', at: '2026-03-01T11:00:00.000Z', by: 'Ada Lovelace' },
    { action: 'client_created', at: '2026-03-01T10:00:00.000Z', by: 'Ada Lovelace' },
    { action: 'client_profile_updated', at: '2026-03-01T09:00:00.000Z', by: null },
  ],
  ...overrides,
});

const noCases = () => json(200, { data: [], total: 0 });

function openProfile(handlers: Parameters<typeof mockFetch>[0]) {
  signIn(attorney);
  const fetches = mockFetch({
    ...verifiedAs(attorney),
    ...handlers,
  });
  return { ...fetches, ...renderApp(`/clients/${ID}`) };
}

describe('client page', () => {
  beforeAll(preloadRoutes, 120_000);

  it('shows contact details, lead attorney, status, invitation state and human activity labels (no reads)', async () => {
    const { callsTo } = openProfile({ [DETAIL]: () => json(200, { data: detail() }), [CASES]: noCases });

    expect(await screen.findByRole('heading', { level: 1, name: 'Casey Holloway' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'casey@example.test' })).toHaveAttribute(
      'href',
      'mailto:casey@example.test',
    );
    expect(screen.getByRole('link', { name: '+1 (555) 010-2222' })).toHaveAttribute(
      'href',
      'tel:+15550102222',
    );
    expect(screen.getAllByText('Holloway Residence').length).toBeGreaterThan(0);
    expect(screen.getByText('Ada Lovelace', { selector: 'dd' })).toBeInTheDocument();
    expect(screen.getByText('Active')).toBeInTheDocument();
    expect(screen.getByText('Invitation pending')).toBeInTheDocument();

    const activity = screen.getByRole('heading', { name: 'Activity' }).closest('section')!;
    expect(
      within(activity)
        .getAllByRole('listitem')
        .map((item) => item.querySelector('p')?.textContent),
    ).toEqual(['Invitation sent', 'Case opened', 'Client added', 'Client profile updated']);

    expect(screen.getByRole('link', { name: 'Back to Client Directory' })).toHaveAttribute(
      'href',
      '/clients',
    );
    expect(await screen.findByText(MESSAGES.noCasesFound)).toBeInTheDocument();
    const casesUrl = new URL(callsTo(CASES)[0]!.url, 'http://localhost');
    expect(casesUrl.searchParams.get('clientId')).toBe(ID);
    expect(casesUrl.searchParams.get('pageSize')).toBe('all');
  });

  it('shows the eight newest activity entries, and all of them on request', async () => {
    const activity = Array.from({ length: 10 }, (_, i) => ({
      action: 'case_updated',
      at: `2026-03-${String(20 - i).padStart(2, '0')}T10:00:00.000Z`,
      by: 'Ada Lovelace',
    }));
    const { user } = openProfile({
      [DETAIL]: () => json(200, { data: detail({ activity }) }),
      [CASES]: noCases,
    });
    const section = (await screen.findByRole('heading', { name: 'Activity' })).closest('section')!;
    expect(within(section).getAllByRole('listitem')).toHaveLength(8);
    await user.click(within(section).getByRole('button', { name: 'Show all 10' }));
    expect(within(section).getAllByRole('listitem')).toHaveLength(10);
    await user.click(within(section).getByRole('button', { name: 'Show fewer' }));
    expect(within(section).getAllByRole('listitem')).toHaveLength(8);
  });

  it('resends the invitation and shows the server’s message', async () => {
    const { user, callsTo } = openProfile({
      [DETAIL]: () => json(200, { data: detail() }),
      [CASES]: noCases,
      [RESEND]: () => json(200, { message: MESSAGES.invitationResent, data: detail() }),
    });
    await user.click(await screen.findByRole('button', { name: 'Resend invitation' }));
    expect(await screen.findByText(MESSAGES.invitationResent)).toBeInTheDocument();
    expect(callsTo(RESEND)).toHaveLength(1);
  });

  it('offers no resend once the client has chosen a password', async () => {
    openProfile({
      [DETAIL]: () => json(200, { data: detail({ invitationPending: false }) }),
      [CASES]: noCases,
    });
    await screen.findByRole('heading', { level: 1, name: 'Casey Holloway' });
    expect(screen.queryByRole('button', { name: 'Resend invitation' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Deactivate client' })).toBeInTheDocument();
  });

  it('deactivates after the confirmation, then shows the client as deactivated', async () => {
    let current = detail();
    const { user, callsTo } = openProfile({
      [DETAIL]: () => json(200, { data: current }),
      [CASES]: noCases,
      [DEACTIVATE]: () => {
        current = detail({ deactivated: true, activity: [] });
        return json(200, { message: MESSAGES.clientDeactivated, data: current });
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Deactivate client' }));

    const confirm = await screen.findByRole('alertdialog', { name: 'Deactivate client' });
    expect(confirm).toHaveTextContent(
      'Deactivate Casey Holloway? They will be signed out of your firm and lose access to it.',
    );
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(callsTo(DEACTIVATE)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Deactivate client' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Deactivate' }),
    );

    expect(await screen.findByText(MESSAGES.clientDeactivated)).toBeInTheDocument();
    expect(callsTo(DEACTIVATE)).toHaveLength(1);
    expect(
      await screen.findByText('This client is deactivated and no longer has access to your firm.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Deactivate client' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Resend invitation' })).not.toBeInTheDocument();
  });

  it('lists the client’s cases, each linking to its page', async () => {
    openProfile({
      [DETAIL]: () => json(200, { data: detail() }),
      [CASES]: () =>
        json(200, {
          data: [
            {
              id: 'case-1',
              caseNumber: 'CASE-2026-001',
              title: 'Roof collapse after storm',
              status: 'negotiation',
              caseType: 'property-damage',
              lastActivityAt: '2026-03-05T12:00:00.000Z',
            },
          ],
          total: 1,
        }),
    });
    const link = await screen.findByRole('link', { name: /Roof collapse after storm/ });
    expect(link).toHaveAttribute('href', '/cases/case-1');
    expect(link).toHaveTextContent('CASE-2026-001');
    expect(link).toHaveTextContent('Negotiation');
    expect(link).toHaveTextContent('Property Damage');
  });

  it('keeps the page when the cases cannot be loaded, with an inline error', async () => {
    openProfile({
      [DETAIL]: () => json(200, { data: detail() }),
      [CASES]: () => json(404, { error: 'Not found', code: 'NOT_FOUND' }),
    });
    expect(await screen.findByText('This client’s cases could not be loaded.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Casey Holloway' })).toBeInTheDocument();
  });

  it("shows 'Client not found' with a way back for a 404", async () => {
    openProfile({ [DETAIL]: () => json(404, { error: 'Not found', code: 'NOT_FOUND' }) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Client not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the Client Directory' })).toHaveAttribute(
      'href',
      '/clients',
    );
  });
});
