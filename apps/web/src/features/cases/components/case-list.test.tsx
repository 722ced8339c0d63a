import { MESSAGES, type ListCasesResponse } from '@sentinel/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { json, mockFetch, queryOf, type FetchCall } from '@/testing/fetch-mock';
import { currentUrl, renderWithRouter } from '@/testing/render-app';
import { signIn } from '@/testing/session';
import { attorney, CLIENT_B, summary } from '../testing';
import { CaseList } from './case-list';
import { setScreenWide } from '@/testing/media';

const LIST = 'GET /api/cases';

const listOf =
  (
    rows = [summary(1), summary(2, { title: 'Harbor flood', status: 'negotiation', client: CLIENT_B })],
    total?: number,
  ) =>
  () =>
    json(200, { data: rows, total: total ?? rows.length } satisfies ListCasesResponse);

function openList(handlers: Parameters<typeof mockFetch>[0], path = '/cases') {
  signIn(attorney);
  const fetches = mockFetch(handlers);
  return { ...fetches, ...renderWithRouter(<CaseList />, path) };
}

describe('case list', () => {
  beforeEach(() => setScreenWide(true));
  afterEach(() => setScreenWide(false));

  it('shows the cases in a table with the real count, status badges and View / Edit', async () => {
    const { callsTo } = openList({ [LIST]: listOf() });

    const table = await screen.findByRole('table', { name: 'Cases' });
    expect(screen.getByRole('heading', { level: 1, name: 'Case Management' })).toBeInTheDocument();
    expect(screen.getByText('2 cases')).toBeInTheDocument();
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Case Name', 'Client', 'Status', 'Assigned To', 'Last Activity', 'Actions']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    const second = within(rows[1]!);
    expect(second.getByText('Harbor flood', { selector: 'p' })).toBeInTheDocument();
    expect(second.getByText('CASE-2026-002')).toBeInTheDocument();
    expect(second.getByText(CLIENT_B.name)).toBeInTheDocument();
    expect(second.getByText('Negotiation')).toHaveClass('bg-amber-50');
    expect(second.getByText('Ada Lovelace')).toBeInTheDocument();
    expect(second.getByText('3h ago')).toBeInTheDocument();
    expect(second.getByRole('link', { name: 'View Harbor flood' })).toHaveAttribute(
      'href',
      `/cases/${summary(2).id}`,
    );
    expect(second.getByRole('button', { name: 'Edit Harbor flood' })).toBeInTheDocument();

    // Defaults: sorted by last activity, 10 a page, first page.
    const params = queryOf(callsTo(LIST)[0]);
    expect(params.get('sort')).toBe('lastActivity');
    expect(params.get('pageSize')).toBe('10');
    expect(params.get('page')).toBe('1');
    expect(params.has('search')).toBe(false);
  });

  it("says '1 case' for one", async () => {
    openList({ [LIST]: listOf([summary(1)]) });
    expect(await screen.findByText('1 case')).toBeInTheDocument();
  });

  it('shows cards instead of the table on small screens', async () => {
    setScreenWide(false);
    openList({ [LIST]: listOf() });
    const list = await screen.findByRole('list', { name: 'Cases' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('searches after typing pauses, from page 1, and keeps the search in the URL', async () => {
    const { callsTo, router, user } = openList({ [LIST]: listOf() }, '/cases?page=2');
    const box = await screen.findByRole('searchbox', { name: 'Search cases' });
    expect(box).toHaveAttribute('placeholder', 'Case title, case number or client');

    await user.type(box, 'harbor');
    await waitFor(() => expect(currentUrl(router)).toBe('/cases?search=harbor'));
    await waitFor(() => expect(queryOf(callsTo(LIST).at(-1)).get('search')).toBe('harbor'));
    const last = queryOf(callsTo(LIST).at(-1));
    expect(last.get('page')).toBe('1');
    // One request for the whole word, not one per key.
    expect(callsTo(LIST).filter((call) => queryOf(call).has('search'))).toHaveLength(1);
  });

  it('sorts and sizes pages on the server and remembers both in the URL', async () => {
    const { callsTo, router, user } = openList({ [LIST]: listOf() });
    await screen.findByRole('table', { name: 'Cases' });

    await user.selectOptions(screen.getByLabelText('Sort by'), 'Due date');
    await waitFor(() => expect(queryOf(callsTo(LIST).at(-1)).get('sort')).toBe('dueDate'));
    expect(currentUrl(router)).toBe('/cases?sort=dueDate');

    await user.selectOptions(screen.getByLabelText('Rows per page'), 'All');
    await waitFor(() => expect(queryOf(callsTo(LIST).at(-1)).get('pageSize')).toBe('all'));
    expect(currentUrl(router)).toBe('/cases?sort=dueDate&pageSize=all');
    expect(
      [...screen.getByLabelText('Rows per page').querySelectorAll('option')].map((o) => o.textContent),
    ).toEqual(['10', '15', '25', 'All']);
  });

  it('reads search, sort, page and page size from the URL', async () => {
    const { callsTo } = openList(
      { [LIST]: listOf([summary(1)], 40) },
      '/cases?search=roof&sort=title&page=3&pageSize=15',
    );
    expect(await screen.findByRole('searchbox', { name: 'Search cases' })).toHaveValue('roof');
    const params = queryOf(callsTo(LIST)[0]);
    expect(Object.fromEntries(params)).toEqual({ search: 'roof', sort: 'title', page: '3', pageSize: '15' });
    expect(screen.getByLabelText('Sort by')).toHaveValue('title');
    expect(screen.getByLabelText('Rows per page')).toHaveValue('15');
  });

  it('pages through the cases with the pagination bar', async () => {
    const { callsTo, router, user } = openList({
      [LIST]: (call: FetchCall) =>
        queryOf(call).get('page') === '2'
          ? listOf([summary(11), summary(12)], 12)()
          : listOf(
              Array.from({ length: 10 }, (_, i) => summary(i + 1)),
              12,
            )(),
    });
    await screen.findByRole('table', { name: 'Cases' });
    expect(screen.getByText('12 cases')).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Cases pages' });
    await user.click(within(nav).getByRole('button', { name: 'Page 2' }));

    expect(await screen.findByText('Case 12', { selector: 'p' })).toBeInTheDocument();
    expect(queryOf(callsTo(LIST).at(-1)).get('page')).toBe('2');
    expect(currentUrl(router)).toBe('/cases?page=2');
    expect(within(nav).getByText(/11–12/)).toBeInTheDocument();
  });

  it("shows 'No cases found' when there are none", async () => {
    openList({ [LIST]: listOf([]) });
    expect(await screen.findByRole('heading', { name: MESSAGES.noCasesFound })).toBeInTheDocument();
    expect(screen.getByText('0 cases')).toBeInTheDocument();
  });

  it('offers to clear a search that found nothing', async () => {
    const { user, router } = openList({ [LIST]: listOf([]) }, '/cases?search=zzz');
    expect(await screen.findByRole('heading', { name: MESSAGES.noCasesFound })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear search' }));
    await waitFor(() => expect(currentUrl(router)).toBe('/cases'));
    expect(screen.getByRole('searchbox', { name: 'Search cases' })).toHaveValue('');
  });
});
