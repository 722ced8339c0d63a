import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, connect, type Server, type Socket } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createDatabase, schema, type DatabaseHandle } from '@sentinel/db';
import { createUser } from '@sentinel/db/factories';
import { MESSAGES } from '@sentinel/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { TEST_APP_SECRET } from '../test/helpers';
import { createTestDatabase, testDbMode } from '../test/test-database';

/**
 * Reliability rows 35 and 37: the app's connections to PostgreSQL go through a TCP proxy in this
 * test, which is then cut (every connection dropped, new ones refused) as when the database is
 * killed or the network goes. Requests answer 503 with the generic text at once, never a 500, a
 * write during the outage leaves nothing, liveness stays 200, and once the proxy is back the pool
 * opens new connections and requests succeed. (bench/reliability.ts restarts and freezes a real
 * PostgreSQL under load.)
 */
const PROXY_PORT = 3604;
let app: FastifyInstance;
let direct: { database: DatabaseHandle; owner: DatabaseHandle };
let proxied: DatabaseHandle;
let dataDir: string;
let proxy: Server | undefined;
const sockets = new Set<Socket>();

function startProxy(target: URL): Promise<void> {
  proxy = createServer((inbound) => {
    const outbound = connect(Number(target.port || 5432), target.hostname);
    for (const socket of [inbound, outbound]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => undefined);
    }
    inbound.pipe(outbound).pipe(inbound);
  });
  return new Promise((resolve) => proxy!.listen(PROXY_PORT, '127.0.0.1', resolve));
}

function cutProxy(): Promise<void> {
  for (const socket of sockets) socket.destroy();
  return new Promise((resolve) => proxy!.close(() => resolve()));
}

const login = (email: string) =>
  app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: 'Harbor-Lights-2026!' } });

describe.skipIf(testDbMode() !== 'postgres')('PostgreSQL lost under a running app', () => {
  beforeAll(async () => {
    direct = await createTestDatabase(inject('dbTemplate'));
    const target = new URL(direct.database.url!);
    await startProxy(target);
    const through = new URL(target);
    through.hostname = '127.0.0.1';
    through.port = String(PROXY_PORT);
    proxied = await createDatabase({ url: through.toString(), poolMax: 3 });
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'sentinel-outage-'));
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      APP_SECRET: TEST_APP_SECRET,
      PUBLIC_URL: 'http://sentinel.test',
      LOG_LEVEL: 'silent',
      API_RATE_LIMIT: 'off',
      WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
    });
    app = await buildApp({ config, database: proxied });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await proxied?.close();
    if (proxy?.listening) await cutProxy();
    await direct?.database.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('answers 503 while the connections are gone, writes nothing, and recovers', async () => {
    const user = await createUser(direct.database.db, { password: 'Harbor-Lights-2026!' });
    expect((await login(user.email)).statusCode).toBe(200);
    const sessions = async () => (await direct.database.db.select().from(schema.sessions)).length;
    expect(await sessions()).toBe(1);

    await cutProxy();
    const started = performance.now();
    const during = await login(user.email);
    const ready = await app.inject({ method: 'GET', url: '/api/ready' });
    const health = await app.inject({ method: 'GET', url: '/api/health' });
    const elapsed = performance.now() - started;
    expect(during.statusCode).toBe(503);
    expect(during.json()).toMatchObject({ code: 'UNAVAILABLE', error: MESSAGES.serviceUnavailable });
    expect(during.body).not.toMatch(/ECONNREFUSED|terminated|postgres/i);
    expect(ready.statusCode).toBe(503);
    expect(health.statusCode).toBe(200);
    expect(elapsed).toBeLessThan(5_000);
    expect(await sessions()).toBe(1); // the login during the outage wrote nothing

    await startProxy(new URL(direct.database.url!));
    const after = await login(user.email);
    expect(after.statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);
    expect(await sessions()).toBe(2);
  });
});
