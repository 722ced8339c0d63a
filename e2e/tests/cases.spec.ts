import type { APIRequestContext, Page } from '@playwright/test';
import { MESSAGES, type CaseResponse } from '@sentinel/shared';
import { chooseOwnPassword, newFirmWithClient, openCase } from '../support/api';
import { expectScreen, pathOf, saveScreenshot, toast } from '../support/app';
import { expectAccessible, expectNoAxeViolations } from '../support/axe';
import { expectNoSidewaysScroll, setScreen } from '../support/layout';
import { NEW_PASSWORD, OTHER_PASSWORD, signInViaApi, uniqueEmail } from '../support/session';
import { expect, withWorld } from '../support/test';

/**
 * Case Management against data made through the API: a fresh attorney (so a fresh firm, whose case
 * list holds exactly what this file makes), one client and twelve cases. The attorney opens a
 * case through the dialog, edits it, invites a contractor to its team, finds it and pages the
 * list; the contractor then sees that case and no other.
 */

interface World {
  attorney: { email: string; password: string };
  firmName: string;
  client: { id: string; name: string };
  /** The twelve cases made through the API, 'Seed case 01' … 'Seed case 12'. */
  seeded: CaseResponse['data'][];
  /** Set by the first journey: the case opened through the dialog, and the invited contractor. */
  created?: { id: string; title: string };
  contractor?: { email: string; name: string };
}

const SEEDED = 12;
const NEW_TITLE = 'Storm roof collapse at Harbor Road';
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

async function buildWorld(api: APIRequestContext): Promise<World> {
  const attorney = { email: uniqueEmail('cases.attorney'), password: NEW_PASSWORD };
  const firmName = `Castellanos Claims ${Date.now()}`;
  const { headers, client } = await newFirmWithClient(api, {
    attorney: { ...attorney, firstName: 'Rowan', lastName: 'Castellanos' },
    firmName,
    client: {
      firstName: 'Jordan',
      lastName: 'Okafor',
      email: uniqueEmail('cases.client'),
      phone: '+1 555 010 3000',
    },
  });
  const seeded: CaseResponse['data'][] = [];
  // One after the other: case numbers are given out in order.
  for (let n = 1; n <= SEEDED; n++) {
    seeded.push(
      await openCase(
        api,
        headers,
        {
          title: `Seed case ${String(n).padStart(2, '0')}`,
          clientId: client.data.id,
          dueDate: inDays(60 - n),
        },
        `open seed case ${n}`,
      ),
    );
  }
  return {
    attorney,
    firmName,
    client: { id: client.data.id, name: 'Jordan Okafor' },
    seeded,
  };
}

const test = withWorld(buildWorld);

/** The table's body rows (the header row left out). */
const bodyRows = (page: Page) => page.getByRole('table', { name: 'Cases' }).locator('tbody tr');

test.describe.serial('[CASES]', () => {
  test('[CASES] an attorney pages the list, opens a case, edits it, adds a contractor and finds it again', async ({
    page,
    world,
  }) => {
    test.setTimeout(180_000);
    await signInViaApi(page, world.attorney);
    await page.goto('/cases');
    await expectScreen(page, 'Case Management');

    // The real count, ten rows on the first page, newest activity first.
    await expect(page.getByText(`${SEEDED} cases`, { exact: true })).toBeVisible();
    await expect(bodyRows(page)).toHaveCount(10);
    await expect(bodyRows(page).first()).toContainText('Seed case 12');
    await expect(bodyRows(page).first()).toContainText(world.seeded[11]!.caseNumber);
    await expect(bodyRows(page).first()).toContainText(world.client.name);
    await expect(bodyRows(page).first()).toContainText('Active');
    await expect(bodyRows(page).first()).toContainText('Rowan Castellanos');
    await expectAccessible(page, '/cases at 1440 px');
    await saveScreenshot(page, 'cases-list-1440', true);

    // Page 2 holds the last two; back returns to page 1.
    const pages = page.getByRole('navigation', { name: 'Cases pages' });
    await pages.getByRole('button', { name: 'Page 2' }).click();
    await expect.poll(() => pathOf(page)).toBe('/cases?page=2');
    await expect(bodyRows(page)).toHaveCount(2);
    await expect(bodyRows(page).first()).toContainText('Seed case 02');
    await expect(pages).toContainText(`Showing 11–12 of ${SEEDED}`);
    await page.goBack();
    await expect.poll(() => pathOf(page)).toBe('/cases');
    await expect(bodyRows(page)).toHaveCount(10);

    // The sort is the server's: by due date the latest seed case (due soonest) comes first.
    await page.getByLabel('Sort by').selectOption({ label: 'Due date' });
    await expect.poll(() => pathOf(page)).toBe('/cases?sort=dueDate');
    await expect(bodyRows(page).first()).toContainText('Seed case 12');
    await page.getByLabel('Sort by').selectOption({ label: 'Case name' });
    await expect(bodyRows(page).first()).toContainText('Seed case 01');
    await page.getByLabel('Rows per page').selectOption({ label: '15' });
    await expect(bodyRows(page)).toHaveCount(SEEDED);
    await page.reload();
    await expectScreen(page, 'Case Management');
    await expect(page.getByLabel('Sort by')).toHaveValue('title');
    await expect(page.getByLabel('Rows per page')).toHaveValue('15');
    await expect(bodyRows(page)).toHaveCount(SEEDED);

    // 'New Case': required fields first, then a case for the firm's client.
    await page.getByRole('button', { name: 'New Case' }).click();
    const dialog = page.getByRole('dialog', { name: 'New Case' });
    await expect(dialog.getByLabel('Title')).toBeFocused();
    await dialog.getByRole('button', { name: 'Create Case' }).click();
    await expect(dialog.getByText(MESSAGES.caseTitleRequired)).toBeVisible();
    await expect(dialog.getByText(MESSAGES.caseClientRequired)).toBeVisible();
    await expectAccessible(page, 'the New Case dialog at 1440 px');
    await saveScreenshot(page, 'cases-new-dialog-1440');

    await dialog.getByLabel('Title').fill(NEW_TITLE);
    await dialog.getByLabel('Client').selectOption({ label: world.client.name });
    await dialog.getByLabel('Case type').selectOption({ label: 'Insurance Dispute' });
    await dialog.getByLabel('Priority').selectOption({ label: 'High' });
    await dialog.getByLabel('Due date').fill(inDays(30));
    await dialog.getByLabel('Carrier').fill('Acme Mutual');
    await dialog.getByLabel('Claim number').fill('CLM-4471');
    await dialog.getByLabel('Property address').fill('12 Harbor Road, Portland');
    await dialog.getByLabel('Target settlement').fill('125,000');
    await dialog.getByLabel('Description').fill('Roof collapsed under the weight of the March storm.');
    await dialog.getByRole('button', { name: 'Create Case' }).click();

    await expect(toast(page, MESSAGES.caseCreated)).toBeVisible();
    await expect(page).toHaveURL(/\/cases\/[0-9a-f-]{36}$/);
    await expectScreen(page, NEW_TITLE);
    const id = new URL(page.url()).pathname.split('/').at(-1)!;
    world.created = { id, title: NEW_TITLE };
    const overview = page.getByRole('tabpanel', { name: 'Overview' });
    await expect(overview).toContainText('$125,000.00');
    await expect(overview).toContainText('Acme Mutual');
    await expect(overview).toContainText('Insurance Dispute');
    await expect(overview.getByRole('link', { name: /@e2e\.test$/ }).first()).toHaveAttribute(
      'href',
      /^mailto:/,
    );

    // Edit: the status moves to Negotiation and the history says so.
    await page.getByRole('button', { name: 'Edit Case' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Case' });
    await expect(edit.getByLabel('Title')).toHaveValue(NEW_TITLE);
    await expect(edit.getByLabel('Client')).toHaveValue(world.client.id);
    await edit.getByLabel('Status').selectOption({ label: 'Negotiation' });
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await expect(toast(page, MESSAGES.caseUpdated)).toBeVisible();
    await expect(edit).toBeHidden();
    await expect(page.locator('header').getByText('Negotiation', { exact: true })).toBeVisible();
    await page.waitForTimeout(600); // the toast's entry animation
    await expectNoAxeViolations(page, 'case page with a success toast');

    await page.getByRole('tab', { name: 'Status history' }).click();
    await expect.poll(() => pathOf(page)).toBe(`/cases/${id}?tab=status`);
    const history = page.getByRole('tabpanel', { name: 'Status history' }).getByRole('listitem');
    await expect(history).toHaveCount(2);
    await expect(history.nth(0)).toContainText('Active');
    await expect(history.nth(1)).toContainText('Negotiation');
    await expect(history.nth(1)).toContainText('Rowan Castellanos');

    await page.getByRole('tab', { name: 'Activity' }).click();
    const activity = page.getByRole('tabpanel', { name: 'Activity' });
    await expect(activity).toContainText('Case opened');
    await expect(activity).toContainText('Case updated');
    await expect(activity).toContainText('Status: Active → Negotiation');

    // A contractor joins the team by e-mail invitation.
    await page.getByRole('tab', { name: 'Members' }).click();
    await page.getByRole('button', { name: 'Add Member' }).click();
    const add = page.getByRole('dialog', { name: 'Add Member' });
    await add.getByLabel('Role on the case').selectOption({ label: 'Restoration Contractor' });
    await add.getByText('Invite by e-mail').click();
    const contractorEmail = uniqueEmail('cases.contractor');
    await add.getByLabel('First name').fill('Riley');
    await add.getByLabel('Last name').fill('Stone');
    await add.getByLabel('Email').fill(contractorEmail);
    await add.getByLabel('Company').fill('Stone Restoration');
    await expectAccessible(page, 'the Add Member dialog at 1440 px');
    await add.getByRole('button', { name: 'Send Invitation' }).click();
    await expect(toast(page, MESSAGES.caseMemberAdded)).toBeVisible();
    const team = page.getByRole('list', { name: 'Case team' });
    await expect(team).toContainText('Riley Stone');
    await expect(team).toContainText('Restoration Contractor');
    world.contractor = { email: contractorEmail, name: 'Riley Stone' };
    await expectAccessible(page, 'the case page at 1440 px');
    await saveScreenshot(page, 'cases-page-members-1440', true);
    await page.getByRole('tab', { name: 'Overview' }).click();
    await saveScreenshot(page, 'cases-page-overview-1440', true);

    // The search finds it by title, by case number and by client.
    await page.getByRole('link', { name: 'Back to Case Management' }).click();
    await expectScreen(page, 'Case Management');
    await expect(page.getByText(`${SEEDED + 1} cases`, { exact: true })).toBeVisible();
    const search = page.getByRole('searchbox', { name: 'Search cases' });
    await search.fill('harbor road');
    await expect.poll(() => pathOf(page)).toContain('search=harbor+road');
    await expect(bodyRows(page)).toHaveCount(1);
    await expect(bodyRows(page).first()).toContainText(NEW_TITLE);
    await expect(bodyRows(page).first()).toContainText('Negotiation');
    await expect(page.getByText('1 case matching “harbor road”')).toBeVisible();
    await search.fill('no such case anywhere');
    await expect(page.getByRole('heading', { name: MESSAGES.noCasesFound })).toBeVisible();
    await search.fill(world.seeded[4]!.caseNumber);
    await expect(bodyRows(page)).toHaveCount(1);
    await expect(bodyRows(page).first()).toContainText('Seed case 05');

    // Edit from the list opens the same dialog.
    await bodyRows(page).first().getByRole('button', { name: 'Edit Seed case 05' }).click();
    const listEdit = page.getByRole('dialog', { name: 'Edit Case' });
    await expect(listEdit.getByLabel('Title')).toHaveValue('Seed case 05');
    await listEdit.getByLabel('Status').selectOption({ label: 'Discovery' });
    await listEdit.getByRole('button', { name: 'Save Changes' }).click();
    await expect(toast(page, MESSAGES.caseUpdated)).toBeVisible();
    await expect(bodyRows(page).first()).toContainText('Discovery');
  });

  test('[CASES] an invited contractor sees the case they joined and no other, and no case list', async ({
    page,
    api,
    world,
  }) => {
    expect(
      world.created && world.contractor,
      'the first journey made the case and the contractor',
    ).toBeTruthy();
    const { email } = world.contractor!;
    await chooseOwnPassword(
      api,
      { email, subject: `${world.firmName} added you to a case in Sentinel` },
      OTHER_PASSWORD,
      'the contractor',
    );

    await signInViaApi(page, { email, password: OTHER_PASSWORD });
    await page.goto(`/cases/${world.created!.id}`);
    await expectScreen(page, world.created!.title);
    await expect(page.getByRole('button', { name: 'Edit Case' })).toHaveCount(0);
    await expect(page.getByRole('tab', { name: 'Activity' })).toHaveCount(0);
    // The case's facts, without the firm's fields (FIELD_ACCESS): no target settlement, policy or
    // claim number.
    const overview = page.getByRole('tabpanel', { name: 'Overview' });
    await expect(overview).toContainText('Acme Mutual');
    await expect(overview).not.toContainText('$125,000.00');
    await expect(overview).not.toContainText('Target settlement');
    await expect(overview).not.toContainText('Policy number');
    await page.getByRole('tab', { name: 'Members' }).click();
    await expect(page.getByRole('list', { name: 'Case team' })).toContainText('Riley Stone');
    await expect(page.getByRole('button', { name: 'Add Member' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Remove/ })).toHaveCount(0);
    await expectAccessible(page, 'the case page (contractor) at 1440 px');
    await saveScreenshot(page, 'cases-page-contractor-1440', true);

    // A case of the same firm they are not on: not found, with a way back to their dashboard.
    await page.goto(`/cases/${world.seeded[0]!.id}`);
    await expectScreen(page, 'Case not found');
    await expect(page.getByRole('link', { name: 'Go to your dashboard' })).toHaveAttribute(
      'href',
      '/dashboard',
    );

    // The firm's case list is not theirs.
    await page.goto('/cases');
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('[CASES] at 375 px the list, the dialog and the case page fit the screen and pass axe', async ({
    page,
    world,
  }) => {
    await setScreen(page, 375);
    await signInViaApi(page, world.attorney);
    await page.goto('/cases');
    await expectScreen(page, 'Case Management');
    const cards = page.getByRole('list', { name: 'Cases' });
    await expect(cards.getByRole('listitem')).toHaveCount(10);
    await expect(page.getByRole('table')).toHaveCount(0);
    await expectNoSidewaysScroll(page, 375);
    await expectAccessible(page, '/cases at 375 px');
    await saveScreenshot(page, 'cases-list-375', true);

    await page.getByRole('button', { name: 'New Case' }).click();
    const dialog = page.getByRole('dialog', { name: 'New Case' });
    await expect(dialog).toBeVisible();
    await expectNoSidewaysScroll(page, 375);
    await expectAccessible(page, 'the New Case dialog at 375 px');
    await saveScreenshot(page, 'cases-new-dialog-375');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    await cards.getByRole('listitem').first().getByRole('link', { name: /^View/ }).click();
    await expect(page).toHaveURL(/\/cases\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('tabpanel', { name: 'Overview' })).toBeVisible();
    await expectNoSidewaysScroll(page, 375);
    await expectAccessible(page, 'the case page at 375 px');
    await saveScreenshot(page, 'cases-page-375', true);

    if (world.created) {
      await page.goto(`/cases/${world.created.id}?tab=members`);
      await expect(page.getByRole('list', { name: 'Case team' })).toBeVisible();
      await expectNoSidewaysScroll(page, 375);
      await expectAccessible(page, 'the case team at 375 px');
      await saveScreenshot(page, 'cases-page-members-375', true);
    }
  });
});
