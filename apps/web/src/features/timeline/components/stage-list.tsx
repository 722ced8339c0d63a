import {
  CASE_STATUS_LABELS,
  TIMELINE_MESSAGES,
  type CaseStage,
  type UpdateStageRequest,
} from '@sentinel/shared';
import { clsx } from 'clsx';
import { ArrowDown, ArrowUp, Check, Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { errorMessage } from '@/lib/api-client';
import { formatDay } from '@/lib/format';
import { useRemoveStage } from '../api/remove-stage';
import { useUpdateStage } from '../api/update-stage';
import { MARKER_CLASSES, statusLabel, statusTone } from '../utils/status';
import { StageDialog } from './stage-dialog';

/** The line under a stage's title: its date, and how it was or will be completed. */
function stageNote(stage: CaseStage): string | null {
  const date = stage.date ? formatDay(stage.date) : null;
  if (stage.status === 'completed') {
    const how =
      stage.completedBy === 'attorney'
        ? `marked complete${stage.completedByName ? ` by ${stage.completedByName}` : ''}`
        : stage.completesWith && stage.completesWith !== 'active'
          ? `when the case reached ${CASE_STATUS_LABELS[stage.completesWith]}`
          : null;
    return [date ? `Completed ${date}` : 'Completed', how].filter(Boolean).join(', ');
  }
  if (date) return `Planned for ${date}`;
  return null;
}

/** The attorney's controls of one stage. */
function StageActions({
  caseId,
  stage,
  first,
  last,
  onEdit,
}: {
  caseId: string;
  stage: CaseStage;
  first: boolean;
  last: boolean;
  onEdit: () => void;
}) {
  const update = useUpdateStage();
  const remove = useRemoveStage();
  const [confirming, setConfirming] = useState(false);
  const change = (body: UpdateStageRequest) =>
    update.mutate(
      { caseId, stageId: stage.id, body },
      {
        onSuccess: () => toast.success(TIMELINE_MESSAGES.stageSaved),
        onError: (error) =>
          toast.error(errorMessage(error, 'The stage could not be saved. Please try again.')),
      },
    );
  return (
    <div className="mt-2 flex flex-wrap items-center gap-1.5">
      <Button variant="secondary" size="sm" onClick={onEdit} aria-label={`Edit: ${stage.title}`}>
        <Pencil aria-hidden="true" className="size-3.5" />
        Edit
      </Button>
      {stage.status !== 'completed' && (
        <Button
          variant="secondary"
          size="sm"
          onClick={() => change({ completed: true })}
          disabled={update.isPending}
          aria-label={`Mark complete: ${stage.title}`}
        >
          <Check aria-hidden="true" className="size-3.5" />
          Mark complete
        </Button>
      )}
      {stage.completedBy === 'attorney' && (
        <Button
          variant="secondary"
          size="sm"
          onClick={() => change({ completed: false })}
          disabled={update.isPending}
          aria-label={`Reopen: ${stage.title}`}
        >
          Reopen
        </Button>
      )}
      <Button
        variant="ghost"
        size="sm"
        onClick={() => change({ move: 'up' })}
        disabled={first || update.isPending}
        aria-label={`Move ${stage.title} up`}
        title="Move up"
      >
        <ArrowUp aria-hidden="true" className="size-4" />
      </Button>
      <Button
        variant="ghost"
        size="sm"
        onClick={() => change({ move: 'down' })}
        disabled={last || update.isPending}
        aria-label={`Move ${stage.title} down`}
        title="Move down"
      >
        <ArrowDown aria-hidden="true" className="size-4" />
      </Button>
      {stage.templateKey === null && (
        <Button
          variant="ghost"
          size="sm"
          onClick={() => setConfirming(true)}
          aria-label={`Remove: ${stage.title}`}
        >
          <Trash2 aria-hidden="true" className="size-3.5" />
          Remove
        </Button>
      )}
      <ConfirmDialog
        open={confirming}
        onOpenChange={(open) => {
          setConfirming(open);
          if (!open) remove.reset();
        }}
        title="Remove stage"
        message={`Remove “${stage.title}” from the case’s timeline?`}
        confirmLabel="Remove"
        variant="danger"
        isPending={remove.isPending}
        error={
          remove.error
            ? errorMessage(remove.error, 'The stage could not be removed. Please try again.')
            : null
        }
        onConfirm={() =>
          remove.mutate(
            { caseId, stageId: stage.id },
            {
              onSuccess: () => {
                setConfirming(false);
                toast.success(TIMELINE_MESSAGES.stageRemoved);
              },
            },
          )
        }
      />
    </div>
  );
}

/**
 * The case's stages as a vertical timeline: each with its marker and status in the colours of
 * spec §4, its date and description; attorneys change them in place.
 */
export function StageList({
  caseId,
  stages,
  canEdit,
}: {
  caseId: string;
  stages: CaseStage[];
  canEdit: boolean;
}) {
  const [editing, setEditing] = useState<CaseStage | null>(null);
  return (
    <>
      <ol aria-label="Stages" className="relative">
        {stages.map((stage, index) => {
          const note = stageNote(stage);
          const last = index === stages.length - 1;
          return (
            <li
              key={stage.id}
              aria-current={stage.status === 'current' ? 'step' : undefined}
              className="relative flex gap-4 pb-6 last:pb-0"
            >
              {!last && (
                <span
                  aria-hidden="true"
                  className={clsx(
                    'absolute top-8 bottom-0 left-3.75 w-0.5',
                    stage.status === 'completed' ? 'bg-emerald-600' : 'bg-slate-200',
                  )}
                />
              )}
              <span
                aria-hidden="true"
                className={clsx(
                  'relative flex size-8 shrink-0 items-center justify-center rounded-full border-2 text-xs font-semibold',
                  MARKER_CLASSES[stage.status],
                )}
              >
                {stage.status === 'completed' ? (
                  <Check className="size-4" />
                ) : stage.status === 'current' ? (
                  <span className="size-2.5 rounded-full bg-blue-600" />
                ) : (
                  index + 1
                )}
              </span>
              <div className="min-w-0 flex-1 pt-1">
                <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                  <h3
                    className={clsx(
                      'text-sm font-semibold break-words',
                      stage.status === 'upcoming' ? 'text-slate-700' : 'text-slate-900',
                    )}
                  >
                    {stage.title}
                  </h3>
                  <Badge tone={statusTone(stage.status)}>{statusLabel(stage.status)}</Badge>
                </div>
                {note && (
                  <p className="mt-0.5 text-xs text-slate-600">
                    {stage.date ? <time dateTime={stage.date}>{note}</time> : note}
                  </p>
                )}
                {stage.description && <p className="mt-1 text-sm text-slate-700">{stage.description}</p>}
                {canEdit && (
                  <StageActions
                    caseId={caseId}
                    stage={stage}
                    first={index === 0}
                    last={last}
                    onEdit={() => setEditing(stage)}
                  />
                )}
              </div>
            </li>
          );
        })}
      </ol>
      {canEdit && (
        <StageDialog
          open={editing !== null}
          onOpenChange={(open) => !open && setEditing(null)}
          caseId={caseId}
          stages={stages}
          stage={editing ?? undefined}
        />
      )}
    </>
  );
}
