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
}

async function request<T>(
  method: string,
  path: string,
  body: unknown,
  options: RequestOptions = {},
): Promise<T> {
  const { auth = true, signal, expectStatus } = options;
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
