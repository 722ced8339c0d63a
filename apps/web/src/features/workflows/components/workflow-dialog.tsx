import {
  CASE_STATUSES,
  CASE_STATUS_LABELS,
  CASE_TYPES,
  CASE_TYPE_LABELS,
  DOCUMENT_TYPES,
  DOCUMENT_TYPE_LABELS,
  EMAIL_RECIPIENTS,
  EMAIL_RECIPIENT_LABELS,
  EVENT_KINDS,
  EVENT_KIND_LABELS,
  MAX_WORKFLOW_ACTIONS,
  NOTIFY_RECIPIENTS,
  NOTIFY_RECIPIENT_LABELS,
  WORKFLOW_ACTION_LABELS,
  WORKFLOW_ACTION_TYPES,
  WORKFLOW_CATEGORIES,
  WORKFLOW_CATEGORY_LABELS,
  WORKFLOW_MESSAGES,
  WORKFLOW_PLACEHOLDERS,
  WORKFLOW_TRIGGERS,
  WORKFLOW_TRIGGER_LABELS,
  createWorkflowRequest,
  type CaseStatus,
  type CaseType,
  type WorkflowActionType,
  type WorkflowTriggerType,
} from '@sentinel/shared';
import { ArrowDown, ArrowUp, Plus, Trash2 } from 'lucide-react';
import { useState, type FormEvent, type ReactNode } from 'react';
import { toast } from 'sonner';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Dialog, DialogActions } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input, inputClasses } from '@/components/ui/input';
import { Options, Select } from '@/components/ui/select';
import { errorMessage } from '@/lib/api-client';
import { useFirmPeople } from '@/api/firm-people';
import { useCreateWorkflow, useUpdateWorkflow } from '../api/save-workflow';

/** What the form edits: the request's fields, numbers and ids kept as typed until checked. */
export interface WorkflowDraft {
  name: string;
  description: string;
  category: string;
  templateKey: string | null;
  trigger: {
    type: WorkflowTriggerType;
    toStatus?: string | null;
    documentType?: string | null;
    days?: unknown;
  };
  conditions: { caseTypes: CaseType[]; statuses: CaseStatus[] };
  actions: Array<Record<string, unknown> & { type: WorkflowActionType }>;
}

export const emptyDraft = (): WorkflowDraft => ({
  name: '',
  description: '',
  category: 'case-management',
  templateKey: null,
  trigger: { type: 'case-status-changed', toStatus: null },
  conditions: { caseTypes: [], statuses: [] },
  actions: [{ type: 'notify', recipient: 'lead-attorney', userId: null, message: '' }],
});

const ANY = '';

function defaultAction(type: WorkflowActionType): WorkflowDraft['actions'][number] {
  switch (type) {
    case 'create-event':
      return { type, kind: 'reminder', title: '', inDays: 7 };
    case 'send-email':
      return { type, to: 'client', subject: '', body: '' };
    case 'notify':
      return { type, recipient: 'lead-attorney', userId: null, message: '' };
    case 'request-document':
      return { type, title: '', note: '' };
    case 'change-status':
      return { type, status: 'discovery' };
    case 'add-member':
      return { type, userId: '' };
  }
}

function defaultTrigger(type: WorkflowTriggerType): WorkflowDraft['trigger'] {
  if (type === 'case-status-changed') return { type, toStatus: null };
  if (type === 'document-analyzed') return { type, documentType: null };
  if (type === 'deadline-approaching') return { type, days: 7 };
  if (type === 'case-inactive') return { type, days: 14 };
  return { type };
}

const textValue = (value: unknown) =>
  typeof value === 'string' || typeof value === 'number' ? String(value) : '';

/** A condition's checkboxes (case types, statuses): none ticked means any. */
function ChoiceSet<T extends string>({
  legend,
  idPrefix,
  options,
  labels,
  chosen,
  onToggle,
}: {
  legend: string;
  idPrefix: string;
  options: readonly T[];
  labels: Record<T, string>;
  chosen: readonly T[];
  onToggle: (option: T) => void;
}) {
  return (
    <fieldset>
      <legend className="text-sm font-medium text-slate-800">{legend}</legend>
      <div className="mt-2 space-y-1.5">
        {options.map((option) => (
          <Checkbox
            key={option}
            id={`${idPrefix}-${option}`}
            label={labels[option]}
            checked={chosen.includes(option)}
            onChange={() => onToggle(option)}
          />
        ))}
      </div>
    </fieldset>
  );
}

function WorkflowForm({
  draft: initial,
  workflowId,
  onDone,
}: {
  draft: WorkflowDraft;
  /** The workflow being edited; none to create one. */
  workflowId?: string;
  onDone: () => void;
}) {
  const create = useCreateWorkflow();
  const update = useUpdateWorkflow();
  const people = useFirmPeople();
  const [draft, setDraft] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const pending = create.isPending || update.isPending;

  const set = (patch: Partial<WorkflowDraft>) => setDraft((current) => ({ ...current, ...patch }));
  const setAction = (index: number, patch: Record<string, unknown>) =>
    setDraft((current) => ({
      ...current,
      actions: current.actions.map((action, i) => (i === index ? { ...action, ...patch } : action)),
    }));
  const moveAction = (index: number, by: number) =>
    setDraft((current) => {
      const actions = [...current.actions];
      const [moved] = actions.splice(index, 1);
      actions.splice(index + by, 0, moved!);
      return { ...current, actions };
    });
  const toggle = <T extends string>(list: T[], value: T) =>
    list.includes(value) ? list.filter((item) => item !== value) : [...list, value];

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFormError(null);
    const parsed = createWorkflowRequest.safeParse(draft);
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) found[issue.path.join('.')] ??= issue.message;
      setErrors(found);
      const first = Object.keys(found)[0];
      const target = first ? event.currentTarget.querySelector<HTMLElement>(`[name="${first}"]`) : null;
      target?.focus();
      if (!target) setFormError(Object.values(found)[0] ?? null);
      return;
    }
    setErrors({});
    const failed = (error: unknown) =>
      setFormError(errorMessage(error, 'The workflow could not be saved. Please try again.'));
    const done = (message: string) => {
      toast.success(message);
      onDone();
    };
    if (workflowId) {
      const { templateKey: _unused, ...body } = parsed.data;
      update.mutate(
        { id: workflowId, body },
        { onSuccess: () => done(WORKFLOW_MESSAGES.saved), onError: failed },
      );
    } else {
      create.mutate(parsed.data, { onSuccess: () => done(WORKFLOW_MESSAGES.created), onError: failed });
    }
  };

  const personOptions = (people.data ?? []).map((person) => (
    <option key={person.id} value={person.id}>
      {person.name}
    </option>
  ));

  const textField = (
    index: number,
    key: string,
    label: string,
    options: { multiline?: boolean; hint?: ReactNode; required?: boolean } = {},
  ) => {
    const name = `actions.${index}.${key}`;
    const value = textValue(draft.actions[index]?.[key]);
    return (
      <Field label={label} error={errors[name]} hint={options.hint} required={options.required ?? true}>
        {(control) =>
          options.multiline ? (
            <textarea
              {...control}
              name={name}
              rows={4}
              value={value}
              onChange={(event) => setAction(index, { [key]: event.target.value })}
              className={inputClasses('h-auto py-2')}
            />
          ) : (
            <Input
              {...control}
              name={name}
              value={value}
              onChange={(event) => setAction(index, { [key]: event.target.value })}
            />
          )
        }
      </Field>
    );
  };

  const selectField = (index: number, key: string, label: string, options: ReactNode) => {
    const name = `actions.${index}.${key}`;
    return (
      <Field label={label} error={errors[name]}>
        {(control) => (
          <Select
            {...control}
            name={name}
            className="w-full"
            value={textValue(draft.actions[index]?.[key])}
            onChange={(event) => setAction(index, { [key]: event.target.value || null })}
          >
            {options}
          </Select>
        )}
      </Field>
    );
  };

  const placeholderHint = `You can use ${WORKFLOW_PLACEHOLDERS.join(', ')}.`;

  const actionFields = (action: WorkflowDraft['actions'][number], index: number) => {
    switch (action.type) {
      case 'create-event':
        return (
          <>
            {selectField(index, 'kind', 'Kind', <Options values={EVENT_KINDS} label={EVENT_KIND_LABELS} />)}
            {textField(index, 'title', 'Event title', { hint: placeholderHint })}
            {textField(index, 'inDays', 'Days after the trigger', {
              hint: 'At 09:00 on the lead attorney’s calendar, with a reminder.',
            })}
          </>
        );
      case 'send-email':
        return (
          <>
            {selectField(
              index,
              'to',
              'To',
              <Options values={EMAIL_RECIPIENTS} label={EMAIL_RECIPIENT_LABELS} />,
            )}
            {textField(index, 'subject', 'Subject', { hint: placeholderHint })}
            {textField(index, 'body', 'Message', { multiline: true })}
          </>
        );
      case 'notify':
        return (
          <>
            {selectField(
              index,
              'recipient',
              'Who',
              <Options values={NOTIFY_RECIPIENTS} label={NOTIFY_RECIPIENT_LABELS} />,
            )}
            {action.recipient === 'person' &&
              selectField(
                index,
                'userId',
                'Person',
                <>
                  <option value="">Choose a person</option>
                  {personOptions}
                </>,
              )}
            {textField(index, 'message', 'Message', { hint: placeholderHint })}
          </>
        );
      case 'request-document':
        return (
          <>
            {textField(index, 'title', 'Document to ask for', {
              hint: 'It appears on the client’s document checklist.',
            })}
            {textField(index, 'note', 'Note to the client', { required: false })}
          </>
        );
      case 'change-status':
        return selectField(
          index,
          'status',
          'New status',
          <Options values={CASE_STATUSES} label={CASE_STATUS_LABELS} />,
        );
      case 'add-member':
        return selectField(
          index,
          'userId',
          'Person',
          <>
            <option value="">Choose a person</option>
            {personOptions}
          </>,
        );
    }
  };

  const triggerDays = draft.trigger.type === 'deadline-approaching' || draft.trigger.type === 'case-inactive';

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-5">
      {formError && <Alert tone="error">{formError}</Alert>}
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Name" required error={errors.name}>
          {(control) => (
            <Input
              {...control}
              name="name"
              value={draft.name}
              maxLength={120}
              onChange={(e) => set({ name: e.target.value })}
            />
          )}
        </Field>
        <Field label="Category" error={errors.category}>
          {(control) => (
            <Select
              {...control}
              name="category"
              className="w-full"
              value={draft.category}
              onChange={(e) => set({ category: e.target.value })}
            >
              <Options values={WORKFLOW_CATEGORIES} label={WORKFLOW_CATEGORY_LABELS} />
            </Select>
          )}
        </Field>
      </div>
      <Field label="Description" error={errors.description}>
        {(control) => (
          <Input
            {...control}
            name="description"
            value={draft.description}
            maxLength={500}
            onChange={(e) => set({ description: e.target.value })}
          />
        )}
      </Field>

      <fieldset className="space-y-4 rounded-lg border border-slate-200 p-4">
        <legend className="px-1 text-sm font-semibold text-slate-900">Trigger</legend>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="When" error={errors['trigger.type'] ?? errors.trigger}>
            {(control) => (
              <Select
                {...control}
                name="trigger.type"
                className="w-full"
                value={draft.trigger.type}
                onChange={(e) => set({ trigger: defaultTrigger(e.target.value as WorkflowTriggerType) })}
              >
                <Options values={WORKFLOW_TRIGGERS} label={WORKFLOW_TRIGGER_LABELS} />
              </Select>
            )}
          </Field>
          {draft.trigger.type === 'case-status-changed' && (
            <Field label="To status" error={errors['trigger.toStatus']}>
              {(control) => (
                <Select
                  {...control}
                  name="trigger.toStatus"
                  className="w-full"
                  value={draft.trigger.toStatus ?? ANY}
                  onChange={(e) => set({ trigger: { ...draft.trigger, toStatus: e.target.value || null } })}
                >
                  <option value={ANY}>Any status</option>
                  <Options values={CASE_STATUSES} label={CASE_STATUS_LABELS} />
                </Select>
              )}
            </Field>
          )}
          {draft.trigger.type === 'document-analyzed' && (
            <Field label="Document type" error={errors['trigger.documentType']}>
              {(control) => (
                <Select
                  {...control}
                  name="trigger.documentType"
                  className="w-full"
                  value={draft.trigger.documentType ?? ANY}
                  onChange={(e) =>
                    set({ trigger: { ...draft.trigger, documentType: e.target.value || null } })
                  }
                >
                  <option value={ANY}>Any type</option>
                  <Options values={DOCUMENT_TYPES} label={DOCUMENT_TYPE_LABELS} />
                </Select>
              )}
            </Field>
          )}
          {triggerDays && (
            <Field label="Days" error={errors['trigger.days']}>
              {(control) => (
                <Input
                  {...control}
                  name="trigger.days"
                  inputMode="numeric"
                  value={textValue(draft.trigger.days)}
                  onChange={(e) => set({ trigger: { ...draft.trigger, days: e.target.value } })}
                />
              )}
            </Field>
          )}
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <ChoiceSet
            legend="Only for case types (none: any)"
            idPrefix="condition-type"
            options={CASE_TYPES}
            labels={CASE_TYPE_LABELS}
            chosen={draft.conditions.caseTypes}
            onToggle={(type) =>
              set({
                conditions: { ...draft.conditions, caseTypes: toggle(draft.conditions.caseTypes, type) },
              })
            }
          />
          <ChoiceSet
            legend="Only for case statuses (none: any)"
            idPrefix="condition-status"
            options={CASE_STATUSES}
            labels={CASE_STATUS_LABELS}
            chosen={draft.conditions.statuses}
            onToggle={(status) =>
              set({
                conditions: { ...draft.conditions, statuses: toggle(draft.conditions.statuses, status) },
              })
            }
          />
        </div>
      </fieldset>

      <fieldset className="space-y-3">
        <legend className="text-sm font-semibold text-slate-900">Actions, in order</legend>
        {errors.actions && <p className="text-sm text-red-700">{errors.actions}</p>}
        <ol className="space-y-3">
          {draft.actions.map((action, index) => (
            <li key={index} className="space-y-3 rounded-lg border border-slate-200 p-4">
              <div className="flex flex-wrap items-end gap-2">
                <Field label={`Action ${index + 1}`} className="min-w-0 flex-1">
                  {(control) => (
                    <Select
                      {...control}
                      name={`actions.${index}.type`}
                      className="w-full"
                      value={action.type}
                      onChange={(e) =>
                        setDraft((current) => ({
                          ...current,
                          actions: current.actions.map((item, i) =>
                            i === index ? defaultAction(e.target.value as WorkflowActionType) : item,
                          ),
                        }))
                      }
                    >
                      <Options values={WORKFLOW_ACTION_TYPES} label={WORKFLOW_ACTION_LABELS} />
                    </Select>
                  )}
                </Field>
                <Button
                  variant="ghost"
                  size="sm"
                  aria-label={`Move action ${index + 1} up`}
                  disabled={index === 0}
                  onClick={() => moveAction(index, -1)}
                >
                  <ArrowUp aria-hidden="true" className="size-4" />
                </Button>
                <Button
                  variant="ghost"
                  size="sm"
                  aria-label={`Move action ${index + 1} down`}
                  disabled={index === draft.actions.length - 1}
                  onClick={() => moveAction(index, 1)}
                >
                  <ArrowDown aria-hidden="true" className="size-4" />
                </Button>
                <Button
                  variant="ghost"
                  size="sm"
                  aria-label={`Remove action ${index + 1}`}
                  disabled={draft.actions.length === 1}
                  onClick={() => set({ actions: draft.actions.filter((_, i) => i !== index) })}
                >
                  <Trash2 aria-hidden="true" className="size-4" />
                </Button>
              </div>
              <div className="grid gap-3 sm:grid-cols-2 [&>*:last-child:nth-child(odd)]:sm:col-span-2">
                {actionFields(action, index)}
              </div>
            </li>
          ))}
        </ol>
        <Button
          variant="secondary"
          size="sm"
          disabled={draft.actions.length >= MAX_WORKFLOW_ACTIONS}
          onClick={() => set({ actions: [...draft.actions, defaultAction('notify')] })}
        >
          <Plus aria-hidden="true" className="size-4" /> Add an action
        </Button>
      </fieldset>

      <DialogActions>
        <Button variant="secondary" onClick={onDone} disabled={pending}>
          Cancel
        </Button>
        <Button type="submit" isLoading={pending}>
          {workflowId ? 'Save workflow' : 'Create workflow'}
        </Button>
      </DialogActions>
    </form>
  );
}

export function WorkflowDialog({
  open,
  onOpenChange,
  draft,
  workflowId,
  title,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  draft: WorkflowDraft;
  workflowId?: string;
  title: string;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={title} widthClassName="max-w-3xl">
      {open && <WorkflowForm draft={draft} workflowId={workflowId} onDone={() => onOpenChange(false)} />}
    </Dialog>
  );
}
