import { eq } from 'drizzle-orm';
import { schema } from '@sentinel/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/helpers';
import { JobQueue } from './jobs';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const jobRow = async (kind: string) =>
  (await ctx.database.db.select().from(schema.jobs).where(eq(schema.jobs.kind, kind)))[0]!;

describe('JobQueue', () => {
  it('runs a job, retries a failure later, and gives up after the last attempt', async () => {
    const seen: string[] = [];
    let failures = 0;
    const reasons: string[] = [];
    const queue = new JobQueue(ctx.database, ctx.app.log, {
      ok: { run: async (payload) => void seen.push(String(payload.n)) },
      flaky: {
        run: async () => {
          failures += 1;
          throw new Error(`attempt ${failures} failed`);
        },
        failed: async (_payload, reason) => void reasons.push(reason),
      },
    });
    await queue.enqueue(ctx.database.db, 'ok', { n: 1 });
    await queue.enqueue(ctx.database.db, 'flaky', {});
    expect(await queue.drain()).toBe(2);
    expect(seen).toEqual(['1']);
    expect(await jobRow('ok')).toMatchObject({ status: 'done', attempts: 1 });
    // Retried later, not at once.
    expect(await jobRow('flaky')).toMatchObject({
      status: 'queued',
      attempts: 1,
      lastError: 'attempt 1 failed',
    });
    expect(await queue.drain()).toBe(0);
    for (let attempt = 2; attempt <= 3; attempt++) {
      await ctx.database.db
        .update(schema.jobs)
        .set({ runAt: new Date(0) })
        .where(eq(schema.jobs.kind, 'flaky'));
      expect(await queue.drain()).toBe(1);
    }
    expect(await jobRow('flaky')).toMatchObject({
      status: 'failed',
      attempts: 3,
      lastError: 'attempt 3 failed',
    });
    expect(reasons).toEqual(['attempt 3 failed']);
  });

  it('takes over a job whose worker died (its lock ran out), as after a restart', async () => {
    const first = new JobQueue(ctx.database, ctx.app.log, {});
    await first.enqueue(ctx.database.db, 'orphan', {});
    // A worker claimed it and vanished: running, locked until a moment ago.
    await ctx.database.db
      .update(schema.jobs)
      .set({ status: 'running', attempts: 1, lockedUntil: new Date(Date.now() - 1000) })
      .where(eq(schema.jobs.kind, 'orphan'));
    const ran: number[] = [];
    const second = new JobQueue(ctx.database, ctx.app.log, { orphan: { run: async () => void ran.push(1) } });
    expect(await second.drain()).toBe(1);
    expect(ran).toEqual([1]);
    expect(await jobRow('orphan')).toMatchObject({ status: 'done', attempts: 2 });
  });
});
