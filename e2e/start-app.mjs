#!/usr/bin/env node
// Starts the app for the end-to-end journeys exactly as a user does (`node scripts/start.mjs`),
// on a fresh embedded database in .tmp/e2e-data: the demo firm and the journeys' fixtures are
// seeded first (e2e/fixtures/seed.ts), then the server opens the same data directory.
import { spawn, spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const port = process.env.E2E_PORT ?? '3210';
const dataDir = path.join(root, '.tmp/e2e-data');

const env = {
  ...process.env,
  NODE_ENV: 'development',
  PORT: port,
  HOST: '127.0.0.1',
  PUBLIC_URL: `http://127.0.0.1:${port}`,
  DATA_DIR: dataDir,
  DEMO_SEED: 'auto',
  LOG_LEVEL: 'warn',
};
// The journeys need the embedded database, the outbox and a generated secret, whatever the shell has.
for (const name of ['DATABASE_URL', 'SMTP_URL', 'APP_SECRET', 'WEB_DIST_DIR']) delete env[name];

rmSync(dataDir, { recursive: true, force: true });

const seed = spawnSync('npx', ['tsx', 'e2e/fixtures/seed.ts'], { cwd: root, env, stdio: 'inherit' });
if (seed.status !== 0) {
  console.error(`e2e: seeding the fixtures failed (exit ${seed.status ?? seed.signal})`);
  process.exit(1);
}

const server = spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], {
  cwd: root,
  env,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    if (server.exitCode === null && server.signalCode === null) server.kill(signal);
  });
}
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
