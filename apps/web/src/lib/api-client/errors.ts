import { MESSAGES, type ErrorCode } from '@sentinel/shared';

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

/**
 * What a screen shows for a failed call: the server's message when the server answered with one,
 * otherwise `fallback` (the screen's own sentence). A network failure (status 0) has no server
 * message, so it too reads the fallback; every screen follows this one rule.
 */
export const errorMessage = (error: unknown, fallback: string): string =>
  (isApiError(error) && error.serverMessage) || fallback;

function parseRetryAfter(value: string | null): number | undefined {
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds);
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - Date.now()) / 1000));
}

export async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  return parseText(await response.text());
}

/** A body as JSON, or as the text itself when it is not JSON; undefined when empty. */
export function parseText(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** The answer's human text: `error` (the API's wire shape), else a bare `message` field. */
function humanMessage(record: Record<string, unknown>): string | undefined {
  for (const value of [record.error, record.message]) if (typeof value === 'string' && value) return value;
  return undefined;
}

/** The ApiError of a decoded error answer (fetch and XMLHttpRequest alike). */
export function apiErrorOf(status: number, body: unknown, retryAfter: string | null): ApiError {
  const record = body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  // Not checked against ERROR_CODES: that would pull the zod schemas into every page's bundle.
  const code = typeof record.code === 'string' && record.code ? (record.code as ErrorCode) : 'UNKNOWN';
  return new ApiError({
    status,
    code,
    serverMessage: humanMessage(record),
    retryAfter: parseRetryAfter(retryAfter),
    details: record.details,
    requestId: typeof record.requestId === 'string' ? record.requestId : undefined,
  });
}

export async function toApiError(response: Response): Promise<ApiError> {
  const body = await readBody(response).catch(() => undefined);
  return apiErrorOf(response.status, body, response.headers.get('Retry-After'));
}

/** The rejection of a call that got no answer. */
export const networkError = (message: string = MESSAGES.loginNetworkError) =>
  new ApiError({ status: 0, code: 'NETWORK_ERROR', message });

export async function send(path: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(path, { ...init, credentials: 'include' });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw networkError();
  }
}
