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

/**
 * Firm change: what happens when a refresh, or another tab, moves the session to another firm
 * than the one this page shows.
 */
let onFirmChanged: () => void = () => window.location.reload();

/**
 * Replaces what happens when the session's firm is no longer the one this tab shows (default:
 * reload the page, which verifies the session and shows the new firm's screens).
 */
export function setFirmChangedHandler(handler: () => void): void {
  onFirmChanged = handler;
}

export const firmChanged = (): void => onFirmChanged();
