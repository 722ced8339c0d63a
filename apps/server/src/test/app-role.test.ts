import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { ConfigError, loadConfig } from '../config';
import { appRolePassword, openDatabase } from '../database';
import { verifyAuditChain } from '../platform/audit-chain';
import { login, makeUser, TEST_APP_SECRET, useTestContext } from './helpers';
import { adminUrl, databaseUrl, testDbMode, withAdmin } from './test-database';

const ctx = useTestContext();

/** The error `statement` fails with, as the app's connection runs it (undefined: it succeeded). */
async function refusal(statement: string): Promise<string | undefined> {
  return ctx.database.query(statement).then(
    () => undefined,
    (error: Error) => error.message,
  );
}

// The embedded database has one user, so the guarantee is PostgreSQL's (docs/security.md, Audit).
describe.runIf(testDbMode() === 'postgres')('the app’s database role', () => {
  it('is neither a superuser nor the owner of any table', async () => {
    const { rows } = await ctx.database.query<{
      role: string;
      superuser: boolean;
      owned: number;
      others: number;
    }>(
      `select current_user as role,
              (select rolsuper from pg_roles where rolname = current_user) as superuser,
              (select count(*)::int from pg_tables where schemaname = 'public' and tableowner = current_user) as owned,
              (select count(*)::int from pg_tables where schemaname = 'public' and tableowner <> current_user) as others`,
    );
    expect(rows[0]).toMatchObject({ role: 'sentinel_app', superuser: false, owned: 0 });
    expect(rows[0]!.others).toBeGreaterThan(30);
  });

  it('may not change, remove or truncate audit rows, turn the trigger off, or move the chain’s head', async () => {
    const user = await makeUser(ctx);
    await login(ctx, user.email, user.password);
    const denied = (table: string) => `permission denied for table ${table}`;
    expect(await refusal(`UPDATE audit_log SET outcome = 'failure'`)).toBe(denied('audit_log'));
    expect(await refusal('DELETE FROM audit_log')).toBe(denied('audit_log'));
    expect(await refusal('TRUNCATE audit_log')).toBe(denied('audit_log'));
    expect(await refusal('ALTER TABLE audit_log DISABLE TRIGGER audit_log_append_only')).toBe(
      'must be owner of table audit_log',
    );
    expect(await refusal('ALTER TABLE audit_log DISABLE TRIGGER ALL')).toBe(
      'must be owner of table audit_log',
    );
    expect(await refusal('DROP TRIGGER audit_log_append_only ON audit_log')).toBe(
      'must be owner of relation audit_log',
    );
    expect(await refusal('UPDATE audit_chain_head SET seq = 0, hash = null')).toBe(
      denied('audit_chain_head'),
    );
    expect(await refusal('DELETE FROM audit_chain_head')).toBe(denied('audit_chain_head'));
    expect(await refusal('INSERT INTO audit_chain_head (id, seq) VALUES (2, 0)')).toBe(
      denied('audit_chain_head'),
    );
    // Nor step around the grants: replication mode skips triggers, another role owns the tables.
    expect(await refusal('SET session_replication_role = replica')).toMatch(
      /^permission denied to set parameter/,
    );
    expect(await refusal('SET ROLE postgres')).toMatch(/^permission denied to set role/);
    expect(await refusal('CREATE TABLE audit_copy (id int)')).toBe('permission denied for schema public');
    const report = await verifyAuditChain(ctx.database);
    expect(report.rows).toBeGreaterThan(0);
    expect(report.problems).toEqual([]);
  });

  it('writes audit rows through the chain’s triggers, several in one transaction', async () => {
    const before = await verifyAuditChain(ctx.database);
    await ctx.database.db.transaction(async (tx) => {
      for (let i = 0; i < 3; i++)
        await tx.execute(sql`INSERT INTO audit_log (action, outcome) VALUES ('app_role_check', 'success')`);
    });
    const after = await verifyAuditChain(ctx.database);
    expect(after).toMatchObject({ rows: before.rows + 3, problems: [] });
    const { rows } = await ctx.database.query<{ seq: number; hash: string }>(
      'SELECT seq::int, hash FROM audit_chain_head',
    );
    expect(rows).toEqual([{ seq: before.rows + 3, hash: after.headHash }]);
  });

  it('reads and writes every other table of the app, including one a later migration adds', async () => {
    const { rows } = await ctx.database.query<{ table: string; missing: string[] }>(
      `select tablename as table,
              array_remove(array[
                case when not has_table_privilege(current_user, 'public.' || tablename, 'SELECT') then 'SELECT' end,
                case when not has_table_privilege(current_user, 'public.' || tablename, 'INSERT') then 'INSERT' end,
                case when not has_table_privilege(current_user, 'public.' || tablename, 'UPDATE') then 'UPDATE' end,
                case when not has_table_privilege(current_user, 'public.' || tablename, 'DELETE') then 'DELETE' end,
                case when has_table_privilege(current_user, 'public.' || tablename, 'TRUNCATE') then 'has TRUNCATE' end
              ], null) as missing
         from pg_tables where schemaname = 'public' and tablename not in ('audit_log', 'audit_chain_head')`,
    );
    expect(rows.length).toBeGreaterThan(30);
    expect(rows.filter((row) => row.missing.length > 0)).toEqual([]);
    // A table the owner creates, as a migration would, is the app's to use at once.
    await ctx.owner.query('CREATE TABLE later_feature (id bigserial primary key, note text)');
    await ctx.database.query(`INSERT INTO later_feature (note) VALUES ('granted')`);
    expect((await ctx.database.query('SELECT note FROM later_feature')).rows).toEqual([{ note: 'granted' }]);
  });
});

describe('the audit trail as the tables’ owner', () => {
  it('is still refused changes by the trigger, which only the owner could turn off', async () => {
    const user = await makeUser(ctx);
    await login(ctx, user.email, user.password);
    for (const statement of [
      `UPDATE audit_log SET outcome = 'failure'`,
      'DELETE FROM audit_log',
      'TRUNCATE audit_log',
    ])
      await expect(ctx.owner.query(statement), statement).rejects.toThrow('audit_log is append-only');
  });
});

describe('configuration', () => {
  it('refuses DATABASE_ADMIN_URL without DATABASE_URL', () => {
    expect(() => loadConfig({ DATABASE_ADMIN_URL: 'postgres://owner@db/sentinel' })).toThrow(ConfigError);
    expect(() => loadConfig({ DATABASE_ADMIN_URL: 'postgres://owner@db/sentinel' })).toThrow(
      'DATABASE_ADMIN_URL: needs DATABASE_URL',
    );
  });
});

describe.runIf(testDbMode() === 'postgres')('opening the database at start', () => {
  const databases: string[] = [];
  afterAll(async () => {
    for (const name of databases)
      await withAdmin((admin) => admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
  });
  /** A copy of the migrated template, as a deployment's database. */
  async function deployment(): Promise<string> {
    const name = `sentinel_test_${randomBytes(6).toString('hex')}`;
    await withAdmin((admin) => admin.query(`CREATE DATABASE ${name} TEMPLATE ${inject('dbTemplate')}`));
    databases.push(name);
    return databaseUrl(name);
  }
  const currentUser = async (env: Record<string, string>) => {
    const database = await openDatabase(
      loadConfig({ NODE_ENV: 'test', APP_SECRET: TEST_APP_SECRET, ...env }),
    );
    try {
      return (await database.query<{ role: string }>('select current_user as role')).rows[0]!.role;
    } finally {
      await database.close();
    }
  };

  it('given the owner’s DATABASE_URL alone, migrates as the owner and runs the app as sentinel_app', async () => {
    const url = await deployment();
    expect(new URL(url).username).toBe(new URL(adminUrl()).username);
    expect(await currentUser({ DATABASE_URL: url })).toBe('sentinel_app');
  });

  it('given DATABASE_ADMIN_URL, runs the app as DATABASE_URL’s role, and refuses a superuser or owner there', async () => {
    const url = await deployment();
    const appUrl = new URL(url);
    appUrl.username = 'sentinel_app';
    appUrl.password = appRolePassword(TEST_APP_SECRET);
    expect(await currentUser({ DATABASE_ADMIN_URL: url, DATABASE_URL: appUrl.toString() })).toBe(
      'sentinel_app',
    );
    await expect(currentUser({ DATABASE_ADMIN_URL: url, DATABASE_URL: url })).rejects.toThrow(
      /^The app connects as "\w+", which is a superuser .*: it could disable the audit trail's protection/,
    );
  });
});
