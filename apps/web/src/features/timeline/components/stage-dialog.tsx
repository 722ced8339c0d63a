import { addStageRequest, TIMELINE_MESSAGES, type CaseStage } from '@sentinel/shared';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogActions } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input, inputClasses } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { errorMessage } from '@/lib/api-client';
import { useAddStage } from '../api/add-stage';
import { useUpdateStage } from '../api/update-stage';

type FormField = 'title' | 'description' | 'date';
const AT_THE_END = '';

/**
 * Add a stage (after a chosen one, or at the end) or change one's title, description and date.
 * The fields are checked with the request's own schema before anything is sent.
 */
function StageForm({
  caseId,
  stages,
  stage,
  onDone,
}: {
  caseId: string;
  stages: CaseStage[];
  /** The stage to change; none to add one. */
  stage?: CaseStage;
  onDone: () => void;
}) {
  const add = useAddStage();
  const update = useUpdateStage();
  const [title, setTitle] = useState(stage?.title ?? '');
  const [description, setDescription] = useState(stage?.description ?? '');
  const [date, setDate] = useState(stage?.plannedDate ?? '');
  const [after, setAfter] = useState(AT_THE_END);
  const [errors, setErrors] = useState<Partial<Record<FormField, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const pending = add.isPending || update.isPending;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFormError(null);
    const parsed = addStageRequest.safeParse({ title, description, date: date || null });
    if (!parsed.success) {
      const found: Partial<Record<FormField, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as FormField;
        found[field] ??= issue.message;
      }
      setErrors(found);
      const first = (['title', 'description', 'date'] as const).find((field) => found[field]);
      if (first) event.currentTarget.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    setErrors({});
    const failed = (error: unknown) =>
      setFormError(errorMessage(error, 'The stage could not be saved. Please try again.'));
    const body = {
      title: parsed.data.title,
      description: parsed.data.description ?? null,
      date: parsed.data.date ?? null,
    };
    if (stage) {
      update.mutate(
        { caseId, stageId: stage.id, body },
        {
          onSuccess: () => {
            toast.success(TIMELINE_MESSAGES.stageSaved);
            onDone();
          },
          onError: failed,
        },
      );
    } else {
      add.mutate(
        { caseId, body: { ...body, afterStageId: after || null } },
        {
          onSuccess: () => {
            toast.success(TIMELINE_MESSAGES.stageAdded);
            onDone();
          },
          onError: failed,
        },
      );
    }
  };

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4">
      {formError && <Alert tone="error">{formError}</Alert>}
      <Field label="Title" required error={errors.title}>
        {(control) => (
          <Input
            {...control}
            name="title"
            value={title}
            maxLength={120}
            onChange={(event) => setTitle(event.target.value)}
          />
        )}
      </Field>
      <Field label="Description" error={errors.description} hint="Optional: what happens at this stage.">
        {(control) => (
          <textarea
            {...control}
            name="description"
            rows={3}
            value={description}
            onChange={(event) => setDescription(event.target.value)}
            className={inputClasses('h-auto py-2')}
          />
        )}
      </Field>
      <Field
        label="Date"
        error={errors.date}
        hint="Optional: when it is planned, or when it happened. Leave empty to show the day it was completed."
      >
        {(control) => (
          <Input
            {...control}
            name="date"
            type="date"
            value={date}
            onChange={(event) => setDate(event.target.value)}
          />
        )}
      </Field>
      {!stage && (
        <Field label="Position">
          {(control) => (
            <Select
              {...control}
              name="after"
              value={after}
              onChange={(event) => setAfter(event.target.value)}
            >
              <option value={AT_THE_END}>At the end</option>
              {stages.map((item) => (
                <option key={item.id} value={item.id}>
                  After {item.title}
                </option>
              ))}
            </Select>
          )}
        </Field>
      )}
      <DialogActions>
        <Button variant="secondary" onClick={onDone} disabled={pending}>
          Cancel
        </Button>
        <Button type="submit" isLoading={pending}>
          {stage ? 'Save stage' : 'Add stage'}
        </Button>
      </DialogActions>
    </form>
  );
}

export function StageDialog({
  open,
  onOpenChange,
  caseId,
  stages,
  stage,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  caseId: string;
  stages: CaseStage[];
  stage?: CaseStage;
}) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={stage ? `Edit stage: ${stage.title}` : 'Add a stage'}
      widthClassName="max-w-lg"
    >
      {open && <StageForm caseId={caseId} stages={stages} stage={stage} onDone={() => onOpenChange(false)} />}
    </Dialog>
  );
}
