import {
  DEADLINE_MESSAGES,
  KEY_DATE_HINTS,
  KEY_DATE_KINDS,
  KEY_DATE_LABELS,
  keyDateBody,
  type CaseDeadlinesResponse,
  type KeyDate,
  type KeyDateKind,
  type KeyDateSuggestion,
} from '@sentinel/shared';
import { FileText, Pencil, Plus, Trash2 } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Input } from '@/components/ui/input';
import { errorMessage } from '@/lib/api-client';
import { formatDay, formatWeekdayDay } from '@/lib/format';
import { useRemoveKeyDate, useSetKeyDate } from '../api/deadlines';
import { keyDateRowId } from '../utils/format';
import { DocumentName } from './document-name';

/** The client-side check of a typed key date: the server's schema, and not after today. */
export function keyDateError(value: string, today: string): string | null {
  if (!value) return 'Enter the date';
  const parsed = keyDateBody.safeParse({ date: value, documentId: null });
  if (!parsed.success) return parsed.error.issues[0]?.message ?? 'Use a date like 2025-03-01';
  return value > today ? DEADLINE_MESSAGES.futureKeyDate : null;
}

/** 'Typed by Ann Lee · Mar 4, 2026', 'From denial-letter.pdf', or the case's own date of loss. */
function Source({ keyDate }: { keyDate: KeyDate }) {
  const when = formatDay(keyDate.updatedAt);
  if (keyDate.source === 'document') {
    return (
      <p className="mt-1 flex flex-wrap items-center gap-x-1 text-xs text-slate-600">
        <FileText aria-hidden="true" className="size-3.5 shrink-0" />
        {keyDate.document ? (
          <>
            From <DocumentName document={keyDate.document} />
          </>
        ) : (
          'From a document since removed from the case'
        )}
        {keyDate.setBy && <span>· confirmed by {keyDate.setBy}</span>}
      </p>
    );
  }
  const text = keyDate.setBy
    ? `Typed by ${keyDate.setBy} · ${when}`
    : keyDate.kind === 'date_of_loss'
      ? 'From the case details'
      : 'Typed';
  return <p className="mt-1 text-xs text-slate-600">{text}</p>;
}

interface RowProps {
  caseId: string;
  kind: KeyDateKind;
  keyDate: KeyDate | undefined;
  suggestions: KeyDateSuggestion[];
  canEdit: boolean;
  today: string;
}

/** One key date: its date and source, the attorney's edit and remove, and documents' suggestions. */
function KeyDateRow({ caseId, kind, keyDate, suggestions, canEdit, today }: RowProps) {
  const id = useId();
  const label = KEY_DATE_LABELS[kind];
  const set = useSetKeyDate(caseId, kind);
  const remove = useRemoveKeyDate(caseId, kind);
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [removeError, setRemoveError] = useState<string | null>(null);
  const [suggestionError, setSuggestionError] = useState<string | null>(null);
  // Where the keyboard goes when the editor closes or the date is removed: the row's main action.
  const actionRef = useRef<HTMLButtonElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const [refocus, setRefocus] = useState(0);
  useEffect(() => {
    if (refocus === 0) return;
    // After the confirmation dialog has put focus back (it does so on the next turn).
    const timer = setTimeout(() => actionRef.current?.focus(), 0);
    return () => clearTimeout(timer);
  }, [refocus]);

  const startEditing = () => {
    setValue(keyDate?.date ?? '');
    setError(null);
    setEditing(true);
  };
  const stopEditing = () => {
    setEditing(false);
    setError(null);
    setRefocus((n) => n + 1);
  };

  const onSave = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problem = keyDateError(value, today);
    if (problem) {
      setError(problem);
      inputRef.current?.focus();
      return;
    }
    set.mutate(
      { date: value, documentId: null },
      {
        onSuccess: () => {
          toast.success(`${label}: ${DEADLINE_MESSAGES.saved.toLowerCase()}`);
          stopEditing();
        },
        onError: (failure) => {
          setError(errorMessage(failure, 'The date could not be saved. Please try again.'));
          inputRef.current?.focus();
        },
      },
    );
  };

  const applySuggestion = (suggestion: KeyDateSuggestion) => {
    setSuggestionError(null);
    set.mutate(
      { date: suggestion.date, documentId: suggestion.document.id },
      {
        onSuccess: () => {
          toast.success(`${label}: ${formatWeekdayDay(suggestion.date)}, from ${suggestion.document.name}`);
          setRefocus((n) => n + 1);
        },
        onError: (failure) =>
          setSuggestionError(errorMessage(failure, 'The date could not be saved. Please try again.')),
      },
    );
  };

  const onRemove = () => {
    setRemoveError(null);
    remove.mutate(undefined, {
      onSuccess: () => {
        setConfirming(false);
        toast.success(`${label}: removed`);
        setRefocus((n) => n + 1);
      },
      onError: (failure) =>
        setRemoveError(errorMessage(failure, 'The date could not be removed. Please try again.')),
    });
  };

  const inputId = `${id}-date`;
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const applying = set.isPending && set.variables?.documentId ? set.variables : null;

  return (
    <li
      id={keyDateRowId(kind)}
      tabIndex={-1}
      className="-mx-2 scroll-mt-4 rounded-lg px-2 py-3.5 focus:outline-2 focus:outline-brand-600"
    >
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
        <div className="min-w-0 flex-1 basis-52">
          <p className="text-sm font-medium text-slate-900">{label}</p>
          <p id={hintId} className="text-xs text-slate-600">
            {KEY_DATE_HINTS[kind]}
          </p>
          {keyDate && !editing && <Source keyDate={keyDate} />}
        </div>
        {!editing && (
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1.5 text-sm sm:flex-col sm:items-end">
            {keyDate ? (
              <time dateTime={keyDate.date} className="font-semibold whitespace-nowrap text-slate-900">
                {formatWeekdayDay(keyDate.date)}
              </time>
            ) : (
              <span className="text-slate-500">Not set</span>
            )}
            {canEdit && (
              <div className="flex flex-wrap gap-1.5">
                {keyDate ? (
                  <>
                    <Button
                      ref={actionRef}
                      size="sm"
                      variant="secondary"
                      icon={<Pencil aria-hidden="true" className="size-3.5" />}
                      aria-label={`Edit ${label.toLowerCase()}`}
                      onClick={startEditing}
                    >
                      Edit
                    </Button>
                    <Button
                      size="sm"
                      variant="ghost"
                      icon={<Trash2 aria-hidden="true" className="size-3.5" />}
                      aria-label={`Remove ${label.toLowerCase()}`}
                      onClick={() => {
                        setRemoveError(null);
                        setConfirming(true);
                      }}
                    >
                      Remove
                    </Button>
                  </>
                ) : (
                  <Button
                    ref={actionRef}
                    size="sm"
                    variant="secondary"
                    icon={<Plus aria-hidden="true" className="size-3.5" />}
                    aria-label={`Add date: ${label.toLowerCase()}`}
                    onClick={startEditing}
                  >
                    Add date
                  </Button>
                )}
              </div>
            )}
          </div>
        )}
      </div>

      {canEdit && editing && (
        <form onSubmit={onSave} noValidate className="mt-2">
          <label htmlFor={inputId} className="text-xs font-medium text-slate-700">
            Date<span className="sr-only">: {label.toLowerCase()}</span>
          </label>
          <div className="mt-1 flex flex-wrap items-start gap-2">
            <div className="w-44 max-w-full">
              <Input
                ref={inputRef}
                id={inputId}
                type="date"
                max={today}
                autoFocus
                value={value}
                aria-invalid={Boolean(error)}
                aria-describedby={[error ? errorId : null, hintId].filter(Boolean).join(' ')}
                onChange={(event) => {
                  setValue(event.target.value);
                  setError(null);
                }}
                onKeyDown={(event) => {
                  if (event.key === 'Escape') {
                    event.preventDefault();
                    stopEditing();
                  }
                }}
              />
            </div>
            <Button
              type="submit"
              size="sm"
              className="h-9.5"
              isLoading={set.isPending}
              aria-label={`Save ${label.toLowerCase()}`}
            >
              Save
            </Button>
            <Button
              size="sm"
              variant="ghost"
              className="h-9.5"
              onClick={stopEditing}
              disabled={set.isPending}
            >
              Cancel
            </Button>
          </div>
          {error && (
            <p id={errorId} className="mt-1.5 text-sm text-red-700">
              {error}
            </p>
          )}
        </form>
      )}

      {suggestions.length > 0 && (
        <div className="mt-3">
          <p className="text-xs font-medium text-slate-700">
            {suggestions.length === 1 ? 'Suggested by a document' : 'Suggested by documents'}
            {canEdit ? ': nothing is applied until you confirm it' : ''}
          </p>
          <ul className="mt-1.5 space-y-2">
            {suggestions.map((suggestion) => {
              const busy =
                applying?.documentId === suggestion.document.id && applying.date === suggestion.date;
              return (
                <li
                  key={`${suggestion.document.id}-${suggestion.date}`}
                  className="rounded-lg border border-dashed border-brand-200 bg-brand-50/60 px-3 py-2 text-sm"
                >
                  <p className="text-slate-800">
                    <DocumentName document={suggestion.document} /> says{' '}
                    <time dateTime={suggestion.date} className="font-semibold whitespace-nowrap">
                      {formatWeekdayDay(suggestion.date)}
                    </time>
                  </p>
                  {suggestion.text && (
                    <blockquote className="mt-1 border-l-2 border-brand-200 pl-2 text-xs break-words text-slate-600 italic">
                      “{suggestion.text}”
                    </blockquote>
                  )}
                  {canEdit && (
                    <div className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1">
                      <Button
                        size="sm"
                        variant="secondary"
                        isLoading={busy}
                        disabled={set.isPending}
                        aria-label={`Use this date, ${formatWeekdayDay(suggestion.date)}, for ${label.toLowerCase()}`}
                        onClick={() => applySuggestion(suggestion)}
                      >
                        Use this date
                      </Button>
                      {keyDate && (
                        <span className="text-xs text-slate-600">
                          Replaces {formatWeekdayDay(keyDate.date)}
                        </span>
                      )}
                    </div>
                  )}
                </li>
              );
            })}
          </ul>
          {suggestionError && (
            <Alert tone="error" className="mt-2">
              {suggestionError}
            </Alert>
          )}
        </div>
      )}

      {canEdit && (
        <ConfirmDialog
          open={confirming}
          onOpenChange={(open) => {
            setConfirming(open);
            if (!open) setRemoveError(null);
          }}
          onConfirm={onRemove}
          title={`Remove the ${label.toLowerCase()}?`}
          message="The deadlines that run from it leave the case and the calendar until the date is added again."
          confirmLabel="Remove date"
          variant="danger"
          isPending={remove.isPending}
          error={removeError}
        />
      )}
    </li>
  );
}

/** Every key date of a claim, in the order a claim meets them, with the documents' suggestions. */
export function KeyDatesCard({ caseId, view }: { caseId: string; view: CaseDeadlinesResponse }) {
  const set = view.keyDates.length;
  return (
    <Card
      title="Key dates"
      headingLevel="h2"
      description={
        view.canEdit
          ? `The dates the deadlines run from (${set} of ${KEY_DATE_KINDS.length} set). A date read from a document waits for you to confirm it.`
          : `The dates the deadlines run from (${set} of ${KEY_DATE_KINDS.length} set).`
      }
    >
      <ul className="-my-3.5 divide-y divide-slate-100">
        {KEY_DATE_KINDS.map((kind) => (
          <KeyDateRow
            key={kind}
            caseId={caseId}
            kind={kind}
            keyDate={view.keyDates.find((keyDate) => keyDate.kind === kind)}
            suggestions={view.suggestions.filter((suggestion) => suggestion.kind === kind)}
            canEdit={view.canEdit}
            today={view.today}
          />
        ))}
      </ul>
    </Card>
  );
}
