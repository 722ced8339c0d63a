#!/usr/bin/env node
// `npm start`: builds the web app when its build is missing or older than its sources, then runs
// the server (TypeScript through tsx) in this process's place, passing signals on.
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { webBuildIsStale } from './web-build.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

if (webBuildIsStale(root)) {
  console.log('Building the web app…');
  const result = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

// A larger young generation: a request allocates many short-lived objects, and with V8's default
// the server spent a tenth of its time in scavenges (bench/README.md: +40 % verify throughput).
// 32 MB rather than 64: V8 keeps the young generation it grew, and at 64 it held 128 MB of the
// server's RSS under load (315-326 MB with 1,000 live connections; 254 MB at 32), for 2 points of
// verify/bare. The benchmarks run with the same flag.
const SERVER_NODE_FLAGS = ['--max-semi-space-size=32'];

const server = spawn(
  process.execPath,
  [...SERVER_NODE_FLAGS, '--import', 'tsx', path.join(root, 'apps/server/src/main.ts')],
  { cwd: root, stdio: 'inherit' },
);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
