import { setTimeout as delay } from 'node:timers/promises';
import { ProviderError } from './provider';

/**
 * The one way adapters talk to Google, Microsoft or the sandbox: global fetch with a timeout per
 * attempt, retries of throttling (429), server errors (5xx) and network failures, and provider
 * error bodies turned into ProviderError. Error messages carry the status, the provider's error
 * code and its description only: never the URL's query, a header, or the request body, which is
 * where tokens and codes travel.
 */

export interface ProviderFetchOptions {
  /** Attempts in all, the first included (default 6). */
  attempts?: number;
  /** Timeout of one attempt in ms (default 20 s). */
  timeoutMs?: number;
  /** Base of the exponential backoff in ms (default 500). */
  baseDelayMs?: number;
  /** Longest wait between attempts, also the cap on a provider's Retry-After (default 60 s). */
  maxDelayMs?: number;
  /**
   * The most the retries may wait in all, for requests a person waits on: when the next wait
   * (the provider's Retry-After, or the backoff) would pass it, the last error is thrown at once
   * rather than retrying sooner than the provider asked. Unset: no limit but `attempts`.
   */
  waitBudgetMs?: number;
  /**
   * False for requests that must not be repeated once the provider may have acted on them (an
   * authorization code is single-use): then only 429, which the provider answers before acting,
   * is retried.
   */
  idempotent?: boolean;
  /** Injected in tests so that backoff does not wait. */
  sleep?: (ms: number) => Promise<void>;
  /** Injected in tests for a deterministic jitter; in [0, 1). */
  random?: () => number;
}

const DEFAULTS = {
  attempts: 6,
  timeoutMs: 20_000,
  baseDelayMs: 500,
  maxDelayMs: 60_000,
};

/** How long a Retry-After header asks us to wait, in ms, or null when absent or unreadable. */
export function retryAfterMs(header: string | null, now = Date.now()): number | null {
  if (!header) return null;
  const trimmed = header.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Math.round(Number(trimmed) * 1000);
  const date = Date.parse(trimmed);
  if (Number.isNaN(date)) return null;
  return Math.max(0, date - now);
}

/** A provider's error body reduced to a code and a description (Google, Graph and OAuth shapes). */
export function parseProviderError(status: number, body: string): { code: string; description: string } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return { code: `http_${status}`, description: statusText(status) };
  }
  if (!parsed || typeof parsed !== 'object')
    return { code: `http_${status}`, description: statusText(status) };
  const record = parsed as Record<string, unknown>;
  const error = record.error;
  // OAuth token endpoints: {"error":"invalid_grant","error_description":"…"}
  if (typeof error === 'string') {
    const description = typeof record.error_description === 'string' ? record.error_description : error;
    return { code: error, description: firstLine(description) };
  }
  // Google APIs {"error":{code,message,status,errors:[{reason}]}}, Graph {"error":{code,message}}
  if (error && typeof error === 'object') {
    const inner = error as Record<string, unknown>;
    const reason = Array.isArray(inner.errors)
      ? (inner.errors[0] as Record<string, unknown> | undefined)?.reason
      : undefined;
    const code =
      typeof inner.code === 'string'
        ? inner.code
        : typeof inner.status === 'string'
          ? inner.status
          : typeof reason === 'string'
            ? reason
            : `http_${status}`;
    const description = typeof inner.message === 'string' ? inner.message : statusText(status);
    return { code, description: firstLine(description) };
  }
  return { code: `http_${status}`, description: statusText(status) };
}

/**
 * Microsoft appends "\r\nTrace ID: …\r\nCorrelation ID: …\r\nTimestamp: …" to its descriptions;
 * only the first line says what went wrong.
 */
function firstLine(text: string): string {
  return (text.split(/\r?\n/)[0] ?? '').trim().slice(0, 500);
}

function statusText(status: number): string {
  if (status === 429) return 'Too many requests';
  if (status >= 500) return 'Provider unavailable';
  return `HTTP ${status}`;
}

function isRetriableStatus(status: number): boolean {
  return status === 429 || status >= 500;
}

/**
 * fetch with retries. Resolves with the response when it is 2xx or 3xx; throws ProviderError
 * otherwise (transient for 429/5xx/network after the last attempt).
 */
export async function providerFetch(
  url: string | URL,
  init: RequestInit = {},
  options: ProviderFetchOptions = {},
): Promise<Response> {
  const attempts = Math.max(1, options.attempts ?? DEFAULTS.attempts);
  const timeoutMs = options.timeoutMs ?? DEFAULTS.timeoutMs;
  const baseDelayMs = options.baseDelayMs ?? DEFAULTS.baseDelayMs;
  const maxDelayMs = options.maxDelayMs ?? DEFAULTS.maxDelayMs;
  const idempotent = options.idempotent ?? true;
  const sleep = options.sleep ?? ((ms: number) => delay(ms));
  const random = options.random ?? Math.random;

  let last: ProviderError | null = null;
  /** The provider's Retry-After on the last answer, when it sent one. */
  let asked: number | null = null;
  let waited = 0;
  for (let attempt = 0; attempt < attempts; attempt++) {
    if (attempt > 0) {
      const backoff = random() * Math.min(maxDelayMs, baseDelayMs * 2 ** (attempt - 1));
      const wait = asked !== null ? Math.min(maxDelayMs, asked) : backoff;
      if (options.waitBudgetMs !== undefined && waited + wait > options.waitBudgetMs) break;
      await sleep(wait);
      waited += wait;
      asked = null;
    }
    const signal = init.signal
      ? AbortSignal.any([init.signal, AbortSignal.timeout(timeoutMs)])
      : AbortSignal.timeout(timeoutMs);
    let response: Response;
    try {
      response = await fetch(url, { ...init, signal });
    } catch (cause) {
      if (init.signal?.aborted) throw cause;
      const timedOut = cause instanceof Error && cause.name === 'TimeoutError';
      last = new ProviderError(
        0,
        timedOut ? 'timeout' : 'network_error',
        timedOut ? `No answer within ${timeoutMs} ms` : 'The provider could not be reached',
        true,
      );
      if (!idempotent) break;
      continue;
    }
    if (response.ok || (response.status >= 300 && response.status < 400)) return response;

    const body = await response.text().catch(() => '');
    const { code, description } = parseProviderError(response.status, body);
    const retriable = isRetriableStatus(response.status) && (idempotent || response.status === 429);
    const error = new ProviderError(response.status, code, description, isRetriableStatus(response.status));
    if (!retriable) throw error;
    asked = retryAfterMs(response.headers.get('retry-after'));
    last = error;
  }
  throw last ?? new ProviderError(0, 'network_error', 'The provider could not be reached', true);
}

/** providerFetch for JSON answers; a 204 or empty body resolves to undefined. */
export async function providerJson<T>(
  url: string | URL,
  init: RequestInit = {},
  options: ProviderFetchOptions = {},
): Promise<T> {
  const headers = new Headers(init.headers);
  if (!headers.has('accept')) headers.set('accept', 'application/json');
  const response = await providerFetch(url, { ...init, headers }, options);
  const text = await response.text();
  if (!text) return undefined as T;
  try {
    return JSON.parse(text) as T;
  } catch {
    throw new ProviderError(
      response.status,
      'invalid_json',
      'The provider answered something that is not JSON',
      false,
    );
  }
}

/** A form-encoded POST body (OAuth token and revoke requests). */
export function formPost(fields: Record<string, string | undefined>): RequestInit {
  const body = new URLSearchParams();
  for (const [key, value] of Object.entries(fields)) if (value !== undefined) body.set(key, value);
  return {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: body.toString(),
  };
}

/** A URL with its query parameters; repeated values for arrays (Gmail's labelIds, historyTypes). */
export function urlWith(
  base: string,
  path: string,
  query: Record<string, string | number | string[] | undefined> = {},
) {
  const url = new URL(base.replace(/\/+$/, '') + path);
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const item of value) url.searchParams.append(key, item);
    else url.searchParams.set(key, String(value));
  }
  return url;
}
