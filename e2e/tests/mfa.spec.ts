import { expect, test } from '@playwright/test';
import { SECURITY_MESSAGES } from '@sentinel/shared';
import { Secret, TOTP } from 'otpauth';
import { expectAccessible } from '../support/axe';
import { expectScreen, saveScreenshot, toast } from '../support/app';
import { expectNoSidewaysScroll, setScreen } from '../support/layout';
import { signUpViaApi } from '../support/session';

/** The code an authenticator app shows for the key `steps` 30-second steps from now. */
const codeFor = (key: string, steps = 0) =>
  new TOTP({ secret: Secret.fromBase32(key.replace(/\s+/g, '')) }).generate({
    timestamp: Date.now() + steps * 30_000,
  });

test.describe('[SECURITY]', () => {
  test('[SECURITY] Two-step sign-in: set up in Settings, asked for at sign-in, and another device signed out', async ({
    page,
    browser,
    baseURL,
  }) => {
    const account = await signUpViaApi(page, 'attorney');
    await page.goto('/settings?tab=security');
    await expectScreen(page, 'Settings');
    await expect(page.getByRole('tab', { name: 'Security' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('heading', { name: 'Where you’re signed in' })).toBeVisible();
    await expect(page.getByText('This device')).toBeVisible();
    await expectAccessible(page, 'Settings → Security, off');

    await page.getByRole('button', { name: 'Set up two-step sign-in' }).click();
    const dialog = page.getByRole('dialog', { name: 'Set up two-step sign-in' });
    await dialog.getByLabel('Your password').fill(account.password);
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await expect(dialog.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
    await expectAccessible(page, 'the QR code step');
    await saveScreenshot(page, 'security-setup-1440');
    const key = (await dialog.locator('p.font-mono').textContent())!;
    await dialog.getByLabel('Code from your authenticator app').fill(codeFor(key));
    await dialog.getByRole('button', { name: 'Turn on' }).click();

    const saved = page.getByRole('dialog', { name: 'Save your recovery codes' });
    await expect(saved.getByRole('listitem')).toHaveCount(10);
    const recoveryCodes = await saved.getByRole('listitem').allTextContents();
    await saved.getByRole('button', { name: 'I have saved them' }).click();
    await expect(toast(page, SECURITY_MESSAGES.enabled)).toBeVisible();
    await expect(page.getByText('10 recovery codes left.')).toBeVisible();

    // Another browser signs in: the password alone is not enough.
    const other = await browser.newContext({ baseURL });
    const phone = await other.newPage();
    await setScreen(phone, 375);
    await phone.goto('/login');
    await phone.getByLabel('Email').fill(account.email);
    await phone.getByLabel('Password', { exact: true }).fill(account.password);
    await phone.getByRole('button', { name: 'Sign In' }).click();
    await expect(phone.getByRole('heading', { name: 'Two-step sign-in' })).toBeVisible();
    await expect(phone.getByLabel('Code from your authenticator app')).toBeFocused();
    await expectAccessible(phone, 'the second step at 375 px');
    await expectNoSidewaysScroll(phone, 375);
    await saveScreenshot(phone, 'security-second-step-375');
    await phone.getByLabel('Code from your authenticator app').fill('000000');
    await phone.keyboard.press('Enter');
    await expect(phone.getByText(SECURITY_MESSAGES.codeInvalid)).toBeVisible();
    await phone.getByLabel('Code from your authenticator app').fill(codeFor(key, 1));
    await phone.keyboard.press('Enter');
    await expect(phone).toHaveURL(/\/attorney\/dashboard$/);
    await expectScreen(phone, /Welcome back/);

    // Settings lists both devices; signing the other one out ends it there.
    await page.reload();
    await expectScreen(page, 'Settings');
    const signOutOther = page.getByRole('button', { name: /^Sign out .*, last active/ });
    await expect(signOutOther).toHaveCount(1);
    await setScreen(page, 375);
    await expectNoSidewaysScroll(page, 375);
    await expectAccessible(page, 'Settings → Security, on, at 375 px');
    await saveScreenshot(page, 'security-on-375', true);
    await signOutOther.click();
    await expect(toast(page, SECURITY_MESSAGES.sessionEnded)).toBeVisible();
    await phone.reload();
    await expect(phone).toHaveURL(/\/login$/);

    // A recovery code signs in once.
    await phone.getByLabel('Email').fill(account.email);
    await phone.getByLabel('Password', { exact: true }).fill(account.password);
    await phone.getByRole('button', { name: 'Sign In' }).click();
    await phone.getByRole('button', { name: 'Use a recovery code instead' }).click();
    await phone.getByLabel('Recovery code').fill(recoveryCodes[0]!);
    await phone.getByRole('button', { name: 'Verify' }).click();
    await expect(phone).toHaveURL(/\/attorney\/dashboard$/);
    await other.close();
  });
});
