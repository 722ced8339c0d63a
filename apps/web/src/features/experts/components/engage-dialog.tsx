import { EXPERT_MESSAGES, engageExpertRequest, type ExpertSummary } from '@sentinel/shared';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { allCasesQueryOptions } from '@/api/cases';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogActions } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input, inputClasses } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { LoadingState } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { useEngageExpert } from '../api/engage-expert';

export interface EngageDialogProps {
  expert: Pick<ExpertSummary, 'id' | 'name' | 'email' | 'hasAccount'>;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Cases the expert is already engaged on: left out of the choice. */
  engagedCaseIds?: readonly string[];
}

/** What engaging will do about the case team, said before the attorney confirms. */
function teamNote(expert: EngageDialogProps['expert']): string {
  if (expert.hasAccount) return 'They have a Sentinel account and join the case team as its expert witness.';
  if (expert.email)
    return `They are invited by e-mail (${expert.email}) to join the case team as its expert witness.`;
  return 'They have no Sentinel account and no e-mail: the engagement is recorded, but they will not be on the case team.';
}

/**
 * 'Engage on case': the case, a report due date and the scope. The expert's user joins the case
 * team; one with only an e-mail is invited; the server's message says which happened.
 */
export function EngageDialog({ expert, open, onOpenChange, engagedCaseIds = [] }: EngageDialogProps) {
  const cases = useQuery({ ...allCasesQueryOptions(), enabled: open });
  const engage = useEngageExpert();
  const [caseId, setCaseId] = useState('');
  const [reportDueOn, setReportDueOn] = useState('');
  const [scope, setScope] = useState('');
  const [errors, setErrors] = useState<{ caseId?: string; reportDueOn?: string; scope?: string }>({});
  const [formError, setFormError] = useState<string | null>(null);
  const choices = (cases.data?.data ?? []).filter((row) => !engagedCaseIds.includes(row.id));

  const close = (next: boolean) => {
    if (engage.isPending) return;
    onOpenChange(next);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const parsed = engageExpertRequest.safeParse({ caseId, scope, reportDueOn: reportDueOn || null });
    if (!parsed.success) {
      const found: typeof errors = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] as keyof typeof errors;
        found[key] ??= key === 'caseId' ? EXPERT_MESSAGES.unknownCase : issue.message;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    try {
      const answer = await engage.mutateAsync({ id: expert.id, body: parsed.data });
      toast.success(answer.message);
      onOpenChange(false);
    } catch (error) {
      setFormError(errorMessage(error, 'The expert could not be engaged. Please try again.'));
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={close}
      title={`Engage ${expert.name} on a case`}
      description={teamNote(expert)}
    >
      {cases.isPending ? (
        <LoadingState label="Loading cases..." />
      ) : (
        <form onSubmit={submit} noValidate className="space-y-4">
          {formError && <Alert tone="error">{formError}</Alert>}
          {cases.isError && (
            <Alert tone="error">{errorMessage(cases.error, 'The cases could not be loaded.')}</Alert>
          )}
          {cases.isSuccess && choices.length === 0 && (
            <Alert tone="info">
              {engagedCaseIds.length > 0
                ? 'This expert is already engaged on every case of the firm.'
                : 'The firm has no cases yet. Open a case first, then engage the expert on it.'}
            </Alert>
          )}
          <Field label="Case" required error={errors.caseId}>
            {(control) => (
              <Select
                {...control}
                aria-required="true"
                value={caseId}
                onChange={(event) => setCaseId(event.target.value)}
              >
                <option value="">Choose a case</option>
                {choices.map((row) => (
                  <option key={row.id} value={row.id}>
                    {row.caseNumber} — {row.title}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <Field label="Report due" hint="Optional" error={errors.reportDueOn}>
            {(control) => (
              <Input
                {...control}
                type="date"
                value={reportDueOn}
                onChange={(event) => setReportDueOn(event.target.value)}
              />
            )}
          </Field>
          <Field label="Scope" hint="Optional: what the expert is asked to do" error={errors.scope}>
            {(control) => (
              <textarea
                {...control}
                rows={3}
                maxLength={500}
                className={inputClasses('resize-y')}
                value={scope}
                onChange={(event) => setScope(event.target.value)}
              />
            )}
          </Field>
          <DialogActions>
            <Button variant="secondary" onClick={() => close(false)} disabled={engage.isPending}>
              Cancel
            </Button>
            <Button type="submit" isLoading={engage.isPending} disabled={choices.length === 0}>
              {engage.isPending ? 'Engaging...' : 'Engage on case'}
            </Button>
          </DialogActions>
        </form>
      )}
    </Dialog>
  );
}
