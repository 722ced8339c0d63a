import { createHash, createHmac, pbkdf2Sync, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { DatabaseHandle } from './client';

/**
 * The app's queries run as a login role of their own, set up here by the role that migrates (the
 * tables' owner): it may read and write the app's tables but owns none, is no superuser, and may
 * only add to and read the audit trail. A superuser or the table's owner can disable the
 * append-only trigger or rewrite the table; this role cannot, so neither can anything the app is
 * made to run. On PostgreSQL only: the embedded database has one user (docs/security.md).
 */

/** The app role the server creates itself when it is given one connection string. */
export const DEFAULT_APP_ROLE = 'sentinel_app';

/**
 * The audit chain's triggers take and move the chain's head, which the app role may not change:
 * they run with their owner's rights, on a fixed search path so the caller's objects (a temporary
 * table named like the head) cannot stand in for ours.
 */
const OWNER_RIGHTS_FUNCTIONS = ['audit_log_chain()', 'audit_log_chain_head()'];

/** `url` with its user and password replaced: the app role's connection to the same database. */
export function withCredentials(url: string, user: string, password: string): string {
  const parsed = new URL(url);
  parsed.username = encodeURIComponent(user);
  parsed.password = encodeURIComponent(password);
  return parsed.toString();
}

/** The user and password a connection string names. */
export function credentialsOf(url: string): { user: string; password?: string } {
  const parsed = new URL(url);
  const user = decodeURIComponent(parsed.username);
  if (!user) throw new Error('the app’s DATABASE_URL must name its user (the app role)');
  return { user, password: parsed.password ? decodeURIComponent(parsed.password) : undefined };
}

/**
 * A SCRAM-SHA-256 verifier of `password` (RFC 7677, as PostgreSQL stores it): the role's
 * password is sent already hashed, so it never appears in the server's statement log.
 */
function scramVerifier(password: string): string {
  const salt = randomBytes(16);
  const salted = pbkdf2Sync(password.normalize('NFKC'), salt, 4096, 32, 'sha256');
  const clientKey = createHmac('sha256', salted).update('Client Key').digest();
  const storedKey = createHash('sha256').update(clientKey).digest();
  const serverKey = createHmac('sha256', salted).update('Server Key').digest();
  const b64 = (value: Buffer) => value.toString('base64');
  return `SCRAM-SHA-256$4096:${b64(salt)}$${b64(storedKey)}:${b64(serverKey)}`;
}

const ROLE_ATTRIBUTES = 'LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION NOBYPASSRLS';

/**
 * Makes sure the login role `role` exists: created with `password` when missing (the owner needs
 * CREATEROLE). A role the server manages itself (`managed`) also loses any power a login role of
 * the app should not have; an operator's own role is left as it is (assertAppRole judges it).
 */
export async function ensureLoginRole(
  owner: DatabaseHandle,
  role: string,
  password: string | undefined,
  options: { managed: boolean },
): Promise<void> {
  const { rows } = await owner.query<{ plain: boolean }>(
    `select rolcanlogin and not (rolsuper or rolcreatedb or rolcreaterole or rolreplication or rolbypassrls) as plain
       from pg_roles where rolname = $1`,
    [role],
  );
  if (rows.length === 0) {
    try {
      // The verifier holds only base64 characters, '$' and ':', so it needs no escaping.
      const withPassword = password === undefined ? '' : ` PASSWORD '${scramVerifier(password)}'`;
      await owner.query(`CREATE ROLE ${ident(role)} ${ROLE_ATTRIBUTES}${withPassword}`);
      return;
    } catch (error) {
      // Another server (or test run) created it at the same moment: go on as if it had existed.
      const code = (error as { code?: string }).code;
      if (code !== '23505' && code !== '42710') throw error;
    }
  } else if (options.managed && !rows[0]!.plain) {
    await owner.query(`ALTER ROLE ${ident(role)} ${ROLE_ATTRIBUTES}`);
  }
}

/** Sets the password of `role` (a role the server manages, whose password follows APP_SECRET). */
export async function setRolePassword(owner: DatabaseHandle, role: string, password: string): Promise<void> {
  await owner.query(`ALTER ROLE ${ident(role)} PASSWORD '${scramVerifier(password)}'`);
}

/**
 * Grants `role` exactly what the app needs on this database, again after every migration (so a
 * new table is granted, and a grant added by hand is taken back): read and write every table of
 * the app's schema, use its sequences, and only insert into and read the audit trail. Default
 * privileges cover tables the owner creates between two starts. One transaction, under a lock,
 * so two servers starting together do not collide.
 */
export async function grantAppRole(owner: DatabaseHandle, role: string): Promise<void> {
  const { rows } = await owner.query<{ database: string }>('select current_database() as database');
  const statements = [
    `GRANT CONNECT ON DATABASE ${ident(rows[0]!.database)} TO ${ident(role)}`,
    `GRANT USAGE ON SCHEMA public TO ${ident(role)}`,
    // Nobody but the owner creates objects in the app's schema (PostgreSQL 15's default).
    'REVOKE CREATE ON SCHEMA public FROM PUBLIC',
    `REVOKE ALL ON ALL TABLES IN SCHEMA public FROM ${ident(role)}`,
    `GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO ${ident(role)}`,
    `REVOKE ALL ON ALL SEQUENCES IN SCHEMA public FROM ${ident(role)}`,
    `GRANT USAGE ON ALL SEQUENCES IN SCHEMA public TO ${ident(role)}`,
    `ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO ${ident(role)}`,
    `ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT USAGE ON SEQUENCES TO ${ident(role)}`,
    `REVOKE UPDATE, DELETE ON audit_log FROM ${ident(role)}`,
    `REVOKE INSERT, UPDATE, DELETE ON audit_chain_head FROM ${ident(role)}`,
    ...OWNER_RIGHTS_FUNCTIONS.map(
      (fn) => `ALTER FUNCTION ${fn} SECURITY DEFINER SET search_path = public, pg_temp`,
    ),
  ];
  await owner.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('sentinel app role grants'))`);
    for (const statement of statements) await tx.execute(sql.raw(statement));
  });
}

/** A role name quoted as an SQL identifier. */
function ident(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/**
 * Refuses a connection that could bypass the audit trail's guarantee: a superuser, or a role that
 * owns (or may act as the owner of) a table of the app's schema. Run on the app's pool at start.
 */
export async function assertAppRole(handle: DatabaseHandle): Promise<void> {
  const { rows } = await handle.query<{ role: string; superuser: boolean; owned: string | null }>(
    `select current_user as role,
            (select rolsuper or rolbypassrls or rolcreaterole from pg_roles where rolname = current_user) as superuser,
            (select tablename from pg_tables
              where schemaname = 'public' and pg_has_role(current_user, tableowner, 'MEMBER')
              order by tablename limit 1) as owned`,
  );
  const { role, superuser, owned } = rows[0]!;
  const problem = superuser
    ? 'is a superuser (or may bypass row security or create roles)'
    : owned
      ? `owns the table ${owned} (or may act as its owner)`
      : undefined;
  if (problem)
    throw new Error(
      `The app connects as "${role}", which ${problem}: it could disable the audit trail's protection. ` +
        'Give DATABASE_URL a role that is neither, and DATABASE_ADMIN_URL the owner (README, Configuration).',
    );
}
