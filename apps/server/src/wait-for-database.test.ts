import type { DatabaseHandle } from '@sentinel/db';
import { createDatabase } from '@sentinel/db';
import { MESSAGES } from '@sentinel/shared';
import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './platform/errors';
import { openWhenReachable } from './wait-for-database';

/**
 * Reliability row 36: PostgreSQL down when the server starts. The server waits for it with
 * back-off rather than exiting (a crash loop), answering liveness 200 and readiness 503 meanwhile.
 * (bench/reliability.ts `startup` runs the real server against a stopped cluster.)
 */
const PORT = 3601;
const refused = () =>
  Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5442'), { code: 'ECONNREFUSED' });

describe('openWhenReachable', () => {
  it('retries an unreachable database with back-off, answering 503 until it opens', async () => {
    const lines: string[] = [];
    const answers: Array<{ path: string; status: number; body: unknown }> = [];
    let attempts = 0;
    const handle = {} as DatabaseHandle;
    const opened = await openWhenReachable(
      { host: '127.0.0.1', port: PORT },
      async () => {
        attempts += 1;
        if (attempts === 1) throw refused();
        if (attempts === 2) {
          // Listening now, between the attempts.
          for (const path of ['/api/health', '/api/ready', '/api/cases'] as const) {
            const response = await fetch(`http://127.0.0.1:${PORT}${path}`);
            answers.push({ path, status: response.status, body: await response.json() });
          }
          throw refused();
        }
        return handle;
      },
      (line) => lines.push(line),
      [20, 40],
    );
    expect(opened).toBe(handle);
    expect(attempts).toBe(3);
    expect(lines).toEqual([
      'The database is not reachable (ECONNREFUSED); trying again in 0.02 s.',
      'The database is not reachable (ECONNREFUSED); trying again in 0.04 s.',
    ]);
    expect(answers).toEqual([
      { path: '/api/health', status: 200, body: { status: 'ok' } },
      {
        path: '/api/ready',
        status: 503,
        body: {
          error: MESSAGES.serviceUnavailable,
          message: MESSAGES.serviceUnavailable,
          code: 'UNAVAILABLE',
        },
      },
      { path: '/api/cases', status: 503, body: expect.objectContaining({ code: 'UNAVAILABLE' }) },
    ]);
    // The placeholder is gone: the real app can listen on the port.
    await expect(fetch(`http://127.0.0.1:${PORT}/api/health`)).rejects.toThrow();
  });

  it('throws any other failure at once (a wrong password, a failed migration)', async () => {
    let attempts = 0;
    const wrongPassword = Object.assign(new Error('password authentication failed'), { code: '28P01' });
    await expect(
      openWhenReachable(
        { host: '127.0.0.1', port: PORT },
        async () => {
          attempts += 1;
          throw wrongPassword;
        },
        () => undefined,
        [10],
      ),
    ).rejects.toBe(wrongPassword);
    expect(attempts).toBe(1);
  });

  it('knows a real refused connection as unavailable', async () => {
    const database = await createDatabase({
      url: `postgres://postgres@127.0.0.1:${PORT + 1}/none`,
      poolMax: 1,
    });
    const error = await database.query('select 1').catch((e: unknown) => e);
    await database.close();
    expect(isDatabaseUnavailable(error)).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBe(false);
  });
});
