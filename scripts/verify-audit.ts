/**
 * `npm run verify-audit`: checks the audit trail's hash chain in the database the server would use
 * (DATABASE_URL, or the embedded database in DATA_DIR — stop the server first, the embedded
 * database has one user at a time). Prints the rows checked, the head hash to keep elsewhere,
 * and every break found; exit code 1 when there is one.
 */
import { loadConfig } from '../apps/server/src/config';
import { openDatabase } from '../apps/server/src/database';
import { verifyAuditChain } from '../apps/server/src/platform/audit-chain';

const database = await openDatabase(loadConfig());
try {
  const report = await verifyAuditChain(database);
  console.log(`audit trail: ${report.rows} rows, head hash ${report.headHash ?? '(none yet)'}`);
  for (const { id, chainSeq, problem } of report.problems)
    console.error(`  broken${id === null ? '' : ` at row ${id}`} (place ${chainSeq ?? '?'}): ${problem}`);
  console.log(report.problems.length ? `${report.problems.length} problem(s) found` : 'the chain is intact');
  process.exitCode = report.problems.length ? 1 : 0;
} finally {
  await database.close();
}
