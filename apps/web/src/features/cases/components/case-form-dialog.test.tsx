import { MESSAGES } from '@sentinel/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { json, mockFetch } from '@/testing/fetch-mock';
import { fillIn, renderWithRouter } from '@/testing/render-app';
import { signIn } from '@/testing/session';
import { attorney, CLIENT_B, detailOf, formOptionHandlers, summary, uuid } from '../testing';
import { parseAmount, today } from '../utils/case-form-values';
import { CaseList } from './case-list';
import { setScreenWide } from '@/testing/media';

const LIST = 'GET /api/cases';
const CREATE = 'POST /api/cases';

function openList(handlers: Parameters<typeof mockFetch>[0]) {
  signIn(attorney);
  const fetches = mockFetch({
    [LIST]: () => json(200, { data: [summary(1)], total: 1 }),
    ...formOptionHandlers,
    ...handlers,
  });
  return { ...fetches, ...renderWithRouter(<CaseList />, '/cases') };
}

async function openNewCase(user: ReturnType<typeof openList>['user']) {
  await user.click(await screen.findByRole('button', { name: 'New Case' }));
  return screen.findByRole('dialog', { name: 'New Case' });
}

describe('case form', () => {
  beforeEach(() => setScreenWide(true));
  afterEach(() => setScreenWide(false));

  it('parses amounts typed with $ and thousands separators', () => {
    expect(parseAmount('')).toBeNull();
    expect(parseAmount(' $1,250.50 ')).toBe(1250.5);
    expect(parseAmount('12abc')).toBeNaN();
  });

  it('requires a title and a client and sends nothing until they are given', async () => {
    const { user, callsTo } = openList({});
    const dialog = await openNewCase(user);

    await user.click(within(dialog).getByRole('button', { name: 'Create Case' }));
    expect(await within(dialog).findByText(MESSAGES.caseTitleRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(MESSAGES.caseClientRequired)).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/^Title/)).toHaveAttribute('aria-invalid', 'true');

    await fillIn(user, within(dialog).getByLabelText(/^Target settlement/), 'lots');
    await user.click(within(dialog).getByRole('button', { name: 'Create Case' }));
    expect(await within(dialog).findByText('Enter an amount in dollars')).toBeInTheDocument();
    expect(callsTo(CREATE)).toHaveLength(0);
  });

  it('posts the case (empty optional fields left out or null, amounts as numbers) and opens its page', async () => {
    const created = detailOf(77, {
      title: 'Storm roof claim',
      client: { ...detailOf(77).client, ...CLIENT_B },
    });
    const { user, callsTo, router } = openList({ [CREATE]: () => json(201, { data: created }) });
    const dialog = await openNewCase(user);

    await fillIn(user, within(dialog).getByLabelText(/^Title/), '  Storm roof claim ');
    const client = within(dialog).getByLabelText(/^Client/);
    await within(client).findByRole('option', { name: CLIENT_B.name });
    await user.selectOptions(client, CLIENT_B.name);
    await user.selectOptions(within(dialog).getByLabelText('Case type'), 'Insurance Dispute');
    await user.selectOptions(within(dialog).getByLabelText('Priority'), 'High');
    await within(dialog).findByRole('option', { name: 'Grace Counsel' });
    await user.selectOptions(within(dialog).getByLabelText('Lead attorney'), 'Grace Counsel');
    fireEvent.change(within(dialog).getByLabelText('Due date'), { target: { value: '2026-09-30' } });
    await fillIn(user, within(dialog).getByLabelText('Carrier'), 'Acme Mutual');
    await fillIn(user, within(dialog).getByLabelText(/^Target settlement/), '$125,000.50');
    await user.click(within(dialog).getByRole('button', { name: 'Create Case' }));

    await waitFor(() => expect(router.state.location.pathname).toBe(`/cases/${created.id}`));
    expect(callsTo(CREATE)[0]?.body).toEqual({
      title: 'Storm roof claim',
      clientId: CLIENT_B.id,
      caseType: 'insurance-dispute',
      status: 'active',
      priority: 'high',
      leadAttorneyId: uuid(801),
      dateOpened: today(),
      dueDate: '2026-09-30',
      carrier: 'Acme Mutual',
      policyNumber: null,
      claimNumber: null,
      dateOfLoss: null,
      propertyAddress: null,
      targetSettlement: 125000.5,
      settlementAmount: null,
      description: null,
    });
    expect(await screen.findByText(MESSAGES.caseCreated)).toBeInTheDocument();
  });

  it('defaults to the signed-in attorney as lead and today as opening date; offers active clients only', async () => {
    const { user } = openList({});
    const dialog = await openNewCase(user);
    expect(within(dialog).getByLabelText('Lead attorney')).toHaveValue(attorney.userId);
    expect(within(dialog).getByLabelText('Date opened')).toHaveValue(today());
    const client = within(dialog).getByLabelText(/^Client/);
    await within(client).findByRole('option', { name: CLIENT_B.name });
    expect(
      within(client)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Choose a client', 'Casey Holloway', 'Robin Ashworth']);
  });

  it("shows the server's 400 message at the field it concerns, or above the form", async () => {
    let answer: string = MESSAGES.caseClientNotFound;
    const { user } = openList({ [CREATE]: () => json(400, { error: answer, code: 'BAD_REQUEST' }) });
    const dialog = await openNewCase(user);
    await fillIn(user, within(dialog).getByLabelText(/^Title/), 'Storm roof claim');
    const client = within(dialog).getByLabelText(/^Client/);
    await within(client).findByRole('option', { name: CLIENT_B.name });
    await user.selectOptions(client, CLIENT_B.name);
    await user.click(within(dialog).getByRole('button', { name: 'Create Case' }));
    expect(await within(dialog).findByText(MESSAGES.caseClientNotFound)).toBeInTheDocument();
    expect(client).toHaveAttribute('aria-invalid', 'true');

    answer = 'Something else went wrong';
    await user.click(within(dialog).getByRole('button', { name: 'Create Case' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Something else went wrong');
    expect(screen.getByRole('dialog', { name: 'New Case' })).toBeInTheDocument();
  });

  it("edits a case from the list: loads it, sends only what changed and says 'Case updated'", async () => {
    const current = detailOf(1);
    const { user, callsTo } = openList({
      [`GET /api/cases/${current.id}`]: () => json(200, { data: current }),
      [`PATCH /api/cases/${current.id}`]: () =>
        json(200, { data: { ...current, status: 'negotiation', settlementAmount: 90000 } }),
    });
    await user.click(await screen.findByRole('button', { name: `Edit ${current.title}` }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Case' });
    const title = await within(dialog).findByLabelText(/^Title/);
    expect(title).toHaveValue(current.title);
    expect(within(dialog).getByLabelText(/^Client/)).toHaveValue(current.client.id);
    expect(within(dialog).getByLabelText(/^Target settlement/)).toHaveValue('125000');
    expect(within(dialog).getByLabelText('Description')).toHaveValue(current.description);

    await user.selectOptions(within(dialog).getByLabelText('Status'), 'Negotiation');
    await fillIn(user, within(dialog).getByLabelText(/^Settlement amount/), '90000');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByText(MESSAGES.caseUpdated)).toBeInTheDocument();
    expect(callsTo(`PATCH /api/cases/${current.id}`)[0]?.body).toEqual({
      status: 'negotiation',
      settlementAmount: 90000,
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // The list is fetched again after the change.
    await waitFor(() => expect(callsTo(LIST).length).toBeGreaterThanOrEqual(2));
  });
});
