import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'shared', include: ['packages/shared/src/**/*.test.ts'] } },
      { test: { name: 'deadlines', include: ['packages/deadlines/src/**/*.test.ts'] } },
      {
        test: {
          name: 'provider-sandbox',
          include: ['packages/provider-sandbox/src/**/*.test.ts'],
          testTimeout: 30_000,
        },
      },
      { test: { name: 'analyzer', include: ['packages/analyzer/src/**/*.test.ts'], testTimeout: 60_000 } },
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts', 'packages/db/src/**/*.test.ts'],
          globalSetup: ['apps/server/src/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
        },
      },
      'apps/web/vite.config.ts',
    ],
  },
});
