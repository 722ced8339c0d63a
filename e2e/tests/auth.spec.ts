import { expect, test, type Page } from '@playwright/test';
import { MESSAGES } from '@sentinel/shared';
import { DEMO, readFixtures } from '../fixtures/fixtures';
import { BASE_URL } from '../playwright.config';
import { expectScreen, toast } from '../support/app';
import { readLocalStorage, writeLocalStorage } from '../support/browser';
import { signUpThroughMail } from '../support/api';
import { resetLinkIn, SIGN_UP_SUBJECT, verifyLinkIn, waitForMail } from '../support/outbox';
import { NEW_PASSWORD, OTHER_PASSWORD, uniqueEmail } from '../support/session';

// Every journey here signs in through the screens; elsewhere sessions come from the API.

async function fillLogin(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
}

async function signInThroughForm(page: Page, email: string, password: string) {
  await expectScreen(page);
  await fillLogin(page, email, password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

async function signUpThroughForm(page: Page, input: { email: string; role: string; fullName: string }) {
  await page.goto('/signup');
  await expectScreen(page);
  await page.getByLabel('Full name').fill(input.fullName);
  await page.getByLabel('Email').fill(input.email);
  await page.getByLabel('Company name').fill('Harborview Claims Partners');
  await page.getByLabel('I am a').selectOption({ label: input.role });
  await page.getByLabel('Password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel('Confirm password').fill(NEW_PASSWORD);
  await page.getByLabel('I agree to the Terms of Service').check();
  await page.getByRole('button', { name: 'Create Account' }).click();
}

/**
 * The sign-up form, then the e-mail: 'Check your e-mail', the link from the outbox (built from
 * PUBLIC_URL), the password again, and the account exists (docs/decisions/0010).
 */
async function signUpThroughMailbox(page: Page, input: { email: string; role: string; fullName: string }) {
  await signUpThroughForm(page, input);
  await expect(page.getByRole('heading', { name: 'Check your e-mail' })).toBeVisible();
  await expect(page.getByText(MESSAGES.signUpCheckEmail)).toBeVisible();
  const link = verifyLinkIn(await waitForMail(input.email, SIGN_UP_SUBJECT));
  expect(link.startsWith(`${BASE_URL}/verify-email?token=`)).toBe(true);
  await page.goto(link);
  await expectScreen(page, 'Verify your e-mail');
  await page.getByLabel('Password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Verify and Sign In' }).click();
}

test.describe('[AUTH] sign up', () => {
  test('[AUTH] an attorney signs up, lands on the attorney dashboard with the toast, and logs out', async ({
    page,
  }) => {
    await signUpThroughMailbox(page, {
      email: uniqueEmail('signup.attorney'),
      role: 'Attorney',
      fullName: 'Avery Lindqvist',
    });

    await expect(page).toHaveURL(/\/attorney\/dashboard$/);
    await expect(toast(page, MESSAGES.accountCreated)).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: /Avery/ })).toBeVisible();
    await expect(page.getByRole('banner')).toContainText('Signed in as Attorney');

    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/(auth\/)?login$/);
    await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
    expect(await readLocalStorage(page, 'token')).toBeNull();
  });

  test('[AUTH] a Property Owner signs up and lands on /client/dashboard', async ({ page }) => {
    await signUpThroughMailbox(page, {
      email: uniqueEmail('signup.owner'),
      role: 'Property Owner',
      fullName: 'Jamie Okafor',
    });

    await expect(page).toHaveURL(/\/client\/dashboard$/);
    await expect(toast(page, MESSAGES.accountCreated)).toBeVisible();
    // No firm has added them yet (issue 9): no type in a firm, and the screen says how to be added.
    await expect(page.getByRole('banner')).toContainText('Signed in as Guest');
    await expectScreen(page, 'You’re not part of a firm yet');
  });

  test('[AUTH] before its link is followed, the account does not sign in; the link can be sent again', async ({
    page,
  }) => {
    const email = uniqueEmail('signup.unverified');
    await signUpThroughForm(page, { email, role: 'Public Adjuster', fullName: 'Noor Haddad' });
    await expect(page.getByRole('heading', { name: 'Check your e-mail' })).toBeVisible();
    const first = verifyLinkIn(await waitForMail(email, SIGN_UP_SUBJECT));

    await page.goto('/login');
    await signInThroughForm(page, email, NEW_PASSWORD);
    await expect(page.getByRole('alert')).toHaveText(MESSAGES.emailNotVerified);
    await expect(page).toHaveURL(/\/login$/);
    await page.getByRole('button', { name: 'Send the link again' }).click();
    await expect(page.getByText(MESSAGES.signUpLinkResent)).toBeVisible();
    await expect.poll(async () => verifyLinkIn(await waitForMail(email, SIGN_UP_SUBJECT))).not.toBe(first);

    // The first link no longer works; the new one does.
    await page.goto(first);
    await page.getByLabel('Password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Verify and Sign In' }).click();
    await expect(page.getByRole('alert')).toHaveText(MESSAGES.verificationLinkInvalid);
    await page.goto(verifyLinkIn(await waitForMail(email, SIGN_UP_SUBJECT)));
    await page.getByLabel('Password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Verify and Sign In' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(toast(page, MESSAGES.accountCreated)).toBeVisible();
  });

  test('[AUTH] the strength meter rates a passphrase without digits or capitals', async ({ page }) => {
    await page.goto('/signup');
    await expectScreen(page);
    const password = page.getByLabel('Password', { exact: true });
    await password.fill('password1');
    const meter = page.getByRole('meter', { name: 'Password strength' });
    await expect(meter).toHaveAttribute('aria-valuetext', 'Very weak');
    await password.fill('correct horse battery staple');
    await expect(meter).toHaveAttribute('aria-valuetext', 'Very strong');
  });

  test('[AUTH] signup validation shows the §5 texts', async ({ page }) => {
    await page.goto('/signup');
    await expectScreen(page);
    await page.getByLabel('Password', { exact: true }).fill('short');
    await page.getByLabel('Confirm password').fill('different');
    await page.getByRole('button', { name: 'Create Account' }).click();

    await expect(page.getByText(MESSAGES.passwordTooShort, { exact: true })).toBeVisible();
    await expect(page.getByText(MESSAGES.passwordsDoNotMatch)).toBeVisible();
    await expect(page.getByText(MESSAGES.mustAgreeToTerms)).toBeVisible();
    await expect(page).toHaveURL(/\/signup$/);
  });
});

test.describe('[AUTH] login errors', () => {
  test("[AUTH] a wrong password shows 'Invalid email or password'", async ({ page }) => {
    const { loginErrors } = readFixtures();
    await page.goto('/login');
    await signInThroughForm(page, loginErrors.email, 'Wrong-Password-123');

    await expect(page.getByRole('alert')).toHaveText(MESSAGES.invalidCredentials);
    await expect(page).toHaveURL(/\/login$/);
  });

  test('[AUTH] client-side validation shows the §5 hint and sends nothing', async ({ page }) => {
    let loginCalls = 0;
    page.on('request', (request) => {
      if (request.url().endsWith('/api/auth/login')) loginCalls += 1;
    });
    await page.goto('/login');
    await signInThroughForm(page, 'not-an-email', 'short');

    await expect(page.getByText(MESSAGES.emailInvalid)).toBeVisible();
    await expect(page.getByText(MESSAGES.passwordTooShort)).toBeVisible();
    await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute('aria-invalid', 'true');

    await page.getByLabel('Email').fill('');
    await page.getByLabel('Password', { exact: true }).fill('');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByText(MESSAGES.emailRequired)).toBeVisible();
    await expect(page.getByText(MESSAGES.passwordRequired)).toBeVisible();
    expect(loginCalls).toBe(0);
  });
});

test.describe('[AUTH] passwords', () => {
  test('[AUTH] forgot password: the e-mailed link sets a new password that signs in', async ({
    page,
    request,
  }) => {
    const email = uniqueEmail('forgot');
    await signUpThroughMail(request, {
      email,
      password: NEW_PASSWORD,
      firstName: 'Riley',
      lastName: 'Fontaine',
      userType: 'attorney',
      companyName: 'Fontaine Property Law',
    });

    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    // The sign-in form (with its own Email field) stays up until the new screen's code has loaded.
    await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await expect(page.getByRole('heading', { name: 'Check your inbox' })).toBeVisible();
    await expect(page.getByText(MESSAGES.resetLinkSent)).toBeVisible();

    const link = resetLinkIn(await waitForMail(email, 'Reset your Sentinel password'));
    expect(link.startsWith(`${BASE_URL}/reset-password?token=`)).toBe(true);
    await page.goto(link);
    await expectScreen(page, 'Choose a new password');
    await page.getByLabel('New password', { exact: true }).fill(OTHER_PASSWORD);
    await page.getByLabel('Confirm new password').fill(OTHER_PASSWORD);
    await page.getByRole('button', { name: 'Update Password' }).click();
    await expect(page.getByRole('heading', { name: 'Password Updated!' })).toBeVisible();

    await page.getByRole('link', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await signInThroughForm(page, email, OTHER_PASSWORD);
    await expect(page).toHaveURL(/\/attorney\/dashboard$/);
    await expectScreen(page, /Welcome back/);
  });

  test('[AUTH] an invited client replaces the temporary password and is signed in with the new one', async ({
    page,
  }) => {
    const { invitedClient } = readFixtures();
    await page.goto('/login');
    await signInThroughForm(page, invitedClient.email, invitedClient.password);

    await expect(page).toHaveURL(/\/reset-password\?/);
    const url = new URL(page.url());
    expect(url.searchParams.get('email')).toBe(invitedClient.email);
    expect(url.searchParams.get('temporary')).toBe('true');
    await expectScreen(page, 'Choose your password');
    await expect(page.getByText(invitedClient.email)).toBeVisible();

    await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel('Confirm new password').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Update Password' }).click();
    await expect(page.getByRole('heading', { name: 'Password Updated!' })).toBeVisible();

    // The new password signed the client in: no second sign-in.
    await page.getByRole('link', { name: 'Go to my dashboard' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page).not.toHaveURL(/attorney/);
    await expect(page.getByRole('banner')).toContainText('Signed in as Property Owner');
  });

  test('[AUTH] an expired temporary password leads to /forgot-password with the §8 text', async ({
    page,
  }) => {
    const { expiredInvite } = readFixtures();
    await page.goto('/login');
    await signInThroughForm(page, expiredInvite.email, expiredInvite.password);

    await expect(page).toHaveURL(/\/forgot-password$/);
    await expect(page.getByRole('alert')).toHaveText(MESSAGES.temporaryPasswordExpired);
    await expect(page.getByRole('button', { name: 'Send Reset Link' })).toBeVisible();
  });

  test('[AUTH] /reset-password without a token, or with temporary=true but no sign-in, goes to /forgot-password', async ({
    page,
  }) => {
    await page.goto('/reset-password');
    await expect(page).toHaveURL(/\/forgot-password$/);
    await page.goto('/reset-password?email=someone%40e2e.test&temporary=true');
    await expect(page).toHaveURL(/\/forgot-password$/);
  });
});

test.describe('[AUTH] sessions', () => {
  test('[AUTH] the demo attorney signs in; an expired session then toasts and goes to /login', async ({
    page,
    context,
  }) => {
    await page.goto('/login');
    await signInThroughForm(page, DEMO.attorney.email, DEMO.attorney.password);
    await expect(page).toHaveURL(/\/attorney\/dashboard$/);
    await expectScreen(page, 'Welcome back, Alex');

    // No refresh cookie: the reloaded page has no token in memory and its refresh must fail. A
    // token an older version left in localStorage (exp 2001) is removed and never used.
    const expired = `${base64url({ alg: 'HS256', typ: 'JWT' })}.${base64url({ sub: 'x', exp: 1_000_000_000 })}.c2lnbmF0dXJl`;
    await writeLocalStorage(page, 'token', expired);
    await context.clearCookies();
    await page.goto('/attorney/dashboard');

    await expect(toast(page, MESSAGES.sessionExpired)).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
    expect(await readLocalStorage(page, 'token')).toBeNull();
  });

  test('[AUTH] a demo contractor signs in and lands on /dashboard', async ({ page }) => {
    await page.goto('/login');
    await signInThroughForm(page, DEMO.contractor.email, DEMO.contractor.password);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page).not.toHaveURL(/attorney/);
    await expect(page.getByRole('banner')).toContainText('Signed in as Restoration Contractor');
  });

  test('[AUTH] a protected route without a session goes to /login', async ({ page }) => {
    await page.goto('/attorney/dashboard');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
    await page.goto('/settings');
    await expect(page).toHaveURL(/\/login$/);
  });
});

function base64url(value: object): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}
