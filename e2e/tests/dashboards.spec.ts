import type { APIRequestContext, Page } from '@playwright/test';
import { CASE_DOCUMENT_CHECKLIST, SUCCESS_RATE_DEFINITION, type CaseResponse } from '@sentinel/shared';
import { chooseOwnPassword, newFirmWithClient, ok, openCase } from '../support/api';
import { expectScreen, saveScreenshot } from '../support/app';
import { expectNoAxeViolations } from '../support/axe';
import { expectNoSidewaysScroll, setScreen } from '../support/layout';
import { NEW_PASSWORD, signInViaApi, signUpViaApi, uniqueEmail } from '../support/session';
import { expect, withWorld } from '../support/test';

/**
 * The two dashboards against data made through the API: a fresh attorney (and so a fresh firm)
 * with one client, two cases (one settled at 118,000 against a 120,000 target, one in discovery
 * with a contractor on the team) and that client signed in with a password of their own.
 */

interface World {
  attorney: { email: string; password: string; name: string };
  firmName: string;
  client: { email: string; password: string; firstName: string };
  contractorName: string;
  roof: CaseResponse['data'];
  basement: CaseResponse['data'];
}

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

async function buildWorld(api: APIRequestContext): Promise<World> {
  const attorney = { email: uniqueEmail('dash.attorney'), password: NEW_PASSWORD, name: 'Avery Quinn' };
  const companyName = `Quinn Claims ${Date.now()}`;
  const clientEmail = uniqueEmail('dash.client');
  const { headers, client } = await newFirmWithClient(api, {
    attorney: { email: attorney.email, password: attorney.password, firstName: 'Avery', lastName: 'Quinn' },
    firmName: companyName,
    client: { firstName: 'Jordan', lastName: 'Ellery', email: clientEmail, phone: '+1 555 010 2000' },
  });

  const roof = await openCase(
    api,
    headers,
    {
      title: 'Roof collapse after storm',
      clientId: client.data.id,
      caseType: 'property-damage',
      priority: 'high',
      dueDate: inDays(20),
      targetSettlement: 120000,
    },
    'open the roof case',
  );
  const basement = await openCase(
    api,
    headers,
    {
      title: 'Flooded basement claim',
      clientId: client.data.id,
      caseType: 'insurance-dispute',
      priority: 'medium',
      dueDate: inDays(5),
    },
    'open the basement case',
  );

  // Settle the roof case at 118,000 (≥ 90 % of its 120,000 target: a success).
  await ok(
    await api.patch(`/api/cases/${roof.id}`, {
      headers,
      data: { status: 'settled', settlementAmount: 118000 },
    }),
    'settle the roof case',
  );
  // The basement case moves on to discovery and gets a contractor.
  await ok(
    await api.patch(`/api/cases/${basement.id}`, { headers, data: { status: 'discovery' } }),
    'move the basement case to discovery',
  );
  await ok(
    await api.post(`/api/cases/${basement.id}/members`, {
      headers,
      data: {
        email: uniqueEmail('dash.contractor'),
        firstName: 'Riley',
        lastName: 'Stone',
        companyName: 'Stone Restoration',
        role: 'contractor',
      },
    }),
    'add a contractor',
  );

  // The client signs in with the temporary password from the invitation and chooses their own.
  await chooseOwnPassword(
    api,
    { email: clientEmail, subject: `${companyName} invited you to Sentinel` },
    NEW_PASSWORD,
    'client',
  );

  const [roofNow, basementNow] = await Promise.all(
    [roof, basement].map(async (c) =>
      ok<CaseResponse>(await api.get(`/api/cases/${c.id}`, { headers }), 'read the case'),
    ),
  );
  return {
    attorney,
    firmName: companyName,
    client: { email: clientEmail, password: NEW_PASSWORD, firstName: 'Jordan' },
    contractorName: 'Riley Stone',
    roof: roofNow!.data,
    basement: basementNow!.data,
  };
}

/** Axe, no sideways scrolling, and a full-page screenshot at the current width. */
async function checkLayout(page: Page, name: string, width: number) {
  await expectNoAxeViolations(page, `${name} at ${width} px`);
  await expectNoSidewaysScroll(page, width, name);
  await saveScreenshot(page, `${name}-${width}`, true);
}

const card = (page: Page, label: string) =>
  page.locator('section').filter({ has: page.getByRole('heading', { level: 2, name: label, exact: true }) });

const test = withWorld(buildWorld);

test.describe.serial('[DASHBOARD]', () => {
  test('[DASHBOARD] the attorney dashboard shows the firm’s figures, charts, activity and deadlines', async ({
    page,
    world,
  }) => {
    await signInViaApi(page, world.attorney);
    await page.goto('/attorney/dashboard');
    await expectScreen(page, 'Welcome back, Avery');

    await expect(card(page, 'Active Cases')).toContainText('1');
    await expect(card(page, 'Active Cases')).toContainText('2 in total');
    await expect(card(page, 'Total Clients')).toContainText('1');
    await expect(card(page, 'Settlements MTD')).toContainText('$118,000');
    await expect(card(page, 'Success Rate')).toContainText('100%');
    await expect(card(page, 'Success Rate')).toContainText('Of 1 settled case with a target');

    // The definition on hover and on keyboard focus.
    const info = page.getByRole('button', { name: 'How Success Rate is measured' });
    await info.hover();
    await expect(page.getByRole('tooltip')).toHaveText(SUCCESS_RATE_DEFINITION);
    await page.mouse.move(0, 0);
    await expect(page.getByRole('tooltip')).toBeHidden();
    await info.focus();
    await expect(page.getByRole('tooltip')).toHaveText(SUCCESS_RATE_DEFINITION);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('tooltip')).toBeHidden();

    // Charts: their text alternatives carry the figures.
    const funnel = page.getByRole('table', { name: 'Settlement Funnel: cases by status' });
    await expect(funnel.getByRole('row')).toHaveText([
      'StatusCases',
      'Active0 cases',
      'Discovery1 case',
      'Negotiation0 cases',
      'Settlement0 cases',
      'Settled1 case',
    ]);
    const types = page.getByRole('table', { name: 'Case Types Distribution: 2 cases by type' });
    await expect(types.getByRole('row', { name: /Property Damage/ })).toContainText('1 (50%)');
    await expect(types.getByRole('row', { name: /Insurance Dispute/ })).toContainText('1 (50%)');

    // Recent activity, newest first, with links to the case and the client.
    const activity = card(page, 'Recent Activity');
    await expect(activity.getByRole('listitem').first()).toContainText(
      `Avery Quinn added a team member to case ${world.basement.caseNumber}`,
    );
    await expect(activity).toContainText('Avery Quinn added the client Jordan Ellery');
    await expect(
      activity.getByRole('link', { name: `${world.roof.caseNumber} · ${world.roof.title}` }).first(),
    ).toHaveAttribute('href', `/cases/${world.roof.id}`);
    await expect(activity.getByRole('link', { name: 'Jordan Ellery' }).first()).toHaveAttribute(
      'href',
      `/clients/${world.roof.client.id}`,
    );

    // Deadlines: the open case only (the settled one has none left), with its priority.
    const deadlines = card(page, 'Upcoming Deadlines').getByRole('listitem');
    await expect(deadlines).toHaveCount(1);
    await expect(deadlines.first()).toContainText(world.basement.caseNumber);
    await expect(deadlines.first()).toContainText('Due in 5 days');
    await expect(deadlines.first()).toContainText('Medium');
    await expect(deadlines.first().getByRole('link', { name: world.basement.title })).toHaveAttribute(
      'href',
      `/cases/${world.basement.id}`,
    );
  });

  for (const width of [1440, 375]) {
    test(`[DASHBOARD] the attorney dashboard at ${width} px: no WCAG 2 A/AA violation, nothing overflows`, async ({
      page,
      world,
    }) => {
      await setScreen(page, width);
      await signInViaApi(page, world.attorney);
      await page.goto('/attorney/dashboard');
      await expectScreen(page, 'Welcome back, Avery');
      await expect(page.getByRole('table', { name: /Settlement Funnel/ })).toBeAttached();
      await checkLayout(page, 'dashboard-attorney', width);
      // The definition bubble fits the screen too.
      await page.getByRole('button', { name: 'How Success Rate is measured' }).focus();
      await expect(page.getByRole('tooltip')).toBeVisible();
      await expectNoSidewaysScroll(page, width);
      await saveScreenshot(page, `dashboard-attorney-tooltip-${width}`);
    });
  }

  test('[DASHBOARD] the client dashboard shows their cases, progress, team and checklist', async ({
    page,
    world,
  }) => {
    await signInViaApi(page, world.client);
    await page.goto('/dashboard');
    await expectScreen(page, 'Welcome, Jordan');

    // Two cases: a selector, the most recently active one first.
    const selector = page.getByRole('combobox', { name: 'Case' });
    await expect(selector.getByRole('option')).toHaveCount(2);
    await expect(selector).toHaveValue(world.basement.id);

    const header = page.getByRole('region', { name: 'Your case' });
    await expect(header).toContainText(world.basement.caseNumber);
    await expect(header.getByRole('heading', { name: world.basement.title })).toBeVisible();
    await expect(header).toContainText('Discovery');
    await expect(header.getByRole('link', { name: 'Open case page' })).toHaveAttribute(
      'href',
      `/cases/${world.basement.id}`,
    );

    // As the case's timeline counts it: in Discovery 3 of its 8 stages are completed.
    await expect(page.getByRole('progressbar', { name: 'Overall progress' })).toHaveAttribute(
      'aria-valuenow',
      '38',
    );
    const steps = card(page, 'Case progress').getByRole('listitem');
    await expect(steps.nth(0)).toContainText('Reached');
    await expect(steps.nth(1)).toContainText('Current since');
    await expect(steps.nth(2)).toContainText('Upcoming');

    const team = card(page, 'Your team');
    await expect(team).toContainText('Avery QuinnLead Attorney');
    await expect(
      team.getByRole('link', { name: new RegExp(world.attorney.email.replace(/\./g, '\\.')) }),
    ).toHaveAttribute('href', `mailto:${world.attorney.email}`);
    await expect(team).toContainText(`${world.contractorName}Restoration Contractor`);

    const checklist = card(page, 'Document checklist').getByRole('listitem');
    await expect(checklist).toHaveText(
      CASE_DOCUMENT_CHECKLIST['insurance-dispute'].map((item) => `${item}: not received yet`),
    );
    await expect(card(page, 'Document checklist')).toContainText(
      'An item is ticked when a document in your case file matches it: by a word in its file name, by being a photo, or by the type its analysis found.',
    );

    // The quick message goes into the case thread (issue 12).
    const message = card(page, 'Quick message');
    await expect(message.getByRole('textbox', { name: 'Message your case team' })).toBeEnabled();
    await expect(message.getByRole('button', { name: 'Send' })).toBeDisabled();
    await expect(message.getByRole('link', { name: /Open the conversation/ })).toHaveAttribute(
      'href',
      /^\/messages\?conversation=[0-9a-f-]{36}$/,
    );
    await expect(card(page, 'Tools')).not.toContainText(/not available yet|arrives soon/i);

    // The other case: settled, all five steps done.
    await selector.selectOption(world.roof.id);
    await expect(header.getByRole('heading', { name: world.roof.title })).toBeVisible();
    await expect(header).toContainText('Settled');
    await expect(page.getByRole('progressbar', { name: 'Overall progress' })).toHaveAttribute(
      'aria-valuenow',
      '100',
    );
    await expect(card(page, 'Document checklist').getByRole('listitem')).toHaveCount(
      CASE_DOCUMENT_CHECKLIST['property-damage'].length,
    );
  });

  for (const width of [1440, 375]) {
    test(`[DASHBOARD] the client dashboard at ${width} px: no WCAG 2 A/AA violation, nothing overflows`, async ({
      page,
      world,
    }) => {
      await setScreen(page, width);
      await signInViaApi(page, world.client);
      await page.goto('/dashboard');
      await expectScreen(page, 'Welcome, Jordan');
      await expect(card(page, 'Your team')).toContainText('Lead Attorney');
      await checkLayout(page, 'dashboard-client', width);
    });
  }

  test('[DASHBOARD] someone with no case reads “No case yet”', async ({ page, api, world }) => {
    // A contractor the firm invited to a case, then took off it: in the firm, on no case.
    const attorney = await ok<{ token: string }>(
      await api.post('/api/auth/login', {
        data: { email: world.attorney.email, password: world.attorney.password },
      }),
      'the attorney signs in',
    );
    const headers = { Authorization: `Bearer ${attorney.token}` };
    const email = uniqueEmail('dash.nocase');
    const added = await ok<CaseResponse>(
      await api.post(`/api/cases/${world.roof.id}/members`, {
        headers,
        data: { email, firstName: 'Taylor', lastName: 'Brooks', role: 'contractor' },
      }),
      'invite the contractor',
    );
    const member = added.data.members.find((m) => m.email === email)!;
    await ok(
      await api.delete(`/api/cases/${world.roof.id}/members`, { headers, data: { userId: member.userId } }),
      'take the contractor off the case',
    );
    await chooseOwnPassword(
      api,
      { email, subject: `${world.firmName} added you to a case` },
      NEW_PASSWORD,
      'the contractor',
    );
    await setScreen(page, 375);
    await signInViaApi(page, { email, password: NEW_PASSWORD });
    await page.goto('/dashboard');
    await expectScreen(page, 'Welcome, Taylor');
    await expect(page.getByRole('heading', { name: 'No case yet' })).toBeVisible();
    await expect(page.getByText('Cases you are added to will appear here.')).toBeVisible();
    await checkLayout(page, 'dashboard-client-empty', 375);
  });

  test('[DASHBOARD] an attorney with no case reads “No cases yet” and is sent to /cases', async ({
    page,
  }) => {
    await signUpViaApi(page, 'attorney');
    await page.goto('/attorney/dashboard');
    await expectScreen(page, 'Welcome back, Taylor');
    await expect(page.getByRole('heading', { name: 'No cases yet' })).toBeVisible();
    await expect(card(page, 'Success Rate')).toContainText('No settled cases with a target yet');
    await expect(card(page, 'Settlements MTD')).toContainText('$0');
    await expect(page.getByRole('link', { name: 'Go to Cases to open one' })).toHaveAttribute(
      'href',
      '/cases',
    );
    await checkLayout(page, 'dashboard-attorney-empty', 1440);
  });
});
