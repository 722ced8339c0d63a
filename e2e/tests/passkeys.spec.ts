import { expect, test } from '@playwright/test';
import { SECURITY_MESSAGES } from '@sentinel/shared';
import { E2E_PORT } from '../playwright.config';
import { expectScreen, saveScreenshot, toast } from '../support/app';
import { expectAccessible } from '../support/axe';
import { expectNoSidewaysScroll, setScreen } from '../support/layout';
import { signUpViaApi } from '../support/session';

/**
 * Passkeys with Chromium's virtual authenticator (DevTools protocol, WebAuthn domain): a real
 * navigator.credentials.create() and .get() against the server's options. Browsers refuse
 * WebAuthn on an IP address, so this journey uses the app at localhost (its relying party when
 * PUBLIC_URL is the loopback address), a secure context in Chromium over plain http.
 */
test.describe('[SECURITY]', () => {
  test('[SECURITY] Passkeys: added in Settings, then the second step of a sign-in', async ({ browser }) => {
    const context = await browser.newContext({ baseURL: `http://localhost:${E2E_PORT}` });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('WebAuthn.enable');
    const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: {
        protocol: 'ctap2',
        transport: 'internal',
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
      },
    });

    const account = await signUpViaApi(page, 'attorney');
    await page.goto('/settings?tab=security');
    await expectScreen(page, 'Settings');
    const card = page.locator('section', { has: page.getByRole('heading', { name: 'Passkeys' }) });
    await expect(card.getByText(/No passkeys yet/)).toBeVisible();

    await card.getByRole('button', { name: 'Add a passkey' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a passkey' });
    await dialog.getByLabel('Your password').fill(account.password);
    await dialog.getByRole('button', { name: 'Continue' }).click();
    const naming = page.getByRole('dialog', { name: 'Name your passkey' });
    // Named after the device it was added on; the person may change it.
    await expect(naming.getByLabel('Name')).toHaveValue(/^Chrome on \w+/);
    await expectAccessible(page, 'naming a new passkey');
    await naming.getByLabel('Name').fill('Work laptop');
    await naming.getByRole('button', { name: 'Save' }).click();
    const saved = page.getByRole('dialog', { name: 'Save your recovery codes' });
    await expect(saved.getByRole('listitem')).toHaveCount(10);
    await saved.getByRole('button', { name: 'I have saved them' }).click();
    await expect(card.getByText('Work laptop')).toBeVisible();
    await expect(card.getByText(/Not used yet/)).toBeVisible();
    await expect(page.getByText(/On since .*, with 1 passkey\./)).toBeVisible();
    await expectAccessible(page, 'Settings → Security with a passkey');
    await saveScreenshot(page, 'passkeys-settings-1440');
    const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
    expect(credentials).toHaveLength(1);

    // Signed out, the password is not enough: the passkey is the second step.
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await setScreen(page, 375);
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByRole('heading', { name: 'Two-step sign-in' })).toBeVisible();
    // No authenticator app: no code field, a recovery code as the other way.
    await expect(page.getByLabel('Code from your authenticator app')).toHaveCount(0);
    await expect(page.getByLabel('Recovery code')).toBeVisible();
    await expectAccessible(page, 'the second step with a passkey at 375 px');
    await expectNoSidewaysScroll(page, 375);
    await saveScreenshot(page, 'passkeys-second-step-375');
    await page.getByRole('button', { name: 'Use a passkey' }).click();
    await expect(page).toHaveURL(/\/attorney\/dashboard$/);

    const after = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
    expect(after.credentials[0]!.signCount).toBeGreaterThan(0);
    await page.goto('/settings?tab=security');
    await expect(card.getByText(/Last used/)).toBeVisible();
    await expectNoSidewaysScroll(page, 375);
    await expectAccessible(page, 'Settings → Security with a passkey at 375 px');
    await saveScreenshot(page, 'passkeys-settings-375', true);
    await setScreen(page, 1440);

    // Removing it asks for the password and the passkey, and turns two-step sign-in off.
    await card.getByRole('button', { name: 'Remove Work laptop' }).click();
    const remove = page.getByRole('dialog', { name: 'Remove “Work laptop”' });
    await remove.getByLabel('Your password').fill(account.password);
    await remove.getByRole('button', { name: 'Remove' }).click();
    await expect(toast(page, SECURITY_MESSAGES.passkeyRemoved)).toBeVisible();
    await expect(card.getByText(/No passkeys yet/)).toBeVisible();
    await context.close();
  });
});
