import { NEGOTIATION_MESSAGES } from '@sentinel/shared';
import type { Locator, Page } from '@playwright/test';
import { DEMO } from '../fixtures/fixtures';
import { newFirmWithClient, openCase } from '../support/api';
import { expectNoPlaceholders, expectScreen, saveScreenshot, toast } from '../support/app';
import { expectAccessible } from '../support/axe';
import { expectNoSidewaysScroll, setScreen } from '../support/layout';
import { NEW_PASSWORD, signInViaApi, uniqueEmail } from '../support/session';
import { expect, test } from '../support/test';

/**
 * Negotiations (issue 13): an attorney of a new firm starts the negotiation of a case with a
 * $100,000 target, records the carrier's offers and changes the target, and watches the Current
 * Offer's colour and the AI Target Range follow — on the Details and in the list. The demo firm's
 * negotiations show every colour. Both screens pass axe and fit at 1440 and 375 px.
 */

test.describe.configure({ mode: 'serial', timeout: 180_000 });

const CASE_TITLE = 'Okafor Residence – Hail Roof';
const attorney = { email: uniqueEmail('negotiations.attorney'), password: NEW_PASSWORD };

/** The Current Offer of the Terms card (a description list: term, then value). */
const currentOffer = (page: Page): Locator =>
  page
    .getByRole('term')
    .filter({ hasText: /^Current Offer$/ })
    .locator('xpath=following-sibling::dd[1]');
const targetRangeOf = (page: Page): Locator =>
  page
    .getByRole('term')
    .filter({ hasText: /^AI Target Range$/ })
    .locator('xpath=following-sibling::dd[1]');

async function record(page: Page, button: string, amount: string, date: string, actor?: string) {
  await page.getByRole('button', { name: button }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(/^Amount/).fill(amount);
  await dialog.getByLabel(/^Date/).fill(date);
  if (actor) await dialog.getByLabel(/^Who/).fill(actor);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
}

test('[NEGOTIATIONS] an offer and a new target move the colour and the range, on Details and in the list', async ({
  page,
  api,
}) => {
  const { headers, client } = await newFirmWithClient(api, {
    attorney: { ...attorney, firstName: 'Imani', lastName: 'Okoro' },
    firmName: 'Okoro Claims Counsel',
    client: {
      firstName: 'Chidi',
      lastName: 'Okafor',
      email: uniqueEmail('negotiations.client'),
      phone: '+1 555 010 4400',
    },
  });
  await openCase(
    api,
    headers,
    { title: CASE_TITLE, clientId: client.data.id, carrier: 'Quillmark Casualty', targetSettlement: 100000 },
    'open the case',
  );

  await setScreen(page, 1440);
  await signInViaApi(page, attorney);
  await page.goto('/negotiations');
  await expectScreen(page, 'Active Negotiations');
  await expect(page.getByRole('heading', { name: NEGOTIATION_MESSAGES.empty })).toBeVisible();
  await expectNoPlaceholders(page);

  // Start the negotiation from the list: the case comes from the firm's cases without one.
  await page.getByRole('button', { name: 'Start negotiation' }).click();
  const start = page.getByRole('dialog', { name: 'Start negotiation' });
  const caseSelect = start.getByLabel(/^Case/);
  const option = (await caseSelect.locator('option', { hasText: CASE_TITLE }).textContent())!;
  await caseSelect.selectOption({ label: option });
  await start.getByRole('button', { name: 'Start negotiation' }).click();
  await expect(toast(page, NEGOTIATION_MESSAGES.started)).toBeVisible();
  await expectScreen(page, CASE_TITLE);
  await expect(page).toHaveURL(/\/negotiations\/[0-9a-f-]{36}$/);

  await expect(currentOffer(page)).toContainText('No offer yet');
  await expect(targetRangeOf(page)).toHaveText('$90K – $110K');
  await expect(
    page.getByText('No document of this case has been analysed yet.', { exact: false }),
  ).toBeVisible();

  // A low first offer: red, with the words beside the colour.
  await record(page, 'Record offer', '50,000', '2026-03-02', 'Dana Price, Quillmark adjuster');
  await expect(currentOffer(page)).toContainText('$50,000.00');
  await expect(currentOffer(page)).toContainText('50% of target: below 60%');
  await expect(currentOffer(page).locator('[data-tone]')).toHaveAttribute('data-tone', 'red');
  const timeline = page.getByRole('list', { name: 'Negotiation timeline' });
  await expect(timeline.getByRole('listitem')).toHaveCount(1);
  await expect(timeline).toContainText('Dana Price, Quillmark adjuster');

  // A lower target: the range moves and the same offer is now yellow.
  await page.getByRole('button', { name: 'Change carrier, claim or target' }).click();
  const terms = page.getByRole('dialog', { name: 'Change carrier, claim or target' });
  await terms.getByLabel(/^Target settlement/).fill('70000');
  await terms.getByRole('button', { name: 'Save changes' }).click();
  await expect(toast(page, NEGOTIATION_MESSAGES.updated)).toBeVisible();
  await expect(targetRangeOf(page)).toHaveText('$63K – $77K');
  await expect(currentOffer(page)).toContainText('71% of target: below 85%');
  await expect(currentOffer(page).locator('[data-tone]')).toHaveAttribute('data-tone', 'yellow');

  // A better offer: green.
  await record(page, 'Record offer', '65000', '2026-03-20');
  await expect(currentOffer(page)).toContainText('$65,000.00');
  await expect(currentOffer(page)).toContainText('92% of target');
  await expect(currentOffer(page).locator('[data-tone]')).toHaveAttribute('data-tone', 'green');
  await expect(timeline.getByRole('listitem')).toHaveCount(3);

  // A bad amount is refused in the form, and nothing is recorded.
  await page.getByRole('button', { name: 'Record demand' }).click();
  const demand = page.getByRole('dialog', { name: 'Record a demand' });
  await demand.getByLabel(/^Amount/).fill('12.345');
  await demand.getByRole('button', { name: 'Save' }).click();
  await expect(demand.getByText('Use at most two decimals')).toBeVisible();
  await demand.getByRole('button', { name: 'Cancel' }).click();
  await expect(timeline.getByRole('listitem')).toHaveCount(3);

  await expectAccessible(page, 'negotiation details at 1440 px');
  await expectNoSidewaysScroll(page, 1440);
  await saveScreenshot(page, 'negotiation-details-1440', true);

  // The case page's Negotiation tab leads back to it.
  const detailsUrl = page.url();
  await page.getByRole('link', { name: 'Open case' }).click();
  await expectScreen(page, CASE_TITLE);
  await page.getByRole('tab', { name: 'Negotiation' }).click();
  await page.getByRole('link', { name: 'Open negotiation' }).click();
  await expect(page).toHaveURL(detailsUrl);
  await expectScreen(page, CASE_TITLE);

  // The list shows the same: the carrier, the green offer and the new range.
  await page.getByRole('link', { name: 'All negotiations' }).click();
  await expectScreen(page, 'Active Negotiations');
  await page.getByRole('searchbox', { name: NEGOTIATION_MESSAGES.searchLabel }).fill('quillmark');
  await expect(page).toHaveURL(/search=quillmark/);
  const row = page.getByRole('row').filter({ hasText: CASE_TITLE });
  await expect(row).toContainText('Quillmark Casualty');
  await expect(row).toContainText('$65,000.00');
  await expect(row).toContainText('92% of target');
  await expect(row).toContainText('$63K – $77K');
  await expect(row.locator('[data-tone]')).toHaveAttribute('data-tone', 'green');
  await expectAccessible(page, 'negotiations list at 1440 px');
  await expectNoSidewaysScroll(page, 1440);

  // A phone: cards, still no sideways scroll, still accessible; Details opens the same negotiation.
  await setScreen(page, 375);
  const card = page
    .getByRole('list', { name: 'Negotiations' })
    .getByRole('listitem')
    .filter({ hasText: CASE_TITLE });
  await expect(card).toContainText('$63K – $77K');
  await expectNoSidewaysScroll(page, 375);
  await expectAccessible(page, 'negotiations list at 375 px');
  await saveScreenshot(page, 'negotiations-list-375', true);
  await card.getByRole('link', { name: /^Details/ }).click();
  await expectScreen(page, CASE_TITLE);
  await expectNoSidewaysScroll(page, 375);
  await expectAccessible(page, 'negotiation details at 375 px');
  await saveScreenshot(page, 'negotiation-details-375', true);
});

test('[NEGOTIATIONS] the demo firm’s negotiations show every colour', async ({ page }) => {
  await setScreen(page, 1440);
  await signInViaApi(page, DEMO.attorney);
  await page.goto('/negotiations?pageSize=all');
  await expectScreen(page, 'Active Negotiations');
  const tone = (title: string) => page.getByRole('row').filter({ hasText: title }).locator('[data-tone]');
  await expect(tone('Ellis Residence – Water Damage')).toHaveAttribute('data-tone', 'yellow');
  await expect(tone('Riverside Plaza Business Interruption')).toHaveAttribute('data-tone', 'red');
  await expect(tone('Hernandez Kitchen Fire')).toHaveAttribute('data-tone', 'green');
  await expect(page.getByRole('row').filter({ hasText: 'Ellis Residence – Water Damage' })).toContainText(
    '$166.5K – $203.5K',
  );
  await saveScreenshot(page, 'negotiations-list-1440');
});
