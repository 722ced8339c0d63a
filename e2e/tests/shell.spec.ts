import { expect, test, type Page } from '@playwright/test';
import { DEMO } from '../fixtures/fixtures';
import { BASE_URL } from '../playwright.config';
import { expectScreen, saveScreenshot } from '../support/app';
import { screenOf } from '../support/layout';
import { signInViaApi } from '../support/session';

const shot = saveScreenshot;

const ATTORNEY_LINKS = [
  ['Dashboard', '/attorney/dashboard'],
  ['Documents', '/documents'],
  ['Email', '/email'],
  ['Messages', '/messages'],
  ['Cases', '/cases'],
  ['Clients', '/clients'],
  ['Calendar', '/calendar'],
  ['Negotiations', '/negotiations'],
  ['Experts', '/experts'],
  ['Workflows', '/workflows'],
  ['Analytics', '/analytics'],
  ['Settings', '/settings'],
];
const STAFF_LINKS = [
  ['Dashboard', '/dashboard'],
  ['Email', '/email'],
  ['Documents', '/documents'],
  ['Messages', '/messages'],
  ['Timeline', '/timeline'],
  ['Settings', '/settings'],
];

/** Each link's text and address; Messages' unread count (', 2 unread' and its badge) left out. */
async function sidebarLinks(page: Page): Promise<string[][]> {
  const links = page.getByRole('navigation', { name: 'Main' }).getByRole('link');
  await expect(links.first()).toBeVisible();
  const found = await links.evaluateAll((anchors) =>
    anchors.map((a) => [(a.textContent ?? '').trim(), a.getAttribute('href') ?? '']),
  );
  return found.map(([text = '', href = '']) => [text.replace(/, \d+ unread\d+\+?$/, ''), href]);
}

test.describe('[SHELL] desktop', () => {
  test('[SHELL] the attorney sidebar has exactly the spec’s links, and the top bar says who is signed in', async ({
    page,
  }) => {
    await signInViaApi(page, DEMO.attorney);
    await page.goto('/attorney/dashboard');
    await expectScreen(page, 'Welcome back, Alex');

    expect(await sidebarLinks(page)).toEqual(ATTORNEY_LINKS);
    await expect(page.getByRole('link', { name: 'Dashboard', exact: true })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(page.getByRole('banner')).toContainText('Signed in as Attorney');
    await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Open navigation' })).toBeHidden();
    await shot(page, 'attorney-dashboard-1440');

    // Every link leads to its screen inside the shell.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Negotiations' }).click();
    await expect(page).toHaveURL(/\/negotiations$/);
    await expectScreen(page, 'Active Negotiations');

    // The sidebar collapses to icons and expands again; the links keep their names.
    await page.getByRole('button', { name: 'Collapse sidebar' }).click();
    await expect(page.getByRole('button', { name: 'Expand sidebar' })).toBeVisible();
    expect(await sidebarLinks(page)).toEqual(ATTORNEY_LINKS);
    await shot(page, 'attorney-sidebar-collapsed-1440');
    await page.getByRole('button', { name: 'Expand sidebar' }).click();
    await expect(page.getByRole('button', { name: 'Collapse sidebar' })).toBeVisible();
  });

  test('[SHELL] the client and contractor shells have the staff/client links', async ({ browser }) => {
    for (const [who, credentials, label] of [
      ['client', DEMO.client, 'Property Owner'],
      ['contractor', DEMO.contractor, 'Restoration Contractor'],
    ] as const) {
      const context = await browser.newContext();
      const page = await context.newPage();
      await signInViaApi(page, credentials);
      await page.goto('/dashboard');
      await expectScreen(page);
      expect(await sidebarLinks(page), who).toEqual(STAFF_LINKS);
      await expect(page.getByRole('banner')).toContainText(`Signed in as ${label}`);
      if (who === 'client') await shot(page, 'client-dashboard-1440', true);
      await context.close();
    }
  });

  test('[SHELL] an unknown route redirects to the landing page', async ({ page }) => {
    await page.goto('/no-such-screen/at-all');
    await expect(page).toHaveURL(`${BASE_URL}/`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });
});

test.describe('[SHELL] small screens', () => {
  test.use({ viewport: screenOf(375) });

  test('[SHELL] at 375×812 the sidebar is a drawer: opened by the menu button, closed by Escape', async ({
    page,
  }) => {
    await signInViaApi(page, DEMO.attorney);
    await page.goto('/attorney/dashboard');
    await expectScreen(page, 'Welcome back, Alex');

    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await shot(page, 'attorney-dashboard-375');

    const menu = page.getByRole('button', { name: 'Open navigation' });
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    await menu.click();
    const drawer = page.getByRole('dialog');
    await expect(drawer).toBeVisible();
    // The modal drawer hides the rest of the page from assistive technology, the button too.
    await expect(page.locator('button[aria-label="Open navigation"]')).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    expect(await sidebarLinks(page)).toEqual(ATTORNEY_LINKS);
    await shot(page, 'attorney-drawer-open-375');

    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
    await expect(menu).toBeFocused();

    // Following a link closes the drawer too.
    await menu.click();
    await drawer.getByRole('link', { name: 'Settings' }).click();
    await expect(page).toHaveURL(/\/settings$/);
    await expect(drawer).toBeHidden();
    await expectScreen(page, 'Settings');
    await shot(page, 'settings-375', true);
  });

  test('[SHELL] the close button of the drawer closes it', async ({ page }) => {
    await signInViaApi(page, DEMO.contractor);
    await page.goto('/dashboard');
    await expectScreen(page);
    await page.getByRole('button', { name: 'Open navigation' }).click();
    const drawer = page.getByRole('dialog');
    expect(await sidebarLinks(page)).toEqual(STAFF_LINKS);
    await drawer.getByRole('button', { name: 'Close navigation' }).click();
    await expect(drawer).toBeHidden();
  });
});
