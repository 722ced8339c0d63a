import {
  NEGOTIATION_ACTION_LABELS,
  NEGOTIATION_MESSAGES,
  RECORDABLE_ACTION_KINDS,
  recordNegotiationActionRequest,
  type NegotiationDetail,
  type RecordableActionKind,
} from '@sentinel/shared';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogActions } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input, inputClasses } from '@/components/ui/input';
import { Options, Select } from '@/components/ui/select';
import { errorMessage } from '@/lib/api-client';
import { useRecordNegotiationAction } from '../api/record-negotiation-action';
import { localToday, parseAmount } from '../utils/amount';

interface Values {
  kind: RecordableActionKind;
  amount: string;
  date: string;
  actor: string;
  note: string;
  documentId: string;
}
type Errors = Partial<Record<keyof Values, string>>;

const fresh = (kind: RecordableActionKind): Values => ({
  kind,
  amount: '',
  date: localToday(),
  actor: '',
  note: '',
  documentId: '',
});

const TITLES: Record<RecordableActionKind, string> = {
  demand: 'Record a demand',
  offer: 'Record an offer',
  settlement: 'Record the settlement',
  note: 'Add a note',
};

/**
 * A demand, an offer, the settlement or a note: amount, date, who, note and a document of the case.
 * Checked with the server's own schema; the server's message shows if it refuses.
 */
export function RecordActionDialog({
  negotiation,
  kind,
  onClose,
}: {
  negotiation: NegotiationDetail;
  /** The kind the dialog opens with; null: closed. */
  kind: RecordableActionKind | null;
  onClose: () => void;
}) {
  return (
    <Dialog
      open={kind !== null}
      onOpenChange={(open) => !open && onClose()}
      title={kind ? TITLES[kind] : ''}
      description={negotiation.case.title}
    >
      {kind && <RecordActionForm key={kind} negotiation={negotiation} kind={kind} onClose={onClose} />}
    </Dialog>
  );
}

function RecordActionForm({
  negotiation,
  kind,
  onClose,
}: {
  negotiation: NegotiationDetail;
  kind: RecordableActionKind;
  onClose: () => void;
}) {
  const record = useRecordNegotiationAction(negotiation.id);
  const [values, setValues] = useState<Values>(() => fresh(kind));
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const set = (key: keyof Values) => (event: { target: { value: string } }) => {
    setValues((current) => ({ ...current, [key]: event.target.value }));
    setErrors((current) => ({ ...current, [key]: undefined }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const parsed = recordNegotiationActionRequest.safeParse({
      kind: values.kind,
      amount: parseAmount(values.amount),
      date: values.date,
      actor: values.actor,
      note: values.note,
      documentId: values.documentId || null,
    });
    if (!parsed.success) {
      const next: Errors = {};
      for (const issue of parsed.error.issues) {
        const key = (issue.path[0] ?? 'amount') as keyof Values;
        next[key] ??=
          key === 'amount' && values.amount && Number.isNaN(parseAmount(values.amount))
            ? 'Enter an amount in dollars, like 125000 or 125,000.50'
            : issue.message;
      }
      setErrors(next);
      return;
    }
    try {
      await record.mutateAsync(parsed.data);
      toast.success(
        parsed.data.kind === 'settlement'
          ? NEGOTIATION_MESSAGES.settled
          : NEGOTIATION_MESSAGES.actionRecorded,
      );
      onClose();
    } catch (failure) {
      setFormError(errorMessage(failure, 'It could not be recorded. Please try again.'));
    }
  };

  const settled = negotiation.status !== 'open';
  const kinds = settled ? (['note'] as const) : RECORDABLE_ACTION_KINDS;
  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="space-y-4">
      {formError && <Alert tone="error">{formError}</Alert>}
      {values.kind === 'settlement' && (
        <Alert>
          Recording the settlement settles the case: its status becomes Settled and the amount counts in the
          dashboard’s Settlements MTD.
        </Alert>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Kind" required>
          {(control) => (
            <Select {...control} value={values.kind} onChange={set('kind')}>
              <Options values={kinds} label={NEGOTIATION_ACTION_LABELS} />
            </Select>
          )}
        </Field>
        <Field label="Date" required error={errors.date}>
          {(control) => (
            <Input {...control} type="date" aria-required="true" value={values.date} onChange={set('date')} />
          )}
        </Field>
      </div>
      <Field
        label="Amount (USD)"
        required={values.kind !== 'note'}
        hint={values.kind === 'note' ? 'Optional' : undefined}
        error={errors.amount}
      >
        {(control) => (
          <Input
            {...control}
            inputMode="decimal"
            autoComplete="off"
            value={values.amount}
            onChange={set('amount')}
          />
        )}
      </Field>
      <Field label="Who" hint="Optional: e.g. the carrier’s adjuster" error={errors.actor}>
        {(control) => <Input {...control} autoComplete="off" value={values.actor} onChange={set('actor')} />}
      </Field>
      <Field label="Note" required={values.kind === 'note'} error={errors.note}>
        {(control) => (
          <textarea
            {...control}
            rows={3}
            className={inputClasses('h-auto py-2')}
            value={values.note}
            onChange={set('note')}
          />
        )}
      </Field>
      <Field
        label="Linked document"
        hint={negotiation.documents.length === 0 ? 'This case has no documents yet.' : 'Optional'}
        error={errors.documentId}
      >
        {(control) => (
          <Select
            {...control}
            value={values.documentId}
            onChange={set('documentId')}
            disabled={negotiation.documents.length === 0}
          >
            <option value="">None</option>
            {negotiation.documents.map((document) => (
              <option key={document.id} value={document.id}>
                {document.fileName}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <DialogActions>
        <Button variant="secondary" onClick={onClose} disabled={record.isPending}>
          Cancel
        </Button>
        <Button type="submit" isLoading={record.isPending}>
          {values.kind === 'settlement' ? 'Record settlement' : 'Save'}
        </Button>
      </DialogActions>
    </form>
  );
}
