import { expect, test, type Page } from '@playwright/test';
import { MESSAGES } from '@sentinel/shared';
import { DEMO, type Credentials } from '../fixtures/fixtures';
import { expectNoPlaceholders, expectScreen, saveScreenshot } from '../support/app';
import { expectNoAxeViolations } from '../support/axe';
import { expectNoSidewaysScroll, screenOf } from '../support/layout';
import { signInViaApi, uniqueEmail } from '../support/session';

interface Screen {
  path: string;
  heading?: string | RegExp;
}

const PUBLIC: Screen[] = [
  { path: '/' },
  { path: '/login', heading: 'Sign in to Sentinel' },
  { path: '/signup' },
  { path: '/terms', heading: 'Terms of Service' },
  { path: '/forgot-password', heading: 'Reset your password' },
  { path: '/reset-password?token=x', heading: 'Choose a new password' },
  { path: '/verify-email?token=x', heading: 'Verify your e-mail' },
];

const ATTORNEY: Screen[] = [
  { path: '/attorney/dashboard', heading: /Welcome back/ },
  { path: '/documents', heading: 'Documents' },
  { path: '/documents/aiAnalysis', heading: 'AI Document Upload' },
  { path: '/email', heading: 'Email' },
  { path: '/cases', heading: 'Case Management' },
  { path: '/clients', heading: 'Client Directory' },
  { path: '/calendar', heading: 'Calendar' },
  { path: '/negotiations', heading: 'Active Negotiations' },
  { path: '/experts', heading: 'Expert Witness Directory' },
  { path: '/workflows', heading: 'Workflow Automation' },
  { path: '/analytics', heading: 'Firm Analytics' },
  { path: '/settings?tab=profile', heading: 'Settings' },
  { path: '/settings?tab=password', heading: 'Settings' },
  { path: '/settings?tab=billing', heading: 'Settings' },
  { path: '/settings?tab=integrations', heading: 'Settings' },
];

const CLIENT: Screen[] = [
  { path: '/dashboard' },
  { path: '/client/dashboard' },
  { path: '/messages', heading: 'Messages' },
  { path: '/timeline', heading: 'Case Timeline & Progress' },
  { path: '/settings', heading: 'Settings' },
];

async function visit(page: Page, screen: Screen) {
  await page.goto(screen.path);
  await expectScreen(page, screen.heading);
  if (screen.path.startsWith('/settings')) {
    await expect(page.getByRole('tabpanel')).toBeVisible();
    await expect(
      page
        .getByRole('tabpanel')
        .getByRole('status')
        .filter({ hasText: /^Loading/ }),
    ).toHaveCount(0);
  }
}

function axeTests(title: string, screens: Screen[], credentials?: Credentials, widths = [1440]) {
  for (const width of widths) {
    test.describe(`${title} at ${width} px`, () => {
      test.use({ viewport: screenOf(width) });
      for (const screen of screens) {
        test(`[A11Y] ${screen.path} ${credentials ? `(${credentials.email.split('@')[0]}) ` : ''}at ${width} px has no WCAG 2 A/AA violations and no placeholder text`, async ({
          page,
        }) => {
          if (credentials) await signInViaApi(page, credentials);
          await visit(page, screen);
          await expectNoPlaceholders(page);
          await expectNoAxeViolations(page, `${screen.path} at ${width} px`);
          await expectNoSidewaysScroll(page, width, screen.path);
        });
      }
    });
  }
}

axeTests('public screens', PUBLIC, undefined, [1440]);
axeTests('attorney shell', ATTORNEY, DEMO.attorney, [1440]);
axeTests('client shell', CLIENT, DEMO.client, [1440]);
// A representative subset on a phone-sized screen.
axeTests('public screens', [PUBLIC[0]!, PUBLIC[1]!, PUBLIC[2]!], undefined, [375]);
axeTests('attorney shell', [ATTORNEY[0]!, ATTORNEY[11]!, ATTORNEY[13]!], DEMO.attorney, [375]);
axeTests('client shell', [CLIENT[0]!, CLIENT[2]!, CLIENT[3]!], DEMO.client, [375]);

test.describe('[A11Y] states', () => {
  test('[A11Y] the login form with its validation errors has no violations', async ({ page }) => {
    await page.goto('/login');
    await expectScreen(page);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByText(MESSAGES.emailRequired)).toBeVisible();
    await expectNoAxeViolations(page, '/login with errors');
  });

  test('[A11Y] the signup form with its validation errors has no violations', async ({ page }) => {
    await page.goto('/signup');
    await expectScreen(page);
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByText(MESSAGES.mustAgreeToTerms)).toBeVisible();
    await expectNoAxeViolations(page, '/signup with errors');
  });

  test.describe('[A11Y] small screens', () => {
    test.use({ viewport: screenOf(375) });
    test('[A11Y] the open navigation drawer at 375 px has no violations', async ({ page }) => {
      await signInViaApi(page, DEMO.attorney);
      await visit(page, ATTORNEY[0]!);
      await page.getByRole('button', { name: 'Open navigation' }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await page.waitForTimeout(400); // let the drawer finish sliding in before colours are measured
      await expectNoAxeViolations(page, 'navigation drawer at 375 px');
    });
  });
});

test.describe('[A11Y] keyboard', () => {
  test('[A11Y] Tab from the top of /login reaches e-mail, password, show/hide and submit in order; Enter submits', async ({
    page,
  }) => {
    await page.goto('/login');
    await expectScreen(page);

    const describe = () =>
      page.evaluate(() => {
        const el = document.activeElement;
        if (!el || el === document.body) return 'body';
        const label =
          el.getAttribute('aria-label') ??
          (el.id ? document.querySelector(`label[for="${el.id}"]`)?.textContent : null);
        return `${el.tagName.toLowerCase()}:${(label ?? el.textContent ?? '').trim()}`;
      });
    const order: string[] = [];
    for (let i = 0; i < 12; i += 1) {
      await page.keyboard.press('Tab');
      const current = await describe();
      order.push(current);
      if (current === 'button:Sign In') break;
    }
    const at = (entry: string) => {
      const index = order.indexOf(entry);
      expect(index, `${entry} in the Tab order ${JSON.stringify(order)}`).toBeGreaterThanOrEqual(0);
      return index;
    };
    const email = at('input:Email');
    const password = at('input:Password');
    const toggle = at('button:Show password');
    const submit = at('button:Sign In');
    expect(email).toBeLessThan(password);
    expect(password).toBeLessThan(toggle);
    expect(toggle).toBeLessThan(submit);

    // The toggle works from the keyboard.
    await page.getByLabel('Password', { exact: true }).focus();
    await page.keyboard.type('Nobody-Here-2468');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Space');
    await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute('type', 'text');
    await expect(page.getByRole('button', { name: 'Show password' })).toHaveAttribute('aria-pressed', 'true');

    // Enter in a field submits the form (an unknown account: the server's answer comes back).
    await page.getByLabel('Email').focus();
    await page.keyboard.type(uniqueEmail('keyboard'));
    const answer = page.waitForResponse((response) => response.url().endsWith('/api/auth/login'));
    await page.keyboard.press('Enter');
    expect((await answer).status()).toBe(401);
    await expect(page.getByRole('alert')).toHaveText(MESSAGES.invalidCredentials);
    await saveScreenshot(page, 'login-error-1440');
  });
});
