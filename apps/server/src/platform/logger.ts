import type { FastifyServerOptions } from 'fastify';
import { stdSerializers } from 'pino';

/**
 * A failed query's error (drizzle's DrizzleQueryError) carries its parameters — e-mail addresses,
 * names, whatever the query was given — in `params`, in its message and in its stack. They are
 * cut out; the SQL text stays, it is what one needs to debug.
 */
function serializeError(error: Error) {
  const out = stdSerializers.err(error) as ReturnType<typeof stdSerializers.err> & { params?: unknown };
  if (out.params !== undefined) out.params = '[redacted]';
  if (typeof out.message === 'string')
    out.message = out.message.replace(/\nparams: [\s\S]*$/, '\nparams: [redacted]');
  if (typeof out.stack === 'string')
    out.stack = out.stack.replace(/\nparams: [\s\S]*?(\n\s+at |$)/, '\nparams: [redacted]$1');
  return out;
}

/**
 * Structured JSON logs that never carry secrets: credentials, cookies and tokens are redacted,
 * logged URLs lose their query string (a reset link's token travels there), and a failed query's
 * parameters are cut out of its error.
 */
export function loggerOptions(level: string, stream?: NodeJS.WritableStream): FastifyServerOptions['logger'] {
  return {
    level,
    ...(stream ? { stream } : {}),
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'res.headers["set-cookie"]',
        '*.password',
        '*.newPassword',
        '*.currentPassword',
        '*.token',
        '*.ticket',
        '*.refreshToken',
        '*.accessToken',
      ],
      censor: '[redacted]',
    },
    serializers: {
      err: serializeError,
      req: (req: { method: string; url: string; ip?: string; id?: string }) => ({
        method: req.method,
        url: req.url.split('?')[0],
        ip: req.ip,
      }),
    },
  };
}
