import { randomUUID } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** Error bodies and small wire helpers, written the way Google and Microsoft write them. */

export const GOOGLE_STATUS: Record<number, string> = {
  400: 'INVALID_ARGUMENT',
  401: 'UNAUTHENTICATED',
  403: 'PERMISSION_DENIED',
  404: 'NOT_FOUND',
  409: 'ALREADY_EXISTS',
  410: 'GONE',
  429: 'RESOURCE_EXHAUSTED',
  500: 'INTERNAL',
  503: 'UNAVAILABLE',
};

/** Google's JSON error envelope (Gmail, Calendar, userinfo). */
export function googleError(
  code: number,
  message: string,
  reason: string,
  extra: Record<string, string> = {},
) {
  return {
    error: {
      code,
      message,
      errors: [{ message, domain: 'global', reason, ...extra }],
      status: GOOGLE_STATUS[code] ?? 'UNKNOWN',
    },
  };
}

export const GOOGLE_UNAUTHENTICATED = {
  error: {
    code: 401,
    message:
      'Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential. See https://developers.google.com/identity/sign-in/web/devconsole-project.',
    errors: [
      {
        message: 'Invalid Credentials',
        domain: 'global',
        reason: 'authError',
        location: 'Authorization',
        locationType: 'header',
      },
    ],
    status: 'UNAUTHENTICATED',
  },
};

export const GOOGLE_INSUFFICIENT_SCOPE = {
  error: {
    code: 403,
    message: 'Request had insufficient authentication scopes.',
    errors: [{ message: 'Insufficient Permission', domain: 'global', reason: 'insufficientPermissions' }],
    status: 'PERMISSION_DENIED',
    details: [
      {
        '@type': 'type.googleapis.com/google.rpc.ErrorInfo',
        reason: 'ACCESS_TOKEN_SCOPE_INSUFFICIENT',
        domain: 'googleapis.com',
      },
    ],
  },
};

export const googleNotFound = () => googleError(404, 'Requested entity was not found.', 'notFound');

/** Graph's error envelope. */
export function graphError(code: string, message: string, now: Date) {
  const id = randomUUID();
  return {
    error: {
      code,
      message,
      innerError: {
        date: now.toISOString().replace(/\.\d{3}Z$/, ''),
        'request-id': id,
        'client-request-id': id,
      },
    },
  };
}

/** The identity platform's token error body: AADSTS text with trace lines, codes, ids. */
export function aadError(error: string, code: number, text: string, now: Date) {
  const traceId = randomUUID();
  const correlationId = randomUUID();
  const timestamp = now
    .toISOString()
    .replace('T', ' ')
    .replace(/\.(\d{3})Z$/, 'Z');
  return {
    error,
    error_description: `AADSTS${code}: ${text}\r\nTrace ID: ${traceId}\r\nCorrelation ID: ${correlationId}\r\nTimestamp: ${timestamp}`,
    error_codes: [code],
    timestamp,
    trace_id: traceId,
    correlation_id: correlationId,
    error_uri: `https://login.microsoftonline.com/error?code=${code}`,
  };
}

export function bearer(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  const match = header ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
  return match?.[1];
}

/** The base URL the caller used to reach us, so links work in-process and standalone. */
export function origin(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

export function list(value: unknown): string[] {
  if (value === undefined || value === null) return [];
  return (Array.isArray(value) ? value : [value]).map(String);
}

export function one(value: unknown): string | undefined {
  if (Array.isArray(value)) return value.length ? String(value[0]) : undefined;
  return value === undefined || value === null ? undefined : String(value);
}

export function encodeCursor(value: object): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

export function decodeCursor<T>(value: string): T | undefined {
  try {
    return JSON.parse(Buffer.from(value, 'base64url').toString('utf8')) as T;
  } catch {
    return undefined;
  }
}

export function sendJson(reply: FastifyReply, status: number, body: unknown) {
  return reply
    .code(status)
    .header('content-type', 'application/json; charset=UTF-8')
    .send(JSON.stringify(body));
}

/** `Tue, 24 Nov 2026 04:05:22 +0000` (RFC 2822). */
export function rfc2822(date: Date): string {
  return date.toUTCString().replace('GMT', '+0000');
}

/** Graph's timestamps: ISO 8601 UTC without milliseconds. */
export function graphTime(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

export function stripHtml(html: string): string {
  return html
    .replace(/<(script|style)[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/\s+/g, ' ')
    .trim();
}

export function plainText(message: { text?: string; html?: string }): string {
  return (message.text ?? (message.html ? stripHtml(message.html) : '')).replace(/\s+/g, ' ').trim();
}
