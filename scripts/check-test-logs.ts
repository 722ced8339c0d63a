/**
 * After the server tests (`npm test` runs it): searches every log line the run's apps wrote for
 * the secrets the tests planted — passwords, APP_SECRET — and for argon2 hashes, JWTs, bearer
 * tokens, session and device cookies and tokens in URLs. Exit code 1 and each hit when one is found.
 */
import { scanTestLogs, TEST_LOG_DIR } from '../apps/server/src/test/test-logs';

const scan = await scanTestLogs();
if (scan.files === 0) {
  console.error(`no test logs in ${TEST_LOG_DIR}: run the server tests first`);
  process.exit(1);
}
console.log(`test logs: ${scan.lines} lines in ${scan.files} files, ${scan.hits.length} secrets`);
for (const hit of scan.hits.slice(0, 50)) console.error(`  ${hit.file}:${hit.line}: ${hit.what}`);
process.exit(scan.hits.length ? 1 : 0);
