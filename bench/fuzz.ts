/**
 * The API fuzzer (apps/server/src/test/fuzz.test.ts) at 100,000 requests: 400 per operation and
 * caller instead of `npm test`'s 4, same fixed seed. Prints the count by status; fails on any 5xx.
 *
 *   npm run bench:fuzz [-- --runs 400]
 */
import { spawnSync } from 'node:child_process';
import { parseArgs } from 'node:util';
import { repoRoot } from './lib';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '400' } } });
const result = spawnSync(
  'npx',
  ['vitest', 'run', '--project', 'server', 'apps/server/src/test/fuzz.test.ts'],
  { cwd: repoRoot, stdio: 'inherit', env: { ...process.env, FUZZ_RUNS: values.runs } },
);
process.exit(result.status ?? 1);
