import { randomBytes } from 'node:crypto';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createDatabase, migrateDatabase, migrationsFolder, type DatabaseHandle } from '@sentinel/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyAuditChain } from '../platform/audit-chain';
import { databaseUrl, testDbMode, withAdmin } from './test-database';

const FIXTURE = fileURLToPath(
  new URL('../../../../packages/db/test-fixtures/demo-firm-0004.sql', import.meta.url),
);

/** A copy of the migrations folder that stops after `count` migrations. */
async function migrationsUpTo(count: number): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'sentinel-migrations-'));
  await cp(migrationsFolder, dir, { recursive: true });
  const journalFile = path.join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(await readFile(journalFile, 'utf8'));
  journal.entries = journal.entries.slice(0, count);
  await writeFile(journalFile, JSON.stringify(journal));
  return dir;
}

/** An empty database of its own (a new PostgreSQL database, or an in-memory PGlite). */
async function emptyDatabase(): Promise<DatabaseHandle> {
  if (testDbMode() === 'embedded') return createDatabase({});
  const name = `sentinel_migration_${randomBytes(6).toString('hex')}`;
  await withAdmin((admin) => admin.query(`CREATE DATABASE ${name}`));
  const handle = await createDatabase({ url: databaseUrl(name), poolMax: 1 });
  return {
    ...handle,
    close: async () => {
      await handle.close();
      await withAdmin((admin) => admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}

const rows = async <T>(db: DatabaseHandle, sql: string) => (await db.query<T>(sql)).rows;
/** `SELECT count(*) FROM <from>`. */
const countOf = async (db: DatabaseHandle, from: string) =>
  (await rows<{ n: number }>(db, `SELECT count(*)::int n FROM ${from}`))[0]!.n;

describe('migration 0005 (memberships) on a copy of the demo firm', () => {
  let db: DatabaseHandle;
  let before: Record<string, number>;
  let users: Array<{ id: string; firm_id: string; user_type: string; status: string }>;
  const dirs: string[] = [];

  beforeAll(async () => {
    db = await emptyDatabase();
    const upTo0004 = await migrationsUpTo(5);
    dirs.push(upTo0004);
    await migrateDatabase(db, upTo0004);
    for (const statement of (await readFile(FIXTURE, 'utf8')).split('\n')) {
      if (statement.startsWith('INSERT') || statement.startsWith('SELECT')) await db.query(statement);
    }
    // What the demo does not have: a deactivated client, and a session of the attorney.
    await db.query(`UPDATE users SET status = 'deactivated' WHERE email = 'theo.grant@demo.test'`);
    await db.query(
      `INSERT INTO sessions (user_id, expires_at) SELECT id, now() + interval '1 day' FROM users WHERE email = 'attorney@demo.test'`,
    );
    users = await rows(db, 'SELECT id, firm_id, user_type, status FROM users ORDER BY id');
    before = {};
    for (const table of [
      'firms',
      'users',
      'client_profiles',
      'cases',
      'case_members',
      'case_status_history',
      'audit_log',
      'sessions',
    ]) {
      before[table] = await countOf(db, table);
    }
    await migrateDatabase(db);
  });

  afterAll(async () => {
    await db?.close();
    await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
  });

  it('keeps every row of every table', async () => {
    expect(before.users).toBe(8);
    expect(before.cases).toBe(12);
    for (const [table, count] of Object.entries(before)) {
      expect(await countOf(db, table), table).toBe(count);
    }
  });

  it('gives every account a membership of its firm, with its type', async () => {
    const memberships = await rows<{
      user_id: string;
      firm_id: string;
      user_type: string;
      status: string;
      ended_reason: string | null;
    }>(db, 'SELECT user_id, firm_id, user_type, status, ended_reason FROM memberships ORDER BY user_id');
    expect(memberships).toEqual(
      users.map((user) => ({
        user_id: user.id,
        firm_id: user.firm_id,
        user_type: user.user_type,
        status: user.status === 'active' ? 'active' : 'ended',
        ended_reason: user.status === 'active' ? null : 'deactivated',
      })),
    );
    expect(memberships.filter((m) => m.status === 'ended')).toHaveLength(1);
  });

  it('makes sessions act in their user’s firm and drops the columns memberships replace', async () => {
    const [session] = await rows<{ firm_id: string; user_firm: string }>(
      db,
      `SELECT s.firm_id, m.firm_id AS user_firm FROM sessions s JOIN memberships m ON m.user_id = s.user_id`,
    );
    expect(session!.firm_id).toBe(session!.user_firm);
    const columns = await rows<{ column_name: string }>(
      db,
      `SELECT column_name FROM information_schema.columns WHERE table_name = 'users' ORDER BY column_name`,
    );
    expect(columns.map((c) => c.column_name)).not.toContain('firm_id');
    expect(columns.map((c) => c.column_name)).not.toContain('user_type');
    expect(columns.map((c) => c.column_name)).not.toContain('status');
  });

  it('keys the client directory by firm and person, and keeps cases, teams and activity linked', async () => {
    const casesWithoutDirectoryRow = await countOf(
      db,
      `cases c LEFT JOIN client_profiles cp ON cp.user_id = c.client_id AND cp.firm_id = c.firm_id
       WHERE cp.user_id IS NULL`,
    );
    expect(casesWithoutDirectoryRow).toBe(0);
    const teamWithoutMembership = await countOf(
      db,
      `case_members cm LEFT JOIN memberships m ON m.user_id = cm.user_id AND m.firm_id = cm.firm_id
       WHERE m.id IS NULL`,
    );
    expect(teamWithoutMembership).toBe(0);
    const [pk] = await rows<{ columns: string }>(
      db,
      `SELECT string_agg(a.attname, ',' ORDER BY a.attname) AS columns FROM pg_index i
       JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = ANY(i.indkey)
       WHERE i.indrelid = 'client_profiles'::regclass AND i.indisprimary`,
    );
    expect(pk!.columns).toBe('firm_id,user_id');
  });
});

describe('migration 0012 (the audit trail chained by hash) on a copy of the demo firm', () => {
  it('chains the rows written before it, in their order, and the chain checks out', async () => {
    const db = await emptyDatabase();
    const upTo0004 = await migrationsUpTo(5);
    try {
      await migrateDatabase(db, upTo0004);
      for (const statement of (await readFile(FIXTURE, 'utf8')).split('\n')) {
        if (statement.startsWith('INSERT') || statement.startsWith('SELECT')) await db.query(statement);
      }
      const before = await countOf(db, 'audit_log');
      expect(before).toBeGreaterThan(50);
      await migrateDatabase(db);
      const report = await verifyAuditChain(db);
      expect(report.rows).toBe(before);
      expect(report.problems).toEqual([]);
      const [first] = await rows<{ id: number; chain_seq: number; prev_hash: string | null }>(
        db,
        'SELECT id::int, chain_seq::int, prev_hash FROM audit_log ORDER BY id LIMIT 1',
      );
      expect(first).toMatchObject({ chain_seq: 1, prev_hash: null });
    } finally {
      await db.close();
      await rm(upTo0004, { recursive: true, force: true });
    }
  });
});

describe('migration 0010 (e-mails lower-cased)', () => {
  let upTo0009: string;
  beforeAll(async () => {
    upTo0009 = await migrationsUpTo(10);
  });
  afterAll(() => rm(upTo0009, { recursive: true, force: true }));
  const user = (email: string) =>
    `INSERT INTO users (email, password_hash, first_name, last_name) VALUES ('${email}', 'x', 'A', 'B')`;
  /** A database at migration 0009 holding users with these addresses. */
  async function withUsers(...emails: string[]): Promise<DatabaseHandle> {
    const db = await emptyDatabase();
    await migrateDatabase(db, upTo0009);
    for (const email of emails) await db.query(user(email));
    return db;
  }

  it('lower-cases every address, and then the database refuses one that is not', async () => {
    const db = await withUsers('Mixed@Client.Test', 'plain@client.test');
    try {
      await migrateDatabase(db);
      const emails = await rows<{ email: string }>(db, 'SELECT email FROM users ORDER BY email');
      expect(emails.map((row) => row.email)).toEqual(['mixed@client.test', 'plain@client.test']);
      await expect(db.query(user('Upper@Client.Test'))).rejects.toThrow(/users_email_lower_check/);
    } finally {
      await db.close();
    }
  });

  it('merges nothing: accounts differing only in case stop the migration, named, and nothing changes', async () => {
    const db = await withUsers('Dup@Client.Test', 'dup@client.test');
    try {
      const failure = await migrateDatabase(db).then(
        () => undefined,
        (error: Error) => error,
      );
      // drizzle names the failed statement; PostgreSQL's message is its cause.
      expect((failure?.cause as Error | undefined)?.message).toBe(
        'Accounts whose e-mail addresses differ only in case: dup@client.test. Merge or rename them, then start again.',
      );
      const emails = await rows<{ email: string }>(db, 'SELECT email FROM users ORDER BY email');
      expect(emails.map((row) => row.email)).toEqual(['Dup@Client.Test', 'dup@client.test']);
    } finally {
      await db.close();
    }
  });
});
