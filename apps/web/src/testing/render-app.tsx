import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { AppProvider } from '@/app/provider';
import { routes, sendToLoginOnSessionLoss } from '@/app/router';
import { queryClient } from '@/lib/query-client';

// No pause between simulated actions and no hover events before clicks: same outcome, fewer
// timer turns, so the tests stay quick on a busy machine.
const userEventOptions = { delay: null, skipHover: true } as const;

/** Renders the real route table at `path`, with the toaster, as the app does. */
export function renderApp(path: string, options: { advanceTimers?: (ms: number) => void } = {}) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  sendToLoginOnSessionLoss(router);
  const user = userEvent.setup({
    ...userEventOptions,
    ...(options.advanceTimers && { advanceTimers: options.advanceTimers }),
  });
  const view = render(
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { router, user, ...view };
}

/** Renders one element at `path` inside a memory router, the query cache and the toaster. */
export function renderWithRouter(element: ReactElement, path = '/', extraRoutes: RouteObject[] = []) {
  const router = createMemoryRouter([{ path: '*', element }, ...extraRoutes], { initialEntries: [path] });
  const user = userEvent.setup(userEventOptions);
  const view = render(
    <QueryClientProvider client={queryClient}>
      <AppProvider>
        <RouterProvider router={router} />
      </AppProvider>
    </QueryClientProvider>,
  );
  return { router, user, ...view };
}

/** Path plus query of the router's current location. */
export const currentUrl = (router: { state: { location: { pathname: string; search: string } } }) =>
  router.state.location.pathname + router.state.location.search;

/** Types a whole value at once (a paste): far quicker than key by key, same form events. */
export async function fillIn(
  user: { click: (e: Element) => Promise<void>; paste: (t: string) => Promise<void> },
  element: Element,
  value: string,
) {
  await user.click(element);
  await user.paste(value);
}

/**
 * Loads every lazy route module up front, so a cold transform of a route's code does not eat
 * into the time a test waits for the screen. Call from beforeAll.
 */
export const preloadRoutes = () =>
  Promise.all([
    import('@/app/routes/login'),
    import('@/app/routes/signup'),
    import('@/app/routes/forgot-password'),
    import('@/app/routes/reset-password'),
    import('@/app/routes/verify-email'),
    import('@/app/routes/oauth-callback'),
    import('@/app/routes/app/root'),
    import('@/app/routes/app/dashboard'),
    import('@/app/routes/app/attorney-dashboard'),
    import('@/app/routes/app/settings'),
    import('@/app/routes/app/cases'),
    import('@/app/routes/app/clients'),
    import('@/app/routes/app/client'),
    import('@/app/routes/app/email'),
    import('@/app/routes/app/messages'),
    import('@/app/routes/app/timeline'),
  ]);
