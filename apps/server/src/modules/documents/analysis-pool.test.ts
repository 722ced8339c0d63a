import { threadId } from 'node:worker_threads';
import { writePdf } from '@sentinel/analyzer/fixtures/pdf-writer';
import type { DocumentAnalysis } from '@sentinel/shared';
import { afterAll, describe, expect, it } from 'vitest';
import { PermanentJobError } from '../../platform/jobs';
import { AnalysisPool } from './analysis-pool';

const task = (fileName: string) => ({ bytes: new Uint8Array(8), contentType: 'text/plain', fileName });

describe('AnalysisPool: analyses off the event loop, within a time and a memory limit', () => {
  const pool = new AnalysisPool({
    concurrency: 1,
    timeoutMs: 400,
    memoryMb: 64,
    filename: new URL('../../test/pool-worker.mjs', import.meta.url).href,
  });
  afterAll(() => pool.close());

  it('runs a task on another thread, and stops one that runs too long while this thread goes on', async () => {
    const answer = await pool.run<{ threadId: number }>(task('answer'));
    expect(answer.threadId).not.toBe(threadId);
    // An endless loop in the task: this thread's timers keep firing meanwhile, and the task is
    // stopped at the time limit with a reason that says so.
    let ticks = 0;
    const ticker = setInterval(() => (ticks += 1), 10);
    const spun = await pool.run(task('spin')).catch((error: unknown) => error);
    clearInterval(ticker);
    expect(spun).toBeInstanceOf(PermanentJobError);
    expect((spun as Error).message).toBe('reading the document took longer than 400 ms and was stopped');
    expect(ticks).toBeGreaterThanOrEqual(10);
    // The next task gets a new thread.
    const after = await pool.run<{ threadId: number }>(task('answer'));
    expect(after.threadId).not.toBe(answer.threadId);
  });

  it('stops a task that needs more memory than its limit', async () => {
    const grown = await pool.run(task('allocate')).catch((error: unknown) => error);
    expect(grown).toBeInstanceOf(PermanentJobError);
    expect((grown as Error).message).toBe(
      'reading the document needed more than 64 MB of memory and was stopped',
    );
    expect(await pool.run<{ threadId: number }>(task('answer'))).toHaveProperty('threadId');
  });
});

describe('AnalysisPool with the analyzer', () => {
  const pool = new AnalysisPool({ concurrency: 2, timeoutMs: 60_000, memoryMb: 512, limits: { pages: 2 } });
  afterAll(async () => {
    await pool.close();
    expect(pool.threads).toBe(0);
  });

  it('analyses documents in its threads, within the page limit, and moves the bytes rather than copying them', async () => {
    const pages = ['Invoice No. 4471', 'Total due: $12,480.00 by March 3, 2026', 'Page three'].map(
      (line) => ({
        kind: 'text' as const,
        lines: [line],
      }),
    );
    const bytes = writePdf(pages);
    const [one, two] = await Promise.all([
      pool.run<DocumentAnalysis & { text: string }>({
        bytes,
        contentType: 'application/pdf',
        fileName: 'a.pdf',
      }),
      pool.run<DocumentAnalysis & { text: string }>({
        bytes: writePdf(pages),
        contentType: 'application/pdf',
        fileName: 'b.pdf',
      }),
    ]);
    expect(pool.threads).toBe(2);
    expect(bytes.byteLength).toBe(0); // transferred to the thread
    for (const analysis of [one, two]) {
      expect(analysis.document_metadata.page_count).toBe(2);
      expect(analysis.text).toContain('$12,480.00');
      expect(analysis.text).not.toContain('Page three');
      expect(analysis.recommendations.at(-1)).toMatch(/only the first 2 of its 3 pages were read\.$/);
    }
  });
});
