import { ANALYTICS_DEFINITIONS, type AnalyticsResponse } from '@sentinel/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { json, mockFetch, queryOf, verifiedAs } from '@/testing/fetch-mock';
import { setScreenWide } from '@/testing/media';
import { currentUrl, preloadRoutes, renderApp } from '@/testing/render-app';
import { attorney, signIn } from '@/testing/session';

const figures: AnalyticsResponse = {
  period: '90d',
  from: '2026-08-27',
  to: '2026-11-24',
  stats: {
    activeCases: 9,
    activeCasesInPeriod: 19,
    settlementsMtd: 519500,
    settlementsInPeriod: 1371500,
    successRate: 80,
    settledWithTarget: 10,
    totalClients: 8,
    newClients: 1,
  },
  revenueByCaseType: [
    { caseType: 'property-damage', settled: 4, total: 256500 },
    { caseType: 'insurance-dispute', settled: 2, total: 250500 },
    { caseType: 'personal-injury', settled: 1, total: 125500 },
    { caseType: 'commercial-property', settled: 2, total: 507000 },
    { caseType: 'other', settled: 1, total: 232000 },
  ],
  caseSuccess: { reachedTarget: 8, belowTarget: 2, noTarget: 0 },
  monthly: [
    { month: '2026-08', opened: 0, settled: 1, settlementTotal: 232000 },
    { month: '2026-09', opened: 3, settled: 2, settlementTotal: 176500 },
    { month: '2026-10', opened: 1, settled: 3, settlementTotal: 443500 },
    { month: '2026-11', opened: 3, settled: 4, settlementTotal: 519500 },
  ],
  topCases: [
    {
      caseId: 'case-1',
      caseNumber: 'CASE-2026-016',
      title: 'Patel Storefront – Hail Damage',
      clientName: 'Dev Patel',
      settlementAmount: 297000,
      status: 'settled',
      settledAt: '2026-11-21T10:00:00.000Z',
    },
  ],
  quickStats: {
    avgCaseDurationMonths: 4.9,
    avgSettlementValue: 137150,
    casesInNegotiation: 2,
    pendingDepositions: 2,
    expertReportsDue: 6,
  },
};

/** A firm with nothing settled in the period and no cases opened in it. */
const quiet: AnalyticsResponse = {
  ...figures,
  period: '30d',
  from: '2026-10-26',
  stats: { ...figures.stats, settlementsInPeriod: 0, successRate: null, settledWithTarget: 0, newClients: 0 },
  revenueByCaseType: figures.revenueByCaseType.map((row) => ({ ...row, settled: 0, total: 0 })),
  caseSuccess: { reachedTarget: 0, belowTarget: 0, noTarget: 0 },
  monthly: [
    { month: '2026-10', opened: 0, settled: 0, settlementTotal: 0 },
    { month: '2026-11', opened: 0, settled: 0, settlementTotal: 0 },
  ],
  topCases: [],
  quickStats: { ...figures.quickStats, avgCaseDurationMonths: null, avgSettlementValue: null },
};

function open(path = '/analytics') {
  signIn(attorney);
  const mock = mockFetch({
    ...verifiedAs(attorney),
    'GET /api/analytics': (call) => json(200, queryOf(call).get('period') === '30d' ? quiet : figures),
    'GET /api/analytics/export.csv': () =>
      new Response('\uFEFFSentinel Firm Analytics\r\nPeriod,Last 90 Days\r\n', {
        status: 200,
        headers: { 'Content-Type': 'text/csv; charset=utf-8' },
      }),
  });
  return { ...renderApp(path), ...mock };
}

const card = (label: string) => screen.getByRole('heading', { level: 2, name: label }).closest('section')!;

describe('Firm Analytics', () => {
  beforeAll(preloadRoutes, 120_000);
  afterEach(() => vi.restoreAllMocks());

  it('shows every figure of the period with what it covers', async () => {
    setScreenWide(true);
    const { callsTo } = open();
    await screen.findByRole('heading', { level: 2, name: 'Quick Stats' });
    expect(queryOf(callsTo('GET /api/analytics')[0]).get('period')).toBe('90d');
    expect(screen.getByLabelText('Period')).toHaveValue('90d');
    expect(card('Active Cases')).toHaveTextContent('919 open at some time in the last 90 days');
    expect(card('Total Settlements MTD')).toHaveTextContent('$519,500$1,371,500 settled in the last 90 days');
    expect(card('Success Rate')).toHaveTextContent(
      '80%Of 10 cases settled with a target in the last 90 days',
    );
    expect(card('Total Clients')).toHaveTextContent('81 added in the last 90 days');
    const trends = screen.getByRole('table', { name: 'Monthly Performance Trends, Last 90 Days' });
    expect(
      within(trends)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual([
      'MonthCases openedCases settledSettlement total',
      'Aug 202601$232,000',
      'Sep 202632$176,500',
      'Oct 202613$443,500',
      'Nov 202634$519,500',
    ]);
    const top = screen.getByRole('table', { name: 'Top Performing Cases in the last 90 days' });
    expect(within(top).getByRole('link', { name: 'CASE-2026-016' })).toHaveAttribute('href', '/cases/case-1');
    expect(within(top).getAllByRole('row')[1]).toHaveTextContent('Dev Patel$297,000Settled');
    const quick = card('Quick Stats');
    expect(quick).toHaveTextContent('Avg. Case Duration');
    expect(quick).toHaveTextContent('4.9 months');
    expect(quick).toHaveTextContent('$137,150');
    expect(
      screen.getByRole('button', { name: 'How Expert Reports Due is measured' }),
    ).toHaveAccessibleDescription(ANALYTICS_DEFINITIONS.expertReportsDue);
  });

  it('asks for the chosen period, keeps it in the URL, and tells the truth when nothing happened', async () => {
    const { user, router, callsTo } = open();
    await screen.findByRole('heading', { level: 2, name: 'Quick Stats' });
    await user.selectOptions(screen.getByLabelText('Period'), 'Last 30 Days');
    await waitFor(() => expect(currentUrl(router)).toBe('/analytics?period=30d'));
    await waitFor(() =>
      expect(card('Success Rate')).toHaveTextContent('No case settled with a target in the last 30 days'),
    );
    expect(queryOf(callsTo('GET /api/analytics').at(-1)).get('period')).toBe('30d');
    expect(
      screen.getAllByRole('heading', { level: 3, name: 'No case settled in the last 30 days' }),
    ).toHaveLength(3);
    expect(
      screen.getByRole('heading', { level: 3, name: 'No case opened or settled in the last 30 days' }),
    ).toBeVisible();
    expect(screen.queryByRole('table', { name: /Revenue by Case Type/ })).not.toBeInTheDocument();
  });

  it('reads an unknown period in the URL as Last 90 Days', async () => {
    const { callsTo } = open('/analytics?period=forever');
    await screen.findByRole('heading', { level: 2, name: 'Quick Stats' });
    expect(queryOf(callsTo('GET /api/analytics')[0]).get('period')).toBe('90d');
  });

  it('Export Report downloads the period’s CSV under the server’s name', async () => {
    const created: Blob[] = [];
    const createObjectURL = vi.fn((blob: Blob) => {
      created.push(blob);
      return 'blob:report';
    });
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const clicks: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicks.push(this.download);
    });
    const { user, callsTo } = open();
    await screen.findByRole('heading', { level: 2, name: 'Quick Stats' });
    await user.click(screen.getByRole('button', { name: 'Export Report' }));
    await waitFor(() => expect(clicks).toEqual(['sentinel-analytics-90d-2026-11-24.csv']));
    expect(queryOf(callsTo('GET /api/analytics/export.csv')[0]).get('period')).toBe('90d');
    const bytes = new Uint8Array(await created[0]!.arrayBuffer());
    // The byte order mark survives the trip through fetch.
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(await screen.findByText('Report exported')).toBeInTheDocument();
  });
});
