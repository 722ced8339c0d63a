import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_TEST_PASSWORD } from '@sentinel/db/factories';

/**
 * Every server test writes its app's log lines here (helpers.ts); after the run,
 * scripts/check-test-logs.ts searches them all for the secrets the tests planted.
 */
export const TEST_LOG_DIR = fileURLToPath(new URL('../../../../.tmp/test-logs/', import.meta.url));

export const TEST_APP_SECRET = 'test-secret-that-is-long-enough-for-hkdf-0123456789';
/** Passwords logs.test.ts signs in, fails and resets with (at trace level). */
export const PLANTED_PASSWORDS = ['Unique-Secret-Passw0rd', 'Another-Wrong-Passw0rd', 'Brand-New-Passw0rd-7'];

/** What no log line may hold: the run's passwords and secret, and the shapes of hashes and tokens. */
export const FORBIDDEN_IN_LOGS: Array<{ what: string; pattern: RegExp }> = [
  ...[DEFAULT_TEST_PASSWORD, TEST_APP_SECRET, ...PLANTED_PASSWORDS].map((secret) => ({
    what: `the planted secret ${secret.slice(0, 4)}…`,
    pattern: new RegExp(secret.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')),
  })),
  { what: 'an argon2 hash', pattern: /\$argon2id?\$/ },
  { what: 'a JWT', pattern: /eyJ[\w-]{8,}\.eyJ[\w-]{8,}\.[\w-]{8,}/ },
  { what: 'a bearer token', pattern: /Bearer [\w.~+/-]{16,}/ },
  { what: 'a session or device cookie', pattern: /sentinel_(refresh|device)=[\w.-]{16,}/ },
  { what: 'a token in a URL', pattern: /[?&](token|ticket|code|s)=[\w-]{16,}/ },
];

export interface LogScan {
  files: number;
  lines: number;
  hits: Array<{ file: string; line: number; what: string }>;
}

export async function scanTestLogs(dir = TEST_LOG_DIR): Promise<LogScan> {
  const files = (await readdir(dir).catch(() => [])).filter((name) => name.endsWith('.log'));
  const scan: LogScan = { files: files.length, lines: 0, hits: [] };
  for (const file of files) {
    const lines = (await readFile(path.join(dir, file), 'utf8')).split('\n').filter(Boolean);
    lines.forEach((text, index) => {
      for (const { what, pattern } of FORBIDDEN_IN_LOGS)
        if (pattern.test(text)) scan.hits.push({ file, line: index + 1, what });
    });
    scan.lines += lines.length;
  }
  return scan;
}
