import { test as base, type APIRequestContext } from '@playwright/test';
import { BASE_URL } from '../playwright.config';

export { expect } from '@playwright/test';

/**
 * The journeys' `test`: Playwright's, with `api`, a request context on the app under test for
 * arranging data through the API (one per worker, disposed when the worker ends).
 */
export const test = base.extend<object, { api: APIRequestContext }>({
  api: [
    async ({ playwright }, use) => {
      const api = await playwright.request.newContext({ baseURL: BASE_URL });
      await use(api);
      await api.dispose();
    },
    { scope: 'worker' },
  ],
});

/**
 * `test` with the `world` of a journey file: the data `build` makes through the API, made once,
 * when the file's first test asks for it, and shared by the file's serial tests (which may add to
 * it for the next ones).
 */
export function withWorld<World>(build: (api: APIRequestContext) => Promise<World>) {
  return test.extend<object, { world: World }>({
    world: [async ({ api }, use) => use(await build(api)), { scope: 'worker', timeout: 180_000 }],
  });
}
