import { createHash } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createDatabase, migrateDatabase, schema, type DatabaseHandle } from '@sentinel/db';
import { createUser } from '@sentinel/db/factories';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { backupEmbedded, backupSocketPath, restoreEmbedded, serveBackups } from './backup';

/**
 * Reliability row 48 for the embedded database: `npm run backup` while the server runs (the
 * server hands out the snapshot), then `npm run restore` into an empty DATA_DIR: the restored
 * database has the snapshot's rows, table by table, and every stored file with its SHA-256; what
 * was written after the snapshot is not in it. With the server stopped, the backup opens the
 * database itself.
 */
let root: string;
let dataDir: string;
let database: DatabaseHandle;
let app: FastifyInstance;
let stopBackups: () => Promise<void>;
let running = false;
const file = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(30_000, 'b'), Buffer.from('\n%%EOF\n')]);
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

async function countRows(handle: DatabaseHandle, table: string): Promise<number> {
  const { rows } = await handle.query<{ n: number }>(`select count(*)::int as n from "${table}"`);
  return rows[0]!.n;
}

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'sentinel-backup-'));
  dataDir = path.join(root, 'data');
  database = await createDatabase({ dataDir: path.join(dataDir, 'db') });
  await migrateDatabase(database);
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir, // no APP_SECRET: the development secret in DATA_DIR, which the backup keeps
    PUBLIC_URL: 'http://sentinel.test',
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: path.join(root, 'no-web-build'),
  });
  app = await buildApp({ config, database });
  await app.ready();
  stopBackups = await serveBackups(database, dataDir, (message) => {
    throw new Error(message);
  });
  running = true;
}, 60_000);

async function stopServer() {
  if (!running) return;
  running = false;
  await stopBackups();
  await app.close();
  await database.close();
}
afterAll(async () => {
  await stopServer();
  await rm(root, { recursive: true, force: true });
});

describe('backup and restore of the embedded database', () => {
  it('backs up the running server consistently and restores it into an empty DATA_DIR', async () => {
    const attorney = await createUser(database.db, { userType: 'attorney', password: 'Harbor-Lights-2026!' });
    const token = (
      await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: attorney.email, password: 'Harbor-Lights-2026!' },
      })
    ).json().token as string;
    const boundary = 'backup0123456789';
    const uploaded = await app.inject({
      method: 'POST',
      url: '/api/document/upload/single',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
      payload: Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="policy.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
        ),
        file,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
    });
    expect(uploaded.statusCode).toBe(200);
    expect((await stat(backupSocketPath(dataDir))).isSocket()).toBe(true);

    // Meanwhile, transactions that each add two rows: the snapshot holds whole ones only.
    let writing = true;
    let pairs = 0;
    const writer = (async () => {
      while (writing) {
        await database.db.transaction(async (tx) => {
          for (let n = 0; n < 2; n++)
            await tx.insert(schema.jobs).values({ kind: 'backup.pair', payload: { pair: pairs } });
        });
        pairs += 1;
        // PGlite answers without I/O: yield, as requests arriving over the network would.
        await new Promise((resolve) => setImmediate(resolve));
      }
    })();
    while (pairs < 5) await new Promise((resolve) => setTimeout(resolve, 10));
    const out = path.join(root, 'backup-1');
    const manifest = await backupEmbedded({ dataDir, out }).finally(() => (writing = false));
    await writer;
    // Written after the snapshot: not in the backup.
    await createUser(database.db, { userType: 'attorney' });

    const [document] = await database.db.select().from(schema.documents);
    expect(manifest.tables.documents).toBe(1);
    expect(manifest.tables.users).toBe(1);
    expect(manifest.tables.audit_log).toBe(await countRows(database, 'audit_log'));
    expect(Object.values(manifest.files)).toEqual([sha256(file)]);
    expect(manifest.appSecret).toBe(true);
    expect((await readdir(root)).filter((name) => name.startsWith('backup'))).toEqual(['backup-1']);

    const restoredDir = path.join(root, 'restored');
    await restoreEmbedded({ from: out, dataDir: restoredDir });
    const restored = await createDatabase({ dataDir: path.join(restoredDir, 'db') });
    try {
      for (const [table, rows] of Object.entries(manifest.tables))
        expect(await countRows(restored, table)).toBe(rows);
      const { rows: halves } = await restored.query<{ n: number }>(
        `select count(*)::int as n from jobs where kind = 'backup.pair' group by payload->>'pair' having count(*) <> 2`,
      );
      expect(halves).toEqual([]);
      expect(manifest.tables.jobs).toBeGreaterThanOrEqual(10);
      const [row] = await restored.db.select().from(schema.documents);
      expect(row?.storageKey).toBe(document?.storageKey);
      const stored = await readFile(
        path.join(restoredDir, 'files', row!.storageKey.slice(0, 2), row!.storageKey),
      );
      expect(sha256(stored)).toBe(sha256(file));
    } finally {
      await restored.close();
    }
    expect(await readFile(path.join(restoredDir, 'app-secret'), 'utf8')).toBe(
      await readFile(path.join(dataDir, 'app-secret'), 'utf8'),
    );
    // Only into an empty DATA_DIR; and a backup folder is never overwritten.
    await expect(restoreEmbedded({ from: out, dataDir: restoredDir })).rejects.toThrow('is not empty');
    await expect(backupEmbedded({ dataDir, out })).rejects.toThrow('already exists');
  }, 120_000);

  it('backs up a stopped server by opening the database itself', async () => {
    await stopServer();
    const manifest = await backupEmbedded({ dataDir, out: path.join(root, 'backup-2') });
    expect(manifest.tables.users).toBe(2);
    expect(manifest.tables.documents).toBe(1);
  }, 120_000);
});
