import type { Page } from '@playwright/test';
import { MESSAGES, type ListCasesResponse, type LoginResponse } from '@sentinel/shared';
import { DEMO, DEMO_FIRMS } from '../fixtures/fixtures';
import { chooseOwnPassword, ok, openCase } from '../support/api';
import { expectScreen, saveScreenshot, toast } from '../support/app';
import { expectAccessible } from '../support/axe';
import { expectNoSidewaysScroll, setScreen } from '../support/layout';
import { OTHER_PASSWORD, signInViaApi, signUpViaApi, uniqueEmail } from '../support/session';
import { expect, test } from '../support/test';

/**
 * One person, many firms (issue 9): the demo adjuster works with both demo firms and switches
 * between them from the top bar, seeing each firm's cases only; a contractor who signs up with no
 * invitation waits on a screen that says so until a firm adds them, then accepts and works.
 */

/** The titles of the cases in the dashboard's Case select (one case shows no select). */
async function dashboardCases(page: Page): Promise<string[]> {
  await expectScreen(page);
  const select = page.getByLabel('Case', { exact: true });
  await expect(select).toBeVisible();
  return select.locator('option').allTextContents();
}

async function switchTo(page: Page, from: string, to: string) {
  await page.getByRole('button', { name: `Firm: ${from}` }).click();
  await page.getByRole('menuitemradio', { name: new RegExp(to) }).click();
  await expect(toast(page, MESSAGES.firmSwitched)).toBeVisible();
  await expect(page.getByRole('button', { name: `Firm: ${to}` })).toBeVisible();
}

test.describe.configure({ mode: 'serial' });

test('[FIRMS] the adjuster switches between two firms and sees each firm’s cases only', async ({ page }) => {
  const user = await signInViaApi(page, DEMO.adjuster);
  expect(user.firms.map((firm) => firm.name).sort()).toEqual([DEMO_FIRMS.second, DEMO_FIRMS.first]);
  const current = user.firm!.name;
  await page.goto('/dashboard');
  if (current !== DEMO_FIRMS.first) await switchTo(page, current, DEMO_FIRMS.first);

  const first = await dashboardCases(page);
  expect(first.length).toBeGreaterThan(1);
  expect(first.some((title) => title.includes('Okafor'))).toBe(false);
  const firstCaseId = await page.getByLabel('Case', { exact: true }).inputValue();
  await expectAccessible(page, 'the adjuster’s dashboard in the first firm at 1440 px');

  // The switcher, by keyboard: focus, open, move to the other firm, choose it.
  const button = page.getByRole('button', { name: `Firm: ${DEMO_FIRMS.first}` });
  await button.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menu', { name: 'Switch firm' })).toBeVisible();
  await expectAccessible(page, 'the open firm switcher at 1440 px');
  await saveScreenshot(page, 'firms-switcher-open-1440');
  await page.getByRole('menuitemradio', { name: new RegExp(DEMO_FIRMS.second) }).focus();
  await page.keyboard.press('Enter');
  await expect(toast(page, MESSAGES.firmSwitched)).toBeVisible();
  await expect(page.getByRole('button', { name: `Firm: ${DEMO_FIRMS.second}` })).toBeVisible();

  const second = await dashboardCases(page);
  expect(second).toHaveLength(2);
  expect(second.every((title) => title.includes('Okafor Duplex'))).toBe(true);
  await saveScreenshot(page, 'firms-adjuster-second-firm-1440', true);

  // The first firm's case is not found while acting in the second.
  await page.goto(`/cases/${firstCaseId}`);
  await expectScreen(page, 'Case not found');

  // At 375 px the switcher fits the top bar and the dashboard passes axe.
  await setScreen(page, 375);
  await page.goto('/dashboard');
  await expect(page.getByRole('button', { name: `Firm: ${DEMO_FIRMS.second}` })).toBeVisible();
  await expectScreen(page);
  await expectNoSidewaysScroll(page, 375, 'the adjuster’s dashboard');
  await expectAccessible(page, 'the adjuster’s dashboard in the second firm at 375 px');
  await saveScreenshot(page, 'firms-adjuster-375', true);

  // Back to the first firm: its cases again, none of the second's.
  await switchTo(page, DEMO_FIRMS.second, DEMO_FIRMS.first);
  const again = await dashboardCases(page);
  expect(again).toEqual(first);
});

test('[FIRMS] a contractor who signs up waits for a firm, accepts its invitation and sees the case', async ({
  page,
  api,
}) => {
  const contractor = await signUpViaApi(page, 'restoration-contractor');
  expect(contractor.user.firm).toBeNull();
  await page.goto('/dashboard');
  await expectScreen(page, 'You’re not part of a firm yet');
  await expect(page.getByText(contractor.email)).toBeVisible();
  await expect(page.getByRole('banner').getByText('Guest')).toBeVisible();
  await expectAccessible(page, 'the waiting screen at 1440 px');
  await saveScreenshot(page, 'firms-waiting-1440', true);

  // Every screen that needs a firm says the same; Settings does not.
  await page.goto('/documents');
  await expectScreen(page, 'You’re not part of a firm yet');
  await page.goto('/settings');
  await expectScreen(page, 'Settings');

  // The demo firm's attorney adds them to a case by their e-mail.
  const attorney = await ok<LoginResponse>(
    await api.post('/api/auth/login', { data: DEMO.attorney }),
    'the attorney signs in',
  );
  const headers = { Authorization: `Bearer ${attorney.token}` };
  const cases = await ok<ListCasesResponse>(
    await api.get('/api/cases?pageSize=10', { headers }),
    'list cases',
  );
  const target = cases.data[0]!;
  await ok(
    await api.post(`/api/cases/${target.id}/members`, {
      headers,
      data: { email: contractor.email, firstName: 'Taylor', lastName: 'Brooks', role: 'contractor' },
    }),
    'add the contractor to the case',
  );

  await setScreen(page, 375);
  await page.goto('/dashboard');
  const accept = page.getByRole('button', { name: `Accept the invitation of ${DEMO_FIRMS.first}` });
  await expect(accept).toBeVisible();
  await expectNoSidewaysScroll(page, 375, 'the waiting screen with an invitation');
  await expectAccessible(page, 'the waiting screen with an invitation at 375 px');
  await saveScreenshot(page, 'firms-invitation-375', true);
  await accept.click();
  await expect(toast(page, MESSAGES.invitationAccepted)).toBeVisible();

  // The firm's case opens to them: their dashboard shows it.
  await expectScreen(page, /Welcome/);
  await expect(page.getByText(target.title).first()).toBeVisible();
  // The top bar now names their type in the firm: 'Signed in as' Restoration Contractor.
  await expect(page.getByRole('banner').getByText('Restoration Contractor')).toBeVisible();
  await setScreen(page, 1440);
  await expectAccessible(page, 'the contractor’s dashboard after accepting at 1440 px');
});

test('[FIRMS] an attorney removes a team member from Settings → Team; the person loses the firm at once', async ({
  page,
  api,
}) => {
  const attorney = await signUpViaApi(page, 'attorney');
  const headers = {
    Authorization: `Bearer ${(await ok<LoginResponse>(await api.post('/api/auth/login', { data: attorney }), 'the attorney signs in')).token}`,
  };
  const client = await ok<{ data: { id: string } }>(
    await api.post('/api/client/new', {
      headers,
      data: {
        firstName: 'Noor',
        lastName: 'Haddad',
        email: uniqueEmail('team.client'),
        phone: '+1 555 010 4400',
      },
    }),
    'add a client',
  );
  const opened = await openCase(
    api,
    headers,
    { title: 'Haddad kitchen fire', clientId: client.data.id },
    'open a case',
  );
  const expertEmail = uniqueEmail('team.expert');
  await ok(
    await api.post(`/api/cases/${opened.id}/members`, {
      headers,
      data: { email: expertEmail, firstName: 'Ines', lastName: 'Marlow', role: 'expert' },
    }),
    'invite the expert',
  );
  await chooseOwnPassword(
    api,
    { email: expertEmail, subject: `${attorney.companyName} added you to a case` },
    OTHER_PASSWORD,
    'the expert',
  );
  const expert = await ok<LoginResponse>(
    await api.post('/api/auth/login', { data: { email: expertEmail, password: OTHER_PASSWORD } }),
    'the expert signs in',
  );
  const expertHeaders = { Authorization: `Bearer ${expert.token}` };
  expect((await api.get(`/api/cases/${opened.id}`, { headers: expertHeaders })).status()).toBe(200);

  await page.goto('/settings?tab=team');
  await expectScreen(page, 'Settings');
  const row = page.getByRole('row').filter({ hasText: expertEmail });
  await expect(row).toContainText('Expert Witness');
  await expectAccessible(page, 'Settings → Team at 1440 px');
  await row.getByRole('button', { name: 'Remove Ines Marlow' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Remove from firm' });
  await expect(confirm).toContainText(`Remove Ines Marlow from ${attorney.companyName}?`);
  await confirm.getByRole('button', { name: 'Remove', exact: true }).click();
  await expect(toast(page, MESSAGES.firmMemberRemoved)).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: expertEmail })).toHaveCount(0);

  // The expert's token acting in the firm fails on its next call.
  expect((await api.get(`/api/cases/${opened.id}`, { headers: expertHeaders })).status()).toBe(401);

  await setScreen(page, 375);
  await page.reload();
  await expectScreen(page, 'Settings');
  await expectNoSidewaysScroll(page, 375, 'Settings → Team');
  await expectAccessible(page, 'Settings → Team at 375 px');
});
