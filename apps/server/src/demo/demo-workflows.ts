import { sql } from 'drizzle-orm';
import { schema, type Transaction } from '@sentinel/db';
import { workflowTemplate, type CreateWorkflowRequest, type WorkflowAction } from '@sentinel/shared';
import { rowsOf } from '../platform/throttle';
import { ActionError, runAction } from '../modules/workflows/actions';
import { workflowsRepository as repo } from '../modules/workflows/workflows.repository';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Three active workflows of the demo firm (issue 13), made from templates ninety days ago, and their
 * history: runs of the events the demo itself wrote (its cases opened, its clients' messages, its
 * deadlines within a week), each action done for real by the engine's own `runAction` — the
 * notifications and requested documents exist. E-mail actions are left out: the seed has no mailer.
 * Every other event of the seed is marked dispatched: it is history, not something to react to now.
 * Jordan Ellis's cases get no requested document, so the client dashboard shows only its checklist.
 */
export async function seedDemoWorkflows(tx: Transaction, firmId: string, attorneyId: string): Promise<void> {
  const createdAt = new Date(Date.now() - 90 * DAY_MS);
  const make = async (key: string, actions?: CreateWorkflowRequest['actions']) => {
    const template = workflowTemplate(key)!;
    const { workflow } = template;
    return repo.insert(tx, {
      firmId,
      name: workflow.name,
      description: workflow.description ?? '',
      category: workflow.category,
      templateKey: key,
      triggerType: workflow.trigger.type,
      trigger: workflow.trigger as Record<string, unknown>,
      conditions: (workflow.conditions ?? { caseTypes: [], statuses: [] }) as Record<string, unknown>,
      actions: (actions ?? workflow.actions) as Array<Record<string, unknown>>,
      createdById: attorneyId,
      createdAt,
      updatedAt: createdAt,
    });
  };
  const intake = await make('new-case-intake', [
    {
      type: 'notify',
      recipient: 'lead-attorney',
      userId: null,
      message: 'Intake started for {{case.number}} ({{case.title}}).',
    },
    {
      type: 'request-document',
      title: 'Insurance policy (declarations page)',
      note: 'Upload the full policy, or at least its declarations page.',
    },
  ]);
  const followUp = await make('client-message-follow-up');
  const watch = await make('deadline-watch', [
    {
      type: 'notify',
      recipient: 'team',
      userId: null,
      message: 'A deadline on {{case.number}} ({{case.title}}) falls within 7 days.',
    },
  ]);
  await repo.scanTimeTriggers(tx);

  const events = (type: string, limit: number, notClientEmail?: string) =>
    picked(tx, firmId, type, limit, notClientEmail);
  const runs: Array<[typeof intake, Array<{ id: number; caseId: string | null }>]> = [
    [intake, await events('case-created', 3, 'client@demo.test')],
    [followUp, await events('client-message', 3)],
    [watch, await events('deadline-approaching', 5)],
  ];
  for (const [workflow, picks] of runs) {
    for (const event of picks) {
      const [run] = await tx
        .insert(schema.workflowRuns)
        .values({ workflowId: workflow.id, firmId, eventId: event.id, caseId: event.caseId })
        .returning({ id: schema.workflowRuns.id });
      const context = (await repo.runContext(tx, run!.id))!;
      await repo.startRun(tx, run!.id);
      let failure: string | null = null;
      for (const [position, action] of (workflow.actions as unknown as WorkflowAction[]).entries()) {
        try {
          const done = await runAction(tx, context, action, position, new Date());
          await repo.recordAction(tx, {
            runId: run!.id,
            position,
            type: action.type,
            status: done.status,
            detail: done.detail,
          });
        } catch (error) {
          if (!(error instanceof ActionError)) throw error;
          failure ??= error.message;
          await repo.recordAction(tx, {
            runId: run!.id,
            position,
            type: action.type,
            status: 'failed',
            error: error.message,
          });
        }
      }
      await repo.finishRun(tx, { runId: run!.id, workflowId: workflow.id }, failure);
    }
  }
  await tx.execute(
    sql`update ${schema.workflowEvents} set dispatched_at = now() where dispatched_at is null`,
  );
}

/** The newest events of a type in the firm, leaving out the cases of one client if asked. */
async function picked(tx: Transaction, firmId: string, type: string, limit: number, notClientEmail?: string) {
  return rowsOf<{ id: number; caseId: string | null }>(
    await tx.execute(sql`
      select e.id, e.case_id as "caseId"
      from ${schema.workflowEvents} e
      left join ${schema.cases} c on c.id = e.case_id
      left join ${schema.users} u on u.id = c.client_id
      where e.firm_id = ${firmId} and e.type = ${type} and e.dispatched_at is null
        and (${notClientEmail ?? null}::text is null or u.email is distinct from ${notClientEmail ?? null})
      order by e.id desc
      limit ${limit}`),
  );
}
