import type { Database } from '@sentinel/db';
import { WORKFLOW_ACTION_LABELS, type WorkflowAction } from '@sentinel/shared';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { FirmCache } from '../../platform/firm-cache';
import type { JobHandler, JobQueue } from '../../platform/jobs';
import type { Mailer } from '../../platform/mailer';
import { ActionError, runAction, type ActionOutcome } from './actions';
import { workflowsRepository as repo } from './workflows.repository';

export const WORKFLOW_RUN_JOB = 'workflow.run';
/** How often main.ts hands new events to the engine. */
export const WORKFLOW_DISPATCH_MS = 1_000;
/** How often main.ts looks for the time-based triggers (deadlines near, cases without activity). */
export const WORKFLOW_SCAN_MS = 60_000;
/** Events one dispatching transaction takes. */
const DISPATCH_BATCH = 500;
/** Dispatched events that made no run are kept this long (for looking into a run that did not happen). */
export const EVENT_RETENTION_DAYS = 30;
/** Events one scan prunes at most: a backlog goes in steps, never in one long transaction. */
const PRUNE_BATCH = 5_000;

/**
 * The workflow engine (issue 13; docs/decisions/0009-workflow-engine.md). Events are written by
 * database triggers in the transaction that makes them happen, and by `scan` for the time-based
 * triggers. `dispatch` claims them (FOR UPDATE SKIP LOCKED: any number of server instances), makes
 * one run per matching workflow — unique per (workflow, event), so an event delivered twice runs a
 * workflow once — and queues a job per run. The job does the actions in order, each in its own
 * transaction with its outcome recorded in it; a failed action is recorded and the next ones still
 * run; a failed run puts the workflow in error. A retried job skips the actions already recorded.
 */
export class WorkflowEngine {
  constructor(
    private readonly db: Database,
    private readonly jobs: JobQueue,
    private readonly mailer: Mailer,
    private readonly firmCache: FirmCache,
    private readonly log: FastifyBaseLogger,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  /** Dispatches every pending event; returns how many runs it queued. */
  async dispatch(): Promise<number> {
    let queued = 0;
    for (;;) {
      const { claimed, runs } = await this.db.transaction(async (tx) => {
        const result = await repo.dispatch(tx, DISPATCH_BATCH);
        for (const run of result.runs)
          await this.jobs.enqueue(tx, WORKFLOW_RUN_JOB, { runId: run.id }, { fairKey: run.firmId });
        return result;
      });
      queued += runs.length;
      if (claimed < DISPATCH_BATCH) return queued;
    }
  }

  /**
   * Writes the events of the time-based triggers whose condition holds now (once per condition),
   * and prunes old events that made no run (EVENT_RETENTION_DAYS).
   */
  async scan(): Promise<number> {
    const written = await repo.scanTimeTriggers(this.db);
    await repo.pruneEvents(this.db, EVENT_RETENTION_DAYS, PRUNE_BATCH);
    return written;
  }

  readonly runJob: JobHandler = {
    run: (payload) => this.execute(String(payload.runId)),
    // Every attempt failed outside the actions (the database gone, say): the run ends failed.
    failed: async (payload) => {
      const run = await repo.runContext(this.db, String(payload.runId));
      if (!run || run.runStatus === 'succeeded' || run.runStatus === 'failed') return;
      await repo.finishRun(this.db, run, 'The run could not be completed; its actions so far are listed');
      this.firmCache.changed(run.firmId);
    },
    concurrency: 4,
    lockSeconds: 120,
  };

  /** Runs one workflow run: its actions in order, each in its own transaction. */
  async execute(runId: string): Promise<void> {
    const run = await repo.runContext(this.db, runId);
    if (!run || run.runStatus === 'succeeded' || run.runStatus === 'failed') return;
    await repo.startRun(this.db, runId);
    const recorded = await repo.recordedPositions(this.db, runId);
    const depth = Number(run.eventPayload.depth ?? 0) + 1;
    let failure: string | null = null;
    const failed = (position: number, action: WorkflowAction, reason: string) => {
      failure ??= `Action ${position + 1} (${WORKFLOW_ACTION_LABELS[action.type]}) failed: ${reason}`;
    };
    for (const [position, action] of run.actions.entries()) {
      const before = recorded.get(position);
      if (before) {
        if (before.status === 'failed') failed(position, action, before.error ?? 'see the run');
        continue;
      }
      let outcome: ActionOutcome;
      try {
        outcome = await this.db.transaction(async (tx) => {
          // What this action changes carries the workflow and the chain's depth into the events it causes.
          await tx.execute(
            sql`select set_config('sentinel.workflow_id', ${run.workflowId}, true), set_config('sentinel.workflow_depth', ${String(depth)}, true)`,
          );
          const done = await runAction(tx, run, action, position, this.clock());
          await repo.recordAction(tx, {
            runId,
            position,
            type: action.type,
            status: done.status,
            detail: done.detail.slice(0, 1000),
          });
          return done;
        });
      } catch (error) {
        const reason =
          error instanceof ActionError
            ? error.message
            : 'The action could not be completed (see the server log)';
        if (!(error instanceof ActionError))
          this.log.warn({ err: error, runId, position }, 'workflow action failed unexpectedly');
        await repo.recordAction(this.db, {
          runId,
          position,
          type: action.type,
          status: 'failed',
          error: reason,
        });
        failed(position, action, reason);
        continue;
      }
      for (const mail of outcome.mails ?? []) this.mailer.dispatch(mail);
    }
    await repo.finishRun(this.db, run, failure);
    this.firmCache.changed(run.firmId);
  }
}
