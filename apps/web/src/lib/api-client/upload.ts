import { apiErrorOf, networkError, parseText } from './errors';
import { getValidAccessToken, refreshAccessToken } from './refresh';

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
      reject(networkError());
    };
    xhr.ontimeout = () => {
      done();
      reject(networkError('The upload timed out'));
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
