import { z } from 'zod';

/**
 * Every error code the API answers with. The server maps each to one HTTP status
 * (apps/server/src/platform/errors.ts); screens branch on `code` and show `error` (also sent as
 * `message`, the spec's name for it).
 */
export const ERROR_CODES = [
  /** A request body, query or parameter failed its schema (400). */
  'VALIDATION_FAILED',
  /** A well-formed request the server cannot act on, e.g. a used reset token (400). */
  'BAD_REQUEST',
  /** No valid session (401). */
  'UNAUTHORIZED',
  /** E-mail or password wrong; identical for unknown accounts (401). */
  'INVALID_CREDENTIALS',
  /** The caller may not do this (403). */
  'FORBIDDEN',
  /** The password is right but the sign-up's e-mail is not verified yet (403). */
  'EMAIL_NOT_VERIFIED',
  /** A cookie endpoint was called cross-site (403). */
  'CROSS_SITE_REQUEST',
  /** No such object, or one the caller may not know exists (404). */
  'NOT_FOUND',
  /** A unique value is taken (409). */
  'CONFLICT',
  /** The first request with this Idempotency-Key is still running; see Retry-After (409). */
  'IDEMPOTENCY_KEY_IN_USE',
  /** This Idempotency-Key came with another request before (422). */
  'IDEMPOTENCY_KEY_REUSED',
  /** The body came too slowly, e.g. an upload under the minimum rate (408). */
  'REQUEST_TIMEOUT',
  /** The body is larger than the route accepts (413). */
  'PAYLOAD_TOO_LARGE',
  /** The body's content type is not accepted (415). */
  'UNSUPPORTED_MEDIA_TYPE',
  /** Too many attempts; see Retry-After (429). */
  'RATE_LIMITED',
  /** An unexpected failure; details only in the server log (500). */
  'INTERNAL',
  /** Shutting down or not ready (503). */
  'UNAVAILABLE',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** The one wire shape of every error answer. */
export const errorResponse = z.object({
  error: z.string(),
  /** The same text as `error`: what the spec's flows read as "the server message" (§8). */
  message: z.string().describe('The same text as `error` (spec §8 reads it as "the server message").'),
  code: z.enum(ERROR_CODES),
  details: z.unknown().optional(),
  requestId: z.string().optional(),
});
export type ErrorResponse = z.infer<typeof errorResponse>;
