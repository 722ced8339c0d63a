import { expect, test, type Page } from '@playwright/test';
import { DEMO } from '../fixtures/fixtures';
import { BASE_URL } from '../playwright.config';
import { expectScreen } from '../support/app';
import { signInViaApi } from '../support/session';

const JWT = /eyJ[\w-]+\.[\w-]+\.[\w-]+/;

/** What script in the page can read: every localStorage and sessionStorage entry, and cookies. */
const readableByScript = (page: Page) =>
  page.evaluate(() => {
    const entries = (storage: Storage) =>
      Array.from({ length: storage.length }, (_, i) => storage.key(i) ?? '').map(
        (key) => `${key}=${storage.getItem(key) ?? ''}`,
      );
    return [...entries(localStorage), ...entries(sessionStorage), document.cookie].join('\n');
  });

const isRefresh = (url: string) => new URL(url).pathname === '/api/tokens/refresh';

test.describe('[SECURITY]', () => {
  test('[SECURITY] pages carry a strict CSP and an injected inline script does not run', async ({ page }) => {
    const response = await page.goto('/login');
    const headers = response!.headers();
    const csp = headers['content-security-policy'] ?? '';
    expect(csp, 'Content-Security-Policy header').toContain("script-src 'self'");
    expect(csp).not.toContain("'unsafe-inline' 'unsafe-eval'");
    expect(csp.match(/script-src[^;]*/)?.[0]).not.toContain('unsafe-inline');
    expect(csp).toContain("frame-ancestors 'none'");
    expect(headers['x-content-type-options']).toBe('nosniff');
    await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();

    const violations: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
    });
    await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.__pwned = 1';
      document.body.appendChild(script);
    });
    expect(await page.evaluate(() => (window as Window & { __pwned?: number }).__pwned)).toBeUndefined();
    await expect.poll(() => violations.length).toBeGreaterThan(0);
  });

  test('[SECURITY] the refresh cookie is httpOnly, SameSite=Strict and scoped to /api/tokens', async ({
    page,
    context,
  }) => {
    const response = await page.request.post('/api/auth/login', {
      data: { email: 'attorney@demo.test', password: 'Demo-Claims-2026!' },
    });
    expect(response.status()).toBe(200);
    const cookie = (await context.cookies(`${BASE_URL}/api/tokens/refresh`)).find(
      (c) => c.name === 'sentinel_refresh',
    );
    expect(cookie, 'refresh cookie').toBeDefined();
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/tokens' });
    expect(await context.cookies(`${BASE_URL}/`)).toHaveLength(0);
  });

  test('[SECURITY] the access token stays in memory: no storage holds it, and a reload keeps the person signed in', async ({
    page,
  }) => {
    const paths: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) paths.push(new URL(frame.url()).pathname);
    });
    await page.goto('/login');
    await expectScreen(page);
    await page.getByLabel('Email').fill(DEMO.attorney.email);
    await page.getByLabel('Password', { exact: true }).fill(DEMO.attorney.password);
    const login = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/auth/login');
    await page.getByRole('button', { name: 'Sign In' }).click();
    const { token } = (await (await login).json()) as { token: string };
    expect(token).toMatch(JWT);
    await expect(page).toHaveURL(/\/attorney\/dashboard$/);
    await expectScreen(page, /Welcome back/);

    const readable = await readableByScript(page);
    expect(readable).not.toContain(token);
    expect(readable).not.toMatch(JWT);

    // A reload: one refresh from the httpOnly cookie restores the session, with no detour by /login.
    paths.length = 0;
    const refreshed = page.waitForResponse((r) => isRefresh(r.url()));
    await page.reload();
    expect((await refreshed).status()).toBe(200);
    await expectScreen(page, /Welcome back/);
    await expect(page).toHaveURL(/\/attorney\/dashboard$/);
    expect(paths.filter((path) => path.includes('login'))).toEqual([]);
    expect(await readableByScript(page)).not.toMatch(JWT);
  });

  test('[SECURITY] two tabs opened at once each restore the session, and neither signs the other out', async ({
    page,
    context,
  }) => {
    await signInViaApi(page, DEMO.attorney);
    const second = await context.newPage();
    const refreshes: number[] = [];
    context.on('response', (response) => {
      if (isRefresh(response.url())) refreshes.push(response.status());
    });

    // Each tab refreshes with the one cookie they share, which rotates at every use; a reuse would
    // end the session and send both tabs to /login. A refresh is held back until another arrives
    // (at most two seconds) and then both go on together: whatever does not order the tabs' first
    // refreshes lets them overlap here.
    let releaseWaiting: (() => void) | null = null;
    await context.route('**/api/tokens/refresh', async (route) => {
      if (releaseWaiting) {
        releaseWaiting();
        releaseWaiting = null;
      } else {
        await Promise.race([
          new Promise<void>((resolve) => (releaseWaiting = resolve)),
          new Promise((resolve) => setTimeout(resolve, 2000)),
        ]);
        releaseWaiting = null;
      }
      await route.continue();
    });
    await Promise.all([page.goto('/attorney/dashboard'), second.goto('/cases')]);
    await Promise.all([expectScreen(page, /Welcome back/), expectScreen(second, 'Case Management')]);
    await Promise.all([page.reload(), second.reload()]);
    await Promise.all([expectScreen(page, /Welcome back/), expectScreen(second, 'Case Management')]);

    expect(refreshes).toEqual([200, 200, 200, 200]);
    await expect(page).toHaveURL(/\/attorney\/dashboard$/);
    await expect(second).toHaveURL(/\/cases$/);
    // Both still act: a later navigation in each verifies with its own token.
    await second.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Clients' }).click();
    await expectScreen(second, 'Client Directory');
  });
});
