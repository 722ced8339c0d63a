#!/usr/bin/env node
// `npm start`: builds the web app when its build is missing or older than its sources, compiles
// the server (apps/server/build-server.mjs), then runs it in this process's place, passing signals on.
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildServer } from '../apps/server/build-server.mjs';
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

// Compiled each start (under a second), so it is never older than its sources.
const entry = await buildServer().catch((error) => {
  console.error(`Compiling the server failed:\n${error.message}`);
  process.exit(1);
});

const server = spawn(process.execPath, [...SERVER_NODE_FLAGS, entry], { cwd: root, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
