#!/usr/bin/env node
// `npm run lock`: brings package-lock.json in line with every package.json of the workspace while
// keeping each locked version, then proves that `npm ci` accepts it on every platform. Why and
// when: docs/dependencies.md.
import { execSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const npm = (args) => execSync(`npm ${args}`, { cwd: root, stdio: 'inherit' });

/** Where Node would find `name` from the package at `from` (a lock file key), or undefined. */
function resolveInLock(packages, from, name) {
  for (let dir = from; ;) {
    const key = `${dir ? `${dir}/` : ''}node_modules/${name}`;
    if (packages[key]) return key;
    if (!dir) return undefined;
    const parent = dir.lastIndexOf('/node_modules/');
    dir = parent < 0 ? '' : dir.slice(0, parent);
  }
}

// Only the package.json files are read: node_modules, whatever platform filled it, plays no part.
npm('install --package-lock-only --ignore-scripts');

// npm leaves out, without a word, an optional dependency that the registry cannot serve (a
// platform's native build not published, or not mirrored, for the locked version). `npm ci`
// then refuses the lock on every machine.
const { packages } = JSON.parse(readFileSync(path.join(root, 'package-lock.json'), 'utf8'));
const missing = Object.entries(packages).flatMap(([key, entry]) => {
  const absent = Object.keys(entry.optionalDependencies ?? {}).filter(
    (name) => !resolveInLock(packages, key, name),
  );
  return absent.length > 0
    ? [`  ${key.replace(/^.*node_modules\//, '')}@${entry.version}: ${absent.join(', ')}`]
    : [];
});
if (missing.length > 0) {
  console.error(
    `package-lock.json lacks optional native builds that the registry did not serve:\n${missing.join('\n')}\n` +
      'Pin each package named above, in "overrides" of the root package.json, to a version whose builds ' +
      'the registry has, and run `npm run lock` again (docs/dependencies.md).',
  );
  process.exit(1);
}

npm('ci --dry-run --ignore-scripts');
console.log('package-lock.json lists every platform build and `npm ci` accepts it.');
