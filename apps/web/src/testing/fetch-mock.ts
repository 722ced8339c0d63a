import type { SessionUser } from '@sentinel/shared';
import { vi } from 'vitest';

/** One recorded fetch call, with the parts tests assert on. */
export interface FetchCall {
  key: string;
  url: string;
  method: string;
  headers: Headers;
  body: unknown;
  credentials: RequestCredentials | undefined;
}

export type FetchHandler = (call: FetchCall) => Response | Promise<Response>;

/** A JSON answer. A new Response per call: bodies can be read only once. */
export const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });

/**
 * Replaces global fetch with a table of handlers keyed 'METHOD /path' (query ignored). A call
 * with no handler fails the test loudly.
 */
export function mockFetch(handlers: Record<string, FetchHandler>) {
  const calls: FetchCall[] = [];
  const unexpected: string[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const method = (init.method ?? 'GET').toUpperCase();
    const key = `${method} ${new URL(url, 'http://localhost').pathname}`;
    const call: FetchCall = {
      key,
      url,
      method,
      headers: new Headers(init.headers),
      body: typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
      credentials: init.credentials,
    };
    calls.push(call);
    const handler = handlers[key];
    if (!handler) {
      unexpected.push(key);
      throw new Error(`Unexpected fetch: ${key}`);
    }
    return handler(call);
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    fetchMock,
    calls,
    unexpected,
    callsTo: (key: string) => calls.filter((call) => call.key === key),
  };
}

/** The query parameters of a recorded call. */
export const queryOf = (call: FetchCall | undefined) =>
  new URL(call?.url ?? '', 'http://localhost').searchParams;

/** A promise with its resolve function exposed, to hold an answer back. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

/** The handler of the session check (GET /api/tokens/verify) answering for `user`. */
export const verifiedAs = (user: SessionUser): Record<string, FetchHandler> => ({
  'GET /api/tokens/verify': () => json(200, { success: true, user }),
});
