#!/usr/bin/env node
// `npm start`: builds the web app when its build is missing or older than its sources, then runs
// the server (TypeScript through tsx) in this process's place, passing signals on.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const built = path.join(root, 'apps/web/dist/index.html');
const sources = ['apps/web/src', 'apps/web/index.html', 'apps/web/vite.config.ts', 'packages/shared/src'];

function newestMtime(entry) {
  const full = path.join(root, entry);
  if (!existsSync(full)) return 0;
  const stat = statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(full).reduce(
    (max, name) => Math.max(max, newestMtime(path.join(entry, name))),
    stat.mtimeMs,
  );
}

if (!existsSync(built) || statSync(built).mtimeMs < Math.max(...sources.map(newestMtime))) {
  console.log('Building the web app…');
  const result = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

// A larger young generation: a request allocates many short-lived objects, and with V8's default
// the server spent a tenth of its time in scavenges (bench/README.md: +40 % verify throughput).
// bench:api runs with the same flag.
const SERVER_NODE_FLAGS = ['--max-semi-space-size=64'];

const server = spawn(
  process.execPath,
  [...SERVER_NODE_FLAGS, '--import', 'tsx', path.join(root, 'apps/server/src/main.ts')],
  { cwd: root, stdio: 'inherit' },
);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
