import { MESSAGES, TOKEN_REFRESH_THRESHOLD_SECONDS, type ErrorCode } from '@sentinel/shared';
import { readJwtExpiry, tokenNeedsRefresh } from './jwt';
import { getStoredToken, removeStoredToken, setStoredToken } from './session-store';

/** Codes of the API plus two for failures that never reached or never came from the API. */
export type ApiErrorCode = ErrorCode | 'NETWORK_ERROR' | 'UNKNOWN';

/** Every failed call rejects with this: the decoded `{error, code, details?, requestId}` answer. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  /** HTTP status; 0 when no answer arrived (network failure). */
  readonly status: number;
  readonly code: ApiErrorCode;
  /** The answer's `error` field: the human message the screens show. */
  readonly serverMessage: string | undefined;
  /** Seconds to wait, from Retry-After (429). */
  readonly retryAfter: number | undefined;
  readonly details: unknown;
  readonly requestId: string | undefined;

  constructor(init: {
    status: number;
    code: ApiErrorCode;
    serverMessage?: string;
    retryAfter?: number;
    details?: unknown;
    requestId?: string;
    message?: string;
  }) {
    super(
      init.message ??
        init.serverMessage ??
        (init.status ? `API error with status ${init.status}` : 'Network error'),
    );
    this.status = init.status;
    this.code = init.code;
    this.serverMessage = init.serverMessage;
    this.retryAfter = init.retryAfter;
    this.details = init.details;
    this.requestId = init.requestId;
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;

export const REFRESH_PATH = '/api/tokens/refresh';
const REFRESH_LOCK = 'sentinel-token-refresh';
const LOGIN_PATHS = ['/login', '/auth/login'];

function parseRetryAfter(value: string | null): number | undefined {
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds);
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - Date.now()) / 1000));
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** The ApiError of a decoded error answer (fetch and XMLHttpRequest alike). */
function apiErrorOf(status: number, body: unknown, retryAfter: string | null): ApiError {
  const record = body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  // Not checked against ERROR_CODES: that would pull the zod schemas into every page's bundle.
  const code = typeof record.code === 'string' && record.code ? (record.code as ErrorCode) : 'UNKNOWN';
  return new ApiError({
    status,
    code,
    serverMessage: typeof record.error === 'string' && record.error ? record.error : undefined,
    retryAfter: parseRetryAfter(retryAfter),
    details: record.details,
    requestId: typeof record.requestId === 'string' ? record.requestId : undefined,
  });
}

async function toApiError(response: Response): Promise<ApiError> {
  const body = await readBody(response).catch(() => undefined);
  return apiErrorOf(response.status, body, response.headers.get('Retry-After'));
}

async function send(path: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(path, { ...init, credentials: 'include' });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError({ status: 0, code: 'NETWORK_ERROR', message: MESSAGES.loginNetworkError });
  }
}

// ---------------------------------------------------------------------------------------------
// Session loss: where the user goes when the refresh fails.

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

// ---------------------------------------------------------------------------------------------
// Token refresh: one in flight per tab, serialised across tabs with the Web Locks API.

let refreshInFlight: Promise<string> | null = null;

async function postRefresh(): Promise<string> {
  // Cookie only: the refresh token is an httpOnly cookie and no Authorization header is sent.
  const response = await send(REFRESH_PATH, { method: 'POST', headers: { Accept: 'application/json' } });
  if (!response.ok) throw await toApiError(response);
  const body = (await readBody(response)) as { token?: unknown } | undefined;
  if (!body || typeof body.token !== 'string' || !body.token) throw new Error(MESSAGES.noTokenFromRefresh);
  return body.token;
}

async function refreshUnderLock(staleToken: string | null): Promise<string> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  const run = async () => {
    // Another tab may have refreshed while this one waited for the lock.
    const current = getStoredToken();
    if (current && current !== staleToken && !tokenNeedsRefresh(current, TOKEN_REFRESH_THRESHOLD_SECONDS)) {
      return current;
    }
    return postRefresh();
  };
  return locks?.request ? locks.request(REFRESH_LOCK, run) : run();
}

/**
 * Gets a new access token. Concurrent callers share one refresh. `staleToken` is the token the
 * caller found unusable; a different, fresh stored token (another tab refreshed) is used as is.
 * On failure the token is removed and the session-lost handler runs.
 */
export function refreshAccessToken(staleToken: string | null = getStoredToken()): Promise<string> {
  refreshInFlight ??= refreshUnderLock(staleToken)
    .then((token) => {
      if (token !== getStoredToken()) setStoredToken(token);
      return token;
    })
    .catch((error: unknown) => {
      removeStoredToken();
      onSessionLost();
      throw error;
    })
    .finally(() => {
      refreshInFlight = null;
    });
  return refreshInFlight;
}

/** The stored token, refreshed first when it is missing, invalid or expires within 30 s. */
export async function getValidAccessToken(): Promise<string> {
  if (refreshInFlight) return refreshInFlight;
  const token = getStoredToken();
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

/** (Re)arms one timer that refreshes the stored token 30 s before it expires. */
export function scheduleProactiveRefresh(now = Date.now()): void {
  cancelProactiveRefresh();
  const token = getStoredToken();
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

// ---------------------------------------------------------------------------------------------
// Requests

export interface RequestOptions {
  /** Send the bearer token, refresh it when needed and retry once after a 401. Default true. */
  auth?: boolean;
  signal?: AbortSignal;
}

async function request<T>(
  method: string,
  path: string,
  body: unknown,
  options: RequestOptions = {},
): Promise<T> {
  const { auth = true, signal } = options;
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const init = (token?: string): RequestInit => ({
    method,
    signal,
    headers: token ? { ...headers, Authorization: `Bearer ${token}` } : headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });

  let response: Response;
  if (!auth) {
    response = await send(path, init());
  } else {
    const token = await getValidAccessToken();
    response = await send(path, init(token));
    if (response.status === 401 && path !== REFRESH_PATH) {
      // One refresh and one retry; a second 401 is returned to the caller as is.
      const fresh = await refreshAccessToken(token);
      response = await send(path, init(fresh));
    }
  }

  if (!response.ok) throw await toApiError(response);
  return (await readBody(response)) as T;
}

/** The one client for /api: JSON in and out, errors as ApiError. */
export const api = {
  get: <T>(path: string, options?: RequestOptions) => request<T>('GET', path, undefined, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>('POST', path, body, options),
  patch: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>('PATCH', path, body, options),
  /** DELETE; a few routes take a JSON body (e.g. the member to remove from a case). */
  delete: <T>(path: string, options?: RequestOptions & { body?: unknown }) =>
    request<T>('DELETE', path, options?.body, options),
};

// ---------------------------------------------------------------------------------------------
// Uploads with progress

export interface UploadProgress {
  /** Bytes of the request body sent so far. */
  loaded: number;
  /** Bytes of the whole body; 0 when the browser does not know. */
  total: number;
}

export interface XhrUploadOptions {
  /** Called as the browser sends the body (XMLHttpRequest upload events: fetch has none). */
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
  /** Give up after this long (ms); 0 or absent waits for ever. */
  timeoutMs?: number;
}

export interface XhrUploadAnswer<T> {
  status: number;
  body: T;
}

function parseText(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

const abortError = () => new DOMException('The upload was cancelled', 'AbortError');

function sendXhr(
  method: string,
  path: string,
  body: FormData,
  token: string,
  { onProgress, signal, timeoutMs }: XhrUploadOptions,
): Promise<{ status: number; body: unknown; retryAfter: string | null }> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(abortError());
      return;
    }
    const xhr = new XMLHttpRequest();
    const onAbort = () => xhr.abort();
    const done = () => signal?.removeEventListener('abort', onAbort);
    xhr.open(method, path);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    if (timeoutMs) xhr.timeout = timeoutMs;
    xhr.upload.onprogress = (event) =>
      onProgress?.({ loaded: event.loaded, total: event.lengthComputable ? event.total : 0 });
    xhr.onload = () => {
      done();
      resolve({
        status: xhr.status,
        body: parseText(xhr.responseText),
        retryAfter: xhr.getResponseHeader('Retry-After'),
      });
    };
    xhr.onerror = () => {
      done();
      reject(new ApiError({ status: 0, code: 'NETWORK_ERROR', message: MESSAGES.loginNetworkError }));
    };
    xhr.ontimeout = () => {
      done();
      reject(new ApiError({ status: 0, code: 'NETWORK_ERROR', message: 'The upload timed out' }));
    };
    xhr.onabort = () => {
      done();
      reject(abortError());
    };
    signal?.addEventListener('abort', onAbort);
    xhr.send(body);
  });
}

/**
 * Sends a multipart body with XMLHttpRequest so the caller sees real upload progress. Like the
 * JSON client: the bearer token, refreshed first when it expires within 30 s, and after a 401 one
 * refresh and one retry (the body is sent again, so progress starts over). A 2xx answer resolves
 * with its status and decoded body; anything else rejects with an ApiError; a cancel through
 * `signal` rejects with an AbortError.
 */
export async function authorizedXhrUpload<T>(
  path: string,
  body: FormData,
  options: XhrUploadOptions & { method?: string } = {},
): Promise<XhrUploadAnswer<T>> {
  const { method = 'POST', ...rest } = options;
  const token = await getValidAccessToken();
  let answer = await sendXhr(method, path, body, token, rest);
  if (answer.status === 401) {
    const fresh = await refreshAccessToken(token);
    rest.onProgress?.({ loaded: 0, total: 0 });
    answer = await sendXhr(method, path, body, fresh, rest);
  }
  if (answer.status < 200 || answer.status >= 300)
    throw apiErrorOf(answer.status, answer.body, answer.retryAfter);
  return { status: answer.status, body: answer.body as T };
}
