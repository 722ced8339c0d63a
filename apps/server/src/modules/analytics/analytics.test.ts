import { eq, sql } from 'drizzle-orm';
import { schema } from '@sentinel/db';
import { createCase, createClient, type CaseRow } from '@sentinel/db/factories';
import {
  ANALYTICS_PERIOD_LABELS,
  CASE_STATUS_LABELS,
  CASE_TYPE_LABELS,
  type AnalyticsResponse,
} from '@sentinel/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../platform/throttle';
import { bearer, login, makeUser, useTestContext } from '../../test/helpers';
import { csvCell } from './analytics-csv';
import { analyticsWindow } from './analytics.service';

/**
 * Firm Analytics against figures worked out by hand on a small firm. The service is asked with a
 * fixed "now" (2026-06-15 12:00 UTC) so that every period's window is known:
 *   30 days: 2026-05-17 …   90 days: 2026-03-18 …   this year: 2026-01-01 …   MTD: 2026-06-01 …
 */
const ctx = useTestContext();
const NOW = new Date('2026-06-15T12:00:00Z');

let firmId: string;
let token: string;
let clientToken: string;
const ids: Record<string, string> = {};

const at = (iso: string) => new Date(iso);

beforeAll(async () => {
  const db = ctx.database.db;
  const attorney = await makeUser(ctx, { userType: 'attorney' });
  firmId = attorney.firmId!;
  token = (await login(ctx, attorney.email, attorney.password)).body.token as string;
  const ada = await createClient(db, { firmId, firstName: 'Ada', lastName: 'Lovelace' });
  // A name a spreadsheet would run as a formula: the CSV must keep it text.
  const mallory = await createClient(db, { firmId, firstName: '=HYPERLINK("http://x")', lastName: 'Evil' });
  const grace = await createClient(db, { firmId, firstName: 'Grace', lastName: 'Hopper' });
  clientToken = (await login(ctx, ada.email, ada.password)).body.token as string;
  for (const [client, createdAt] of [
    [ada, '2026-06-01T00:00:00Z'],
    [mallory, '2025-11-01T00:00:00Z'],
    [grace, '2026-02-01T00:00:00Z'],
  ] as const)
    await db
      .update(schema.clientProfiles)
      .set({ createdAt: at(createdAt) })
      .where(eq(schema.clientProfiles.userId, client.id));

  const make = async (key: string, input: Partial<CaseRow> & { clientId: string }) => {
    const row = await createCase(db, { firmId, createdById: attorney.id, title: `Case ${key}`, ...input });
    ids[key] = row.id;
    return row;
  };
  // Settled: opened, settled at, amount, target.
  await make('K1', {
    clientId: ada.id,
    caseType: 'property-damage',
    status: 'settled',
    dateOpened: '2026-05-01',
    settledAt: at('2026-06-05T10:00:00Z'),
    settlementAmount: 100000,
    targetSettlement: 100000,
  });
  await make('K2', {
    clientId: mallory.id,
    caseType: 'insurance-dispute',
    status: 'settled',
    dateOpened: '2026-01-10',
    settledAt: at('2026-05-17T00:00:00Z'), // the first instant of the 30 days: in
    settlementAmount: 50000,
    targetSettlement: 80000, // 62.5 %: below
  });
  await make('K3', {
    clientId: grace.id,
    caseType: 'property-damage',
    status: 'settled',
    dateOpened: '2025-12-01',
    settledAt: at('2026-05-16T23:59:59Z'), // the last second before the 30 days: out
    settlementAmount: 90000,
    targetSettlement: 100000, // exactly 90 %: reached
  });
  await make('K4', {
    clientId: ada.id,
    caseType: 'commercial-property',
    status: 'settled',
    dateOpened: '2025-06-01',
    settledAt: at('2026-01-01T00:00:00Z'), // the year's first instant: in
    settlementAmount: 200000,
  });
  await make('K5', {
    clientId: grace.id,
    caseType: 'personal-injury',
    status: 'settled',
    dateOpened: '2024-01-01',
    settledAt: at('2025-12-31T23:59:59Z'),
    settlementAmount: 30000,
    targetSettlement: 20000,
  });
  await make('K9', {
    clientId: ada.id,
    caseType: 'other',
    status: 'settled',
    dateOpened: '2026-04-01',
    settledAt: at('2026-06-01T00:00:00Z'), // settled with no amount entered
    targetSettlement: 10000,
  });
  // Open.
  await make('K6', { clientId: ada.id, status: 'active', dateOpened: '2026-06-10', targetSettlement: 50000 });
  await make('K7', { clientId: grace.id, status: 'negotiation', dateOpened: '2026-02-01' });
  await make('K8', { clientId: mallory.id, status: 'discovery', dateOpened: '2024-05-01' });

  const event = (
    caseId: string | null,
    eventType: string,
    startsAt: string,
    owner = attorney.id,
    firm = firmId,
  ) => ({
    firmId: firm,
    ownerId: owner,
    caseId,
    title: `${eventType} ${startsAt}`,
    eventType,
    startsAt: at(startsAt),
    endsAt: new Date(at(startsAt).getTime() + 3600_000),
  });
  await db.insert(schema.calendarEvents).values([
    event(ids.K6!, 'deposition', '2026-06-20T15:00:00Z'), // pending
    event(ids.K6!, 'deposition', '2026-06-10T15:00:00Z'), // past
    event(ids.K6!, 'meeting', '2026-06-25T15:00:00Z'), // not a deposition
    event(null, 'deposition', '2026-06-22T15:00:00Z'), // on no case
  ]);
  const [expert] = await db
    .insert(schema.experts)
    .values({ firmId, name: 'Dr. Rita Beam', specialty: 'Structural Engineering' })
    .returning();
  await db.insert(schema.caseExperts).values([
    { firmId, caseId: ids.K6!, expertId: expert!.id, reportDueOn: '2026-07-01' }, // due
    {
      firmId,
      caseId: ids.K7!,
      expertId: expert!.id,
      reportDueOn: '2026-05-01',
      reportReceivedAt: at('2026-04-28T00:00:00Z'),
    }, // received
    { firmId, caseId: ids.K8!, expertId: expert!.id }, // no due date
  ]);

  // Another firm, with figures that would show anywhere they leaked.
  const other = await makeUser(ctx, { userType: 'attorney' });
  const otherClient = await createClient(db, { firmId: other.firmId!, firstName: 'Other', lastName: 'Firm' });
  await createCase(db, {
    firmId: other.firmId!,
    clientId: otherClient.id,
    title: 'Other firm settled case',
    caseType: 'property-damage',
    status: 'settled',
    dateOpened: '2026-05-20',
    settledAt: at('2026-06-10T00:00:00Z'),
    settlementAmount: 999999,
    targetSettlement: 1000,
  });
  const otherCase = await createCase(db, {
    firmId: other.firmId!,
    clientId: otherClient.id,
    status: 'negotiation',
  });
  await db
    .insert(schema.calendarEvents)
    .values(event(otherCase.id, 'deposition', '2026-06-20T15:00:00Z', other.id, other.firmId!));
});

const compute = (period: 'all' | '90d' | '30d' | 'year') =>
  ctx.app.services.analytics.compute(firmId, period, NOW);
const zeroMonth = (month: string) => ({ month, opened: 0, settled: 0, settlementTotal: 0 });

describe('the period window', () => {
  it('is today and the days before it in UTC, the year from 1 January, all time unbounded', () => {
    expect(analyticsWindow('30d', NOW).fromDay).toBe('2026-05-17');
    expect(analyticsWindow('90d', NOW).fromDay).toBe('2026-03-18');
    expect(analyticsWindow('year', NOW).fromDay).toBe('2026-01-01');
    expect(analyticsWindow('all', NOW).from).toBeNull();
    expect(analyticsWindow('30d', NOW).monthStart.toISOString()).toBe('2026-06-01T00:00:00.000Z');
    expect(analyticsWindow('30d', NOW).today).toBe('2026-06-15');
  });
});

describe('figures against hand-computed values', () => {
  it('Last 30 Days', async () => {
    const answer = await compute('30d');
    expect(answer).toMatchObject({ period: '30d', from: '2026-05-17', to: '2026-06-15' });
    expect(answer.stats).toEqual({
      activeCases: 3, // K6, K7, K8
      activeCasesInPeriod: 6, // + K1, K2, K9 settled in the period
      settlementsMtd: 100000, // K1 (K9 has no amount)
      settlementsInPeriod: 150000, // K1 + K2
      successRate: 33.3, // K1 of K1, K2, K9
      settledWithTarget: 3,
      totalClients: 3,
      newClients: 1, // Ada
    });
    expect(answer.revenueByCaseType).toEqual([
      { caseType: 'property-damage', settled: 1, total: 100000 },
      { caseType: 'insurance-dispute', settled: 1, total: 50000 },
      { caseType: 'personal-injury', settled: 0, total: 0 },
      { caseType: 'commercial-property', settled: 0, total: 0 },
      { caseType: 'other', settled: 1, total: 0 },
    ]);
    expect(answer.caseSuccess).toEqual({ reachedTarget: 1, belowTarget: 2, noTarget: 0 });
    expect(answer.monthly).toEqual([
      { month: '2026-05', opened: 0, settled: 1, settlementTotal: 50000 },
      { month: '2026-06', opened: 1, settled: 2, settlementTotal: 100000 },
    ]);
    expect(answer.topCases.map((row) => [row.caseId, row.settlementAmount])).toEqual([
      [ids.K1, 100000],
      [ids.K2, 50000],
    ]);
    expect(answer.topCases[0]).toMatchObject({
      clientName: 'Ada Lovelace',
      status: 'settled',
      title: 'Case K1',
      settledAt: '2026-06-05T10:00:00.000Z',
    });
    expect(answer.topCases[0]!.caseNumber).toMatch(/^CASE-\d{4}-\d{3}$/);
    expect(answer.quickStats).toEqual({
      avgCaseDurationMonths: 2.4, // (35 + 127 + 61) days / 3 / 30.4375
      avgSettlementValue: 75000, // 150,000 / 2 with an amount
      casesInNegotiation: 1, // K7
      pendingDepositions: 1, // K6 on 20 June
      expertReportsDue: 1, // K6's
    });
  });

  it('Last 90 Days', async () => {
    const answer = await compute('90d');
    expect(answer.stats).toMatchObject({
      activeCasesInPeriod: 7,
      settlementsInPeriod: 240000,
      successRate: 50,
      settledWithTarget: 4,
      newClients: 1,
    });
    expect(answer.caseSuccess).toEqual({ reachedTarget: 2, belowTarget: 2, noTarget: 0 });
    expect(answer.revenueByCaseType[0]).toEqual({ caseType: 'property-damage', settled: 2, total: 190000 });
    expect(answer.monthly).toEqual([
      zeroMonth('2026-03'),
      { month: '2026-04', opened: 1, settled: 0, settlementTotal: 0 },
      { month: '2026-05', opened: 1, settled: 2, settlementTotal: 140000 },
      { month: '2026-06', opened: 1, settled: 2, settlementTotal: 100000 },
    ]);
    expect(answer.topCases.map((row) => row.caseId)).toEqual([ids.K1, ids.K3, ids.K2]);
    expect(answer.quickStats).toMatchObject({ avgCaseDurationMonths: 3.2, avgSettlementValue: 80000 });
  });

  it('This Year', async () => {
    const answer = await compute('year');
    expect(answer.stats).toMatchObject({
      activeCasesInPeriod: 8,
      settlementsInPeriod: 440000,
      successRate: 50,
      settledWithTarget: 4,
      newClients: 2,
    });
    expect(answer.caseSuccess).toEqual({ reachedTarget: 2, belowTarget: 2, noTarget: 1 });
    expect(answer.revenueByCaseType[3]).toEqual({
      caseType: 'commercial-property',
      settled: 1,
      total: 200000,
    });
    expect(answer.monthly).toEqual([
      { month: '2026-01', opened: 1, settled: 1, settlementTotal: 200000 },
      { month: '2026-02', opened: 1, settled: 0, settlementTotal: 0 },
      zeroMonth('2026-03'),
      { month: '2026-04', opened: 1, settled: 0, settlementTotal: 0 },
      { month: '2026-05', opened: 1, settled: 2, settlementTotal: 140000 },
      { month: '2026-06', opened: 1, settled: 2, settlementTotal: 100000 },
    ]);
    expect(answer.topCases.map((row) => row.caseId)).toEqual([ids.K4, ids.K1, ids.K3, ids.K2]);
    expect(answer.quickStats).toMatchObject({ avgCaseDurationMonths: 4, avgSettlementValue: 110000 });
  });

  it('All Time', async () => {
    const answer = await compute('all');
    expect(answer.from).toBeNull();
    expect(answer.stats).toEqual({
      activeCases: 3,
      activeCasesInPeriod: 9,
      settlementsMtd: 100000,
      settlementsInPeriod: 470000,
      successRate: 60,
      settledWithTarget: 5,
      totalClients: 3,
      newClients: 3,
    });
    expect(answer.caseSuccess).toEqual({ reachedTarget: 3, belowTarget: 2, noTarget: 1 });
    // From the firm's first month with a figure (K5 opened January 2024) to this month.
    expect(answer.monthly).toHaveLength(30);
    expect(answer.monthly[0]).toEqual({ month: '2024-01', opened: 1, settled: 0, settlementTotal: 0 });
    expect(answer.monthly.find((row) => row.month === '2025-12')).toEqual({
      month: '2025-12',
      opened: 1,
      settled: 1,
      settlementTotal: 30000,
    });
    expect(answer.monthly.reduce((sum, row) => sum + row.opened, 0)).toBe(9);
    expect(answer.topCases.map((row) => row.caseId)).toEqual([ids.K4, ids.K1, ids.K3, ids.K2, ids.K5]);
    expect(answer.quickStats).toEqual({
      avgCaseDurationMonths: 7.3, // 1,333 days / 6 / 30.4375
      avgSettlementValue: 94000,
      casesInNegotiation: 1,
      pendingDepositions: 1,
      expertReportsDue: 1,
    });
  });
});

/** RFC 4180 reader for the test: quoted cells, doubled quotes, CRLF. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(cell);
      cell = '';
    } else if (ch === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += ch;
  }
  return rows;
}

describe('GET /api/analytics and the CSV export', () => {
  const get = (url: string, who = token) => ctx.app.inject({ method: 'GET', url, headers: bearer(who) });

  it('answers the period asked, 90 days by default, and the same all-time figures as the service', async () => {
    const byDefault = await get('/api/analytics');
    expect(byDefault.statusCode, byDefault.body).toBe(200);
    expect(byDefault.json().period).toBe('90d');
    const all = (await get('/api/analytics?period=all')).json() as AnalyticsResponse;
    // Nothing of all time depends on today except what is upcoming and this month's settlements.
    const fixed = await compute('all');
    expect(all.revenueByCaseType).toEqual(fixed.revenueByCaseType);
    expect(all.caseSuccess).toEqual(fixed.caseSuccess);
    expect(all.topCases).toEqual(fixed.topCases);
    expect(all.stats.successRate).toBe(60);
    expect(all.quickStats.avgCaseDurationMonths).toBe(7.3);
    expect(JSON.stringify(all)).not.toContain('999999');
  });

  it('refuses an unknown period with 400 and a clear message', async () => {
    const response = await get('/api/analytics?period=week');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(response.json().error).toEqual(expect.any(String));
    expect((await get('/api/analytics/export.csv?period=1y')).statusCode).toBe(400);
  });

  it('is for attorneys only', async () => {
    expect((await get('/api/analytics', clientToken)).statusCode).toBe(403);
    expect((await get('/api/analytics/export.csv', clientToken)).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/analytics' })).statusCode).toBe(401);
  });

  it('exports the figures on the screen and the top cases as CSV that parses', async () => {
    const screen = (await get('/api/analytics?period=all')).json() as AnalyticsResponse;
    const response = await get('/api/analytics/export.csv?period=all');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="sentinel-analytics-all-${screen.to}.csv"`,
    );
    expect(response.body.startsWith('\uFEFF')).toBe(true);
    const rows = parseCsv(response.body.slice(1));
    const value = (label: string) => rows.find((row) => row[0] === label)?.[1];
    expect(value('Period')).toBe(ANALYTICS_PERIOD_LABELS.all);
    expect(value('Active Cases')).toBe(String(screen.stats.activeCases));
    expect(value('Active Cases (open during the period)')).toBe('9');
    expect(value('Total Settlements (settled in the period)')).toBe('470000.00');
    expect(value('Success Rate (%)')).toBe('60');
    expect(value('Total Clients')).toBe('3');
    expect(value('Avg. Case Duration (months)')).toBe('7.3');
    expect(value('Avg. Settlement Value')).toBe('94000.00');
    expect(value('Cases in Negotiation')).toBe('1');
    expect(value('Expert Reports Due')).toBe('1');

    const section = (title: string) => {
      const start = rows.findIndex((row) => row[0] === title && row.length === 1);
      const end = rows.findIndex((row, i) => i > start && row.length === 1 && row[0] === '');
      return rows.slice(start + 2, end === -1 ? undefined : end);
    };
    expect(section('Revenue by Case Type')).toEqual(
      screen.revenueByCaseType.map((row) => [
        CASE_TYPE_LABELS[row.caseType],
        String(row.settled),
        row.total.toFixed(2),
      ]),
    );
    expect(section('Monthly Performance Trends')).toHaveLength(screen.monthly.length);
    const top = rows.slice(rows.findIndex((row) => row[0] === 'Top Performing Cases') + 1);
    expect(top[0]).toEqual(['Case', 'Client', 'Value', 'Status', 'Title', 'Settled']);
    expect(top.slice(1)).toEqual(
      screen.topCases.map((row) => [
        row.caseNumber,
        row.clientName.startsWith('=') ? `'${row.clientName}` : row.clientName,
        row.settlementAmount.toFixed(2),
        CASE_STATUS_LABELS[row.status],
        row.title,
        row.settledAt.slice(0, 10),
      ]),
    );
    // The formula stays text, and the answer held no other firm's case.
    expect(response.body).toContain(`"'=HYPERLINK(""http://x"") Evil"`);
    expect(response.body).not.toContain('999999');
  });

  it('audits who looked and who exported', async () => {
    await get('/api/analytics?period=30d');
    await get('/api/analytics/export.csv?period=30d');
    await new Promise((resolve) => setTimeout(resolve, 400));
    const actions = rowsOf<{ action: string; period: string }>(
      await ctx.database.db.execute(
        sql`select action, details->>'period' as period from audit_log
            where firm_id = ${firmId} and action in ('analytics_viewed', 'analytics_exported')`,
      ),
    );
    expect(actions).toEqual(
      expect.arrayContaining([
        { action: 'analytics_viewed', period: '30d' },
        { action: 'analytics_exported', period: '30d' },
      ]),
    );
  });
});

describe('csvCell', () => {
  it('quotes what needs quoting and keeps formulas text', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('=1+1')).toBe("'=1+1");
    expect(csvCell('+1')).toBe("'+1");
    expect(csvCell('-1')).toBe("'-1");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\tx')).toBe("'\tx");
    expect(csvCell(-5)).toBe('-5');
    expect(csvCell(null)).toBe('');
  });
});
