import { DEADLINE_MESSAGES } from '@sentinel/shared';
import { newFirmWithClient, openCase } from '../support/api';
import { saveScreenshot } from '../support/app';
import { expectAccessible } from '../support/axe';
import { expectNoSidewaysScroll, setScreen } from '../support/layout';
import { NEW_PASSWORD, signInViaApi, uniqueEmail } from '../support/session';
import { expect, test } from '../support/test';

/**
 * The claim deadline engine (issue 16): an attorney enters a Florida hurricane claim's facts and
 * dates (the reference's worked example 1) and sees the carrier's and the client's deadlines with
 * their citations on the case page and on the calendar.
 */

test.describe.configure({ mode: 'serial', timeout: 180_000 });

test('[DEADLINES] an attorney enters a Florida hurricane claim and sees its cited deadlines on the case and the calendar', async ({
  page,
  api,
}) => {
  const attorney = {
    email: uniqueEmail('deadlines.attorney'),
    password: NEW_PASSWORD,
    firstName: 'Irene',
    lastName: 'Vasquez',
  };
  const { headers, client } = await newFirmWithClient(api, {
    attorney,
    firmName: 'Vasquez Hurricane Law',
    client: {
      firstName: 'Luis',
      lastName: 'Alvarez',
      email: uniqueEmail('deadlines.client'),
      phone: '+1 (239) 555-0142',
    },
  });
  const opened = await openCase(
    api,
    headers,
    { title: 'Alvarez – Hurricane roof and interior', clientId: client.data.id },
    'open the hurricane case',
  );

  await signInViaApi(page, attorney);
  await page.goto(`/cases/${opened.id}?tab=deadlines`);
  await expect(page.getByText(DEADLINE_MESSAGES.judgementNote)).toBeVisible();
  await expect(page.getByText(/^Choose the property’s state and the policy kind/).first()).toBeVisible();

  // The facts that select the rules: a Florida homeowners policy renewed in 2023.
  await page.getByLabel('Property state').selectOption({ label: 'Florida' });
  await page.getByLabel('Policy kind').selectOption({ label: 'Homeowners' });
  await page.getByLabel('Policy effective date').fill('2023-06-01');
  await page.getByRole('button', { name: 'Save claim facts' }).click();
  await expect(page.getByText(/Rules applied: Florida statutes/)).toBeVisible();

  // The key dates, typed: landfall, then the day the carrier received the claim.
  for (const [label, date] of [
    ['date of loss', '2024-09-26'],
    ['claim reported to the carrier', '2024-10-01'],
  ] as const) {
    await page.getByRole('button', { name: `Add date: ${label}` }).click();
    await page.getByLabel(`Date: ${label}`).fill(date);
    await page.getByRole('button', { name: `Save ${label}` }).click();
    await expect(page.getByRole('button', { name: `Edit ${label}` })).toBeVisible();
  }

  // The carrier's deadlines (leverage) and the client's, each with its citation.
  const acknowledge = page.locator('#deadline-FL-04');
  await expect(acknowledge).toContainText('Tue, Oct 8, 2024');
  await expect(acknowledge).toContainText('Fla. Stat. § 627.70131(1)(a)');
  await expect(acknowledge).toContainText('Carrier');
  const payOrDeny = page.locator('#deadline-FL-08');
  await expect(payOrDeny).toContainText('Sat, Nov 30, 2024');
  await expect(payOrDeny).toContainText('Mon, Dec 2, 2024');
  const suit = page.locator('#deadline-FL-15');
  await expect(suit).toContainText('Wed, Sep 26, 2029');
  // The DFS notice, ten business days before the last day to sue (the reference: Sep 12, safer Sep 11).
  await expect(page.locator('#deadline-FL-12')).toContainText('Wed, Sep 12, 2029');
  await expect(page.locator('#deadline-FL-12')).toContainText('2029-09-11');
  await expect(suit).toContainText('Policyholder');
  await expect(suit).toContainText('§ 95.11');
  await expectAccessible(page, 'Deadlines tab, 1440 px');
  await saveScreenshot(page, 'deadlines-1440', true);

  // On the calendar: the last day to sue, read-only, in the deadlines' colour.
  await page.goto('/calendar?date=2029-09-26&view=list');
  const event = page.getByText(/Policyholder: File suit on the property policy/).first();
  await expect(event).toBeVisible({ timeout: 30_000 });
  await event.click();
  await expect(page.getByText(/Deadline · /)).toBeVisible();

  // At 375 px the tab fits and passes axe.
  await setScreen(page, 375);
  await page.goto(`/cases/${opened.id}?tab=deadlines`);
  await expect(page.locator('#deadline-FL-15')).toBeVisible();
  await expectNoSidewaysScroll(page, 375);
  await expectAccessible(page, 'Deadlines tab, 375 px');
  await saveScreenshot(page, 'deadlines-375');
});
