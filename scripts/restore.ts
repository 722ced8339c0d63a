/**
 * `npm run restore -- DIR`: restores a backup made by `npm run backup` into DATA_DIR, which must
 * hold no database and no files. Every file and the database are checked against the backup's
 * manifest (SHA-256, rows per table) before anything is moved into place.
 */
import path from 'node:path';
import { restoreEmbedded } from '../apps/server/src/platform/backup';

const from = process.argv[2];
if (!from) {
  console.error('Usage: npm run restore -- <backup folder>');
  process.exit(1);
}
const dataDir = path.resolve(process.env.DATA_DIR ?? './data');
try {
  const manifest = await restoreEmbedded({ from: path.resolve(from), dataDir });
  const rows = Object.values(manifest.tables).reduce((sum, n) => sum + n, 0);
  console.log(
    `restored ${from} (taken ${manifest.createdAt}) into ${dataDir}: ${rows} rows and ` +
      `${Object.keys(manifest.files).length} files, all matching the manifest`,
  );
} catch (error) {
  // What went wrong, without a stack: nothing was written in place (see apps/server/src/platform/backup.ts).
  console.error((error as Error).message);
  process.exitCode = 1;
}
