import { ApiError, readBody, send, toApiError } from './errors';
import { getValidAccessToken, REFRESH_PATH, refreshAccessToken } from './refresh';

export interface RequestOptions {
  /** Send the bearer token, refresh it when needed and retry once after a 401. Default true. */
  auth?: boolean;
  signal?: AbortSignal;
  /**
   * The one success status the caller accepts (spec §7: client creation expects 201); any other
   * 2xx answer rejects with an ApiError of code 'UNKNOWN' carrying `unexpectedMessage`.
   */
  expectStatus?: { status: number; unexpectedMessage: string };
  /** Extra request headers (e.g. If-Match with the version the user edited). */
  headers?: Record<string, string>;
}

/**
 * A write that got no answer (the network, a server restarting) or a 503 is sent again after these
 * pauses, with the same Idempotency-Key, so the server carries it out once whatever happened to the
 * first try's answer; and so is one the server still holds as running (409 IDEMPOTENCY_KEY_IN_USE).
 * docs/security.md, "Idempotency keys". The web tests set them to 0.
 */
export const writeRetryDelaysMs: number[] = [500, 2000, 4000];

/** A fresh key: a UUID where the browser offers it (secure contexts), else 128 random bits. */
function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) =>
    byte.toString(16).padStart(2, '0'),
  ).join('');
}

const pause = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason as Error);
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason as Error);
      },
      { once: true },
    );
  });

/** 503, or 409 while the key's first try still runs on the server (its lease, seconds at most). */
async function sendAgain(response: Response): Promise<boolean> {
  if (response.status === 503) return true;
  if (response.status !== 409) return false;
  const body = await response
    .clone()
    .json()
    .catch(() => undefined);
  return (body as { code?: string } | undefined)?.code === 'IDEMPOTENCY_KEY_IN_USE';
}

async function request<T>(
  method: string,
  path: string,
  body: unknown,
  options: RequestOptions = {},
): Promise<T> {
  const { auth = true, signal, expectStatus } = options;
  const write = method === 'POST' || method === 'PATCH';
  const headers: Record<string, string> = {
    Accept: 'application/json',
    ...(write && { 'Idempotency-Key': newIdempotencyKey() }),
    ...options.headers,
  };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const init = (token?: string): RequestInit => ({
    method,
    signal,
    headers: token ? { ...headers, Authorization: `Bearer ${token}` } : headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });

  const attempt = async (): Promise<Response> => {
    if (!auth) return send(path, init());
    const token = await getValidAccessToken();
    const response = await send(path, init(token));
    if (response.status !== 401 || path === REFRESH_PATH) return response;
    // One refresh and one retry; a second 401 is returned to the caller as is.
    const fresh = await refreshAccessToken(token);
    return send(path, init(fresh));
  };

  let response: Response | undefined;
  for (let retry = 0; !response; retry++) {
    const last = !write || retry >= writeRetryDelaysMs.length;
    try {
      response = await attempt();
      if (!last && (await sendAgain(response))) response = undefined;
    } catch (error) {
      if (last || !(error instanceof ApiError) || error.code !== 'NETWORK_ERROR') throw error;
    }
    if (!response) await pause(writeRetryDelaysMs[retry]!, signal);
  }

  if (!response.ok) throw await toApiError(response);
  if (expectStatus && response.status !== expectStatus.status)
    throw new ApiError({
      status: response.status,
      code: 'UNKNOWN',
      serverMessage: expectStatus.unexpectedMessage,
    });
  return (await readBody(response)) as T;
}

/** The one client for /api: JSON in and out, errors as ApiError. */
export const api = {
  get: <T>(path: string, options?: RequestOptions) => request<T>('GET', path, undefined, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>('POST', path, body, options),
  patch: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>('PATCH', path, body, options),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('PUT', path, body, options),
  /** DELETE; a few routes take a JSON body (e.g. the member to remove from a case). */
  delete: <T>(path: string, options?: RequestOptions & { body?: unknown }) =>
    request<T>('DELETE', path, options?.body, options),
};
