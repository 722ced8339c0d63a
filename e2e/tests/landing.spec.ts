import { expect, test } from '@playwright/test';
import { MESSAGES } from '@sentinel/shared';
import { saveScreenshot } from '../support/app';
import { screenOf } from '../support/layout';
import { uniqueEmail } from '../support/session';

test.describe('[LANDING]', () => {
  test('[LANDING] the landing page has its header, sections, figures and copyright', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveTitle(/Sentinel/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

    const primary = page.getByRole('navigation', { name: 'Primary' });
    for (const [label, anchor] of [
      ['Features', '#features'],
      ['Pricing', '#pricing'],
      ['About', '#about'],
      ['Contact', '#contact'],
    ] as const) {
      await expect(primary.getByRole('link', { name: label, exact: true })).toHaveAttribute('href', anchor);
      await expect(page.locator(anchor)).toBeAttached();
    }
    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    await expect(header.getByRole('link', { name: 'Start Free Trial' })).toBeVisible();

    for (const figure of ['3-5x', '70%', '30%']) {
      await expect(page.getByRole('definition').filter({ hasText: figure })).toBeVisible();
    }
    await expect(page.locator('#features').getByRole('listitem')).toHaveCount(6);
    await expect(page.locator('#solutions').getByRole('article')).toHaveCount(4);
    await expect(
      page.getByRole('region', { name: 'Trusted across the claims process' }).locator('figure'),
    ).toHaveCount(3);
    await expect(page.getByRole('contentinfo')).toContainText('2025');
    await saveScreenshot(page, 'landing-1440');

    // The header anchor scrolls to its section.
    await primary.getByRole('link', { name: 'Pricing', exact: true }).click();
    await expect(page).toHaveURL(/#pricing$/);
    await expect(page.locator('#pricing')).toBeInViewport();

    await header.getByRole('link', { name: 'Start Free Trial' }).click();
    await expect(page).toHaveURL(/\/signup$/);
  });

  test('[LANDING] Get Started with an e-mail shows the server’s confirmation', async ({ page }) => {
    await page.goto('/');
    const form = page.getByRole('form', { name: 'Free trial sign-up' });
    await form.scrollIntoViewIfNeeded();
    await expect(form.getByText('No credit card required. Cancel anytime.')).toBeVisible();

    // Invalid first: the field's own message, nothing sent.
    await form.getByLabel('Work email').fill('not-an-email');
    await form.getByRole('button', { name: 'Get Started' }).click();
    await expect(form.getByRole('alert')).toHaveText(MESSAGES.emailInvalid);
    await expect(form.getByLabel('Work email')).toHaveAttribute('aria-invalid', 'true');

    await form.getByLabel('Work email').fill(uniqueEmail('lead'));
    const answer = page.waitForResponse((response) => response.url().endsWith('/api/leads'));
    await form.getByRole('button', { name: 'Get Started' }).click();
    expect((await answer).status()).toBe(201);
    await expect(page.getByRole('status').filter({ hasText: MESSAGES.leadThanks })).toBeVisible();
    await expect(page.getByRole('form', { name: 'Free trial sign-up' })).toHaveCount(0);
  });

  test.describe('[LANDING] small screens', () => {
    test.use({ viewport: screenOf(375) });

    test('[LANDING] at 375 px the header menu opens, lists the anchors and closes on Escape', async ({
      page,
    }) => {
      await page.goto('/');
      await expect(page.getByRole('navigation', { name: 'Primary' })).toBeHidden();
      const menu = page.getByRole('button', { name: 'Open menu' });
      await menu.click();
      const mobile = page.getByRole('navigation', { name: 'Mobile' });
      await expect(mobile.getByRole('link', { name: 'Pricing' })).toBeVisible();
      await expect(mobile.getByRole('link', { name: 'Login' })).toBeVisible();
      await saveScreenshot(page, 'landing-menu-375');
      await page.keyboard.press('Escape');
      await expect(mobile).toBeHidden();
      await expect(page.getByRole('button', { name: 'Open menu' })).toBeFocused();
    });
  });
});
