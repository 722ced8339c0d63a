const LOGIN_PATHS = ['/login', '/auth/login'];

/** Session loss: where the user goes when the refresh fails. */
let onSessionLost: () => void = () => {
  if (!LOGIN_PATHS.includes(window.location.pathname)) window.location.assign('/login');
};

/**
 * Replaces what happens after a failed refresh (the token is already removed). The app sets it
 * to a router navigation to /login that does nothing when the user is on a login page already.
 */
export function setSessionLostHandler(handler: () => void): void {
  onSessionLost = handler;
}

export const isLoginPath = (pathname: string): boolean => LOGIN_PATHS.includes(pathname);

/** Runs the session-lost handler (the refresh already removed the token). */
export const sessionLost = (): void => onSessionLost();
