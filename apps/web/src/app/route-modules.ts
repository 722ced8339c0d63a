/** A route module imported at most once, by whichever asks first: the route or `preloadWhenIdle`. */
function once<Module>(load: () => Promise<Module>): () => Promise<Module> {
  let module: Promise<Module> | undefined;
  return () => (module ??= load());
}

/**
 * The calendar's chunk: FullCalendar and its plugins, as large as the rest of the app. The shell
 * loads it in idle time (root.tsx), so opening the calendar does not wait for it to arrive and run.
 */
export const calendarModule = once(() => import('./routes/app/calendar'));

/** Loads `modules` once the browser is idle (after a second where it cannot tell), ignoring failures. */
export function preloadWhenIdle(...modules: Array<() => Promise<unknown>>): () => void {
  const load = () => {
    for (const module of modules) module().catch(() => undefined);
  };
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(load, { timeout: 5_000 });
    return () => window.cancelIdleCallback(handle);
  }
  const timer = window.setTimeout(load, 1_000);
  return () => window.clearTimeout(timer);
}
