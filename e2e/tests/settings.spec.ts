import { expect, test } from '@playwright/test';
import { connectSuccessBanner, MESSAGES } from '@sentinel/shared';
import { DEMO } from '../fixtures/fixtures';
import { expectScreen, pathOf, saveScreenshot, toast } from '../support/app';
import { readLocalStorage } from '../support/browser';
import { OTHER_PASSWORD, signInViaApi, signUpViaApi } from '../support/session';

test.describe('[SETTINGS]', () => {
  test('[SETTINGS] Profile: an attorney renames the firm and it is still there after a reload', async ({
    page,
  }) => {
    const account = await signUpViaApi(page, 'attorney');
    await page.goto('/settings');
    await expectScreen(page, 'Settings');

    await expect(page.getByRole('tab', { name: 'Profile' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByLabel('Name', { exact: true })).toHaveValue(account.fullName);
    await expect(page.getByLabel('Name', { exact: true })).toHaveAttribute('readonly', '');
    await expect(page.getByLabel('Account email')).toHaveValue(account.email);
    const firm = page.getByLabel('Firm name');
    await expect(firm).toHaveValue(account.companyName);
    await saveScreenshot(page, 'settings-profile-1440');

    await firm.fill('Brooks & Castellanos Claims LLP');
    await page.getByRole('button', { name: 'Save Profile' }).click();
    await expect(toast(page, MESSAGES.profileSaved)).toBeVisible();

    await page.reload();
    await expectScreen(page, 'Settings');
    await expect(page.getByLabel('Firm name')).toHaveValue('Brooks & Castellanos Claims LLP');
  });

  test('[SETTINGS] Profile: a client sees the firm name read-only and no Save Profile', async ({ page }) => {
    await signInViaApi(page, DEMO.client);
    await page.goto('/settings');
    await expectScreen(page, 'Settings');
    await expect(page.getByLabel('Firm name')).toHaveAttribute('readonly', '');
    await expect(page.getByRole('button', { name: 'Save Profile' })).toHaveCount(0);
  });

  test('[SETTINGS] Password: changing it shows the message, logs out, and the new one signs in', async ({
    page,
  }) => {
    const account = await signUpViaApi(page, 'attorney');
    await page.goto('/settings?tab=password');
    await expectScreen(page, 'Settings');
    await expect(page.getByRole('tab', { name: 'Password' })).toHaveAttribute('aria-selected', 'true');

    await page.getByLabel('Current password', { exact: true }).fill(account.password);
    await page.getByLabel('New password', { exact: true }).fill(OTHER_PASSWORD);
    await page.getByLabel('Confirm new password').fill(OTHER_PASSWORD);
    await page.getByRole('button', { name: 'Update Password' }).click();

    await expect(toast(page, MESSAGES.passwordUpdated)).toBeVisible();
    await expect(page).toHaveURL(/\/(auth\/)?login$/);
    expect(await readLocalStorage(page, 'token')).toBeNull();

    // The journey's subject is the new password, so this sign-in goes through the form.
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill(OTHER_PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/attorney\/dashboard$/);
    await expectScreen(page, /Welcome back/);
  });

  test('[SETTINGS] Password: a wrong current password shows the server’s error and stays signed in', async ({
    page,
  }) => {
    const account = await signUpViaApi(page, 'public-adjuster');
    await page.goto('/settings?tab=password');
    await expectScreen(page, 'Settings');
    await page.getByLabel('Current password', { exact: true }).fill('Not-The-Password-42');
    await page.getByLabel('New password', { exact: true }).fill(OTHER_PASSWORD);
    await page.getByLabel('Confirm new password').fill(`${OTHER_PASSWORD}x`);
    await page.getByRole('button', { name: 'Update Password' }).click();
    await expect(page.getByText(MESSAGES.passwordsDoNotMatch)).toBeVisible();

    await page.getByLabel('Confirm new password').fill(OTHER_PASSWORD);
    await page.getByRole('button', { name: 'Update Password' }).click();
    await expect(page.getByRole('alert')).toHaveText(MESSAGES.currentPasswordWrong);
    await expect(page).toHaveURL(/\/settings/);
    expect(await readLocalStorage(page, 'userEmail')).toBe(account.email);
  });

  test('[SETTINGS] Billing shows the plan', async ({ page }) => {
    await signInViaApi(page, DEMO.attorney);
    await page.goto('/settings');
    await expectScreen(page, 'Settings');
    await page.getByRole('tab', { name: 'Billing' }).click();
    await expect(page).toHaveURL(/\/settings\?tab=billing$/);
    await expect(page.getByText('Pro Plan ($500/month)')).toBeVisible();
  });

  test('[SETTINGS] Integrations: the connect result shows the banner and leaves the URL', async ({
    page,
  }) => {
    await signInViaApi(page, DEMO.attorney);
    await page.goto('/settings?tab=integrations&status=success&provider=google');
    await expectScreen(page, 'Settings');

    await expect(page.getByText(connectSuccessBanner('google'))).toBeVisible();
    await expect(page.getByText('Google account connected successfully!')).toBeVisible();
    await expect.poll(() => pathOf(page)).toBe('/settings?tab=integrations');
    await expect(page.getByRole('tab', { name: 'Integrations' })).toHaveAttribute('aria-selected', 'true');
    const panel = page.getByRole('tabpanel', { name: 'Integrations' });
    await expect(panel.getByRole('heading', { name: 'Google Workspace' })).toBeVisible();
    await expect(panel.getByRole('heading', { name: 'Microsoft 365' })).toBeVisible();
    await saveScreenshot(page, 'settings-integrations-banner-1440');
  });
});
