import { LoadError } from '@/components/ui/load-error';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  CASE_STATUSES,
  CASE_STATUS_LABELS,
  CASE_TYPES,
  CASE_TYPE_LABELS,
  MESSAGES,
  PRIORITIES,
  PRIORITY_LABELS,
  type CaseDetail,
} from '@sentinel/shared';
import { useMemo, useState, type ReactNode } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogActions } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input, inputClasses } from '@/components/ui/input';
import { Options, Select } from '@/components/ui/select';
import { LoadingState } from '@/components/ui/spinner';
import { casePath } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { useSession } from '@/lib/auth';
import { useClientOptions } from '../api/get-client-options';
import { useFirmPeople } from '@/api/firm-people';
import { useCase } from '@/api/cases';
import { useCreateCase } from '../api/create-case';
import { useUpdateCase } from '../api/update-case';
import {
  caseToFormValues,
  createSchema,
  emptyValues,
  FIELD_OF_MESSAGE,
  updateSchema,
  type CaseBody,
  type CreateBody,
  type CaseFormValues,
  type FieldName,
} from '../utils/case-form-values';

export interface CaseFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Edit this case; without it the dialog opens a new case. */
  caseId?: string | null;
}

/**
 * 'New Case' and 'Edit Case': one form, checked with the server's own schemas before anything is
 * sent. A new case opens its page; an edit refreshes the lists and the page and says 'Case updated'.
 */
export function CaseFormDialog({ open, onOpenChange, caseId }: CaseFormDialogProps) {
  const editing = Boolean(caseId);
  const [busy, setBusy] = useState(false);
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!busy) onOpenChange(next);
      }}
      title={editing ? 'Edit Case' : 'New Case'}
      description={
        editing
          ? 'Change the case’s details. Fields marked * are required.'
          : 'Open a case for one of your firm’s clients. Fields marked * are required.'
      }
      widthClassName="max-w-3xl"
    >
      {open &&
        (caseId ? (
          <EditCaseForm caseId={caseId} onDone={() => onOpenChange(false)} onBusy={setBusy} />
        ) : (
          <CaseForm onDone={() => onOpenChange(false)} onBusy={setBusy} />
        ))}
    </Dialog>
  );
}

function EditCaseForm({
  caseId,
  onDone,
  onBusy,
}: {
  caseId: string;
  onDone: () => void;
  onBusy: (busy: boolean) => void;
}) {
  const detail = useCase(caseId);
  if (detail.isPending) return <LoadingState label="Loading case..." />;
  if (detail.isError)
    return (
      <LoadError
        error={detail.error}
        fallback={'This case could not be loaded. Please try again.'}
        onRetry={() => void detail.refetch()}
      />
    );
  return <CaseForm existing={detail.data} onDone={onDone} onBusy={onBusy} />;
}

interface Option {
  id: string;
  name: string;
}

/** The loaded options, plus the current choice when it is not among them (yet). */
function withCurrent(options: Option[] | undefined, current: Option | null | undefined): Option[] {
  const list = options ?? [];
  return current && !list.some((option) => option.id === current.id) ? [current, ...list] : list;
}

function CaseForm({
  existing,
  onDone,
  onBusy,
}: {
  existing?: CaseDetail;
  onDone: () => void;
  onBusy: (busy: boolean) => void;
}) {
  const session = useSession();
  const navigate = useNavigate();
  const create = useCreateCase();
  const update = useUpdateCase();
  const clients = useClientOptions(session?.userId ?? '');
  const people = useFirmPeople();
  const [formError, setFormError] = useState<string | null>(null);

  const defaults = useMemo(
    () => (existing ? caseToFormValues(existing) : emptyValues(session?.userId ?? '')),
    [existing, session?.userId],
  );
  const {
    register,
    handleSubmit,
    setError,
    getValues,
    formState: { errors, isSubmitting },
  } = useForm<CaseFormValues, unknown, CaseBody>({
    resolver: zodResolver(existing ? updateSchema : createSchema) as Resolver<
      CaseFormValues,
      unknown,
      CaseBody
    >,
    defaultValues: defaults,
  });

  const clientOptions = withCurrent(
    clients.data?.filter((client) => !client.deactivated || client.id === existing?.client.id),
    existing?.client,
  );
  const you: Option | null =
    !existing && session ? { id: session.userId, name: `${session.firstName} ${session.lastName}` } : null;
  const attorneyOptions = withCurrent(
    people.data?.filter((person) => person.userType === 'attorney'),
    existing ? existing.leadAttorney : you,
  );

  const onSubmit = handleSubmit(async (body) => {
    setFormError(null);
    onBusy(true);
    try {
      if (existing) {
        // Only what changed: the case's history then names exactly the edited fields.
        const changed = Object.fromEntries(
          Object.entries(body).filter(([key]) => {
            const name = key as FieldName;
            // Compared as typed, since the body holds parsed values.
            return name in defaults && getValues(name) !== defaults[name];
          }),
        ) as CaseBody;
        if (Object.keys(changed).length === 0) {
          onDone();
          return;
        }
        await update.mutateAsync({ id: existing.id, body: changed });
        toast.success(MESSAGES.caseUpdated);
        onDone();
      } else {
        const answer = await create.mutateAsync(body as CreateBody);
        toast.success(MESSAGES.caseCreated);
        onDone();
        await navigate(casePath(answer.data.id));
      }
    } catch (error) {
      const message = errorMessage(error, 'The case could not be saved. Please try again.');
      const field = FIELD_OF_MESSAGE[message];
      if (field) setError(field, { message }, { shouldFocus: true });
      else setFormError(message);
    } finally {
      onBusy(false);
    }
  });

  const busy = isSubmitting || create.isPending || update.isPending;
  const text = (name: FieldName, label: string, options: { required?: boolean; hint?: string } = {}) => (
    <Field label={label} required={options.required} hint={options.hint} error={errors[name]?.message}>
      {(control) => (
        <Input
          {...control}
          autoComplete="off"
          aria-required={options.required ? 'true' : undefined}
          {...register(name)}
        />
      )}
    </Field>
  );
  const date = (name: FieldName, label: string) => (
    <Field label={label} error={errors[name]?.message}>
      {(control) => <Input {...control} type="date" {...register(name)} />}
    </Field>
  );
  const amount = (name: FieldName, label: string) => (
    <Field label={label} hint="In US dollars" error={errors[name]?.message}>
      {(control) => (
        <div className="relative">
          <span
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-sm text-slate-500"
          >
            $
          </span>
          <Input
            {...control}
            inputMode="decimal"
            autoComplete="off"
            placeholder="0.00"
            className="pl-7"
            {...register(name)}
          />
        </div>
      )}
    </Field>
  );

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-6">
      {formError && <Alert tone="error">{formError}</Alert>}

      <FormSection title="Case">
        <div className="sm:col-span-2">{text('title', 'Title', { required: true })}</div>
        <Field
          label="Client"
          required
          error={errors.clientId?.message}
          hint={clients.isError ? 'The client list could not be loaded.' : undefined}
        >
          {(control) => (
            <Select {...control} aria-required="true" {...register('clientId')}>
              <option value="">{clients.isPending ? 'Loading clients...' : 'Choose a client'}</option>
              {clientOptions.map((client) => (
                <option key={client.id} value={client.id}>
                  {client.name}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label="Lead attorney" error={errors.leadAttorneyId?.message}>
          {(control) => (
            <Select {...control} {...register('leadAttorneyId')}>
              <option value="">No lead attorney</option>
              {attorneyOptions.map((person) => (
                <option key={person.id} value={person.id}>
                  {person.name}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label="Case type" error={errors.caseType?.message}>
          {(control) => (
            <Select {...control} {...register('caseType')}>
              <Options values={CASE_TYPES} label={CASE_TYPE_LABELS} />
            </Select>
          )}
        </Field>
        <div className="grid grid-cols-2 gap-4">
          <Field label="Status" error={errors.status?.message}>
            {(control) => (
              <Select {...control} {...register('status')}>
                <Options values={CASE_STATUSES} label={CASE_STATUS_LABELS} />
              </Select>
            )}
          </Field>
          <Field label="Priority" error={errors.priority?.message}>
            {(control) => (
              <Select {...control} {...register('priority')}>
                <Options values={PRIORITIES} label={PRIORITY_LABELS} />
              </Select>
            )}
          </Field>
        </div>
        {date('dateOpened', 'Date opened')}
        {date('dueDate', 'Due date')}
      </FormSection>

      <FormSection title="Insurance claim">
        {text('carrier', 'Carrier')}
        {text('policyNumber', 'Policy number')}
        {text('claimNumber', 'Claim number')}
        {date('dateOfLoss', 'Date of loss')}
        <div className="sm:col-span-2">{text('propertyAddress', 'Property address')}</div>
      </FormSection>

      <FormSection title="Settlement">
        {amount('targetSettlement', 'Target settlement')}
        {amount('settlementAmount', 'Settlement amount')}
      </FormSection>

      <Field label="Description" error={errors.description?.message}>
        {(control) => (
          <textarea {...control} rows={4} className={inputClasses('resize-y')} {...register('description')} />
        )}
      </Field>

      <DialogActions>
        <Button variant="secondary" onClick={onDone} disabled={busy}>
          Cancel
        </Button>
        <Button type="submit" isLoading={busy}>
          {existing ? (busy ? 'Saving...' : 'Save Changes') : busy ? 'Creating...' : 'Create Case'}
        </Button>
      </DialogActions>
    </form>
  );
}

function FormSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="min-w-0">
      <legend className="mb-3 text-sm font-semibold text-slate-900">{title}</legend>
      <div className="grid gap-4 sm:grid-cols-2">{children}</div>
    </fieldset>
  );
}
