import { eq } from 'drizzle-orm';
import { schema } from '@sentinel/db';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestContext, type TestContext } from '../test/helpers';
import { JobQueue, PermanentJobError, type JobHandler } from './jobs';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const jobRows = (kind: string) =>
  ctx.database.db.select().from(schema.jobs).where(eq(schema.jobs.kind, kind));
const jobRow = async (kind: string) => (await jobRows(kind))[0]!;

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

describe('JobQueue: slots per kind, fair turns, permanent failures', () => {
  /** A handler whose jobs wait until released, recording how many ran at once and in what order. */
  const gated = (concurrency: number) => {
    let running = 0;
    const state = { most: 0, order: [] as string[], release: () => {} };
    // Each release lets the jobs waiting now finish.
    let open = () => {};
    let gate = new Promise<void>((resolve) => (open = resolve));
    state.release = () => {
      open();
      gate = new Promise<void>((resolve) => (open = resolve));
    };
    const handler: JobHandler = {
      concurrency,
      run: async (payload) => {
        running += 1;
        state.most = Math.max(state.most, running);
        state.order.push(String(payload.name));
        await gate;
        running -= 1;
      },
    };
    return { handler, state };
  };

  it('runs up to a kind’s concurrency at once, started or drained, and other kinds beside it', async () => {
    const slow = gated(2);
    const other = gated(1);
    const queue = new JobQueue(ctx.database, ctx.app.log, { slow: slow.handler, other: other.handler }, 20);
    queue.start();
    for (let n = 0; n < 6; n++) await queue.enqueue(ctx.database.db, 'slow', { name: `s${n}` });
    await queue.enqueue(ctx.database.db, 'other', { name: 'o' });
    await vi.waitFor(() => expect(slow.state.order.length).toBe(2));
    await vi.waitFor(() => expect(other.state.order).toEqual(['o']));
    // Enqueues and polls never start a third.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(slow.state.order).toHaveLength(2);
    const interval = setInterval(() => {
      slow.state.release();
      other.state.release();
    }, 5);
    await vi.waitFor(async () =>
      expect((await jobRows('slow')).every((j) => j.status === 'done')).toBe(true),
    );
    clearInterval(interval);
    await queue.stop();
    expect(slow.state.most).toBe(2);
    expect(slow.state.order.sort()).toEqual(['s0', 's1', 's2', 's3', 's4', 's5']);
  });

  it('gives a kind’s slot to each fair key in turn: one firm’s flood does not hold up another’s job', async () => {
    const fair = gated(1);
    const queue = new JobQueue(ctx.database, ctx.app.log, { fair: fair.handler });
    for (let n = 1; n <= 4; n++)
      await queue.enqueue(ctx.database.db, 'fair', { name: `A${n}` }, { fairKey: 'firm-a' });
    await queue.enqueue(ctx.database.db, 'fair', { name: 'B1' }, { fairKey: 'firm-b' });
    await queue.enqueue(ctx.database.db, 'fair', { name: 'B2' }, { fairKey: 'firm-b' });
    const interval = setInterval(() => fair.state.release(), 5);
    expect(await queue.drain()).toBe(6);
    clearInterval(interval);
    expect(fair.state.order).toEqual(['A1', 'B1', 'A2', 'B2', 'A3', 'A4']);
    expect(fair.state.most).toBe(1);
  });

  it('fails a job at once on a PermanentJobError, without retries', async () => {
    const reasons: string[] = [];
    const queue = new JobQueue(ctx.database, ctx.app.log, {
      doomed: {
        run: async () => {
          throw new PermanentJobError('the document is over a limit');
        },
        failed: async (_payload, reason) => void reasons.push(reason),
      },
    });
    await queue.enqueue(ctx.database.db, 'doomed', {});
    expect(await queue.drain()).toBe(1);
    expect(await jobRow('doomed')).toMatchObject({ status: 'failed', attempts: 1 });
    expect(reasons).toEqual(['the document is over a limit']);
  });
});
