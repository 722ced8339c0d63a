import { expect, test } from '@playwright/test';
import { BASE_URL } from '../playwright.config';

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
});
