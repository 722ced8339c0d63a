import { NEGOTIATION_MESSAGES } from '@sentinel/shared';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogActions } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Select } from '@/components/ui/select';
import { LoadingState } from '@/components/ui/spinner';
import { LoadError } from '@/components/ui/load-error';
import { negotiationPath } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { useNegotiationCases } from '../api/get-negotiation-cases';
import { useStartNegotiation } from '../api/start-negotiation';

/** 'Start negotiation': one of the firm's cases that has none yet, then its Details. */
export function StartNegotiationDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const cases = useNegotiationCases(open);
  const start = useStartNegotiation();
  const navigate = useNavigate();
  const [caseId, setCaseId] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);

  const close = (next: boolean) => {
    if (start.isPending) return;
    if (!next) {
      setCaseId('');
      setError(null);
      setFormError(null);
    }
    onOpenChange(next);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    if (!caseId) {
      setError('Choose a case');
      return;
    }
    try {
      const answer = await start.mutateAsync({ caseId });
      toast.success(NEGOTIATION_MESSAGES.started);
      close(false);
      void navigate(negotiationPath(answer.data.id));
    } catch (failure) {
      setFormError(errorMessage(failure, 'The negotiation could not be started. Please try again.'));
    }
  };

  const options = cases.data?.data ?? [];
  return (
    <Dialog
      open={open}
      onOpenChange={close}
      title="Start negotiation"
      description="Choose a case: its carrier, claim number and target settlement come from the case."
    >
      {cases.isPending ? (
        <LoadingState label="Loading cases..." />
      ) : cases.isError ? (
        <LoadError
          error={cases.error}
          fallback="The cases could not be loaded."
          onRetry={() => void cases.refetch()}
        />
      ) : options.length === 0 ? (
        <div className="space-y-4">
          <p className="text-sm text-slate-700">Every case of your firm already has a negotiation.</p>
          <DialogActions>
            <Button variant="secondary" onClick={() => close(false)}>
              Close
            </Button>
          </DialogActions>
        </div>
      ) : (
        <form onSubmit={(event) => void submit(event)} noValidate className="space-y-4">
          {formError && <Alert tone="error">{formError}</Alert>}
          <Field label="Case" required error={error ?? undefined}>
            {(control) => (
              <Select
                {...control}
                aria-required="true"
                value={caseId}
                onChange={(event) => {
                  setCaseId(event.target.value);
                  setError(null);
                }}
              >
                <option value="">Choose a case</option>
                {options.map((item) => (
                  <option key={item.id} value={item.id}>
                    {item.caseNumber} · {item.title}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <DialogActions>
            <Button variant="secondary" onClick={() => close(false)} disabled={start.isPending}>
              Cancel
            </Button>
            <Button type="submit" isLoading={start.isPending}>
              Start negotiation
            </Button>
          </DialogActions>
        </form>
      )}
    </Dialog>
  );
}
