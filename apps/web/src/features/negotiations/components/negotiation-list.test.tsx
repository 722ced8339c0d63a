import {
  NEGOTIATION_MESSAGES,
  type ListNegotiationsResponse,
  type NegotiationDetail,
  type NegotiationSummary,
} from '@sentinel/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { json, mockFetch, queryOf, verifiedAs } from '@/testing/fetch-mock';
import { setScreenWide } from '@/testing/media';
import { preloadRoutes, renderApp } from '@/testing/render-app';
import { attorney, signIn } from '@/testing/session';

const LIST = 'GET /api/negotiations';
const ID = '00000000-0000-4000-8000-000000000101';

const row = (n: number, overrides: Partial<NegotiationSummary> = {}): NegotiationSummary => ({
  id: `00000000-0000-4000-8000-${String(100 + n).padStart(12, '0')}`,
  status: 'open',
  case: {
    id: `00000000-0000-4000-8000-${String(200 + n).padStart(12, '0')}`,
    caseNumber: `CASE-2026-00${n}`,
    title: `Case ${n}`,
    status: 'negotiation',
  },
  carrier: 'Harborline Mutual',
  claimNumber: null,
  targetSettlement: 100000,
  currentOffer: null,
  latestDemand: null,
  lastAction: null,
  lastActionAt: '2026-03-01T10:00:00.000Z',
  settlementAmount: null,
  ...overrides,
});

const list = (rows: NegotiationSummary[]) => () =>
  json(200, { data: rows, total: rows.length } satisfies ListNegotiationsResponse);

function open(handlers: Parameters<typeof mockFetch>[0], path = '/negotiations') {
  signIn(attorney);
  const fetches = mockFetch({ ...verifiedAs(attorney), ...handlers });
  return { ...fetches, ...renderApp(path) };
}

describe('Active Negotiations', () => {
  beforeAll(preloadRoutes, 120_000);
  afterEach(() => setScreenWide(false));

  it('shows the spec’s columns, the offer coloured by offer / target with words, and the range in thousands', async () => {
    setScreenWide(true);
    const { callsTo } = open({
      [LIST]: list([
        row(1, {
          currentOffer: { amount: 59999, date: '2026-03-02' },
          lastAction: { kind: 'offer', date: '2026-03-02', amount: 59999 },
        }),
        row(2, { currentOffer: { amount: 84000, date: '2026-03-02' }, targetSettlement: 100000 }),
        row(3, { currentOffer: { amount: 85000, date: '2026-03-02' }, targetSettlement: 100000 }),
        row(4, {
          currentOffer: { amount: 50000, date: '2026-03-02' },
          targetSettlement: null,
          carrier: null,
        }),
        row(5, { targetSettlement: 125000 }),
      ]),
    });
    const table = await screen.findByRole('table', { name: 'Negotiations' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Case Name', 'Carrier', 'Current Offer', 'AI Target Range', 'Last Action', 'Details']);
    const rows = within(table).getAllByRole('row').slice(1);
    const toneOf = (index: number) => rows[index]!.querySelector('[data-tone]')!.getAttribute('data-tone');
    expect(toneOf(0)).toBe('red');
    expect(rows[0]).toHaveTextContent('$59,999.00');
    expect(rows[0]).toHaveTextContent('59% of target: below 60%');
    expect(rows[0]).toHaveTextContent('$90K – $110K');
    expect(rows[0]).toHaveTextContent('Offer · $59,999.00');
    expect(toneOf(1)).toBe('yellow');
    expect(rows[1]).toHaveTextContent('84% of target: below 85%');
    expect(toneOf(2)).toBe('green');
    expect(toneOf(3)).toBe('none');
    expect(rows[3]).toHaveTextContent('No target set');
    expect(rows[3]).toHaveTextContent('No carrier set');
    expect(rows[4]).toHaveTextContent('No offer yet');
    expect(rows[4]).toHaveTextContent('$112.5K – $137.5K');
    expect(rows[4]).toHaveTextContent('Nothing recorded yet');
    expect(within(rows[0]!).getByRole('link', { name: /^Details/ })).toHaveAttribute(
      'href',
      `/negotiations/${row(1).id}`,
    );
    expect(queryOf(callsTo(LIST)[0]).get('sort')).toBe('lastAction');
  });

  it('searches by case name or carrier through the server, and says when nothing matches', async () => {
    setScreenWide(true);
    const { callsTo } = open({
      [LIST]: (call) => (queryOf(call).get('search') ? list([])() : list([row(1)])()),
    });
    await screen.findByRole('table', { name: 'Negotiations' });
    await userEvent.type(screen.getByRole('searchbox', { name: NEGOTIATION_MESSAGES.searchLabel }), 'zzz');
    expect(await screen.findByText('No negotiation matches “zzz”.')).toBeInTheDocument();
    expect(queryOf(callsTo(LIST).at(-1)).get('search')).toBe('zzz');
  });

  it('tells the truth when there are none yet', async () => {
    open({ [LIST]: list([]) });
    expect(await screen.findByRole('heading', { name: NEGOTIATION_MESSAGES.empty })).toBeInTheDocument();
    expect(screen.getByText(NEGOTIATION_MESSAGES.emptyHint)).toBeInTheDocument();
  });
});

const detail = (overrides: Partial<NegotiationDetail> = {}): NegotiationDetail => ({
  ...row(1),
  id: ID,
  client: { id: 'c1', name: 'Chidi Okafor' },
  targetSource: 'typed',
  targetBasis: null,
  settledAt: null,
  actions: [],
  suggestion: {
    amount: 60500.25,
    basis: 'estimates',
    citations: [
      {
        documentId: 'd1',
        fileName: 'roof-estimate.pdf',
        kind: 'estimate',
        amount: 60500.25,
        text: 'Total estimate $60,500.25',
        analyzedAt: null,
        superseded: false,
      },
    ],
  },
  analysedDocuments: 1,
  documents: [{ id: 'd1', fileName: 'roof-estimate.pdf' }],
  ...overrides,
});

describe('negotiation Details', () => {
  beforeAll(preloadRoutes, 120_000);

  it('checks an offer with the shared schema before sending it', async () => {
    const { callsTo } = open(
      { [`GET /api/negotiations/${ID}`]: () => json(200, { data: detail() }) },
      `/negotiations/${ID}`,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Record offer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Record an offer' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(NEGOTIATION_MESSAGES.amountRequired)).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText(/^Amount/), 'ten dollars');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(/Enter an amount in dollars/)).toBeInTheDocument();
    expect(callsTo(`POST /api/negotiations/${ID}/actions`)).toHaveLength(0);
  });

  it('cites the documents behind the suggested target and accepts it with the amount shown', async () => {
    let current = detail();
    const { callsTo } = open(
      {
        [`GET /api/negotiations/${ID}`]: () => json(200, { data: current }),
        [`PATCH /api/negotiations/${ID}`]: () => {
          current = detail({ targetSettlement: 60500.25, targetSource: 'documents' });
          return json(200, { data: current });
        },
      },
      `/negotiations/${ID}`,
    );
    const cited = await screen.findByRole('list', { name: 'Documents cited' });
    expect(cited).toHaveTextContent('roof-estimate.pdf');
    expect(cited).toHaveTextContent('Estimate: $60,500.25');
    expect(cited).toHaveTextContent('“Total estimate $60,500.25”');
    await userEvent.click(screen.getByRole('button', { name: 'Use as target' }));
    await waitFor(() => expect(callsTo(`PATCH /api/negotiations/${ID}`)).toHaveLength(1));
    expect(callsTo(`PATCH /api/negotiations/${ID}`)[0]!.body).toEqual({
      acceptSuggestion: { amount: 60500.25 },
    });
    expect(await screen.findByText('This is the current target.')).toBeInTheDocument();
  });
});
