import { createHash, randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { chmod, copyFile, mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { connect, createServer } from 'node:net';
import path from 'node:path';
import { createDatabase, type DatabaseHandle } from '@sentinel/db';

/**
 * Backups of the embedded database (PGlite in DATA_DIR/db) and the stored files (DATA_DIR/files).
 *
 * PGlite is one process's database: while the server runs, no other process may open its files.
 * So the running server hands out snapshots itself, on a Unix socket in DATA_DIR/run (a folder
 * only its owner may enter: whoever may read DATA_DIR may take a backup, nobody else, and nothing
 * listens on the network). A snapshot is PGlite's own dump of its data directory, taken after a
 * CHECKPOINT while PGlite's query lock is held, so no statement writes during it: restored, it is
 * the database as of that moment, with a transaction that was open then rolled back as after a
 * crash. With the server stopped, `backupEmbedded` opens the database itself.
 *
 * Files are copied after the snapshot: a file stored since is an extra the hourly clean-up
 * removes after a restore; every document the snapshot names must have its file, or the backup
 * fails.
 */

export const backupSocketPath = (dataDir: string) => path.join(dataDir, 'run', 'backup.sock');

/** What a backup holds, written beside it as manifest.json and checked by the restore. */
export interface BackupManifest {
  format: 1;
  createdAt: string;
  /** SHA-256 of db.tar.gz, PGlite's dump of its data directory. */
  databaseSha256: string;
  /** Rows per table in the snapshot. */
  tables: Record<string, number>;
  /** Every stored file, by its path under files/, with its SHA-256. */
  files: Record<string, string>;
  /** Whether DATA_DIR/app-secret (the development APP_SECRET) is included. */
  appSecret: boolean;
}

async function snapshot(database: Pick<DatabaseHandle, 'query' | 'dumpDataDir'>): Promise<Buffer> {
  if (!database.dumpDataDir) throw new Error('Only the embedded database is backed up this way');
  await database.query('CHECKPOINT');
  return Buffer.from(await (await database.dumpDataDir('gzip')).arrayBuffer());
}

/**
 * Serves a snapshot to each connection on DATA_DIR/run/backup.sock (length-prefixed). Returns a
 * function that stops serving. Called by main.ts for the embedded database.
 */
export async function serveBackups(
  database: Pick<DatabaseHandle, 'query' | 'dumpDataDir'>,
  dataDir: string,
  warn: (message: string, err?: unknown) => void,
): Promise<() => Promise<void>> {
  const socketPath = backupSocketPath(dataDir);
  // A Unix socket's path has a 108-byte limit: a very deep DATA_DIR backs up only when stopped.
  if (Buffer.byteLength(socketPath) > 100) {
    warn(`DATA_DIR is too deep for the backup socket; stop the server to back it up`);
    return async () => undefined;
  }
  await mkdir(path.dirname(socketPath), { recursive: true, mode: 0o700 });
  await chmod(path.dirname(socketPath), 0o700);
  await rm(socketPath, { force: true }); // left by a server that did not stop cleanly
  const server = createServer((socket) => {
    socket.on('error', () => undefined);
    snapshot(database).then(
      (bytes) => {
        const length = Buffer.alloc(8);
        length.writeBigUInt64BE(BigInt(bytes.length));
        socket.end(Buffer.concat([length, bytes]));
      },
      (err: unknown) => {
        warn('backup snapshot failed', err);
        socket.destroy();
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, resolve);
  });
  return () => new Promise<void>((resolve) => server.close(() => resolve()));
}

/** A snapshot from the running server, or undefined when none listens. */
function snapshotFromServer(socketPath: string): Promise<Buffer | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const socket = connect(socketPath);
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', (error: NodeJS.ErrnoException) => {
      if (chunks.length === 0 && (error.code === 'ENOENT' || error.code === 'ECONNREFUSED'))
        resolve(undefined);
      else reject(error);
    });
    socket.on('end', () => {
      const all = Buffer.concat(chunks);
      const length = all.length >= 8 ? Number(all.readBigUInt64BE(0)) : -1;
      if (length !== all.length - 8)
        reject(new Error('The server did not send a whole snapshot (see its log)'));
      else resolve(all.subarray(8));
    });
  });
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

async function sha256OfFile(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** Every regular file under `root`, as paths relative to it ([] when it does not exist). */
async function filesUnder(root: string): Promise<string[]> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)))
    .sort();
}

/** Opens a snapshot (in memory, or into `dataDir`) and counts each table's rows and documents' keys. */
async function readSnapshot(bytes: Buffer, dataDir?: string) {
  const handle = await createDatabase({ dataDir, loadDataDir: new Blob([bytes]) });
  try {
    const { rows: tables } = await handle.query<{ name: string }>(
      `select table_name as name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
    );
    const counts: Record<string, number> = {};
    for (const { name } of tables) {
      const { rows } = await handle.query<{ n: number }>(`select count(*)::int as n from "${name}"`);
      counts[name] = rows[0]!.n;
    }
    const { rows: keys } = await handle.query<{ key: string }>(
      'select storage_key as key from documents where storage_key is not null',
    );
    return { tables: counts, storageKeys: keys.map((row) => row.key) };
  } finally {
    await handle.close();
  }
}

/**
 * Writes a backup of DATA_DIR into `out` (which must not exist): db.tar.gz, files/, app-secret
 * when there is one, and manifest.json. It is built in `out.partial` and renamed at the end, so a
 * failed backup leaves no folder that looks complete.
 */
export async function backupEmbedded(options: {
  dataDir: string;
  out: string;
  /** The documents are in an S3 bucket (S3_BUCKET), backed up there, not in DATA_DIR/files. */
  filesInBucket?: boolean;
}): Promise<BackupManifest> {
  const { dataDir, out } = options;
  let bytes = await snapshotFromServer(backupSocketPath(dataDir));
  if (!bytes) {
    // No server runs on this DATA_DIR: the database is ours to open for the moment.
    const dbDir = path.join(dataDir, 'db');
    if (!(await stat(path.join(dbDir, 'PG_VERSION')).catch(() => undefined)))
      throw new Error(`There is no embedded database in ${dbDir}`);
    const handle = await createDatabase({ dataDir: dbDir });
    try {
      bytes = await snapshot(handle);
    } finally {
      await handle.close();
    }
  }
  if (await stat(out).catch(() => undefined)) throw new Error(`${out} already exists`);
  const partial = `${out}.partial`;
  await rm(partial, { recursive: true, force: true });
  await mkdir(path.join(partial, 'files'), { recursive: true, mode: 0o700 });
  try {
    await writeFile(path.join(partial, 'db.tar.gz'), bytes, { mode: 0o600 });
    const { tables, storageKeys } = await readSnapshot(bytes);

    const filesRoot = path.join(dataDir, 'files');
    const files: Record<string, string> = {};
    for (const relative of await filesUnder(filesRoot)) {
      const target = path.join(partial, 'files', relative);
      await mkdir(path.dirname(target), { recursive: true });
      await copyFile(path.join(filesRoot, relative), target);
      files[relative] = await sha256OfFile(target);
    }
    const copiedKeys = new Set(Object.keys(files).map((relative) => path.basename(relative)));
    const missing = options.filesInBucket ? [] : storageKeys.filter((key) => !copiedKeys.has(key));
    if (missing.length > 0)
      throw new Error(
        `${missing.length} document(s) in the snapshot have no file in ${filesRoot} (deleted meanwhile?): run the backup again`,
      );

    const secret = await readFile(path.join(dataDir, 'app-secret')).catch(() => undefined);
    if (secret) await writeFile(path.join(partial, 'app-secret'), secret, { mode: 0o600 });
    const manifest: BackupManifest = {
      format: 1,
      createdAt: new Date().toISOString(),
      databaseSha256: sha256(bytes),
      tables,
      files,
      appSecret: Boolean(secret),
    };
    await writeFile(path.join(partial, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    await rename(partial, out);
    return manifest;
  } catch (error) {
    await rm(partial, { recursive: true, force: true });
    throw error;
  }
}

/**
 * Restores a backup into a DATA_DIR with no database and no files: checks every file's and the
 * snapshot's SHA-256 against the manifest, loads the snapshot and compares its row counts, all in
 * a staging folder inside DATA_DIR that is renamed into place only when everything matched.
 */
export async function restoreEmbedded(options: { from: string; dataDir: string }): Promise<BackupManifest> {
  const { from, dataDir } = options;
  const manifest = JSON.parse(await readFile(path.join(from, 'manifest.json'), 'utf8')) as BackupManifest;
  if (manifest.format !== 1) throw new Error(`Unknown backup format ${String(manifest.format)}`);
  for (const name of ['db', 'files']) {
    const present = await readdir(path.join(dataDir, name)).catch(() => []);
    if (present.length > 0)
      throw new Error(`${path.join(dataDir, name)} is not empty: restore into an empty DATA_DIR`);
  }
  const bytes = await readFile(path.join(from, 'db.tar.gz'));
  if (sha256(bytes) !== manifest.databaseSha256) throw new Error('db.tar.gz does not match the manifest');

  const staging = path.join(dataDir, `.restore-${randomBytes(4).toString('hex')}`);
  await mkdir(path.join(staging, 'files'), { recursive: true, mode: 0o700 });
  try {
    const listed = Object.keys(manifest.files).sort();
    const found = await filesUnder(path.join(from, 'files'));
    if (found.join('\n') !== listed.join('\n'))
      throw new Error('The files in the backup are not those of its manifest');
    for (const relative of listed) {
      const target = path.join(staging, 'files', relative);
      await mkdir(path.dirname(target), { recursive: true });
      await copyFile(path.join(from, 'files', relative), target);
      if ((await sha256OfFile(target)) !== manifest.files[relative])
        throw new Error(`files/${relative} does not match the manifest`);
    }
    const { tables } = await readSnapshot(bytes, path.join(staging, 'db'));
    if (JSON.stringify(tables) !== JSON.stringify(manifest.tables))
      throw new Error('The restored database does not hold the rows the manifest lists');

    for (const name of ['db', 'files']) {
      await rm(path.join(dataDir, name), { recursive: true, force: true });
      await rename(path.join(staging, name), path.join(dataDir, name));
    }
    if (manifest.appSecret) {
      const secret = await readFile(path.join(from, 'app-secret'));
      await writeFile(path.join(dataDir, 'app-secret'), secret, { mode: 0o600 });
    }
    return manifest;
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}
