import type { FastifyBaseLogger, FastifyServerOptions } from 'fastify';
import { stdSerializers, type Bindings, type ChildLoggerOptions } from 'pino';

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
        // At the top of a line (`log.warn({ token }, …)`) as well as one level down.
        'password',
        'newPassword',
        'currentPassword',
        'token',
        'ticket',
        'refreshToken',
        'accessToken',
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

type Method = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';
/** pino's numbers for its levels (a logger at a level writes that level and above). */
const LEVEL_VALUES: Record<string, number> = {
  trace: 10,
  debug: 20,
  info: 30,
  warn: 40,
  error: 50,
  fatal: 60,
};

/**
 * A request's logger that becomes pino's child logger (bound to the request id) the first time it
 * writes, or is asked for a child or a level change. A child costs pino a pass of the redaction
 * over its bindings, paid on every request though most requests log nothing at `warn`; what is
 * written, and how it is redacted, is pino's child's own.
 */
class DeferredChild implements FastifyBaseLogger {
  #child: FastifyBaseLogger | undefined;

  constructor(
    private readonly parent: FastifyBaseLogger & { levelVal?: number },
    private readonly childBindings: Bindings,
    private readonly childOptions: ChildLoggerOptions,
  ) {}

  private real(): FastifyBaseLogger {
    return (this.#child ??= this.parent.child(this.childBindings, this.childOptions));
  }

  /** Whether a line at `method` would be written (unknown levels: assume so). */
  private writes(method: Method): boolean {
    if (this.#child) return true;
    const own = this.childOptions.level;
    const threshold =
      own === undefined ? this.parent.levelVal : own === 'silent' ? Infinity : LEVEL_VALUES[own];
    return threshold === undefined || LEVEL_VALUES[method]! >= threshold;
  }

  private write(method: Method, args: unknown[]) {
    if (!this.writes(method)) return;
    const child = this.real();
    (child[method] as (...line: unknown[]) => void).apply(child, args);
  }

  get level(): string {
    return this.#child?.level ?? this.childOptions.level ?? this.parent.level;
  }
  set level(level: string) {
    this.real().level = level;
  }
  fatal(...args: unknown[]) {
    this.write('fatal', args);
  }
  error(...args: unknown[]) {
    this.write('error', args);
  }
  warn(...args: unknown[]) {
    this.write('warn', args);
  }
  info(...args: unknown[]) {
    this.write('info', args);
  }
  debug(...args: unknown[]) {
    this.write('debug', args);
  }
  trace(...args: unknown[]) {
    this.write('trace', args);
  }
  silent() {}
  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.real().child(bindings, options);
  }
}

/** Fastify's `childLoggerFactory`: each request's logger, made when first used (`DeferredChild`). */
export function deferredChildLogger(
  logger: FastifyBaseLogger,
  bindings: Bindings,
  options: ChildLoggerOptions,
): FastifyBaseLogger {
  return new DeferredChild(logger, bindings, options);
}
