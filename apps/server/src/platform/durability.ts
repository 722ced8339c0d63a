import type { DatabaseHandle } from '@sentinel/db';

/** Thrown when PostgreSQL runs with a setting under which a committed write can be lost. */
export class NotDurableError extends Error {}

/**
 * Every 2xx for a write promises the row is committed with its WAL flushed. With `fsync` or
 * `full_page_writes` off, or `synchronous_commit` off (for the app's role or database too),
 * PostgreSQL can lose the latest commits or corrupt its files in a crash, so the server refuses
 * to start on it (and closes the handle). The embedded database has no such settings to check.
 */
export async function assertDurable<T extends Pick<DatabaseHandle, 'kind' | 'query' | 'close'>>(
  handle: T,
): Promise<T> {
  if (handle.kind !== 'postgres') return handle;
  const { rows } = await handle.query<{ name: string; setting: string }>(
    `select name, setting from pg_settings where name in ('fsync', 'full_page_writes', 'synchronous_commit')`,
  );
  const off = rows.filter((row) => row.setting === 'off').map((row) => `${row.name}=off`);
  if (off.length === 0) return handle;
  await handle.close();
  throw new NotDurableError(
    `PostgreSQL runs with ${off.join(', ')}: a committed write could be lost in a crash. ` +
      'Turn it back on (postgresql.conf, or the role or database that sets it) and start Sentinel again.',
  );
}
