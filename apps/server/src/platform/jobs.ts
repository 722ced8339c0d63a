import type { DatabaseHandle, DbOrTx } from '@sentinel/db';
import { schema } from '@sentinel/db';
import type { FastifyBaseLogger } from 'fastify';

export interface JobHandler {
  run(payload: Record<string, unknown>): Promise<void>;
  /** Called once the last attempt has failed. */
  failed?(payload: Record<string, unknown>, reason: string): Promise<void>;
}

interface ClaimedJob {
  id: number;
  kind: string;
  payload: Record<string, unknown>;
  attempts: number;
  max_attempts: number;
}

/** How long a running job is held before another worker may take it (a crashed worker's job). */
const LOCK_SECONDS = 300;

/**
 * A small durable job queue in the `jobs` table: jobs survive restarts, a failed attempt is
 * retried with exponential backoff (5 s, 20 s, …) up to max_attempts, and a worker that dies
 * mid-job releases it when its lock runs out. Claiming uses FOR UPDATE SKIP LOCKED, so several
 * server instances can work the same queue.
 */
export class JobQueue {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> = Promise.resolve();
  private stopped = true;

  constructor(
    private readonly database: Pick<DatabaseHandle, 'query'>,
    private readonly log: FastifyBaseLogger,
    private readonly handlers: Record<string, JobHandler>,
    private readonly pollMs = 1_000,
  ) {}

  /** Adds a job; pass the transaction so it exists only if the change it belongs to commits. */
  async enqueue(db: DbOrTx, kind: string, payload: Record<string, unknown>): Promise<void> {
    await db.insert(schema.jobs).values({ kind, payload });
    this.wake();
  }

  start(): void {
    this.stopped = false;
    this.wake();
  }

  /** Stops taking jobs and waits for the one in hand. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }

  private wake(): void {
    if (this.stopped) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.running = this.drain().finally(() => {
        if (!this.stopped) this.timer = setTimeout(() => this.wake(), this.pollMs);
      });
    }, 0);
  }

  /** Runs jobs until none is due. Returns how many ran (tests call it directly). */
  async drain(): Promise<number> {
    let ran = 0;
    for (;;) {
      const job = await this.claim();
      if (!job) return ran;
      await this.execute(job);
      ran += 1;
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

  private async claim(): Promise<ClaimedJob | undefined> {
    const { rows } = await this.database.query<ClaimedJob>(
      `update jobs set status = 'running', attempts = attempts + 1,
              locked_until = now() + make_interval(secs => $1)
        where id = (select id from jobs
                     where (status = 'queued' and run_at <= now())
                        or (status = 'running' and locked_until < now())
                     order by run_at, id limit 1 for update skip locked)
        returning id, kind, payload, attempts, max_attempts`,
      [LOCK_SECONDS],
    );
    return rows[0];
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
      const final = job.attempts >= job.max_attempts;
      this.log.warn({ jobId: job.id, kind: job.kind, attempt: job.attempts, final, reason }, 'job failed');
      await this.database.query(
        final
          ? `update jobs set status = 'failed', last_error = $2, finished_at = now(), locked_until = null where id = $1`
          : `update jobs set status = 'queued', last_error = $2, locked_until = null,
                    run_at = now() + make_interval(secs => 5 * power(4, attempts - 1)) where id = $1`,
        [job.id, reason.slice(0, 2000)],
      );
      if (final) await handler?.failed?.(job.payload, reason).catch(() => undefined);
    }
  }
}
