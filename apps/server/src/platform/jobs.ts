import type { DatabaseHandle, DbOrTx } from '@sentinel/db';
import { schema } from '@sentinel/db';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';

export interface JobHandler {
  run(payload: Record<string, unknown>): Promise<void>;
  /** Called once the last attempt has failed. */
  failed?(payload: Record<string, unknown>, reason: string): Promise<void>;
  /** How many jobs of this kind one process runs at once (default 1). */
  concurrency?: number;
  /**
   * How long a claimed job is held before another process may take it over, as after a crash
   * (default 300 s). It must be longer than the job can run.
   */
  lockSeconds?: number;
}

/** A failure another attempt would only repeat (a document over a limit): the job fails at once. */
export class PermanentJobError extends Error {}

export interface EnqueueOptions {
  /**
   * Jobs with a fair key (the firm) share their kind's slots with other keys' jobs in turn: the
   * next job taken is the oldest of the key with the fewest running and served longest ago, so
   * one firm's hundred queued jobs delay only that firm.
   */
  fairKey?: string;
  /** Runs no sooner than this long after the enqueuing transaction's start (the away reply's 2 s). */
  delayMs?: number;
}

interface ClaimedJob {
  id: number;
  kind: string;
  payload: Record<string, unknown>;
  attempts: number;
  max_attempts: number;
}

const DEFAULT_LOCK_SECONDS = 300;
const DUE = `((status = 'queued' and run_at <= now()) or (status = 'running' and locked_until < now()))`;

/**
 * A small durable job queue in the `jobs` table: jobs survive restarts, a failed attempt is
 * retried with exponential backoff (5 s, 20 s, …) up to max_attempts, and a worker that dies
 * mid-job releases it when its lock runs out. Several server instances can work the same queue: a
 * claim takes a job only if it is still due, in one UPDATE.
 *
 * Each kind runs up to its handler's `concurrency` jobs at once, independently of other kinds (a
 * long analysis does not hold up a reminder), and a kind's slots go round the fair keys.
 */
export class JobQueue {
  private timer: NodeJS.Timeout | undefined;
  private stopped = true;
  private pumping: Promise<void> | undefined;
  private again = false;
  private readonly inFlight = new Map<string, number>();
  private readonly active = new Set<Promise<void>>();
  private completed = 0;

  constructor(
    private readonly database: Pick<DatabaseHandle, 'query'>,
    private readonly log: FastifyBaseLogger,
    private readonly handlers: Record<string, JobHandler>,
    private readonly pollMs = 1_000,
  ) {}

  /** Adds a job; pass the transaction so it exists only if the change it belongs to commits. */
  async enqueue(
    db: DbOrTx,
    kind: string,
    payload: Record<string, unknown>,
    options: EnqueueOptions = {},
  ): Promise<void> {
    const delayMs = options.delayMs ?? 0;
    await db.insert(schema.jobs).values({
      kind,
      payload,
      fairKey: options.fairKey ?? null,
      ...(delayMs > 0 && { runAt: sql`now() + make_interval(secs => ${delayMs / 1000})` }),
    });
    if (delayMs > 0) setTimeout(() => this.wake(), delayMs).unref();
    else this.wake();
  }

  /** Polls for due jobs every pollMs, and at once after an enqueue or a finished job. */
  start(): void {
    this.stopped = false;
    const tick = () => {
      if (this.stopped) return;
      void this.pump().finally(() => {
        if (!this.stopped) this.timer = setTimeout(tick, this.pollMs);
      });
    };
    tick();
  }

  /** Stops taking jobs and waits for those in hand. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.pumping;
    await Promise.allSettled([...this.active]);
  }

  /** Runs jobs until none is due and none runs. Returns how many ran (tests call it directly). */
  async drain(): Promise<number> {
    const before = this.completed;
    for (;;) {
      await this.pump();
      if (this.active.size === 0) return this.completed - before;
      await Promise.race(this.active);
    }
  }

  /**
   * The queue's depth (jobs queued, jobs running) and how long the oldest due queued job has
   * waited, in seconds (0 when none waits), for /metrics.
   */
  async stats(): Promise<{ queued: number; running: number; oldestWaitSeconds: number }> {
    const { rows } = await this.database.query<{ queued: number; running: number; oldest: number | null }>(
      `select count(*) filter (where status = 'queued')::int as queued,
              count(*) filter (where status = 'running')::int as running,
              extract(epoch from now() - min(run_at) filter (where status = 'queued' and run_at <= now()))::float8 as oldest
         from jobs where status in ('queued', 'running')`,
    );
    const row = rows[0];
    return {
      queued: row?.queued ?? 0,
      running: row?.running ?? 0,
      oldestWaitSeconds: Math.max(0, row?.oldest ?? 0),
    };
  }

  private wake(): void {
    if (this.stopped) return;
    setImmediate(() => void this.pump());
  }

  /** Claims and starts due jobs while their kinds have free slots; one pump at a time. */
  private pump(): Promise<void> {
    if (this.pumping) {
      this.again = true;
      return this.pumping;
    }
    this.pumping = (async () => {
      do {
        this.again = false;
        for (;;) {
          const kinds = Object.keys(this.handlers).filter(
            (kind) => (this.inFlight.get(kind) ?? 0) < (this.handlers[kind]!.concurrency ?? 1),
          );
          if (kinds.length === 0) break;
          const job = await this.claim(kinds);
          if (!job) break;
          this.begin(job);
        }
      } while (this.again);
    })()
      .catch((error: unknown) => this.log.warn({ err: error }, 'job queue: claiming failed'))
      .finally(() => {
        this.pumping = undefined;
      });
    return this.pumping;
  }

  private begin(job: ClaimedJob): void {
    this.inFlight.set(job.kind, (this.inFlight.get(job.kind) ?? 0) + 1);
    const running: Promise<void> = this.execute(job).finally(() => {
      this.inFlight.set(job.kind, (this.inFlight.get(job.kind) ?? 1) - 1);
      this.active.delete(running);
      this.completed += 1;
      this.wake();
    });
    this.active.add(running);
  }

  /**
   * The next due job of these kinds: per kind, each fair key's oldest due job is a candidate, and
   * the candidate whose key has the fewest jobs running, then was served longest ago, wins. The
   * UPDATE takes it only if it is still due, so two processes never both take one job.
   */
  private async claim(kinds: string[]): Promise<ClaimedJob | undefined> {
    for (let tries = 0; tries < 5; tries++) {
      const { rows: next } = await this.database.query<{ id: number; kind: string }>(
        `with candidates as (
           select distinct on (kind, coalesce(fair_key, '')) id, kind, fair_key, run_at
             from jobs
            where kind = any($1::text[]) and ${DUE}
            order by kind, coalesce(fair_key, ''), run_at, id)
         select c.id, c.kind
           from candidates c
           left join lateral (
             select count(*) filter (where r.status = 'running' and r.locked_until >= now()) as running,
                    max(r.started_at) as last_started
               from jobs r
              where r.kind = c.kind and r.fair_key = c.fair_key) k on c.fair_key is not null
          order by coalesce(k.running, 0), k.last_started nulls first, c.run_at, c.id
          limit 1`,
        [kinds],
      );
      const candidate = next[0];
      if (!candidate) return undefined;
      const lockSeconds = this.handlers[candidate.kind]?.lockSeconds ?? DEFAULT_LOCK_SECONDS;
      const { rows } = await this.database.query<ClaimedJob>(
        `update jobs set status = 'running', attempts = attempts + 1, started_at = now(),
                locked_until = now() + make_interval(secs => $2)
          where id = $1 and ${DUE}
          returning id, kind, payload, attempts, max_attempts`,
        [candidate.id, lockSeconds],
      );
      if (rows[0]) return rows[0];
    }
    return undefined;
  }

  private async execute(job: ClaimedJob): Promise<void> {
    const handler = this.handlers[job.kind];
    try {
      if (!handler) throw new Error(`no handler for job kind ${job.kind}`);
      await handler.run(job.payload);
      await this.database.query(
        `update jobs set status = 'done', finished_at = now(), locked_until = null where id = $1`,
        [job.id],
      );
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      const final = job.attempts >= job.max_attempts || error instanceof PermanentJobError;
      this.log.warn({ jobId: job.id, kind: job.kind, attempt: job.attempts, final, reason }, 'job failed');
      await this.database
        .query(
          final
            ? `update jobs set status = 'failed', last_error = $2, finished_at = now(), locked_until = null where id = $1`
            : `update jobs set status = 'queued', last_error = $2, locked_until = null,
                      run_at = now() + make_interval(secs => 5 * power(4, attempts - 1)) where id = $1`,
          [job.id, reason.slice(0, 2000)],
        )
        .catch((err: unknown) => this.log.warn({ err, jobId: job.id }, 'job state not saved'));
      if (final) await handler?.failed?.(job.payload, reason).catch(() => undefined);
    }
  }
}
