import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Page } from '@playwright/test';
import { ANALYTICS_DEFINITIONS, type AnalyticsResponse } from '@sentinel/shared';
import { newFirmWithClient, ok, openCase } from '../support/api';
import { expectNoPlaceholders, expectScreen, pathOf, saveScreenshot } from '../support/app';
import { expectAccessible } from '../support/axe';
import { expectNoSidewaysScroll, setScreen } from '../support/layout';
import { NEW_PASSWORD, signInViaApi, uniqueEmail } from '../support/session';
import { expect, withWorld } from '../support/test';

/**
 * Firm Analytics (issue 13) on a fresh firm made through the API: three cases — a roof claim
 * settled today at 118,000 against a 120,000 target, a water claim settled today at 40,000 against
 * 80,000, and a fire claim opened 200 days ago and still in discovery — so the periods differ in
 * their months and in the cases opened in them.
 */
interface World {
  attorney: { email: string; password: string };
  headers: Record<string, string>;
  roof: { caseNumber: string };
}

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

async function buildWorld(api: APIRequestContext): Promise<World> {
  const attorney = { email: uniqueEmail('analytics.attorney'), password: NEW_PASSWORD };
  const { headers, client } = await newFirmWithClient(api, {
    attorney: { ...attorney, firstName: 'Morgan', lastName: 'Vale' },
    firmName: `Vale Claims ${Date.now()}`,
    client: {
      firstName: 'Robin',
      lastName: 'Ashby',
      email: uniqueEmail('analytics.client'),
      phone: '+1 555 010 3000',
    },
  });
  const clientId = client.data.id;
  const roof = await openCase(
    api,
    headers,
    { title: 'Ashby roof collapse', clientId, caseType: 'property-damage', targetSettlement: 120000 },
    'open the roof case',
  );
  const water = await openCase(
    api,
    headers,
    { title: 'Ashby water claim', clientId, caseType: 'insurance-dispute', targetSettlement: 80000 },
    'open the water case',
  );
  await openCase(
    api,
    headers,
    { title: 'Ashby fire claim', clientId, caseType: 'commercial-property', dateOpened: daysAgo(200) },
    'open the fire case',
  );
  for (const [id, amount] of [
    [roof.id, 118000],
    [water.id, 40000],
  ] as const)
    await ok(
      await api.patch(`/api/cases/${id}`, { headers, data: { status: 'settled', settlementAmount: amount } }),
      'settle a case',
    );
  return { attorney, headers, roof: { caseNumber: roof.caseNumber } };
}

const test = withWorld(buildWorld);
const card = (page: Page, label: string) =>
  page.locator('section').filter({ has: page.getByRole('heading', { level: 2, name: label, exact: true }) });
const monthsTable = (page: Page, period: string) =>
  page.getByRole('table', { name: `Monthly Performance Trends, ${period}` });

test.describe.serial('[ANALYTICS]', () => {
  test('[ANALYTICS] the figures, their definitions, a change of period and the CSV export', async ({
    page,
    world,
    api,
  }) => {
    await signInViaApi(page, world.attorney);
    await page.goto('/analytics');
    await expectScreen(page, 'Firm Analytics');
    await expectNoPlaceholders(page);

    // Every text the spec gives the screen.
    for (const label of ['Active Cases', 'Total Settlements MTD', 'Success Rate', 'Total Clients'])
      await expect(card(page, label)).toBeVisible();
    for (const title of [
      'Revenue by Case Type',
      'Case Success Rate',
      'Monthly Performance Trends',
      'Top Performing Cases',
      'Quick Stats',
    ])
      await expect(page.getByRole('heading', { level: 2, name: title })).toBeVisible();
    const period = page.getByLabel('Period');
    await expect(period.locator('option')).toHaveText([
      'Last 90 Days',
      'Last 30 Days',
      'This Year',
      'All Time',
    ]);
    await expect(period).toHaveValue('90d');

    // The figures of the last 90 days.
    await expect(card(page, 'Active Cases')).toContainText('1');
    await expect(card(page, 'Active Cases')).toContainText('3 open at some time in the last 90 days');
    await expect(card(page, 'Total Settlements MTD')).toContainText('$158,000');
    await expect(card(page, 'Success Rate')).toContainText('50%');
    await expect(card(page, 'Success Rate')).toContainText(
      'Of 2 cases settled with a target in the last 90 days',
    );
    await expect(card(page, 'Total Clients')).toContainText('1 added in the last 90 days');
    const revenue = page.getByRole('table', { name: 'Revenue by Case Type, Last 90 Days' });
    await expect(revenue.getByRole('row', { name: /Property Damage/ })).toContainText('$118,000');
    await expect(revenue.getByRole('row', { name: /Insurance Dispute/ })).toContainText('$40,000');
    const success = page.getByRole('table', { name: /^Case Success Rate, Last 90 Days/ });
    await expect(success.getByRole('row', { name: /Reached 90% of target/ })).toContainText('1 (50%)');
    await expect(success.getByRole('row', { name: /Below 90% of target/ })).toContainText('1 (50%)');
    const top = page.getByRole('table', { name: 'Top Performing Cases in the last 90 days' });
    await expect(top.getByRole('row')).toHaveCount(3);
    await expect(top.getByRole('row').nth(1)).toContainText(world.roof.caseNumber);
    await expect(top.getByRole('row').nth(1)).toContainText('Robin Ashby');
    await expect(top.getByRole('row').nth(1)).toContainText('$118,000');
    await expect(top.getByRole('row').nth(1)).toContainText('Settled');
    const quick = card(page, 'Quick Stats');
    await expect(quick).toContainText('Avg. Case Duration');
    await expect(quick).toContainText(/Avg\. Settlement Value.*\$79,000/);
    await expect(quick).toContainText('Cases in Negotiation');
    await expect(quick).toContainText('Pending Depositions');
    await expect(quick).toContainText('Expert Reports Due');

    // A definition on hover and on keyboard focus.
    const info = page.getByRole('button', { name: 'How Avg. Case Duration is measured' });
    await info.hover();
    await expect(page.getByRole('tooltip')).toHaveText(ANALYTICS_DEFINITIONS.avgCaseDuration);
    await page.mouse.move(0, 0);
    await expect(page.getByRole('tooltip')).toBeHidden();
    await page.getByRole('button', { name: 'How Success Rate is measured' }).focus();
    await expect(page.getByRole('tooltip')).toHaveText(ANALYTICS_DEFINITIONS.successRate);
    await page.keyboard.press('Escape');

    // The period changes the figures: the months shown and the cases opened in them.
    const ninety = await monthsTable(page, 'Last 90 Days').getByRole('row').count();
    await period.selectOption({ label: 'All Time' });
    await expect(page).toHaveURL(/[?&]period=all$/);
    await expect(card(page, 'Total Clients')).toContainText('1 added since the firm began');
    const all = monthsTable(page, 'All Time');
    await expect(all).toBeAttached();
    expect(await all.getByRole('row').count()).toBeGreaterThan(ninety);
    // The first month is the fire claim's: one case opened, none settled.
    const fireMonth = new Intl.DateTimeFormat('en-US', {
      timeZone: 'UTC',
      month: 'short',
      year: 'numeric',
    }).format(new Date(`${daysAgo(200)}T00:00:00Z`));
    await expect(all.getByRole('row').nth(1)).toHaveText(`${fireMonth}10$0`);
    await period.selectOption({ label: 'Last 30 Days' });
    await expect(page).toHaveURL(/[?&]period=30d$/);
    await expect(card(page, 'Success Rate')).toContainText('in the last 30 days');
    await page.reload();
    await expect(page.getByLabel('Period')).toHaveValue('30d');

    // Export Report downloads the period's figures and top cases: what the screen shows.
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export Report' }).click();
    const file = await download;
    const screen = await ok<AnalyticsResponse>(
      await api.get('/api/analytics?period=30d', { headers: world.headers }),
      'read the figures',
    );
    expect(file.suggestedFilename()).toBe(`sentinel-analytics-30d-${screen.to}.csv`);
    const csv = await readFile((await file.path())!, 'utf8');
    const rows = csv
      .replace(/^\uFEFF/, '')
      .split('\r\n')
      .map((line) => line.split(','));
    const value = (label: string) => rows.find((row) => row[0] === label)?.[1];
    expect(value('Period')).toBe('Last 30 Days');
    expect(value('Total Settlements MTD')).toBe('158000.00');
    expect(value('Success Rate (%)')).toBe('50');
    expect(value('Avg. Settlement Value')).toBe('79000.00');
    expect(rows).toContainEqual([
      world.roof.caseNumber,
      'Robin Ashby',
      '118000.00',
      'Settled',
      'Ashby roof collapse',
      screen.to,
    ]);
    await saveScreenshot(page, 'analytics-30d-1440', true);
    expect(pathOf(page)).toBe('/analytics?period=30d');
  });

  for (const width of [1440, 375]) {
    test(`[ANALYTICS] at ${width} px: no WCAG 2 A/AA violation, nothing overflows`, async ({
      page,
      world,
    }) => {
      await setScreen(page, width);
      await signInViaApi(page, world.attorney);
      await page.goto('/analytics?period=all');
      await expectScreen(page, 'Firm Analytics');
      await expect(page.getByRole('heading', { level: 2, name: 'Quick Stats' })).toBeVisible();
      await expectAccessible(page, `analytics at ${width} px`);
      await expectNoSidewaysScroll(page, width, 'analytics');
      await saveScreenshot(page, `analytics-${width}`, true);
    });
  }
});
