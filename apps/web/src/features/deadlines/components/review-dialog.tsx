import { formatWeekdayDay } from '@/lib/format';
import {
  DEADLINE_MESSAGES,
  DEADLINE_STATUS_LABELS,
  DEADLINE_STATUSES,
  deadlineReviewBody,
  type CaseDeadline,
  type DeadlineStatus,
} from '@sentinel/shared';
import { clsx } from 'clsx';
import { useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogActions } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input, inputClasses } from '@/components/ui/input';
import { useReviewDeadline } from '../api/deadlines';
import { apiErrorsOf, type FieldErrors } from '@/lib/form-errors';
import { issuesToErrors } from '../utils/format';

type ReviewField = 'status' | 'overrideDate' | 'reason';
const REVIEW_FIELDS: readonly ReviewField[] = ['status', 'overrideDate', 'reason'];

/** What each status means, for the policyholder's side and for the carrier's. */
const STATUS_HINTS: Record<DeadlineStatus, { ours: string; carrier: string }> = {
  open: { ours: 'Still to be done.', carrier: 'Not known yet whether the carrier acted in time.' },
  met: { ours: 'Done in time.', carrier: 'The carrier acted in time.' },
  missed: {
    ours: 'Not done in time.',
    carrier: 'The carrier did not act in time: leverage for the claim.',
  },
  waived: {
    ours: 'No longer applies, e.g. waived by agreement.',
    carrier: 'No longer applies, e.g. waived by agreement.',
  },
};

function ReviewForm({
  caseId,
  deadline,
  onDone,
  onBusy,
}: {
  caseId: string;
  deadline: CaseDeadline;
  onDone: (saved: boolean) => void;
  onBusy: (busy: boolean) => void;
}) {
  const id = useId();
  const review = useReviewDeadline(caseId, deadline.ruleId);
  const [status, setStatus] = useState<DeadlineStatus>(deadline.status);
  const [overrideDate, setOverrideDate] = useState(deadline.override?.date ?? '');
  const [reason, setReason] = useState(deadline.reviewReason ?? '');
  const [errors, setErrors] = useState<FieldErrors<ReviewField>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const carrier = deadline.who === 'insurer';

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFormError(null);
    const parsed = deadlineReviewBody.safeParse({ status, overrideDate: overrideDate || null, reason });
    if (!parsed.success) {
      const found = issuesToErrors<ReviewField>(parsed.error.issues);
      setErrors(found);
      const first = REVIEW_FIELDS.find((field) => found[field]);
      if (first) event.currentTarget.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    setErrors({});
    onBusy(true);
    review.mutate(parsed.data, {
      onSuccess: () => {
        toast.success(DEADLINE_MESSAGES.saved);
        onDone(true);
      },
      onError: (error) => {
        const found = apiErrorsOf(error, REVIEW_FIELDS, 'The review could not be saved. Please try again.');
        setErrors(found.fields);
        setFormError(found.form);
      },
      onSettled: () => onBusy(false),
    });
  };

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5">
      {formError && <Alert tone="error">{formError}</Alert>}

      <fieldset aria-describedby={errors.status ? `${id}-status-error` : undefined}>
        <legend className="text-sm font-medium text-slate-800">Status</legend>
        <div className="mt-2 grid gap-2 sm:grid-cols-2">
          {DEADLINE_STATUSES.map((value) => (
            <label
              key={value}
              className={clsx(
                'flex cursor-pointer items-start gap-2.5 rounded-lg border px-3 py-2.5 text-sm',
                'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-600',
                status === value ? 'border-brand-600 bg-brand-50' : 'border-slate-200 hover:bg-slate-50',
              )}
            >
              <input
                type="radio"
                name="status"
                value={value}
                checked={status === value}
                onChange={() => setStatus(value)}
                className="mt-0.5 size-4 shrink-0 accent-brand-700"
              />
              <span>
                <span className="block font-medium text-slate-900">{DEADLINE_STATUS_LABELS[value]}</span>
                <span className="block text-xs text-slate-600">
                  {carrier ? STATUS_HINTS[value].carrier : STATUS_HINTS[value].ours}
                </span>
              </span>
            </label>
          ))}
        </div>
        {errors.status && (
          <p id={`${id}-status-error`} className="mt-1.5 text-sm text-red-700">
            {errors.status}
          </p>
        )}
      </fieldset>

      <Field
        label="Your date (optional)"
        error={errors.overrideDate}
        hint={`Leave it empty to keep the computed date, ${formatWeekdayDay(deadline.dueDate)}.`}
      >
        {(control) => (
          <div className="flex flex-wrap items-center gap-2">
            <Input
              {...control}
              type="date"
              name="overrideDate"
              value={overrideDate}
              onChange={(event) => {
                setOverrideDate(event.target.value);
                setErrors(({ overrideDate: _date, ...rest }) => rest);
              }}
            />
            {overrideDate && (
              <Button
                variant="ghost"
                size="sm"
                onClick={() => {
                  setOverrideDate('');
                  setErrors(({ overrideDate: _date, reason: _reason, ...rest }) => rest);
                }}
              >
                Use the computed date
              </Button>
            )}
          </div>
        )}
      </Field>

      <Field
        label="Reason"
        error={errors.reason}
        hint="Required when you set a date of your own: the order, agreement or reading it rests on."
      >
        {(control) => (
          <textarea
            {...control}
            name="reason"
            rows={3}
            maxLength={1000}
            className={inputClasses('resize-y')}
            value={reason}
            onChange={(event) => {
              setReason(event.target.value);
              setErrors(({ reason: _reason, ...rest }) => rest);
            }}
          />
        )}
      </Field>

      <DialogActions>
        <Button variant="secondary" onClick={() => onDone(false)} disabled={review.isPending}>
          Cancel
        </Button>
        <Button type="submit" isLoading={review.isPending}>
          Save review
        </Button>
      </DialogActions>
    </form>
  );
}

/**
 * The attorney's word on a computed deadline: met, missed, waived or open again, and optionally a
 * date of their own, which then counts everywhere (the tab, the calendar), with the reason for it.
 */
export function ReviewDialog({
  caseId,
  deadline,
  onClose,
}: {
  caseId: string;
  deadline: CaseDeadline | null;
  onClose: (saved: boolean) => void;
}) {
  const [busy, setBusy] = useState(false);
  return (
    <Dialog
      open={deadline !== null}
      onOpenChange={(open) => {
        if (!open && !busy) onClose(false);
      }}
      title="Review deadline"
      description={
        deadline
          ? `${deadline.action} — computed date ${formatWeekdayDay(deadline.dueDate)} (${deadline.ruleId}).`
          : undefined
      }
    >
      {deadline && (
        <ReviewForm
          key={deadline.ruleId}
          caseId={caseId}
          deadline={deadline}
          onBusy={setBusy}
          onDone={onClose}
        />
      )}
    </Dialog>
  );
}
