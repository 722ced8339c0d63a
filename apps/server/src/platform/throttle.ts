import { sql } from 'drizzle-orm';
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Database } from '@sentinel/db';
import type { RateLimitSetting } from '../config';

export interface ThrottleResult {
  allowed: boolean;
  /** Seconds until the window ends (for Retry-After). */
  retryAfter: number;
}

/**
 * Fixed-window attempt counters kept in the database, so every server instance sees the same
 * count and a restart does not reset them. A window ends by itself: there is no permanent lockout.
 */
export class Throttle {
  constructor(private readonly db: Database) {}

  /** Counts one attempt against `key` and says whether it is within the limit. */
  async hit(key: string, limit: RateLimitSetting): Promise<ThrottleResult> {
    const { count, retryAfter } = await this.count(key, limit);
    return { allowed: count <= limit.max, retryAfter };
  }

  /** Counts one attempt against `key`: the window's count so far, this one included. */
  async count(key: string, limit: RateLimitSetting): Promise<{ count: number; retryAfter: number }> {
    const result = await this.db.execute<{ count: number; retry_after: number }>(sql`
      insert into auth_throttle (key, count, window_started_at) values (${key}, 1, now())
      on conflict (key) do update set
        count = case when auth_throttle.window_started_at <= now() - make_interval(secs => ${limit.windowSeconds})
                     then 1 else auth_throttle.count + 1 end,
        window_started_at = case when auth_throttle.window_started_at <= now() - make_interval(secs => ${limit.windowSeconds})
                     then now() else auth_throttle.window_started_at end
      returning count,
        greatest(1, ceil(extract(epoch from (window_started_at + make_interval(secs => ${limit.windowSeconds}) - now()))))::int as retry_after`);
    const row = rowsOf<{ count: number; retry_after: number }>(result)[0]!;
    return { count: Number(row.count), retryAfter: Number(row.retry_after) };
  }

  /** Whether `key` is already over its limit, without counting an attempt. */
  async check(key: string, limit: RateLimitSetting): Promise<ThrottleResult> {
    const result = await this.db.execute<{ count: number; retry_after: number }>(sql`
      select count,
        greatest(1, ceil(extract(epoch from (window_started_at + make_interval(secs => ${limit.windowSeconds}) - now()))))::int as retry_after
      from auth_throttle
      where key = ${key} and window_started_at > now() - make_interval(secs => ${limit.windowSeconds})`);
    const row = rowsOf<{ count: number; retry_after: number }>(result)[0];
    if (!row) return { allowed: true, retryAfter: 0 };
    return { allowed: Number(row.count) < limit.max, retryAfter: Number(row.retry_after) };
  }

  async reset(key: string): Promise<void> {
    await this.db.execute(sql`delete from auth_throttle where key = ${key}`);
  }

  /**
   * Forgets counters whose window ended: their keys name accounts and IP addresses, kept no
   * longer than a limit needs them. `windowSeconds` is the longest window configured.
   */
  async forgetExpired(windowSeconds: number): Promise<number> {
    const result = await this.db.execute(
      sql`delete from auth_throttle where window_started_at <= now() - make_interval(secs => ${windowSeconds}) returning key`,
    );
    return rowsOf(result).length;
  }
}

/**
 * The global API limit's store for @fastify/rate-limit, counting in the same table: its default
 * store counts in each process's memory, so two instances on one database would each allow the
 * whole limit. One upsert per /api request (the embedded database, one process, keeps the default).
 */
export function sharedRateLimitStore(throttle: Throttle, limit: RateLimitSetting): FastifyRateLimitStoreCtor {
  return class SharedRateLimitStore implements FastifyRateLimitStore {
    incr(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void) {
      throttle.count(`api:${key}`, limit).then(
        ({ count, retryAfter }) => callback(null, { current: count, ttl: retryAfter * 1000 }),
        (error: Error) => callback(error),
      );
    }

    child(): FastifyRateLimitStore {
      return this;
    }
  };
}

/** node-postgres answers `{rows}`, PGlite answers `{rows}` too, but drizzle types them apart. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}
