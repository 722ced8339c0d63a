import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import pg from 'pg';
import { createDatabase, type DatabaseHandle } from '@sentinel/db';

/**
 * Where server tests keep their data. TEST_DB=postgres uses a real PostgreSQL server
 * (TEST_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres); TEST_DB=embedded uses
 * PGlite. Without TEST_DB, CI (CI=true) uses PostgreSQL and a developer machine the embedded one.
 * Each test file gets its own database, copied from one migrated at the start of the run.
 */
export type TestDbMode = 'postgres' | 'embedded';

export const testDbMode = (): TestDbMode => {
  const explicit = process.env.TEST_DB;
  if (explicit === 'postgres' || explicit === 'embedded') return explicit;
  return process.env.CI ? 'postgres' : 'embedded';
};

export const adminUrl = () => process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export const databaseUrl = (name: string) => {
  const url = new URL(adminUrl());
  url.pathname = `/${name}`;
  return url.toString();
};

export async function withAdmin<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl() });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/** A fresh, migrated database for one test file. */
export async function createTestDatabase(template: string): Promise<DatabaseHandle> {
  if (testDbMode() === 'postgres') {
    const name = `sentinel_test_${randomBytes(6).toString('hex')}`;
    await withAdmin((admin) => admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`));
    const handle = await createDatabase({ url: databaseUrl(name), poolMax: 5 });
    return {
      ...handle,
      close: async () => {
        await handle.close();
        await withAdmin((admin) => admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
      },
    };
  }
  const tarball = await readFile(template);
  return createDatabase({ loadDataDir: new Blob([tarball]) });
}
