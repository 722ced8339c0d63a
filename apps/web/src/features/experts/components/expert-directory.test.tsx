import {
  EXPERT_MESSAGES,
  SAMPLE_SPECIALTIES,
  type ExpertDetail,
  type ExpertSummary,
  type ListExpertsResponse,
} from '@sentinel/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { json, mockFetch, queryOf, type FetchCall, verifiedAs } from '@/testing/fetch-mock';
import { preloadRoutes, renderApp } from '@/testing/render-app';
import { attorney, signIn } from '@/testing/session';

const expert = (n: number, overrides: Partial<ExpertSummary> = {}): ExpertSummary => ({
  id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  name: `Expert ${n}`,
  specialty: 'Structural Engineering',
  credentials: 'PE',
  company: `Company ${n}`,
  availability: 'Available',
  hourlyRate: 400,
  email: null,
  phone: null,
  notes: '',
  hasAccount: false,
  cvDocument: null,
  engagementCount: 0,
  updatedAt: '2026-03-01T10:00:00.000Z',
  ...overrides,
});

const ROWS = [
  expert(1, { name: 'Dana Kowalski', availability: 'Available', hourlyRate: 425 }),
  expert(2, { name: 'Marcus Bell', specialty: 'Fire Investigation', availability: 'Busy until May' }),
  expert(3, { name: 'Sarah Whitfield', availability: 'Unavailable', hourlyRate: null, company: '' }),
];

const listOf = (rows: ExpertSummary[]) => (call: FetchCall) => {
  const params = queryOf(call);
  const body: ListExpertsResponse = {
    data: rows,
    total: rows.length,
    page: Number(params.get('page') ?? 1),
    pageSize: Number(params.get('pageSize') ?? 12),
    specialties: [...SAMPLE_SPECIALTIES].sort(),
  };
  return json(200, body);
};

function open(handlers: Parameters<typeof mockFetch>[0], path = '/experts') {
  signIn(attorney);
  const fetches = mockFetch({ ...verifiedAs(attorney), ...handlers });
  return { ...fetches, ...renderApp(path) };
}

describe('expert directory', () => {
  beforeAll(preloadRoutes, 120_000);

  it('shows a card per expert with the spec fields and §4 availability colours', async () => {
    open({ 'GET /api/experts': listOf(ROWS) });
    expect(await screen.findByRole('heading', { level: 1, name: EXPERT_MESSAGES.title })).toBeInTheDocument();
    const cards = within(await screen.findByRole('list', { name: 'Experts' })).getAllByRole('listitem');
    expect(cards).toHaveLength(3);
    const dana = within(cards[0]!);
    expect(dana.getByRole('heading', { name: 'Dana Kowalski' })).toBeInTheDocument();
    expect(dana.getByText('Structural Engineering')).toBeInTheDocument();
    expect(dana.getByText('Company 1')).toBeInTheDocument();
    expect(cards[0]).toHaveTextContent('$425.00 / hour');
    expect(dana.getByText('Available')).toHaveClass('bg-emerald-50');
    expect(within(cards[1]!).getByText('Busy until May')).toHaveClass('bg-amber-50');
    expect(within(cards[2]!).getByText('Unavailable')).toHaveClass('bg-red-50');
    expect(cards[2]).toHaveTextContent('Rate not set');
    expect(cards[2]).toHaveTextContent('Independent');
    expect(dana.getByRole('link', { name: 'View Profile: Dana Kowalski' })).toHaveAttribute(
      'href',
      `/experts/${ROWS[0]!.id}`,
    );
  });

  it('keeps the search and the specialty in the URL and asks the server with them', async () => {
    const { callsTo, router, user } = open({ 'GET /api/experts': listOf(ROWS) });
    await screen.findByRole('list', { name: 'Experts' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Specialty' }), 'Fire Investigation');
    await waitFor(() => expect(router.state.location.search).toBe('?specialty=Fire+Investigation'));
    await user.type(screen.getByRole('searchbox', { name: 'Search experts' }), 'bell');
    await waitFor(() => expect(router.state.location.search).toContain('search=bell'));
    await waitFor(() => {
      const last = queryOf(callsTo('GET /api/experts').at(-1)!);
      expect(last.get('search')).toBe('bell');
      expect(last.get('specialty')).toBe('Fire Investigation');
    });
  });

  it('tells the truth when the firm has no experts yet', async () => {
    open({ 'GET /api/experts': listOf([]) });
    expect(await screen.findByRole('heading', { name: EXPERT_MESSAGES.noExperts })).toBeInTheDocument();
    expect(screen.getByText(EXPERT_MESSAGES.noExpertsHint)).toBeInTheDocument();
  });

  it('engages an expert on a case from the card and shows the server’s message', async () => {
    const caseId = '00000000-0000-4000-8000-00000000c0de';
    const detail: ExpertDetail = { ...ROWS[0]!, engagementCount: 1, engagements: [] };
    const { callsTo, user } = open({
      'GET /api/experts': listOf(ROWS),
      'GET /api/cases': () =>
        json(200, { data: [{ id: caseId, caseNumber: 'CASE-2026-004', title: 'Roof collapse' }], total: 1 }),
      [`POST /api/experts/${ROWS[0]!.id}/engagements`]: () =>
        json(201, { message: EXPERT_MESSAGES.engagedNoAccount, data: detail }),
    });
    const cards = within(await screen.findByRole('list', { name: 'Experts' })).getAllByRole('listitem');
    await user.click(within(cards[0]!).getByRole('button', { name: 'Engage on case: Dana Kowalski' }));
    const dialog = await screen.findByRole('dialog', { name: 'Engage Dana Kowalski on a case' });
    expect(dialog).toHaveTextContent('no Sentinel account and no e-mail');
    await user.click(within(dialog).getByRole('button', { name: 'Engage on case' }));
    expect(await within(dialog).findByText(EXPERT_MESSAGES.unknownCase)).toBeInTheDocument();
    expect(callsTo(`POST /api/experts/${ROWS[0]!.id}/engagements`)).toHaveLength(0);

    await user.selectOptions(within(dialog).getByLabelText(/^Case/), caseId);
    fireEvent.change(within(dialog).getByLabelText(/^Report due/), { target: { value: '2031-04-15' } });
    await user.click(within(dialog).getByRole('button', { name: 'Engage on case' }));
    expect(await screen.findByText(EXPERT_MESSAGES.engagedNoAccount)).toBeInTheDocument();
    const [call] = callsTo(`POST /api/experts/${ROWS[0]!.id}/engagements`);
    expect(call!.body).toEqual({ caseId, scope: '', reportDueOn: '2031-04-15' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
