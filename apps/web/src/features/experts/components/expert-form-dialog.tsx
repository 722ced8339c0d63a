import {
  AVAILABILITY_SUGGESTIONS,
  createExpertRequest,
  SAMPLE_SPECIALTIES,
  type ExpertDetail,
} from '@sentinel/shared';
import { useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { documentsQueryOptions } from '@/api/documents';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogActions } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input, inputClasses } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { expertPath } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { useSession } from '@/lib/auth';
import { useCreateExpert } from '../api/create-expert';
import { useUpdateExpert } from '../api/update-expert';

interface FormState {
  name: string;
  specialty: string;
  credentials: string;
  company: string;
  availability: string;
  hourlyRate: string;
  email: string;
  phone: string;
  notes: string;
  cvDocumentId: string;
}
type FieldName = keyof FormState;

const EMPTY: FormState = {
  name: '',
  specialty: '',
  credentials: '',
  company: '',
  availability: 'Available',
  hourlyRate: '',
  email: '',
  phone: '',
  notes: '',
  cvDocumentId: '',
};

const fromExpert = (expert: ExpertDetail): FormState => ({
  name: expert.name,
  specialty: expert.specialty,
  credentials: expert.credentials,
  company: expert.company,
  availability: expert.availability,
  hourlyRate: expert.hourlyRate === null ? '' : String(expert.hourlyRate),
  email: expert.email ?? '',
  phone: expert.phone ?? '',
  notes: expert.notes,
  cvDocumentId: expert.cvDocument?.id ?? '',
});

export interface ExpertFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The firm's specialties, offered beside the spec's samples. */
  specialties: readonly string[];
  /** Editing this expert; without it, a new one (opened on their profile once added). */
  expert?: ExpertDetail;
}

/**
 * 'Add Expert' and 'Edit': name, specialty, credentials, firm, availability, hourly rate, contact,
 * notes and a CV (a document of the firm). Checked with the server's own schema before sending.
 */
export function ExpertFormDialog({ open, onOpenChange, specialties, expert }: ExpertFormDialogProps) {
  const session = useSession();
  const navigate = useNavigate();
  const create = useCreateExpert();
  const update = useUpdateExpert();
  const documents = useQuery({ ...documentsQueryOptions(session?.userId ?? ''), enabled: open });
  const [form, setForm] = useState<FormState>(expert ? fromExpert(expert) : EMPTY);
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const specialtyList = useId();
  const availabilityList = useId();
  const busy = create.isPending || update.isPending;
  const specialtyOptions = [...new Set([...specialties, ...SAMPLE_SPECIALTIES])].sort();

  const set = (name: FieldName) => (event: { target: { value: string } }) =>
    setForm((previous) => ({ ...previous, [name]: event.target.value }));

  const close = (next: boolean) => {
    if (busy) return;
    if (!next && !expert) setForm(EMPTY);
    setErrors({});
    setFormError(null);
    onOpenChange(next);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const rate = form.hourlyRate.trim();
    const parsed = createExpertRequest.safeParse({
      ...form,
      hourlyRate: rate === '' ? null : Number(rate),
      cvDocumentId: form.cvDocumentId || null,
    });
    if (!parsed.success) {
      const found: Partial<Record<FieldName, string>> = {};
      for (const issue of parsed.error.issues) found[issue.path[0] as FieldName] ??= issue.message;
      setErrors(found);
      return;
    }
    setErrors({});
    try {
      if (expert) {
        const answer = await update.mutateAsync({ id: expert.id, body: parsed.data });
        toast.success(answer.message);
        onOpenChange(false);
      } else {
        const answer = await create.mutateAsync(parsed.data);
        toast.success(answer.message);
        setForm(EMPTY);
        onOpenChange(false);
        void navigate(expertPath(answer.data.id));
      }
    } catch (error) {
      setFormError(errorMessage(error, 'The expert could not be saved. Please try again.'));
    }
  };

  const text = (
    name: FieldName,
    label: string,
    props: { required?: boolean; hint?: string; type?: string; list?: string; inputMode?: 'decimal' } = {},
  ) => (
    <Field label={label} required={props.required} hint={props.hint} error={errors[name]}>
      {(control) => (
        <Input
          {...control}
          type={props.type ?? 'text'}
          list={props.list}
          inputMode={props.inputMode}
          autoComplete="off"
          aria-required={props.required ? 'true' : undefined}
          value={form[name]}
          onChange={set(name)}
        />
      )}
    </Field>
  );

  return (
    <Dialog
      open={open}
      onOpenChange={close}
      title={expert ? `Edit ${expert.name}` : 'Add Expert'}
      description="Engage them on a case from their card or profile once added."
      widthClassName="max-w-2xl"
    >
      <form onSubmit={submit} noValidate className="space-y-4">
        {formError && <Alert tone="error">{formError}</Alert>}
        <div className="grid gap-4 sm:grid-cols-2">
          {text('name', 'Name', { required: true })}
          {text('specialty', 'Specialty', { required: true, list: specialtyList })}
          {text('credentials', 'Credentials', { hint: 'Optional: licences, certifications' })}
          {text('company', 'Firm', { hint: 'Optional: the expert’s own firm or company' })}
          {text('availability', 'Availability', {
            required: true,
            list: availabilityList,
            hint: 'Available, Busy until …, or Unavailable',
          })}
          {text('hourlyRate', 'Hourly rate (USD)', { hint: 'Optional', inputMode: 'decimal' })}
          {text('email', 'Email', {
            type: 'email',
            hint: 'Optional: invited to the case team when engaged',
          })}
          {text('phone', 'Phone', { type: 'tel', hint: 'Optional' })}
        </div>
        <datalist id={specialtyList}>
          {specialtyOptions.map((option) => (
            <option key={option} value={option} />
          ))}
        </datalist>
        <datalist id={availabilityList}>
          {AVAILABILITY_SUGGESTIONS.map((option) => (
            <option key={option} value={option} />
          ))}
        </datalist>
        <Field
          label="CV"
          hint={
            documents.isError
              ? errorMessage(documents.error, 'Your documents could not be loaded.')
              : 'Optional: a document of the firm (upload it on Documents first)'
          }
          error={errors.cvDocumentId}
        >
          {(control) => (
            <Select {...control} value={form.cvDocumentId} onChange={set('cvDocumentId')}>
              <option value="">No CV</option>
              {form.cvDocumentId && !documents.data?.some((doc) => doc.id === form.cvDocumentId) && (
                <option value={form.cvDocumentId}>{expert?.cvDocument?.fileName ?? 'Current CV'}</option>
              )}
              {(documents.data ?? []).map((doc) => (
                <option key={doc.id} value={doc.id}>
                  {doc.fileName}
                  {doc.caseNumber ? ` (${doc.caseNumber})` : ''}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label="Notes" hint="Optional" error={errors.notes}>
          {(control) => (
            <textarea
              {...control}
              rows={3}
              maxLength={2000}
              className={inputClasses('resize-y')}
              value={form.notes}
              onChange={set('notes')}
            />
          )}
        </Field>
        <DialogActions>
          <Button variant="secondary" onClick={() => close(false)} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" isLoading={busy}>
            {busy ? 'Saving...' : expert ? 'Save Changes' : 'Add Expert'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
