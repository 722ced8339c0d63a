import { createServer, type Server } from 'node:http';
import type { DatabaseHandle } from '@sentinel/db';
import { MESSAGES, type ErrorResponse } from '@sentinel/shared';
import type { Config } from './config';
import { isDatabaseUnavailable } from './platform/errors';

/** The waits between attempts: 1 s, doubling, then every 30 s. */
export const RETRY_DELAYS_MS = [1_000, 2_000, 4_000, 8_000, 16_000, 30_000];

/**
 * Opens the database; while PostgreSQL cannot be reached (not started yet, restarting), tries
 * again with back-off instead of exiting, since a process manager restarting a server that exits
 * at once only loops. Meanwhile HOST:PORT answers `/api/health` 200 (the process lives) and
 * everything else, `/api/ready` included, 503 with Retry-After, so a load balancer keeps traffic
 * away. Queued jobs are rows in the database: they wait there and run once it answers. Any other
 * failure (a wrong password, a migration, an unsafe setting) is thrown at once.
 */
export async function openWhenReachable(
  config: Pick<Config, 'host' | 'port'>,
  open: () => Promise<DatabaseHandle>,
  log: (line: string) => void = (line) => console.error(line),
  delays = RETRY_DELAYS_MS,
): Promise<DatabaseHandle> {
  let placeholder: Server | undefined;
  try {
    for (let attempt = 0; ; attempt++) {
      try {
        return await open();
      } catch (error) {
        if (!isDatabaseUnavailable(error)) throw error;
        const delay = delays[Math.min(attempt, delays.length - 1)]!;
        const cause = (error as { code?: string }).code ?? (error as Error).message;
        log(`The database is not reachable (${cause}); trying again in ${delay / 1000} s.`);
        placeholder ??= await listenUnavailable(config);
        await new Promise((resolve) => setTimeout(resolve, delay));
      }
    }
  } finally {
    if (placeholder) {
      placeholder.closeAllConnections();
      await new Promise((resolve) => placeholder!.close(resolve));
    }
  }
}

function listenUnavailable(config: Pick<Config, 'host' | 'port'>): Promise<Server> {
  const body: ErrorResponse = {
    error: MESSAGES.serviceUnavailable,
    message: MESSAGES.serviceUnavailable,
    code: 'UNAVAILABLE',
  };
  const server = createServer((request, response) => {
    const live = request.url === '/api/health';
    response.writeHead(live ? 200 : 503, {
      'content-type': 'application/json; charset=utf-8',
      'cache-control': 'no-store',
      connection: 'close',
      ...(!live && { 'retry-after': '5' }),
    });
    response.end(JSON.stringify(live ? { status: 'ok' } : body));
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, config.host, () => resolve(server));
  });
}
