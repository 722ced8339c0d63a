import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type Page } from '@playwright/test';

/** Waits until a session or public screen has rendered its h1 and no 'Loading...' is left. */
export async function expectScreen(page: Page, heading?: string | RegExp) {
  const h1 = page.getByRole('heading', { level: 1, ...(heading ? { name: heading } : {}) });
  await expect(h1.first()).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /^Loading/ })).toHaveCount(0);
}

/**
 * Texts of a stand-in for a feature not built yet, which the spec does not have: no screen may
 * render them (a feature that is built replaces its stand-in; one that is not says what exists).
 */
export const PLACEHOLDER_TEXTS = /not available yet|arrives soon|coming soon/i;

export async function expectNoPlaceholders(page: Page) {
  await expect(page.locator('body')).not.toContainText(PLACEHOLDER_TEXTS);
}

/** The path plus query of the page, e.g. '/settings?tab=integrations'. */
export const pathOf = (page: Page) => {
  const url = new URL(page.url());
  return `${url.pathname}${url.search}`;
};

/** A sonner toast with this text. */
export const toast = (page: Page, text: string | RegExp) =>
  page.locator('[data-sonner-toast]').filter({ hasText: text });

const SCREENSHOTS = fileURLToPath(new URL('../screenshots', import.meta.url));

/** Saves a screenshot to e2e/screenshots/<name>.png (git-ignored) for people to look at. */
export async function saveScreenshot(page: Page, name: string, fullPage = false) {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage });
}
