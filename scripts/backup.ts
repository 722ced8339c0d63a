/**
 * `npm run backup [-- --out DIR]`: a consistent copy of the embedded database (DATA_DIR/db) and the
 * stored files (DATA_DIR/files), taken while the server runs (it hands out the snapshot) or while it
 * is stopped, into DIR (default backups/sentinel-<time>). `npm run restore -- DIR` puts it back.
 * PostgreSQL deployments use pg_dump instead (docs/operations.md).
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { backupEmbedded } from '../apps/server/src/platform/backup';

const { values } = parseArgs({ options: { out: { type: 'string' } } });
if (process.env.DATABASE_URL) {
  console.error(
    'DATABASE_URL is set: back PostgreSQL up with pg_dump, and the files folder or bucket (docs/operations.md).',
  );
  process.exit(1);
}
const dataDir = path.resolve(process.env.DATA_DIR ?? './data');
const stamp = new Date().toISOString().replace(/[:.]/g, '-');
const out = path.resolve(values.out ?? path.join('backups', `sentinel-${stamp}`));
const started = performance.now();
try {
  const manifest = await backupEmbedded({ dataDir, out, filesInBucket: Boolean(process.env.S3_BUCKET) });
  const rows = Object.values(manifest.tables).reduce((sum, n) => sum + n, 0);
  console.log(
    `backup of ${dataDir} written to ${out} in ${((performance.now() - started) / 1000).toFixed(1)} s: ` +
      `${Object.keys(manifest.tables).length} tables, ${rows} rows, ${Object.keys(manifest.files).length} files` +
      (process.env.S3_BUCKET ? ' (documents are in the S3 bucket: back it up there)' : ''),
  );
} catch (error) {
  // What went wrong, without a stack: nothing was written in place (see apps/server/src/platform/backup.ts).
  console.error((error as Error).message);
  process.exitCode = 1;
}
