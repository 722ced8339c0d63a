import { NEGOTIATION_MESSAGES, updateNegotiationRequest, type NegotiationDetail } from '@sentinel/shared';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogActions } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { errorMessage } from '@/lib/api-client';
import { useUpdateNegotiation } from '../api/update-negotiation';
import { parseAmount } from '../utils/amount';

interface Values {
  carrier: string;
  claimNumber: string;
  targetSettlement: string;
}

/** The case's carrier, claim number and target settlement, changed on the case itself. */
export function EditTermsDialog({
  negotiation,
  open,
  onOpenChange,
}: {
  negotiation: NegotiationDetail;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Change carrier, claim or target"
      description="These are the case’s own fields: the case page shows the same values."
    >
      {open && <EditTermsForm negotiation={negotiation} onClose={() => onOpenChange(false)} />}
    </Dialog>
  );
}

function EditTermsForm({ negotiation, onClose }: { negotiation: NegotiationDetail; onClose: () => void }) {
  const update = useUpdateNegotiation(negotiation.id);
  const [values, setValues] = useState<Values>({
    carrier: negotiation.carrier ?? '',
    claimNumber: negotiation.claimNumber ?? '',
    targetSettlement: negotiation.targetSettlement === null ? '' : String(negotiation.targetSettlement),
  });
  const [errors, setErrors] = useState<Partial<Record<keyof Values, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const set = (key: keyof Values) => (event: { target: { value: string } }) => {
    setValues((current) => ({ ...current, [key]: event.target.value }));
    setErrors((current) => ({ ...current, [key]: undefined }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const target = parseAmount(values.targetSettlement);
    const parsed = updateNegotiationRequest.safeParse({
      carrier: values.carrier,
      claimNumber: values.claimNumber,
      targetSettlement: target,
    });
    if (!parsed.success) {
      const next: Partial<Record<keyof Values, string>> = {};
      for (const issue of parsed.error.issues) {
        const key = (issue.path[0] ?? 'targetSettlement') as keyof Values;
        next[key] ??=
          Number.isNaN(target) && key === 'targetSettlement'
            ? 'Enter an amount in dollars, like 125000 or 125,000.50'
            : issue.message;
      }
      setErrors(next);
      return;
    }
    try {
      await update.mutateAsync(parsed.data);
      toast.success(NEGOTIATION_MESSAGES.updated);
      onClose();
    } catch (failure) {
      setFormError(errorMessage(failure, 'The changes could not be saved. Please try again.'));
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="space-y-4">
      {formError && <Alert tone="error">{formError}</Alert>}
      <Field label="Carrier" error={errors.carrier}>
        {(control) => (
          <Input {...control} autoComplete="off" value={values.carrier} onChange={set('carrier')} />
        )}
      </Field>
      <Field label="Claim number" error={errors.claimNumber}>
        {(control) => (
          <Input {...control} autoComplete="off" value={values.claimNumber} onChange={set('claimNumber')} />
        )}
      </Field>
      <Field label="Target settlement (USD)" hint="Leave empty for no target" error={errors.targetSettlement}>
        {(control) => (
          <Input
            {...control}
            inputMode="decimal"
            autoComplete="off"
            value={values.targetSettlement}
            onChange={set('targetSettlement')}
          />
        )}
      </Field>
      <DialogActions>
        <Button variant="secondary" onClick={onClose} disabled={update.isPending}>
          Cancel
        </Button>
        <Button type="submit" isLoading={update.isPending}>
          Save changes
        </Button>
      </DialogActions>
    </form>
  );
}
