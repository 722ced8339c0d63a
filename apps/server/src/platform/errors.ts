import { MESSAGES, type ErrorCode, type ErrorResponse } from '@sentinel/shared';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';

/** The one HTTP status for each error code. */
export const STATUS_BY_CODE: Record<ErrorCode, number> = {
  VALIDATION_FAILED: 400,
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  INVALID_CREDENTIALS: 401,
  FORBIDDEN: 403,
  EMAIL_NOT_VERIFIED: 403,
  CROSS_SITE_REQUEST: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  IDEMPOTENCY_KEY_IN_USE: 409,
  IDEMPOTENCY_KEY_REUSED: 422,
  REQUEST_TIMEOUT: 408,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  UNAVAILABLE: 503,
};

/** The error services throw. Only the central handler below turns it into a reply. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: unknown,
    /** Seconds, for RATE_LIMITED answers (sent as Retry-After). */
    readonly retryAfter?: number,
  ) {
    super(message);
    this.name = 'AppError';
  }

  get status(): number {
    return STATUS_BY_CODE[this.code];
  }

  /** Fastify's name for it, read by error handlers that are not ours (the provider sandbox's). */
  get statusCode(): number {
    return this.status;
  }
}

export const notFound = (message: string = MESSAGES.notFound) => new AppError('NOT_FOUND', message);
export const unauthorized = (message: string = MESSAGES.unauthorized) =>
  new AppError('UNAUTHORIZED', message);
export const forbidden = (message: string = MESSAGES.forbidden) => new AppError('FORBIDDEN', message);
export const badRequest = (message: string, details?: unknown) =>
  new AppError('BAD_REQUEST', message, details);

/** PostgreSQL's unique_violation, however the driver wraps it. */
export function isUniqueViolation(error: unknown): boolean {
  return someCause(error, ({ code }) => code === '23505');
}

/** Walks an error and its causes (drivers and drizzle wrap them) until `test` holds. */
function someCause(error: unknown, test: (cause: { code?: unknown; message?: unknown }) => boolean): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 4; depth++) {
    if (test(current as { code?: unknown; message?: unknown })) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** node-postgres's own words for a connection it lost, could not open or gave up waiting on. */
const LOST_CONNECTION =
  /connection terminated|timeout exceeded when trying to connect|query read timeout|not queryable|connection (?:error|refused)/i;

/**
 * The database cannot be reached, was shut down or restarted under the request, or did not
 * answer within the statement/query timeout: the request may be retried, so it answers 503 rather
 * than 500. A transaction it cut off did not commit (PostgreSQL rolls back a connection it loses);
 * one committed before (the failure came while the answer was read back) stays.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  return someCause(error, ({ code, message }) => {
    if (typeof code === 'string') {
      // Connection exceptions (08…), shutdown / cannot connect now (57P01-3), statement timeout
      // (57014), too many connections (53300); and the socket's own failures.
      if (/^08|^57P0[1-3]$|^57014$|^53300$/.test(code)) return true;
      if (['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH'].includes(code)) return true;
    }
    return typeof message === 'string' && LOST_CONNECTION.test(message);
  });
}

/** The disk (or quota) is full: nothing could be written, and a later try may succeed. */
export const isStorageFull = (error: unknown) =>
  someCause(error, ({ code }) => code === 'ENOSPC' || code === 'EDQUOT');

/** What a full disk answers: the cause is the server's and nothing was kept. */
export const STORAGE_FULL_MESSAGE =
  'The server has no room to store files right now. Nothing was saved; please try again later.';

/** Every status an API route may answer with an error, for the route schemas. */
export const errorStatuses = [400, 401, 403, 404, 409, 413, 415, 422, 429, 500, 503] as const;

/** Fastify's own error codes mapped to ours. */
const FASTIFY_CODES: Record<string, ErrorCode> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'BAD_REQUEST',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'BAD_REQUEST',
  FST_ERR_CTP_INVALID_JSON_BODY: 'BAD_REQUEST',
  FST_ERR_VALIDATION: 'VALIDATION_FAILED',
};

function toAppError(error: FastifyError | Error): AppError {
  if (error instanceof AppError) return error;
  if (hasZodFastifySchemaValidationErrors(error)) {
    const details = error.validation.map((issue) => ({
      path: issue.instancePath.replace(/^\//, '').replace(/\//g, '.') || (error.validationContext ?? ''),
      message: issue.message,
    }));
    return new AppError('VALIDATION_FAILED', details[0]?.message ?? MESSAGES.validationFailed, details);
  }
  const fastifyError = error as FastifyError;
  const mapped = fastifyError.code ? FASTIFY_CODES[fastifyError.code] : undefined;
  if (mapped === 'BAD_REQUEST' || mapped === 'VALIDATION_FAILED') {
    return new AppError(
      mapped,
      fastifyError.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ? 'Malformed JSON body' : error.message,
    );
  }
  if (mapped) return new AppError(mapped, error.message);
  if (fastifyError.statusCode === 429) return new AppError('RATE_LIMITED', MESSAGES.tooManyRequests);
  if (error instanceof SyntaxError && fastifyError.statusCode === 400)
    return new AppError('BAD_REQUEST', 'Malformed JSON body');
  if (fastifyError.statusCode && fastifyError.statusCode >= 400 && fastifyError.statusCode < 500) {
    const code = (Object.entries(STATUS_BY_CODE).find(([, s]) => s === fastifyError.statusCode)?.[0] ??
      'BAD_REQUEST') as ErrorCode;
    return new AppError(code, error.message);
  }
  if (isDatabaseUnavailable(error)) return new AppError('UNAVAILABLE', MESSAGES.serviceUnavailable);
  if (isStorageFull(error)) return new AppError('UNAVAILABLE', STORAGE_FULL_MESSAGE);
  return new AppError('INTERNAL', MESSAGES.internalError);
}

export function sendError(request: FastifyRequest, reply: FastifyReply, appError: AppError) {
  const body: ErrorResponse = {
    error: appError.message,
    message: appError.message,
    code: appError.code,
    requestId: request.id,
  };
  if (appError.details !== undefined) body.details = appError.details;
  if (appError.retryAfter !== undefined) reply.header('retry-after', String(appError.retryAfter));
  return reply.status(appError.status).type('application/json; charset=utf-8').send(body);
}

/** Installs the one error handler: every failure leaves as `{error, message, code, details?, requestId}`. */
export function installErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const appError = toAppError(error);
    if (appError.status >= 500) {
      request.log.error({ err: error }, 'request failed');
    } else if (appError.code === 'FORBIDDEN') {
      request.log.warn({ code: appError.code }, 'request refused');
    }
    return sendError(request, reply, appError);
  });
}
