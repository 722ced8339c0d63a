import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema/index';

export type Schema = typeof schema;
/** The drizzle database, whichever driver is behind it. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handed to `db.transaction(async (tx) => …)`. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
/** Repositories accept either, so a service can run them inside its transaction. */
export type DbOrTx = Database | Transaction;

export interface DatabaseHandle {
  db: Database;
  /** 'postgres' when DATABASE_URL is set, 'embedded' for PGlite. */
  kind: 'postgres' | 'embedded';
  /** The connection string (PostgreSQL only): a second server instance on the same database. */
  url?: string;
  /** Runs one SQL statement with parameters (used by the readiness probe and the job queue). */
  query<T = Record<string, unknown>>(text: string, values?: unknown[]): Promise<{ rows: T[] }>;
  /**
   * The connection pool's use (node-postgres totalCount, idleCount, waitingCount and its size);
   * absent for the embedded database, which is one in-process connection with no pool.
   */
  poolStats?: () => { total: number; idle: number; waiting: number; max: number };
  /**
   * LISTENs on `channel`: `onPayload` gets each NOTIFY's payload, sent by any connection (any
   * server instance) once its transaction commits. On PostgreSQL a dedicated connection listens and
   * comes back after it is lost; `onResume` is then called, since what was notified meanwhile is
   * gone. Resolves to a function that stops listening.
   */
  listen(
    channel: string,
    onPayload: (payload: string) => void,
    onResume?: () => void,
  ): Promise<() => Promise<void>>;
  /** The embedded database's files as a tarball (test fixtures start from it; backups, gzipped). */
  dumpDataDir?: (compression?: 'none' | 'gzip') => Promise<Blob>;
  close(): Promise<void>;
}

export const migrationsFolder = fileURLToPath(new URL('../migrations', import.meta.url));

export interface DatabaseOptions {
  /** A PostgreSQL connection string; when absent the embedded database is used. */
  url?: string;
  /** Where the embedded database keeps its files; absent means in memory. */
  dataDir?: string;
  /** A data-directory tarball to start the embedded database from (fast test fixtures). */
  loadDataDir?: Blob;
  /** Pool size for PostgreSQL. */
  poolMax?: number;
}

export async function createDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.url) {
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.poolMax ?? 10,
      connectionTimeoutMillis: 5_000,
      // Bound every statement so a hung database answers an error instead of holding requests:
      // the server cancels a statement after 15 s, and should the server itself not answer (frozen,
      // or the network gone) the client gives up a second later and drops that connection.
      statement_timeout: 15_000,
      query_timeout: 16_000,
    });
    pool.on('error', () => {
      // An idle client lost its connection; the pool replaces it. Nothing to do here.
    });
    // A checked-out client (a transaction between statements) whose connection drops emits
    // 'error' with no query to take it: unheard, that is an uncaught exception and the process
    // went down whenever PostgreSQL restarted. Its next statement fails instead, and the pool
    // discards it on release.
    pool.on('connect', (client) => {
      client.on('error', () => undefined);
      // A statement the client gave up on (query_timeout) leaves its connection waiting on a server
      // that does not answer, and a transaction's ROLLBACK would wait on it as long again: the
      // connection is dropped at once (as node-postgres drops one that timed out connecting).
      const query = client.query.bind(client) as (...args: unknown[]) => unknown;
      (client as { query: unknown }).query = (...args: unknown[]) => {
        const result = query(...args);
        if (result instanceof Promise)
          result.catch((error: unknown) => {
            if ((error as Error).message === 'Query read timeout')
              (
                client as unknown as { connection: { stream: { destroy(): void } } }
              ).connection.stream.destroy();
          });
        return result;
      };
    });
    const db = drizzlePg(pool, { schema }) as unknown as Database;
    return {
      db,
      kind: 'postgres',
      url: options.url,
      query: async (text, values) => {
        const result = await pool.query(text, values as unknown[]);
        return { rows: result.rows };
      },
      poolStats: () => ({
        total: pool.totalCount,
        idle: pool.idleCount,
        waiting: pool.waitingCount,
        max: pool.options.max ?? 10,
      }),
      listen: (channel, onPayload, onResume) => listenOnPostgres(options.url!, channel, onPayload, onResume),
      close: () => pool.end(),
    };
  }
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const client = await PGlite.create({
    dataDir: options.dataDir,
    loadDataDir: options.loadDataDir,
    extensions: { pg_trgm },
  });
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  return {
    db,
    kind: 'embedded',
    query: async (text, values) => {
      const result = await client.query(text, values);
      return { rows: result.rows as never[] };
    },
    listen: async (channel, onPayload) => {
      const stop = await client.listen(channel, onPayload);
      return async () => {
        if (!client.closed) await stop();
      };
    },
    dumpDataDir: async (compression = 'none') => (await client.dumpDataDir(compression)) as Blob,
    close: () => client.close(),
  };
}

const LISTEN_RETRY_MS = [250, 1_000, 5_000];

/** A connection of its own that LISTENs, opened again (250 ms, 1 s, then every 5 s) when lost. */
async function listenOnPostgres(
  url: string,
  channel: string,
  onPayload: (payload: string) => void,
  onResume?: () => void,
): Promise<() => Promise<void>> {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`Not a channel name: ${channel}`);
  let stopped = false;
  let client: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
    next.on('notification', (message) => {
      if (message.channel === channel) onPayload(message.payload ?? '');
    });
    next.on('error', () => undefined); // 'end' follows; it reconnects.
    next.on('end', () => {
      if (stopped || client !== next) return;
      client = undefined;
      schedule(0);
    });
    client = next;
    await next.connect();
    await next.query(`LISTEN ${channel}`);
  };
  const schedule = (attempt: number) => {
    retry = setTimeout(
      () => {
        connect().then(
          () => onResume?.(),
          () => {
            client = undefined;
            if (!stopped) schedule(attempt + 1);
          },
        );
      },
      LISTEN_RETRY_MS[Math.min(attempt, LISTEN_RETRY_MS.length - 1)],
    );
    retry.unref();
  };
  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    await client?.end().catch(() => undefined);
  };
}

/**
 * Applies every pending migration. Runs at start, from code (drizzle-kit cannot load PGlite
 * extensions). `folder` is for the migration tests, which stop at an earlier migration.
 */
export async function migrateDatabase(handle: DatabaseHandle, folder = migrationsFolder): Promise<void> {
  await handle.query('CREATE EXTENSION IF NOT EXISTS pg_trgm');
  if (handle.kind === 'postgres') {
    await migratePg(handle.db as never, { migrationsFolder: folder });
  } else {
    await migratePglite(handle.db as never, { migrationsFolder: folder });
  }
}
