import { EXTRACT_LIMITS, type ExtractLimits } from '@sentinel/analyzer/limits';
import { Piscina } from 'piscina';
import { PermanentJobError } from '../../platform/jobs';
import type { AnalysisTask } from './analysis-task';
import { buildAnalysisWorker } from './analysis-worker-bundle';

export interface AnalysisPoolOptions {
  /** Worker threads, and so analyses at once in this process. */
  concurrency: number;
  /** An analysis still running after this is stopped (its thread is terminated). */
  timeoutMs: number;
  /** Each thread's JavaScript heap; a thread that needs more is terminated. */
  memoryMb: number;
  limits?: Partial<ExtractLimits>;
  /** The worker module (tests pass their own); by default the bundle of analysis-task.ts. */
  filename?: string;
}

/** A thread unused this long exits, and with it pdf.js, the OCR model and their memory. */
const IDLE_MS = 60_000;

/**
 * Document analysis off the event loop: a Piscina pool of worker threads running analysis-task.ts
 * (compiled by analysis-worker-bundle.ts), each with a heap limit, and a time limit per analysis. A task over either limit fails with a
 * PermanentJobError whose message says which, so the job is not retried.
 */
export class AnalysisPool {
  private readonly pool: Piscina;
  private readonly limits: ExtractLimits;
  private bundle: Promise<string> | undefined;

  constructor(private readonly options: AnalysisPoolOptions) {
    this.limits = { ...EXTRACT_LIMITS, ...options.limits };
    this.pool = new Piscina({
      minThreads: 0,
      maxThreads: options.concurrency,
      idleTimeout: IDLE_MS,
      resourceLimits: { maxOldGenerationSizeMb: options.memoryMb },
      // Not the server's flags: its larger young generation, good for requests, cost a thread
      // about 70 MB more.
      execArgv: [],
    });
  }

  async run<T>(task: Omit<AnalysisTask, 'limits'>): Promise<T> {
    // The bytes move to the thread rather than being copied (a view of a larger buffer is copied first).
    const bytes =
      task.bytes.byteOffset === 0 && task.bytes.byteLength === task.bytes.buffer.byteLength
        ? task.bytes
        : task.bytes.slice();
    const filename = this.options.filename ?? (await this.workerBundle());
    try {
      return (await this.pool.run(
        { ...task, bytes, limits: this.limits },
        {
          filename,
          signal: AbortSignal.timeout(this.options.timeoutMs),
          transferList: [bytes.buffer as ArrayBuffer],
        },
      )) as T;
    } catch (error) {
      if (error instanceof Error && error.name === 'AbortError')
        throw new PermanentJobError(
          `reading the document took longer than ${duration(this.options.timeoutMs)} and was stopped`,
        );
      if ((error as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY')
        throw new PermanentJobError(
          `reading the document needed more than ${this.options.memoryMb} MB of memory and was stopped`,
        );
      throw error;
    }
  }

  /** Built once per process, at the first analysis (built again after a failed build). */
  private workerBundle(): Promise<string> {
    this.bundle ??= buildAnalysisWorker().catch((error: unknown) => {
      this.bundle = undefined;
      throw error;
    });
    return this.bundle;
  }

  /** Threads running now (0 when idle). */
  get threads(): number {
    return this.pool.threads.length;
  }

  /** Terminates the threads; analyses in progress fail and are retried after a restart. */
  close(): Promise<void> {
    return this.pool.destroy();
  }
}

const duration = (ms: number) =>
  ms % 60_000 === 0
    ? `${ms / 60_000} minute${ms === 60_000 ? '' : 's'}`
    : ms < 1000
      ? `${ms} ms`
      : `${Math.round(ms / 1000)} seconds`;
