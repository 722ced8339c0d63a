import { formatWeekdayDay } from '@/lib/format';
import {
  claimFactsBody,
  DEADLINE_MESSAGES,
  isUsState,
  POLICY_KIND_LABELS,
  POLICY_KINDS,
  US_STATES,
  type CaseDeadlinesResponse,
  type ClaimFacts,
  type PolicyKind,
} from '@sentinel/shared';
import { Info } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Options, Select } from '@/components/ui/select';
import { useSaveClaimFacts } from '../api/deadlines';
import { apiErrorsOf, type FieldErrors } from '@/lib/form-errors';
import { issuesToErrors } from '../utils/format';
import { Detail, notSet } from '@/components/ui/detail';

/** The wrapper of the card, so the deadlines' empty state can send the keyboard here. */
export const FACTS_STATE_ID = 'claim-facts';

const EFFECTIVE_DATE_HINT = 'The policy’s issue or renewal date: Florida’s periods depend on it.';
const EXTENSION_HINT =
  'Days a catastrophe order adds to the carrier’s deadlines (Florida OIR up to 30, Texas 15). 0 for none.';
const DAYS_MESSAGE = 'Enter whole days from 0 to 180';

type FactField = keyof ClaimFacts;
const FACT_FIELDS: readonly FactField[] = [
  'propertyState',
  'policyKind',
  'policyEffectiveDate',
  'stateOfEmergency',
  'surplusLines',
  'catastropheExtensionDays',
];

/** The form's values as the controls hold them (the days as typed). */
interface Draft {
  propertyState: string;
  policyKind: string;
  policyEffectiveDate: string;
  stateOfEmergency: boolean;
  surplusLines: boolean;
  catastropheExtensionDays: string;
}

const draftOf = (facts: ClaimFacts): Draft => ({
  propertyState: facts.propertyState ?? '',
  policyKind: facts.policyKind ?? '',
  policyEffectiveDate: facts.policyEffectiveDate ?? '',
  stateOfEmergency: facts.stateOfEmergency,
  surplusLines: facts.surplusLines,
  catastropheExtensionDays: String(facts.catastropheExtensionDays),
});

const stateName = (code: string | null) => (code && isUsState(code) ? US_STATES[code] : code);
const STATE_CODES = Object.keys(US_STATES) as Array<keyof typeof US_STATES>;

/** 'Rules applied: Florida statutes, Common policy terms' and why fewer rules apply, if so. */
function RulesApplied({ view }: { view: CaseDeadlinesResponse }) {
  return (
    <div className="mt-5 space-y-3 border-t border-slate-100 pt-4 text-sm">
      <p className="text-slate-700">
        <span className="font-medium text-slate-900">Rules applied: </span>
        {view.sources.length > 0 ? view.sources.join(', ') : 'none yet'}
      </p>
      {view.notice && (
        <p className="flex items-start gap-2 rounded-lg bg-amber-50 px-3 py-2 text-amber-900">
          <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span>{view.notice}</span>
        </p>
      )}
    </div>
  );
}

/** The facts as text, for the case's team members who may not change them. */
function FactsText({ facts }: { facts: ClaimFacts }) {
  return (
    <dl className="grid gap-4 text-sm sm:grid-cols-2 lg:grid-cols-1">
      <Detail term="Property state">{stateName(facts.propertyState) ?? notSet}</Detail>
      <Detail term="Policy kind">{facts.policyKind ? POLICY_KIND_LABELS[facts.policyKind] : notSet}</Detail>
      <Detail term="Policy effective date">
        {facts.policyEffectiveDate ? (
          <time dateTime={facts.policyEffectiveDate}>{formatWeekdayDay(facts.policyEffectiveDate)}</time>
        ) : (
          notSet
        )}
      </Detail>
      <Detail term="State of emergency">{facts.stateOfEmergency ? 'Declared for the loss' : 'No'}</Detail>
      <Detail term="Surplus lines carrier">{facts.surplusLines ? 'Yes' : 'No'}</Detail>
      <Detail term="Catastrophe order extension">
        {facts.catastropheExtensionDays === 1 ? '1 day' : `${facts.catastropheExtensionDays} days`}
      </Detail>
    </dl>
  );
}

/** Checks the draft with the server's own schema; the body to send, or the messages per field. */
function validate(draft: Draft): { body: ClaimFacts } | { errors: FieldErrors<FactField> } {
  const days = draft.catastropheExtensionDays.trim();
  const daysWrong = !/^\d{1,3}$/.test(days) || Number(days) > 180;
  const parsed = claimFactsBody.safeParse({
    propertyState: draft.propertyState || null,
    policyKind: (draft.policyKind || null) as PolicyKind | null,
    policyEffectiveDate: draft.policyEffectiveDate || null,
    stateOfEmergency: draft.stateOfEmergency,
    surplusLines: draft.surplusLines,
    catastropheExtensionDays: daysWrong ? 0 : Number(days),
  });
  if (parsed.success && !daysWrong) return { body: parsed.data };
  const errors = parsed.success ? {} : issuesToErrors<FactField>(parsed.error.issues);
  if (daysWrong) errors.catastropheExtensionDays = DAYS_MESSAGE;
  return { errors };
}

function FactsForm({ caseId, facts }: { caseId: string; facts: ClaimFacts }) {
  const id = useId();
  const save = useSaveClaimFacts(caseId);
  // Null while untouched: the form shows the saved facts (and follows a reload of them).
  const [draft, setDraft] = useState<Draft | null>(null);
  const [errors, setErrors] = useState<FieldErrors<FactField>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const values = draft ?? draftOf(facts);
  const set = (change: Partial<Draft>) => {
    setDraft({ ...values, ...change });
    const cleared = { ...errors };
    for (const key of Object.keys(change) as FactField[]) delete cleared[key];
    setErrors(cleared);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFormError(null);
    const form = event.currentTarget;
    const showErrors = (found: FieldErrors<FactField>) => {
      setErrors(found);
      const first = FACT_FIELDS.find((field) => found[field]);
      if (first) form.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
    };
    const checked = validate(values);
    if ('errors' in checked) {
      showErrors(checked.errors);
      return;
    }
    setErrors({});
    save.mutate(checked.body, {
      onSuccess: () => {
        setDraft(null);
        toast.success(DEADLINE_MESSAGES.saved);
      },
      onError: (error) => {
        const found = apiErrorsOf(
          error,
          FACT_FIELDS,
          'The claim facts could not be saved. Please try again.',
        );
        showErrors(found.fields);
        setFormError(found.form);
      },
    });
  };

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      {formError && <Alert tone="error">{formError}</Alert>}
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-1">
        <Field label="Property state" error={errors.propertyState}>
          {(control) => (
            <Select
              {...control}
              name="propertyState"
              value={values.propertyState}
              onChange={(event) => set({ propertyState: event.target.value })}
            >
              <option value="">Not chosen</option>
              {STATE_CODES.map((code) => (
                <option key={code} value={code}>
                  {US_STATES[code]}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label="Policy kind" error={errors.policyKind}>
          {(control) => (
            <Select
              {...control}
              name="policyKind"
              value={values.policyKind}
              onChange={(event) => set({ policyKind: event.target.value })}
            >
              <option value="">Not chosen</option>
              <Options values={POLICY_KINDS} label={POLICY_KIND_LABELS} />
            </Select>
          )}
        </Field>
        <Field label="Policy effective date" hint={EFFECTIVE_DATE_HINT} error={errors.policyEffectiveDate}>
          {(control) => (
            <Input
              {...control}
              type="date"
              name="policyEffectiveDate"
              value={values.policyEffectiveDate}
              onChange={(event) => set({ policyEffectiveDate: event.target.value })}
            />
          )}
        </Field>
        <Field
          label="Catastrophe order extension (days)"
          hint={EXTENSION_HINT}
          error={errors.catastropheExtensionDays}
        >
          {(control) => (
            <Input
              {...control}
              type="number"
              name="catastropheExtensionDays"
              inputMode="numeric"
              min={0}
              max={180}
              step={1}
              value={values.catastropheExtensionDays}
              onChange={(event) => set({ catastropheExtensionDays: event.target.value })}
            />
          )}
        </Field>
      </div>
      <fieldset className="space-y-3">
        <legend className="mb-2 text-sm font-medium text-slate-800">Circumstances</legend>
        <Checkbox
          id={`${id}-emergency`}
          name="stateOfEmergency"
          label="A state of emergency was declared for the loss"
          checked={values.stateOfEmergency}
          error={errors.stateOfEmergency}
          onChange={(event) => set({ stateOfEmergency: event.target.checked })}
        />
        <Checkbox
          id={`${id}-surplus`}
          name="surplusLines"
          label="Surplus lines carrier (Texas)"
          checked={values.surplusLines}
          error={errors.surplusLines}
          onChange={(event) => set({ surplusLines: event.target.checked })}
        />
      </fieldset>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" isLoading={save.isPending}>
          Save claim facts
        </Button>
        {draft && !save.isPending && (
          <Button
            variant="ghost"
            onClick={() => {
              setDraft(null);
              setErrors({});
              setFormError(null);
            }}
          >
            Discard changes
          </Button>
        )}
      </div>
    </form>
  );
}

/** What selects the rules besides the key dates: the property's state, the policy, the orders. */
export function ClaimFactsCard({ caseId, view }: { caseId: string; view: CaseDeadlinesResponse }) {
  return (
    <div
      id={FACTS_STATE_ID}
      tabIndex={-1}
      className="scroll-mt-4 rounded-xl focus:outline-2 focus:outline-brand-600"
    >
      <Card
        title="Claim facts"
        headingLevel="h2"
        description="They choose the rules that apply. Orders extending deadlines are entered here, never assumed."
      >
        {view.canEdit ? <FactsForm caseId={caseId} facts={view.facts} /> : <FactsText facts={view.facts} />}
        <RulesApplied view={view} />
      </Card>
    </div>
  );
}
