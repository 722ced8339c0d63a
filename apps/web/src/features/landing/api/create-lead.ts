import {
  createLeadRequest,
  createLeadResponse,
  MESSAGES,
  type CreateLeadRequest,
  type ErrorCode,
} from '@sentinel/shared';
import { api, errorMessage, isApiError } from '@/lib/api-client';

/** Same-origin endpoint of the landing page's free-trial form. */
export const LEADS_ENDPOINT = '/api/leads';

/** Shown when the request never got an answer (offline, DNS, connection reset...). */
export const NETWORK_ERROR_MESSAGE = MESSAGES.signupNetworkError; // 'Network error. Please try again.'

export type CreateLeadResult =
  | { ok: true; message: string }
  | { ok: false; error: string; code?: ErrorCode; status?: number; requestId?: string };

/**
 * Client-side check of the e-mail field with the shared schema (required, e-mail format).
 * Returns the user-facing message, or null when the value is acceptable.
 */
export function validateLeadEmail(email: string): string | null {
  const parsed = createLeadRequest.safeParse({ email });
  if (parsed.success) return null;
  return parsed.error.issues[0]?.message ?? MESSAGES.emailInvalid;
}

/** Message for an error answer whose body is not the documented `{error, code}` shape. */
function fallbackError(status: number): string {
  if (status === 429) return MESSAGES.tooManyRequests;
  if (status === 503) return MESSAGES.serviceUnavailable;
  return MESSAGES.internalError;
}

/**
 * POST /api/leads with `{email}` through the app's API client (public call). Never throws: every
 * outcome is a `CreateLeadResult` whose `message` / `error` can be shown to the visitor as is.
 */
export async function createLead(input: CreateLeadRequest): Promise<CreateLeadResult> {
  const request = createLeadRequest.safeParse(input);
  if (!request.success) {
    return {
      ok: false,
      error: request.error.issues[0]?.message ?? MESSAGES.emailInvalid,
      code: 'VALIDATION_FAILED',
    };
  }

  let payload: unknown;
  try {
    payload = await api.post<unknown>(LEADS_ENDPOINT, request.data, { auth: false });
  } catch (error) {
    if (!isApiError(error) || error.status === 0) return { ok: false, error: NETWORK_ERROR_MESSAGE };
    const code = error.code === 'NETWORK_ERROR' || error.code === 'UNKNOWN' ? undefined : error.code;
    return {
      ok: false,
      error: errorMessage(error, fallbackError(error.status)),
      ...(error.serverMessage && code ? { code } : {}),
      status: error.status,
      ...(error.serverMessage && error.requestId ? { requestId: error.requestId } : {}),
    };
  }

  const answer = createLeadResponse.safeParse(payload);
  if (answer.success) return { ok: true, message: answer.data.message };
  // A 2xx that breaks the contract: do not pretend it worked.
  return { ok: false, error: MESSAGES.internalError };
}
