import {
  WORKFLOW_ACTION_MINUTES,
  WORKFLOW_ACTION_LABELS,
  WORKFLOW_ACTION_TYPES,
  WORKFLOW_CATEGORY_LABELS,
  WORKFLOW_MESSAGES,
  WORKFLOW_STATUS_LABELS,
  WORKFLOW_TEMPLATES,
  type WorkflowTemplate,
  type WorkflowView,
} from '@sentinel/shared';
import { clsx } from 'clsx';
import {
  CheckCircle2,
  Clock,
  DollarSign,
  FileText,
  FolderOpen,
  ListChecks,
  Mail,
  Plus,
  ShieldCheck,
  Users,
  Workflow,
  Zap,
  type LucideIcon,
} from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { StatCard } from '@/components/charts/stat-card';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadError } from '@/components/ui/load-error';
import { PageHeader } from '@/components/ui/page-header';
import { LoadingState } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { formatCount, formatDateTime, formatPercent } from '@/lib/format';
import { useDeleteWorkflow } from '../api/delete-workflow';
import { useFirmPeople } from '@/api/firm-people';
import { useWorkflows } from '../api/get-workflows';
import { useSetWorkflowStatus } from '../api/set-workflow-status';
import { describeAction, describeConditions, describeTrigger, STATUS_TONES } from '../utils/describe';
import { emptyDraft, WorkflowDialog, type WorkflowDraft } from './workflow-dialog';
import { WorkflowRunsDialog } from './workflow-runs';

const TEMPLATE_ICONS: Record<WorkflowTemplate['icon'], LucideIcon> = {
  folder: FolderOpen,
  file: FileText,
  mail: Mail,
  dollar: DollarSign,
  shield: ShieldCheck,
  users: Users,
};
const TEMPLATE_COLORS: Record<WorkflowTemplate['color'], string> = {
  blue: 'bg-sky-50 text-sky-800',
  purple: 'bg-violet-50 text-violet-800',
  green: 'bg-emerald-50 text-emerald-800',
  yellow: 'bg-amber-50 text-amber-900',
  red: 'bg-red-50 text-red-800',
  indigo: 'bg-indigo-50 text-indigo-800',
};

const ESTIMATES = WORKFLOW_ACTION_TYPES.map(
  (type) => `${WORKFLOW_ACTION_LABELS[type]}: ${WORKFLOW_ACTION_MINUTES[type]} min`,
).join('; ');

type Editing = { title: string; draft: WorkflowDraft; workflowId?: string } | null;

const draftOf = (workflow: WorkflowView): WorkflowDraft => ({
  name: workflow.name,
  description: workflow.description,
  category: workflow.category,
  templateKey: workflow.templateKey,
  trigger: workflow.trigger,
  conditions: workflow.conditions,
  actions: workflow.actions,
});

function WorkflowCard({
  workflow,
  personName,
  onEdit,
  onRuns,
  onDelete,
}: {
  workflow: WorkflowView;
  personName: (id: string) => string;
  onEdit: () => void;
  onRuns: () => void;
  onDelete: () => void;
}) {
  const setStatus = useSetWorkflowStatus();
  const conditions = describeConditions(workflow.conditions);
  const toggle = () =>
    setStatus.mutate(
      { id: workflow.id, to: workflow.status === 'active' ? 'pause' : 'resume' },
      {
        onSuccess: (answer) => toast.success(answer.message ?? WORKFLOW_MESSAGES.saved),
        onError: (error) => toast.error(errorMessage(error, 'The workflow could not be changed.')),
      },
    );
  return (
    <li className="rounded-xl border border-slate-200 bg-white p-4 shadow-xs">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 className="font-semibold break-words text-slate-900">{workflow.name}</h3>
          <p className="text-sm text-slate-600">{WORKFLOW_CATEGORY_LABELS[workflow.category]}</p>
        </div>
        <Badge tone={STATUS_TONES[workflow.status]}>{WORKFLOW_STATUS_LABELS[workflow.status]}</Badge>
      </div>
      {workflow.status === 'error' && workflow.lastError && (
        <p className="mt-2 rounded-md bg-red-50 px-3 py-2 text-sm break-words text-red-800">
          {workflow.lastError}
        </p>
      )}
      <p className="mt-3 text-sm font-medium text-slate-800">{describeTrigger(workflow.trigger)}</p>
      {conditions && <p className="text-sm text-slate-600">{conditions}</p>}
      <ol className="mt-2 list-decimal space-y-0.5 pl-5 text-sm break-words text-slate-700">
        {workflow.actions.map((action, index) => (
          <li key={index}>{describeAction(action, personName)}</li>
        ))}
      </ol>
      <dl className="mt-3 grid grid-cols-3 gap-2 text-sm">
        <div>
          <dt className="text-slate-600">Last run</dt>
          <dd className="text-slate-900">
            {workflow.lastRunAt ? formatDateTime(workflow.lastRunAt) : 'Not yet'}
          </dd>
        </div>
        <div>
          <dt className="text-slate-600">Tasks done</dt>
          <dd className="text-slate-900">{formatCount(workflow.tasksCompleted)}</dd>
        </div>
        <div>
          <dt className="text-slate-600">Success</dt>
          <dd className="text-slate-900">
            {workflow.successRate === null ? 'No runs' : formatPercent(workflow.successRate)}
          </dd>
        </div>
      </dl>
      <div className="mt-4 flex flex-wrap gap-2">
        <Button size="sm" variant="secondary" onClick={onEdit} aria-label={`Edit ${workflow.name}`}>
          Edit
        </Button>
        <Button
          size="sm"
          variant="secondary"
          onClick={toggle}
          isLoading={setStatus.isPending}
          aria-label={`${workflow.status === 'active' ? 'Pause' : 'Resume'} ${workflow.name}`}
        >
          {workflow.status === 'active' ? 'Pause' : 'Resume'}
        </Button>
        <Button size="sm" variant="secondary" onClick={onRuns} aria-label={`Runs of ${workflow.name}`}>
          Runs ({formatCount(workflow.runs)})
        </Button>
        <Button size="sm" variant="ghost" onClick={onDelete} aria-label={`Delete ${workflow.name}`}>
          Delete
        </Button>
      </div>
    </li>
  );
}

/** /workflows (attorneys): the stat cards, the six templates and the firm's workflows (issue 13). */
export function WorkflowsScreen() {
  const workflows = useWorkflows();
  const people = useFirmPeople();
  const remove = useDeleteWorkflow();
  const [editing, setEditing] = useState<Editing>(null);
  const [runsOf, setRunsOf] = useState<WorkflowView | null>(null);
  const [deleting, setDeleting] = useState<WorkflowView | null>(null);

  const personName = (id: string) =>
    people.data?.find((person) => person.id === id)?.name ?? 'a person of the firm';
  const fromTemplate = (template: WorkflowTemplate) =>
    setEditing({
      title: `New workflow from “${template.name}”`,
      draft: { ...emptyDraft(), ...template.workflow, templateKey: template.key } as WorkflowDraft,
    });

  let body;
  if (workflows.isPending) body = <LoadingState label={WORKFLOW_MESSAGES.loading} />;
  else if (workflows.isError)
    body = (
      <LoadError
        error={workflows.error}
        fallback={WORKFLOW_MESSAGES.loadError}
        onRetry={() => void workflows.refetch()}
        retrying={workflows.isFetching}
      />
    );
  else {
    const { stats, data } = workflows.data;
    body = (
      <>
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4">
          <StatCard
            label={WORKFLOW_MESSAGES.activeWorkflows}
            icon={Zap}
            value={formatCount(stats.activeWorkflows)}
            note={`${formatCount(data.length)} in total`}
          />
          <StatCard
            label={WORKFLOW_MESSAGES.tasksAutomated}
            icon={ListChecks}
            value={formatCount(stats.tasksAutomated)}
            note="Actions completed by runs"
          />
          <StatCard
            label={WORKFLOW_MESSAGES.timeSaved}
            icon={Clock}
            value={String(stats.timeSavedHours)}
            note={<span title={ESTIMATES}>From a per-action estimate</span>}
          />
          <StatCard
            label={WORKFLOW_MESSAGES.successRate}
            icon={CheckCircle2}
            value={stats.successRate === null ? undefined : formatPercent(stats.successRate)}
            note={stats.successRate === null ? 'No finished runs yet' : 'Of finished runs'}
          />
        </div>

        <Card
          title={WORKFLOW_MESSAGES.templates}
          description="Each is a complete workflow: open it, adjust it, save it."
        >
          <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-3">
            {WORKFLOW_TEMPLATES.map((template) => {
              const Icon = TEMPLATE_ICONS[template.icon];
              return (
                <li key={template.key} className="flex flex-col rounded-lg border border-slate-200 p-4">
                  <div className="flex items-start gap-3">
                    <span
                      className={clsx(
                        'flex size-9 shrink-0 items-center justify-center rounded-lg',
                        TEMPLATE_COLORS[template.color],
                      )}
                    >
                      <Icon aria-hidden="true" className="size-5" />
                    </span>
                    <div className="min-w-0">
                      <h3 className="font-semibold text-slate-900">{template.name}</h3>
                      <p className="text-xs text-slate-600">{WORKFLOW_CATEGORY_LABELS[template.category]}</p>
                    </div>
                  </div>
                  <p className="mt-2 flex-1 text-sm text-slate-700">{template.description}</p>
                  <Button
                    className="mt-3 self-start"
                    size="sm"
                    variant="secondary"
                    onClick={() => fromTemplate(template)}
                    aria-label={`Use template ${template.name}`}
                  >
                    Use template
                  </Button>
                </li>
              );
            })}
          </ul>
        </Card>

        <section aria-labelledby="your-workflows" className="space-y-3">
          <h2 id="your-workflows" className="text-lg font-semibold text-slate-900">
            {WORKFLOW_MESSAGES.yourWorkflows}
          </h2>
          {data.length === 0 ? (
            <Card>
              <EmptyState
                icon={Workflow}
                title={WORKFLOW_MESSAGES.empty}
                description={WORKFLOW_MESSAGES.emptyHint}
              />
            </Card>
          ) : (
            <ul className="grid grid-cols-1 gap-4 lg:grid-cols-2">
              {data.map((workflow) => (
                <WorkflowCard
                  key={workflow.id}
                  workflow={workflow}
                  personName={personName}
                  onEdit={() =>
                    setEditing({
                      title: `Edit ${workflow.name}`,
                      draft: draftOf(workflow),
                      workflowId: workflow.id,
                    })
                  }
                  onRuns={() => setRunsOf(workflow)}
                  onDelete={() => setDeleting(workflow)}
                />
              ))}
            </ul>
          )}
        </section>
      </>
    );
  }

  return (
    <>
      <PageHeader
        title={WORKFLOW_MESSAGES.title}
        description={WORKFLOW_MESSAGES.subtitle}
        actions={
          <Button
            icon={<Plus aria-hidden="true" className="size-4" />}
            onClick={() => setEditing({ title: 'New workflow', draft: emptyDraft() })}
          >
            New Workflow
          </Button>
        }
      />
      <div className="space-y-6">{body}</div>
      <WorkflowDialog
        open={editing !== null}
        onOpenChange={(open) => !open && setEditing(null)}
        title={editing?.title ?? 'New workflow'}
        draft={editing?.draft ?? emptyDraft()}
        workflowId={editing?.workflowId}
      />
      <WorkflowRunsDialog workflow={runsOf} onOpenChange={(open) => !open && setRunsOf(null)} />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open) {
            setDeleting(null);
            remove.reset();
          }
        }}
        title="Delete workflow"
        message={deleting ? `Delete “${deleting.name}” and its run history?` : undefined}
        confirmLabel="Delete"
        variant="danger"
        isPending={remove.isPending}
        error={remove.error ? errorMessage(remove.error, 'The workflow could not be deleted.') : null}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: (answer) => {
              toast.success(answer.message);
              setDeleting(null);
            },
          })
        }
      />
    </>
  );
}
