import { MESSAGES, STORAGE_KEYS, type ClientSummary, type ListClientsResponse } from '@sentinel/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { json, mockFetch, queryOf, type FetchCall, verifiedAs } from '@/testing/fetch-mock';
import { setScreenWide } from '@/testing/media';
import { fillIn, preloadRoutes, renderApp } from '@/testing/render-app';
import { attorney, signIn } from '@/testing/session';

const LIST = `GET /api/client/${attorney.userId}/clients`;
const CREATE = 'POST /api/client/new';

const client = (n: number, overrides: Partial<ClientSummary> = {}): ClientSummary => ({
  id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  firstName: `First${n}`,
  lastName: `Last${n}`,
  email: `client${n}@example.test`,
  phone: `+1 555 010 ${String(n).padStart(4, '0')}`,
  companyName: null,
  status: 'active',
  deactivated: false,
  invitationPending: false,
  leadAttorney: { id: attorney.userId, name: 'Ada Lovelace' },
  createdAt: '2026-03-01T10:00:00.000Z',
  user_type: 'client',
  assignedToName: 'Ada Lovelace',
  ...overrides,
});

const ROWS: ClientSummary[] = [
  client(1, { firstName: 'Casey', lastName: 'Holloway', companyName: 'Holloway Residence' }),
  client(2, { firstName: 'Robin', lastName: 'Ashworth', status: 'pending', invitationPending: true }),
  client(3, {
    firstName: 'Jordan',
    lastName: 'Reyes',
    status: 'resolved',
    deactivated: true,
    leadAttorney: null,
  }),
];

/** Answers the list call like the server: the given rows, paged by the request's page and size. */
const listOf =
  (rows: ClientSummary[], total = rows.length) =>
  (call: FetchCall) => {
    const params = queryOf(call);
    const pageSize = params.get('pageSize') === 'all' ? 'all' : Number(params.get('pageSize'));
    const body: ListClientsResponse = {
      clients: rows,
      total,
      page: Number(params.get('page') ?? 1),
      pageSize,
    };
    return json(200, body);
  };

function openDirectory(handlers: Parameters<typeof mockFetch>[0], path = '/clients') {
  signIn(attorney);
  const fetches = mockFetch({ ...verifiedAs(attorney), ...handlers });
  return { ...fetches, ...renderApp(path) };
}

describe('client directory', () => {
  beforeAll(preloadRoutes, 120_000);
  afterEach(() => setScreenWide(false));

  it('lists the clients from the API in a table: Name / Contact / Lead Attorney / Status and View Profile', async () => {
    setScreenWide(true);
    const { callsTo } = openDirectory({ [LIST]: listOf(ROWS) });

    expect(await screen.findByRole('heading', { level: 1, name: 'Client Directory' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Clients' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Name', 'Contact', 'Lead Attorney', 'Status', 'Actions']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);

    const casey = within(rows[0]!);
    expect(casey.getByText('Casey Holloway')).toBeInTheDocument();
    expect(casey.getByText('Holloway Residence')).toBeInTheDocument();
    expect(casey.getByRole('link', { name: 'client1@example.test' })).toHaveAttribute(
      'href',
      'mailto:client1@example.test',
    );
    expect(casey.getByText('Ada Lovelace')).toBeInTheDocument();
    expect(casey.getByText('Active')).toBeInTheDocument();
    expect(casey.getByRole('link', { name: /^View Profile/ })).toHaveAttribute(
      'href',
      `/clients/${ROWS[0]!.id}`,
    );

    expect(within(rows[1]!).getByText('Pending')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Invitation pending')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('Resolved')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('Deactivated')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('Not assigned')).toBeInTheDocument();

    expect(screen.getByText(/Showing/)).toHaveTextContent('Showing 1–3 of 3');
    // First request: page 1, the default 12 per page, no search.
    const first = queryOf(callsTo(LIST)[0]);
    expect(first.get('page')).toBe('1');
    expect(first.get('pageSize')).toBe('12');
    expect(first.has('search')).toBe(false);
    expect(callsTo(LIST)[0]?.headers.get('Authorization')).toMatch(/^Bearer /);
  });

  it('lists the clients as cards on a small screen', async () => {
    openDirectory({ [LIST]: listOf(ROWS) });
    const list = await screen.findByRole('list', { name: 'Clients' });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(within(items[0]!).getByText('Casey Holloway')).toBeInTheDocument();
    expect(within(items[0]!).getByRole('link', { name: /^View Profile/ })).toHaveAttribute(
      'href',
      `/clients/${ROWS[0]!.id}`,
    );
  });

  it("shows 'No clients found' when the firm has none", async () => {
    openDirectory({ [LIST]: listOf([]) });
    expect(await screen.findByRole('heading', { name: MESSAGES.noClientsFound })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Clients pages' })).not.toBeInTheDocument();
  });

  it('searches for the typed term once typing pauses, from page 1', async () => {
    const { callsTo, user, router } = openDirectory({ [LIST]: listOf(ROWS, 40) }, '/clients?page=2');
    await screen.findByText('Casey Holloway');
    expect(queryOf(callsTo(LIST)[0]).get('page')).toBe('2');

    await user.type(screen.getByRole('searchbox', { name: 'Search clients' }), 'holl');

    await waitFor(() => expect(queryOf(callsTo(LIST).at(-1)).get('search')).toBe('holl'));
    const searched = callsTo(LIST).filter((call) => queryOf(call).has('search'));
    // Debounced: one request for the whole word, not one per key.
    expect(searched).toHaveLength(1);
    expect(queryOf(searched[0]).get('page')).toBe('1');
    expect(router.state.location.search).toBe('?search=holl');
  });

  it('empties the search box when a link leads to /clients without a search', async () => {
    const { callsTo, user, router } = openDirectory({ [LIST]: listOf(ROWS) }, '/clients?search=holl');
    const box = await screen.findByRole('searchbox', { name: 'Search clients' });
    expect(box).toHaveValue('holl');
    expect(queryOf(callsTo(LIST)[0]).get('search')).toBe('holl');

    await user.click(
      within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'Clients' }),
    );

    await waitFor(() => expect(box).toHaveValue(''));
    await waitFor(() => expect(queryOf(callsTo(LIST).at(-1)).has('search')).toBe(false));
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(router.state.location.search).toBe('');
  });

  it('pages with Next and Previous, and disables them at the ends', async () => {
    const { callsTo, user } = openDirectory({ [LIST]: listOf(ROWS, 30) });
    const pages = await screen.findByRole('navigation', { name: 'Clients pages' });
    const previous = within(pages).getByRole('button', { name: 'Previous' });
    const next = within(pages).getByRole('button', { name: 'Next' });
    expect(previous).toBeDisabled();
    expect(within(pages).getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
    expect(within(pages).getByRole('button', { name: 'Page 3' })).toBeInTheDocument();

    await user.click(next);
    await waitFor(() => expect(queryOf(callsTo(LIST).at(-1)).get('page')).toBe('2'));
    await waitFor(() => expect(previous).toBeEnabled());

    await user.click(within(pages).getByRole('button', { name: 'Page 3' }));
    await waitFor(() => expect(queryOf(callsTo(LIST).at(-1)).get('page')).toBe('3'));
    await waitFor(() => expect(next).toBeDisabled());
  });

  it('remembers the page size in localStorage as clientsPageSize and restores it', async () => {
    const first = openDirectory({ [LIST]: listOf(ROWS) });
    const select = await screen.findByRole('combobox', { name: 'Rows per page' });
    expect(select).toHaveValue('12');
    expect(Array.from((select as HTMLSelectElement).options).map((o) => o.textContent)).toEqual([
      '10',
      '12',
      '20',
      'All',
    ]);

    await first.user.selectOptions(select, '20');
    expect(localStorage.getItem(STORAGE_KEYS.clientsPageSize)).toBe('20');
    await waitFor(() => expect(queryOf(first.callsTo(LIST).at(-1)).get('pageSize')).toBe('20'));
    first.unmount();

    localStorage.setItem(STORAGE_KEYS.clientsPageSize, 'all');
    const second = openDirectory({ [LIST]: listOf(ROWS) });
    expect(await screen.findByRole('combobox', { name: 'Rows per page' })).toHaveValue('all');
    await waitFor(() => expect(queryOf(second.callsTo(LIST)[0]).get('pageSize')).toBe('all'));
  });

  it('ignores a stored page size that is not one of 10, 12, 20, all', async () => {
    localStorage.setItem(STORAGE_KEYS.clientsPageSize, '500');
    const { callsTo } = openDirectory({ [LIST]: listOf(ROWS) });
    expect(await screen.findByRole('combobox', { name: 'Rows per page' })).toHaveValue('12');
    expect(queryOf(callsTo(LIST)[0]).get('pageSize')).toBe('12');
  });

  it('shows the §8 fetch error and the toast when the list cannot be loaded', async () => {
    openDirectory({ [LIST]: () => json(500, { error: 'Boom', code: 'INTERNAL' }) });
    expect(await screen.findByText(MESSAGES.clientsFetchFailed)).toBeInTheDocument();
    expect(await screen.findByText(MESSAGES.clientsLoadFailedToast)).toBeInTheDocument();
  });
});

describe('Add New Client dialog', () => {
  beforeAll(preloadRoutes, 120_000);

  async function openDialog(handlers: Parameters<typeof mockFetch>[0]) {
    const app = openDirectory({ [LIST]: listOf(ROWS), ...handlers });
    await screen.findByText('Casey Holloway');
    await app.user.click(screen.getByRole('button', { name: 'Add New Client' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add New Client' });
    return { ...app, dialog };
  }

  it('is a labelled dialog that takes focus and closes on Escape', async () => {
    const { dialog, user } = await openDialog({});
    expect(within(dialog).getByLabelText(/First Name/)).toHaveFocus();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(screen.getByRole('button', { name: 'Add New Client' })).toHaveFocus());
  });

  it('shows the required-field errors of §5 and sends nothing', async () => {
    const { dialog, user, callsTo } = await openDialog({});
    await user.click(within(dialog).getByRole('button', { name: 'Add Client' }));

    expect(await within(dialog).findByText(MESSAGES.firstNameRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(MESSAGES.lastNameRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(MESSAGES.emailRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(MESSAGES.phoneRequired)).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/Company/)).toHaveAttribute('aria-invalid', 'false');
    expect(within(dialog).getByLabelText(/First Name/)).toHaveAttribute('aria-invalid', 'true');
    expect(callsTo(CREATE)).toHaveLength(0);
  });

  it('posts the spec §3 body, shows the server message, closes and refreshes the list', async () => {
    const created = client(9, { firstName: 'Morgan', lastName: 'Pryce', invitationPending: true });
    let rows = ROWS;
    const { dialog, user, callsTo } = await openDialog({
      [LIST]: (call) => listOf(rows)(call),
      [CREATE]: () => {
        rows = [created, ...ROWS];
        return json(201, { message: MESSAGES.clientCreated, data: created });
      },
    });

    await fillIn(user, within(dialog).getByLabelText(/First Name/), ' Morgan ');
    await fillIn(user, within(dialog).getByLabelText(/Last Name/), 'Pryce');
    await fillIn(user, within(dialog).getByLabelText(/Email/), 'morgan.pryce@example.test');
    await fillIn(user, within(dialog).getByLabelText(/Phone/), '+1 (555) 010-2222');
    await fillIn(user, within(dialog).getByLabelText(/Company/), 'Pryce Holdings');
    await user.click(within(dialog).getByRole('button', { name: 'Add Client' }));

    expect(await screen.findByText(MESSAGES.clientCreated)).toBeInTheDocument();
    expect(callsTo(CREATE)).toHaveLength(1);
    expect(callsTo(CREATE)[0]?.body).toEqual({
      firstName: 'Morgan',
      lastName: 'Pryce',
      email: 'morgan.pryce@example.test',
      phone: '+1 (555) 010-2222',
      companyName: 'Pryce Holdings',
      user_type: 'client',
      loggedUserId: attorney.userId,
      loggedUserName: 'Ada Lovelace',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('Morgan Pryce')).toBeInTheDocument();
  });

  it('keeps the dialog open with the server’s message when the e-mail is taken (409)', async () => {
    const { dialog, user } = await openDialog({
      [CREATE]: () => json(409, { error: MESSAGES.alreadyInFirm, code: 'CONFLICT' }),
    });
    await fillIn(user, within(dialog).getByLabelText(/First Name/), 'Casey');
    await fillIn(user, within(dialog).getByLabelText(/Last Name/), 'Holloway');
    await fillIn(user, within(dialog).getByLabelText(/Email/), 'client1@example.test');
    await fillIn(user, within(dialog).getByLabelText(/Phone/), '555 010 0001');
    await user.click(within(dialog).getByRole('button', { name: 'Add Client' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(MESSAGES.alreadyInFirm);
    expect(screen.getByRole('dialog', { name: 'Add New Client' })).toBeInTheDocument();
  });

  it("says 'Unexpected response' when creation answers a success other than 201", async () => {
    const { dialog, user } = await openDialog({
      [CREATE]: () => json(200, { message: 'ok' }),
    });
    await fillIn(user, within(dialog).getByLabelText(/First Name/), 'Casey');
    await fillIn(user, within(dialog).getByLabelText(/Last Name/), 'Holloway');
    await fillIn(user, within(dialog).getByLabelText(/Email/), 'casey@example.test');
    await fillIn(user, within(dialog).getByLabelText(/Phone/), '555 010 0001');
    await user.click(within(dialog).getByRole('button', { name: 'Add Client' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(MESSAGES.clientCreateUnexpected);
    expect(screen.getByRole('dialog', { name: 'Add New Client' })).toBeInTheDocument();
  });

  it("falls back to 'Failed to create client. Please try again.' on a network failure", async () => {
    const { dialog, user } = await openDialog({
      [CREATE]: () => Promise.reject(new TypeError('Failed to fetch')),
    });
    await fillIn(user, within(dialog).getByLabelText(/First Name/), 'Casey');
    await fillIn(user, within(dialog).getByLabelText(/Last Name/), 'Holloway');
    await fillIn(user, within(dialog).getByLabelText(/Email/), 'casey@example.test');
    await fillIn(user, within(dialog).getByLabelText(/Phone/), '555 010 0001');
    await user.click(within(dialog).getByRole('button', { name: 'Add Client' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(MESSAGES.clientCreateFailed);
  });
});
