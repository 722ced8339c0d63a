import {
  DOCUMENT_SUBTYPE_LABELS,
  SUGGESTIBLE_CASE_FIELD_LABELS,
  type CaseFieldSuggestion,
  type CaseFieldSuggestionSource,
} from '@sentinel/shared';
import { Check, FileText, X } from 'lucide-react';
import { useRef, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { errorMessage } from '@/lib/api-client';
import { formatDay } from '@/lib/format';
import { useApplyCaseFieldSuggestion } from '../api/apply-case-field-suggestion';
import { useCaseFieldSuggestions } from '../api/get-case-field-suggestions';

const keyOf = (suggestion: CaseFieldSuggestion) => `${suggestion.field}:${suggestion.value}`;

/** How the value reads: a date of loss as 'Aug 15, 2024', the rest as written. */
const shown = (suggestion: CaseFieldSuggestion) =>
  suggestion.field === 'dateOfLoss' ? formatDay(suggestion.value) : suggestion.value;

/** 'declarations.pdf (Declarations page)', or the name alone when no subtype was recognised. */
const documentText = ({ document }: CaseFieldSuggestionSource) =>
  document.subtype ? `${document.name} (${DOCUMENT_SUBTYPE_LABELS[document.subtype]})` : document.name;

/**
 * The suggestions the attorney dismissed, for the browser session (sessionStorage, per case): a
 * dismissal is a "not now", so a later session offers them again.
 */
function useDismissed(caseId: string) {
  const storageKey = `sentinel.dismissed-field-suggestions.${caseId}`;
  const [dismissed, setDismissed] = useState<string[]>(() => {
    try {
      const stored: unknown = JSON.parse(sessionStorage.getItem(storageKey) ?? '[]');
      return Array.isArray(stored) ? stored.filter((item): item is string => typeof item === 'string') : [];
    } catch {
      return [];
    }
  });
  const dismiss = (key: string) => {
    const next = [...dismissed, key];
    setDismissed(next);
    try {
      sessionStorage.setItem(storageKey, JSON.stringify(next));
    } catch {
      // Storage full or blocked: the dismissal holds until the page is left.
    }
  };
  return { dismissed, dismiss };
}

/**
 * "Suggested from documents" (issue 14): values the case's analysed documents give its empty
 * claim fields, each with the document it was read from and the words quoted. "Use" writes it
 * (the server checks the field is still empty); "Dismiss" hides it for the session. Nothing is
 * shown while there is nothing to suggest, or when the suggestions cannot be loaded (the case's
 * fields are still edited through the case form).
 */
export function CaseFieldSuggestions({ caseId }: { caseId: string }) {
  const suggestions = useCaseFieldSuggestions(caseId);
  const apply = useApplyCaseFieldSuggestion();
  const { dismissed, dismiss } = useDismissed(caseId);
  const listRef = useRef<HTMLUListElement>(null);

  const open = (suggestions.data ?? []).filter((suggestion) => !dismissed.includes(keyOf(suggestion)));
  if (open.length === 0) return null;

  // The row the keyboard was on goes away: the list keeps the focus.
  const refocus = () => setTimeout(() => listRef.current?.focus(), 0);

  const use = (suggestion: CaseFieldSuggestion) => {
    const label = SUGGESTIBLE_CASE_FIELD_LABELS[suggestion.field];
    const source = suggestion.sources[0]!;
    apply.mutate(
      {
        caseId,
        body: { field: suggestion.field, value: suggestion.value, documentId: source.document.id },
      },
      {
        onSuccess: () => {
          toast.success(`${label} set to ${shown(suggestion)}, from ${source.document.name}`);
          refocus();
        },
        // A toast: after a refusal the suggestion (and with the last one, this card) goes away.
        onError: (failure) =>
          toast.error(
            errorMessage(failure, `The ${label.toLowerCase()} could not be saved. Please try again.`),
          ),
      },
    );
  };

  return (
    <Card
      title="Suggested from documents"
      description="Read from this case's analysed documents. Nothing changes until you use a value."
      headingLevel="h2"
    >
      <ul
        ref={listRef}
        tabIndex={-1}
        aria-label="Suggested values"
        className="-my-3 divide-y divide-slate-100 focus:outline-2 focus:outline-offset-4 focus:outline-brand-600"
      >
        {open.map((suggestion) => {
          const label = SUGGESTIBLE_CASE_FIELD_LABELS[suggestion.field];
          const [first, ...others] = suggestion.sources;
          const applying =
            apply.isPending &&
            apply.variables?.body.field === suggestion.field &&
            apply.variables.body.value === suggestion.value;
          return (
            <li key={keyOf(suggestion)} className="py-3 text-sm">
              <p className="text-slate-600">{label}</p>
              <p className="font-semibold break-words text-slate-900">
                {suggestion.field === 'dateOfLoss' ? (
                  <time dateTime={suggestion.value}>{shown(suggestion)}</time>
                ) : (
                  suggestion.value
                )}
              </p>
              <p className="mt-1 flex items-start gap-1 text-xs text-slate-600">
                <FileText aria-hidden="true" className="mt-px size-3.5 shrink-0" />
                <span className="min-w-0 break-words">
                  from {documentText(first!)}
                  {others.length > 0 && <> and {others.map(documentText).join(', ')}</>}
                </span>
              </p>
              {first!.text && (
                <blockquote className="mt-1 border-l-2 border-slate-200 pl-2 text-xs break-words text-slate-700">
                  “{first!.text}”
                </blockquote>
              )}
              <div className="mt-2 flex flex-wrap gap-2">
                <Button
                  size="sm"
                  variant="secondary"
                  icon={<Check aria-hidden="true" className="size-3.5" />}
                  aria-label={`Use ${shown(suggestion)} as the ${label.toLowerCase()}`}
                  isLoading={applying}
                  disabled={apply.isPending}
                  onClick={() => use(suggestion)}
                >
                  Use
                </Button>
                <Button
                  size="sm"
                  variant="ghost"
                  icon={<X aria-hidden="true" className="size-3.5" />}
                  aria-label={`Dismiss ${shown(suggestion)} as the ${label.toLowerCase()}`}
                  disabled={applying}
                  onClick={() => {
                    dismiss(keyOf(suggestion));
                    refocus();
                  }}
                >
                  Dismiss
                </Button>
              </div>
            </li>
          );
        })}
      </ul>
    </Card>
  );
}
