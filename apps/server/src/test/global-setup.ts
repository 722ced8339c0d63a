import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { createDatabase, migrateDatabase } from '@sentinel/db';
import { openAsAppRole } from '../database';
import { databaseUrl, testDbMode, withAdmin } from './test-database';
import { TEST_APP_SECRET, TEST_LOG_DIR } from './test-logs';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated template database name (postgres) or data-dir tarball path (embedded). */
    dbTemplate: string;
  }
}

/** Migrates one database for the whole run; each test file copies it. */
export default async function setup(project: TestProject) {
  // This run's logs only (scripts/check-test-logs.ts reads them after it).
  await rm(TEST_LOG_DIR, { recursive: true, force: true });
  if (testDbMode() === 'postgres') {
    const template = `sentinel_tpl_${randomBytes(6).toString('hex')}`;
    await withAdmin((admin) => admin.query(`CREATE DATABASE ${template}`));
    // Migrated as the owner, with the app role granted its rights (which each copy keeps), as
    // the server does at start: the tests' apps then connect as the app role.
    const handle = await openAsAppRole(databaseUrl(template), { appSecret: TEST_APP_SECRET }, { poolMax: 1 });
    await handle.close();
    project.provide('dbTemplate', template);
    console.log(`[server tests] PostgreSQL, template ${template}`);
    return async () => {
      await withAdmin((admin) => admin.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`));
    };
  }
  const dir = await mkdtemp(path.join(os.tmpdir(), 'sentinel-test-'));
  const handle = await createDatabase({});
  await migrateDatabase(handle);
  const tarball = await dumpEmbedded(handle);
  await handle.close();
  const file = path.join(dir, 'template.tar');
  await writeFile(file, tarball);
  project.provide('dbTemplate', file);
  console.log('[server tests] embedded database (PGlite)');
  return async () => {
    await rm(dir, { recursive: true, force: true });
  };
}

async function dumpEmbedded(handle: Awaited<ReturnType<typeof createDatabase>>): Promise<Buffer> {
  const blob = await handle.dumpDataDir!();
  return Buffer.from(await blob.arrayBuffer());
}
