import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import pg from 'pg';
import { createDatabase, DEFAULT_APP_ROLE, withCredentials, type DatabaseHandle } from '@sentinel/db';
import { appRolePassword } from '../database';
import { TEST_APP_SECRET } from './test-logs';

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

/**
 * A fresh, migrated database for one test file: `database` connects as the app role (as the
 * server's pool does), `owner` as the tables' owner, for what only the owner may do (tamper with
 * the audit trail, turn triggers off). The embedded database has one user: both are the same.
 */
export async function createTestDatabase(
  template: string,
): Promise<{ database: DatabaseHandle; owner: DatabaseHandle }> {
  if (testDbMode() === 'postgres') {
    const name = `sentinel_test_${randomBytes(6).toString('hex')}`;
    await withAdmin((admin) => admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`));
    const appUrl = withCredentials(databaseUrl(name), DEFAULT_APP_ROLE, appRolePassword(TEST_APP_SECRET));
    const handle = await createDatabase({ url: appUrl, poolMax: 5 });
    // Opens its one connection only when a test uses it.
    const owner = await createDatabase({ url: databaseUrl(name), poolMax: 1 });
    return {
      owner,
      database: {
        ...handle,
        close: async () => {
          await handle.close();
          await owner.close();
          await withAdmin((admin) => admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
        },
      },
    };
  }
  const tarball = await readFile(template);
  const database = await createDatabase({ loadDataDir: new Blob([tarball]) });
  return { database, owner: database };
}
