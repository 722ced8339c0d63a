import {
  WORKFLOW_ACTION_LABELS,
  WORKFLOW_ACTION_OUTCOME_LABELS,
  WORKFLOW_MESSAGES,
  WORKFLOW_RUN_STATUS_LABELS,
  WORKFLOW_TRIGGER_LABELS,
  type WorkflowRunView,
} from '@sentinel/shared';
import { History } from 'lucide-react';
import { Link } from 'react-router';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { Dialog } from '@/components/ui/dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadError } from '@/components/ui/load-error';
import { LoadingState } from '@/components/ui/spinner';
import { casePath } from '@/config/paths';
import { formatDateTime } from '@/lib/format';
import { useWorkflowRuns } from '../api/get-workflow-runs';

const RUN_TONES: Record<WorkflowRunView['status'], BadgeTone> = {
  queued: 'neutral',
  running: 'info',
  succeeded: 'success',
  failed: 'danger',
};
const OUTCOME_TONES: Record<WorkflowRunView['actions'][number]['status'], BadgeTone> = {
  succeeded: 'success',
  failed: 'danger',
  skipped: 'neutral',
};

function Runs({ workflowId }: { workflowId: string }) {
  const runs = useWorkflowRuns(workflowId);
  if (runs.isPending) return <LoadingState label="Loading runs..." />;
  if (runs.isError)
    return (
      <LoadError
        error={runs.error}
        fallback="The runs could not be loaded."
        onRetry={() => void runs.refetch()}
        retrying={runs.isFetching}
      />
    );
  if (runs.data.length === 0)
    return (
      <EmptyState
        icon={History}
        title={WORKFLOW_MESSAGES.noRuns}
        description="Each time its trigger happens, the run and what each action did appear here."
      />
    );
  return (
    <ol className="space-y-3">
      {runs.data.map((run) => (
        <li key={run.id} className="rounded-lg border border-slate-200 p-3">
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
            <Badge tone={RUN_TONES[run.status]}>{WORKFLOW_RUN_STATUS_LABELS[run.status]}</Badge>
            <span className="text-slate-800">{WORKFLOW_TRIGGER_LABELS[run.eventType]}</span>
            {run.caseId && run.caseNumber && (
              <Link className="font-medium text-brand-700 underline" to={casePath(run.caseId)}>
                {run.caseNumber}
              </Link>
            )}
            <span className="text-slate-600">{formatDateTime(run.createdAt)}</span>
          </div>
          {run.actions.length > 0 && (
            <ul className="mt-2 space-y-1.5 text-sm">
              {run.actions.map((action) => (
                <li key={action.position} className="flex flex-wrap items-start gap-2">
                  <Badge tone={OUTCOME_TONES[action.status]}>
                    {WORKFLOW_ACTION_OUTCOME_LABELS[action.status]}
                  </Badge>
                  <span className="min-w-0 flex-1 break-words text-slate-700">
                    <span className="font-medium text-slate-900">{WORKFLOW_ACTION_LABELS[action.type]}</span>
                    {action.detail && `: ${action.detail}`}
                    {action.error && <span className="block text-red-700">{action.error}</span>}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </li>
      ))}
    </ol>
  );
}

/** A workflow's newest runs, each with what its actions did. */
export function WorkflowRunsDialog({
  workflow,
  onOpenChange,
}: {
  workflow: { id: string; name: string } | null;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog
      open={workflow !== null}
      onOpenChange={onOpenChange}
      title={workflow ? `Runs of ${workflow.name}` : 'Runs'}
      widthClassName="max-w-2xl"
    >
      {workflow && <Runs workflowId={workflow.id} />}
    </Dialog>
  );
}
