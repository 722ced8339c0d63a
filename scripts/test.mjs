#!/usr/bin/env node
// `npm test`: every test, in order — type-check, lint and format, unit and web tests, server
// integration tests (PostgreSQL when CI=true or TEST_DB=postgres, else the embedded database),
// then the end-to-end journeys in Chromium against the app started as `npm start` starts it.
// Stops at the first failing step and ends with one line: "tests: N passed, N failed".
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const reports = path.join(root, '.tmp/test-reports');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

const totals = { passed: 0, failed: 0, skipped: 0 };

function run(title, command, args, env = {}) {
  console.log(`\n━━ ${title}: ${command} ${args.join(' ')}`);
  const started = Date.now();
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  console.log(
    `━━ ${title}: ${result.status === 0 ? 'ok' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  return result.status === 0;
}

function countVitest(file) {
  if (!existsSync(file)) return;
  const report = JSON.parse(readFileSync(file, 'utf8'));
  totals.passed += report.numPassedTests;
  totals.failed += report.numFailedTests;
  totals.skipped += report.numPendingTests + report.numTodoTests;
}

function countPlaywright(file) {
  if (!existsSync(file)) return;
  const { stats } = JSON.parse(readFileSync(file, 'utf8'));
  totals.passed += stats.expected + stats.flaky;
  totals.failed += stats.unexpected;
  totals.skipped += stats.skipped;
}

function finish(ok) {
  console.log(
    `\n${ok ? 'All test steps passed.' : 'A test step failed.'}${totals.skipped ? ` (${totals.skipped} skipped)` : ''}`,
  );
  console.log(`tests: ${totals.passed} passed, ${totals.failed} failed`);
  process.exit(ok && totals.failed === 0 ? 0 : 1);
}

const steps = [
  () =>
    run('type-check', 'npx', ['tsc', '-p', 'tsconfig.json']) &&
    run('type-check web', 'npx', ['tsc', '-p', 'apps/web/tsconfig.json']) &&
    run('type-check e2e', 'npx', ['tsc', '-p', 'e2e/tsconfig.json']),
  () =>
    run('lint', 'npx', ['eslint', '.', '--max-warnings=0']) &&
    run('format', 'npx', ['prettier', '--check', '.', '--log-level=warn']),
  () => {
    const file = path.join(reports, 'unit.json');
    const ok = run('unit (shared, deadline engine, analyzer), sandbox and web tests', 'npx', [
      'vitest',
      'run',
      '--project',
      'shared',
      '--project',
      'deadlines',
      '--project',
      'analyzer',
      '--project',
      'provider-sandbox',
      '--project',
      'web',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${file}`,
    ]);
    countVitest(file);
    return ok;
  },
  () => {
    const file = path.join(reports, 'server.json');
    const ok = run('server integration tests', 'npx', [
      'vitest',
      'run',
      '--project',
      'server',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${file}`,
    ]);
    countVitest(file);
    return ok && run('secrets in the server tests’ logs', 'npx', ['tsx', 'scripts/check-test-logs.ts']);
  },
];

steps.push(
  () => run('build web app', 'npm', ['run', 'build', '-w', 'apps/web']),
  () => {
    const file = path.join(reports, 'e2e.json');
    const ok = run(
      'end-to-end tests',
      'npx',
      ['playwright', 'test', '-c', 'e2e/playwright.config.ts', '--reporter=list,json'],
      { PLAYWRIGHT_JSON_OUTPUT_NAME: file },
    );
    countPlaywright(file);
    return ok;
  },
);

for (const step of steps) {
  if (!step()) finish(false);
}
finish(true);
