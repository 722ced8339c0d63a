import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { DEFAULT_TEST_PASSWORD } from '@sentinel/db/factories';
import { describe, expect, it } from 'vitest';
import { FORBIDDEN_IN_LOGS, scanTestLogs, TEST_APP_SECRET } from './test-logs';

describe('the search of the test run’s logs (scripts/check-test-logs.ts)', () => {
  it('finds each kind of secret in a log line, and nothing in a clean one', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'sentinel-log-scan-'));
    try {
      const leaks = [
        `{"msg":"login","password":"${DEFAULT_TEST_PASSWORD}"}`,
        `{"msg":"config","secret":"${TEST_APP_SECRET}"}`,
        '{"msg":"user","hash":"$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA"}',
        '{"msg":"token","t":"eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U"}',
        '{"req":{"headers":{"authorization":"Bearer abcdefghijklmnopqrstuvwx"}}}',
        '{"req":{"headers":{"cookie":"sentinel_refresh=abcdefghijklmnopqrstuvwxyz012345"}}}',
        '{"req":{"url":"/reset-password?token=abcdefghijklmnopqrstuvwxyz"}}',
      ];
      const clean =
        '{"level":30,"msg":"request completed","req":{"url":"/api/cases"},"authorization":"[Redacted]"}';
      await writeFile(path.join(dir, 'run.log'), [clean, ...leaks, clean].join('\n'));
      const scan = await scanTestLogs(dir);
      expect(scan).toMatchObject({ files: 1, lines: leaks.length + 2 });
      expect(new Set(scan.hits.map((hit) => hit.line))).toEqual(new Set(leaks.map((_, i) => i + 2)));
      // Each kind is searched for.
      expect(FORBIDDEN_IN_LOGS.length).toBeGreaterThanOrEqual(leaks.length);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
