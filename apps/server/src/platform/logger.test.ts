import { Writable } from 'node:stream';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { deferredChildLogger, loggerOptions } from './logger';

const lines: string[] = [];
const stream = new Writable({
  write(chunk, _encoding, done) {
    lines.push(String(chunk));
    done();
  },
});
afterEach(() => {
  lines.length = 0;
  vi.restoreAllMocks();
});

async function appAt(level: string, setup?: (app: FastifyInstance) => void) {
  const app = Fastify({
    logger: loggerOptions(level, stream),
    childLoggerFactory: deferredChildLogger,
    disableRequestLogging: true,
  });
  app.get('/warns', async (request) => {
    request.log.info('an info line');
    request.log.warn({ token: 'secret-token', body: { password: 'pw' }, detail: 'kept' }, 'a warning');
    return { ok: true };
  });
  app.get('/quiet', { logLevel: 'error' }, async (request) => {
    request.log.warn('not at this route’s level');
    request.log.error('an error');
    return { ok: true };
  });
  setup?.(app);
  await app.ready();
  return app;
}

const logged = () => lines.map((line) => JSON.parse(line) as Record<string, unknown>);

describe('request loggers made when first used', () => {
  it('write what the level lets through, bound to the request id and redacted as before', async () => {
    const app = await appAt('warn');
    const child = vi.spyOn(app.log, 'child');
    const answer = await app.inject({ method: 'GET', url: '/warns' });
    expect(answer.statusCode).toBe(200);
    const [line, ...rest] = logged();
    expect(rest).toEqual([]);
    expect(line).toMatchObject({
      level: 40,
      msg: 'a warning',
      detail: 'kept',
      token: '[redacted]',
      body: { password: '[redacted]' },
    });
    expect(line?.reqId).toEqual(expect.any(String));
    expect(child).toHaveBeenCalledTimes(1);
    await app.close();
  });

  it('make no pino child for a request that logs nothing, and keep a route’s own level', async () => {
    const ids: string[] = [];
    const levels: string[] = [];
    const app = await appAt('warn', (instance) =>
      instance.addHook('onResponse', async (request) => {
        ids.push(String(request.id));
        levels.push(request.log.level);
      }),
    );
    const child = vi.spyOn(app.log, 'child');
    await app.inject({ method: 'GET', url: '/quiet' });
    expect(logged()).toEqual([expect.objectContaining({ level: 50, msg: 'an error', reqId: ids[0] })]);
    expect(child).toHaveBeenCalledTimes(1);
    lines.length = 0;
    child.mockClear();
    await app.inject({ method: 'GET', url: '/missing' });
    expect(lines).toEqual([]);
    expect(child).not.toHaveBeenCalled();
    expect(levels).toEqual(['error', 'warn']);
    await app.close();
  });

  it('write every level at trace, and hand out real children', async () => {
    const app = await appAt('trace');
    await app.inject({ method: 'GET', url: '/warns' });
    expect(logged().map((line) => line.msg)).toEqual(['an info line', 'a warning']);
    const child = deferredChildLogger(app.log, { reqId: 'r1' }, {}).child({ part: 'x' });
    child.info('from a child');
    expect(logged().at(-1)).toMatchObject({ reqId: 'r1', part: 'x', msg: 'from a child' });
    await app.close();
  });
});
