import { MESSAGES, TOKEN_REFRESH_THRESHOLD_SECONDS, type SessionUser } from '@sentinel/shared';
import { readJwtExpiry, tokenNeedsRefresh } from '../jwt';
import {
  getAccessToken,
  getTokenFirmId,
  removeAccessToken,
  saveSession,
  setAccessToken,
} from '../session-store';
import { readBody, send, toApiError } from './errors';
import { firmChanged, sessionLost } from './session';

export const REFRESH_PATH = '/api/tokens/refresh';
const REFRESH_LOCK = 'sentinel-token-refresh';

// Token refresh: one in flight per tab, serialised across tabs with the Web Locks API. Each tab
// keeps its own access token in memory, but all share one refresh cookie, rotated at every use;
// the server takes a second use of a rotated token for theft and ends the session, so two tabs
// must never present the same one (two tabs opened at once would). With the lock, the second
// tab's refresh starts after the first's answer has replaced the cookie.

let refreshInFlight: Promise<string> | null = null;

/** A refresh's answer: the token, and the user when the server sends it (issue 9). */
interface Refreshed {
  token: string;
  user?: SessionUser;
}

const isSessionUser = (value: unknown): value is SessionUser =>
  !!value &&
  typeof value === 'object' &&
  typeof (value as SessionUser).userId === 'string' &&
  Array.isArray((value as SessionUser).firms);

async function postRefresh(): Promise<Refreshed> {
  // Cookie only: the refresh token is an httpOnly cookie and no Authorization header is sent.
  const response = await send(REFRESH_PATH, { method: 'POST', headers: { Accept: 'application/json' } });
  if (!response.ok) throw await toApiError(response);
  const body = (await readBody(response)) as { token?: unknown; user?: unknown } | undefined;
  if (!body || typeof body.token !== 'string' || !body.token) throw new Error(MESSAGES.noTokenFromRefresh);
  return isSessionUser(body.user) ? { token: body.token, user: body.user } : { token: body.token };
}

/**
 * Stores a refreshed token, and the user when the answer has one. When the session's firm is no
 * longer the one this tab shows (the person was removed from it, or left it elsewhere), the
 * firm-changed handler runs so no page keeps the first firm's data under the second's token.
 */
function storeRefreshed({ token, user }: Refreshed): string {
  if (!user) {
    if (token !== getAccessToken()) setAccessToken(token);
    return token;
  }
  // With no token in memory there was no page of a firm to protect (a session restored from the
  // cookie at load).
  const hadSession = getAccessToken() !== null;
  const shownFirm = getTokenFirmId();
  saveSession(token, user);
  if (hadSession && (user.firm?.id ?? null) !== shownFirm) firmChanged();
  return token;
}

async function refreshUnderLock(staleToken: string | null): Promise<Refreshed> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  const run = async () => {
    // This tab may have been given a token while it waited for the lock (a change of firm).
    const current = getAccessToken();
    if (current && current !== staleToken && !tokenNeedsRefresh(current, TOKEN_REFRESH_THRESHOLD_SECONDS)) {
      return { token: current };
    }
    return postRefresh();
  };
  return locks?.request ? locks.request(REFRESH_LOCK, run) : run();
}

/**
 * Gets a new access token. Concurrent callers share one refresh. `staleToken` is the token the
 * caller found unusable; a different, fresh token in memory (given while waiting) is used as is.
 * On failure the token is forgotten and the session-lost handler runs.
 */
export function refreshAccessToken(staleToken: string | null = getAccessToken()): Promise<string> {
  refreshInFlight ??= refreshUnderLock(staleToken)
    .then(storeRefreshed)
    .catch((error: unknown) => {
      removeAccessToken();
      sessionLost();
      throw error;
    })
    .finally(() => {
      refreshInFlight = null;
    });
  return refreshInFlight;
}

/**
 * The tab's token, refreshed first when it is missing (a reload, a new tab: the session is
 * restored from the refresh cookie before the first authenticated call), invalid or expires
 * within 30 s.
 */
export async function getValidAccessToken(): Promise<string> {
  if (refreshInFlight) return refreshInFlight;
  const token = getAccessToken();
  if (token && !tokenNeedsRefresh(token, TOKEN_REFRESH_THRESHOLD_SECONDS)) return token;
  return refreshAccessToken(token);
}

// Proactive refresh while the app is open ------------------------------------------------------

const MAX_TIMER_MS = 2 ** 31 - 1;
const MIN_TIMER_MS = 1000;
let proactiveTimer: ReturnType<typeof setTimeout> | undefined;

export function cancelProactiveRefresh(): void {
  if (proactiveTimer !== undefined) clearTimeout(proactiveTimer);
  proactiveTimer = undefined;
}

/** (Re)arms one timer that refreshes the tab's token 30 s before it expires. */
export function scheduleProactiveRefresh(now = Date.now()): void {
  cancelProactiveRefresh();
  const token = getAccessToken();
  const exp = token ? readJwtExpiry(token) : null;
  if (!token || exp === null) return;
  const due = exp * 1000 - TOKEN_REFRESH_THRESHOLD_SECONDS * 1000 - now;
  proactiveTimer = setTimeout(
    () => {
      proactiveTimer = undefined;
      refreshAccessToken(token).catch(() => {
        // refreshAccessToken already removed the token and sent the user to /login.
      });
    },
    Math.min(Math.max(due, MIN_TIMER_MS), MAX_TIMER_MS),
  );
}
