import { expect, test, type Browser, type Page } from '@playwright/test';
import { MESSAGES, type LoginResponse } from '@sentinel/shared';
import { DEMO } from '../fixtures/fixtures';
import { expectScreen, saveScreenshot, toast } from '../support/app';
import { expectNoAxeViolations } from '../support/axe';
import { expectNoSidewaysScroll, screenOf } from '../support/layout';
import { temporaryPasswordIn, waitForMail } from '../support/outbox';
import { NEW_PASSWORD, OTHER_PASSWORD, signInViaApi, uniqueEmail } from '../support/session';

// The demo firm (apps/server/src/demo/demo-firm.ts) invites; waitForMail matches from the start.
const INVITATION_SUBJECT = 'Morgan & Reyes Claims Law invited you to Sentinel';

/** Adds a client through the directory's dialog; returns the name and e-mail used. */
async function addClient(page: Page, prefix: string, first: string, last: string) {
  const email = uniqueEmail(prefix);
  await page.getByRole('button', { name: 'Add New Client' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add New Client' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('First Name').fill(first);
  await dialog.getByLabel('Last Name').fill(last);
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Phone').fill('+1 (555) 010-4477');
  await dialog.getByLabel('Company').fill(`${last} Residence`);
  await dialog.getByRole('button', { name: 'Add Client' }).click();
  await expect(toast(page, MESSAGES.clientCreated)).toBeVisible();
  await expect(dialog).toBeHidden();
  return { email, name: `${first} ${last}` };
}

async function signInThroughForm(page: Page, email: string, password: string) {
  await expectScreen(page);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

async function newPage(browser: Browser, width = 1440) {
  const context = await browser.newContext({ viewport: screenOf(width) });
  return { context, page: await context.newPage() };
}

test.describe('[CLIENTS]', () => {
  test('[CLIENTS] an attorney adds a client; the client is invited, chooses a password and stays out of /clients', async ({
    page,
    browser,
  }) => {
    await signInViaApi(page, DEMO.attorney);
    await page.goto('/clients');
    await expectScreen(page, 'Client Directory');

    // The dialog checks §5's required fields before sending anything.
    await page.getByRole('button', { name: 'Add New Client' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add New Client' });
    await expect(dialog.getByLabel('First Name')).toBeFocused();
    await dialog.getByRole('button', { name: 'Add Client' }).click();
    await expect(dialog.getByText(MESSAGES.firstNameRequired)).toBeVisible();
    await expect(dialog.getByText(MESSAGES.lastNameRequired)).toBeVisible();
    await expect(dialog.getByText(MESSAGES.emailRequired)).toBeVisible();
    await expect(dialog.getByText(MESSAGES.phoneRequired)).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('button', { name: 'Add New Client' })).toBeFocused();

    const { email, name } = await addClient(page, 'client.journey', 'Jamie', 'Okafor');
    const row = page.getByRole('row').filter({ hasText: email });
    await expect(row).toContainText(name);
    await expect(row).toContainText('Active');
    await expect(row).toContainText('Invitation pending');
    await expect(row).toContainText('Alex Morgan');

    // The same e-mail again: the server's 409 message, inside the dialog.
    await page.getByRole('button', { name: 'Add New Client' }).click();
    await dialog.getByLabel('First Name').fill('Jamie');
    await dialog.getByLabel('Last Name').fill('Again');
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByLabel('Phone').fill('555 010 9999');
    await dialog.getByRole('button', { name: 'Add Client' }).click();
    await expect(dialog.getByRole('alert')).toHaveText(MESSAGES.alreadyInFirm);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();

    // Search narrows the list to the new client.
    await page.getByRole('searchbox', { name: 'Search clients' }).fill(email);
    await expect(page).toHaveURL(/[?&]search=/);
    await expect(page.getByRole('table', { name: 'Clients' }).getByRole('row')).toHaveCount(2);

    await row.getByRole('link', { name: /^View Profile/ }).click();
    await expect(page).toHaveURL(/\/clients\/[0-9a-f-]{36}$/);
    await expectScreen(page, name);
    await expect(page.getByRole('link', { name: email })).toHaveAttribute('href', `mailto:${email}`);
    await expect(page.getByText('Client added')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Resend invitation' })).toBeVisible();
    const clientUrl = page.url();

    // The invitation e-mail carries a temporary password.
    const temporary = temporaryPasswordIn(await waitForMail(email, INVITATION_SUBJECT));

    // The client signs in with it and is asked for a password of their own.
    const client = await newPage(browser);
    await client.page.goto('/login');
    await signInThroughForm(client.page, email, temporary);
    await expect(client.page).toHaveURL(/\/reset-password\?/);
    const resetUrl = new URL(client.page.url());
    expect(resetUrl.searchParams.get('temporary')).toBe('true');
    expect(resetUrl.searchParams.get('email')).toBe(email);
    await client.page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await client.page.getByLabel('Confirm new password').fill(NEW_PASSWORD);
    await client.page.getByRole('button', { name: 'Update Password' }).click();
    await expect(client.page.getByRole('heading', { name: 'Password Updated!' })).toBeVisible();
    // The new password signed the client in: no second sign-in.
    await client.page.getByRole('link', { name: 'Go to my dashboard' }).click();
    await expect(client.page).toHaveURL(/\/dashboard$/);
    await expect(client.page).not.toHaveURL(/attorney/);
    await expect(client.page.getByRole('banner')).toContainText('Signed in as Property Owner');

    // Attorney-only screens send the client to their own dashboard.
    await expect(
      client.page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Clients' }),
    ).toHaveCount(0);
    await client.page.goto('/clients');
    await expect(client.page).toHaveURL(/\/dashboard$/);
    await client.page.goto(new URL(clientUrl).pathname);
    await expect(client.page).toHaveURL(/\/dashboard$/);
    await client.context.close();

    // Back with the attorney: the invitation is no longer pending.
    await page.reload();
    await expectScreen(page, name);
    await expect(page.getByText('Invitation pending')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Resend invitation' })).toHaveCount(0);
  });

  test('[CLIENTS] deactivating a client asks first, then the client no longer has the firm', async ({
    page,
    request,
  }) => {
    await signInViaApi(page, DEMO.attorney);
    await page.goto('/clients');
    await expectScreen(page, 'Client Directory');
    const { email, name } = await addClient(page, 'client.deactivate', 'Riley', 'Brennan');
    const temporary = temporaryPasswordIn(await waitForMail(email, INVITATION_SUBJECT));

    await page
      .getByRole('row')
      .filter({ hasText: email })
      .getByRole('link', { name: /^View Profile/ })
      .click();
    await expectScreen(page, name);

    await page.getByRole('button', { name: 'Deactivate client' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Deactivate client' });
    await expect(confirm).toContainText(
      `Deactivate ${name}? They will be signed out of your firm and lose access to it.`,
    );
    await confirm.getByRole('button', { name: 'Deactivate', exact: true }).click();
    await expect(toast(page, MESSAGES.clientDeactivated)).toBeVisible();
    await expect(confirm).toBeHidden();
    await expect(
      page.getByText('This client is deactivated and no longer has access to your firm.'),
    ).toBeVisible();
    await expect(page.getByText('Client deactivated', { exact: true }).first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Deactivate client' })).toHaveCount(0);

    // The account is the client's own (issue 9): they can sign in, and the firm is no longer theirs.
    const first = await request.post('/api/auth/login', { data: { email, password: temporary } });
    const { temporaryPasswordTicket: ticket } = (await first.json()) as LoginResponse;
    const chosen = await request.post('/api/auth/change-temp-password', {
      data: { email, newPassword: OTHER_PASSWORD, ticket },
    });
    expect(chosen.status()).toBe(200);
    expect(((await chosen.json()) as LoginResponse).user).toMatchObject({ firm: null, firms: [] });

    await page.getByRole('link', { name: 'Back to Client Directory' }).click();
    await expectScreen(page, 'Client Directory');
    await expect(page.getByRole('row').filter({ hasText: email })).toContainText('Deactivated');
  });

  test('[CLIENTS] the page size is remembered; an unknown client shows "Client not found"', async ({
    page,
  }) => {
    await signInViaApi(page, DEMO.attorney);
    await page.goto('/clients');
    await expectScreen(page, 'Client Directory');
    const size = page.getByLabel('Rows per page');
    await expect(size).toHaveValue('12');
    await size.selectOption('10');
    await page.reload();
    await expectScreen(page, 'Client Directory');
    await expect(page.getByLabel('Rows per page')).toHaveValue('10');
    await page.getByLabel('Rows per page').selectOption('12');

    await page.goto('/clients/00000000-0000-4000-8000-000000000000');
    await expectScreen(page, 'Client not found');
    await page.getByRole('link', { name: 'Go to the Client Directory' }).click();
    await expect(page).toHaveURL(/\/clients$/);
  });
});

test.describe('[CLIENTS] [A11Y]', () => {
  for (const width of [1440, 375]) {
    test(`[CLIENTS] [A11Y] /clients, the Add New Client dialog and a client page at ${width} px`, async ({
      browser,
    }) => {
      const { context, page } = await newPage(browser, width);
      await signInViaApi(page, DEMO.attorney);
      await page.goto('/clients');
      await expectScreen(page, 'Client Directory');
      await expect(page.getByText(/Showing/)).toBeVisible();
      await saveScreenshot(page, `clients-${width}`, true);
      await expectNoAxeViolations(page, `/clients at ${width} px`);
      await expectNoSidewaysScroll(page, width);

      await page.getByRole('button', { name: 'Add New Client' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add New Client' });
      await dialog.getByRole('button', { name: 'Add Client' }).click();
      await expect(dialog.getByText(MESSAGES.phoneRequired)).toBeVisible();
      await page.waitForTimeout(300); // the overlay fades in before colours are measured
      await saveScreenshot(page, `clients-add-dialog-${width}`);
      await expectNoAxeViolations(page, `Add New Client dialog at ${width} px`);
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();

      await page
        .getByRole('link', { name: /^View Profile/ })
        .first()
        .click();
      await expect(page).toHaveURL(/\/clients\/[0-9a-f-]{36}$/);
      await expectScreen(page);
      await expect(page.getByRole('heading', { name: 'Cases', exact: true })).toBeVisible();
      await expect(page.getByRole('status').filter({ hasText: /^Loading/ })).toHaveCount(0);
      await saveScreenshot(page, `client-page-${width}`, true);
      await expectNoAxeViolations(page, `client page at ${width} px`);
      await expectNoSidewaysScroll(page, width);

      // A demo client with cases: the Cases panel lists them, each a link to its page.
      await page.goto('/clients?search=client%40demo.test');
      await expectScreen(page, 'Client Directory');
      await page.getByRole('link', { name: /^View Profile/ }).click();
      await expectScreen(page, 'Jordan Ellis');
      const cases = page
        .locator('section')
        .filter({ has: page.getByRole('heading', { name: 'Cases', exact: true }) })
        .getByRole('link');
      await expect(cases.first()).toHaveAttribute('href', /^\/cases\/[0-9a-f-]{36}$/);
      await expect(cases.first()).toContainText(/CASE-\d{4}-\d{3}/);
      await saveScreenshot(page, `client-page-cases-${width}`, true);
      await expectNoAxeViolations(page, `client page with cases at ${width} px`);
      await expectNoSidewaysScroll(page, width);
      await context.close();
    });
  }
});
