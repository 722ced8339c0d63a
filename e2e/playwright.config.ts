import { fileURLToPath } from 'node:url';
import { defineConfig, devices } from '@playwright/test';

/**
 * End-to-end journeys in Debian's Chromium (Playwright never downloads a browser) against the app
 * started as `npm start` starts it, on a fresh embedded database (see start-app.mjs).
 */
// E2E_PORT lets two checkouts run their journeys side by side.
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3210);
export const BASE_URL = `http://127.0.0.1:${E2E_PORT}`;

export default defineConfig({
  testDir: './tests',
  outputDir: '../.tmp/e2e-results',
  fullyParallel: false,
  forbidOnly: true,
  retries: 0,
  // Two cores, and the server (argon2, embedded PostgreSQL) runs on the same machine.
  workers: Number(process.env.E2E_WORKERS ?? 1),
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: 'list',
  use: {
    baseURL: BASE_URL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    actionTimeout: 15_000,
    navigationTimeout: 30_000,
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        viewport: { width: 1440, height: 900 },
        launchOptions: {
          executablePath: '/usr/bin/chromium',
          args: [
            '--headless',
            '--no-sandbox',
            '--disable-gpu',
            '--disable-background-networking',
            '--disable-dev-shm-usage',
          ],
        },
      },
    },
  ],
  webServer: {
    command: 'node e2e/start-app.mjs',
    cwd: fileURLToPath(new URL('..', import.meta.url)),
    url: `${BASE_URL}/api/health`,
    // Seeding creates a fresh embedded database (an initdb inside WebAssembly), then the server
    // opens it again. On a busy two-core machine this was measured at over ten minutes; only a
    // start that fails waits this long.
    timeout: 900_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
