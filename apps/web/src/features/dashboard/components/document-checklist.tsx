import { CASE_DOCUMENT_CHECKLIST, CASE_TYPE_LABELS, type CaseType } from '@sentinel/shared';
import { Square } from 'lucide-react';

/**
 * The documents asked for on this type of case. None is ticked yet: the documents feature ticks
 * them as files arrive, and until then the list says so rather than pretending.
 */
export function DocumentChecklist({ caseType }: { caseType: CaseType }) {
  const items = CASE_DOCUMENT_CHECKLIST[caseType] ?? [];
  return (
    <div>
      <p className="text-sm text-slate-600">
        Documents usually needed for this type of case ({CASE_TYPE_LABELS[caseType] ?? caseType}):
      </p>
      <ul className="mt-3 grid gap-2 sm:grid-cols-2">
        {items.map((item) => (
          <li
            key={item}
            className="flex items-center gap-2.5 rounded-lg border border-slate-200 px-3 py-2 text-sm text-slate-800"
          >
            <Square aria-hidden="true" className="size-4 shrink-0 text-slate-500" />
            <span className="min-w-0 flex-1">{item}</span>
            <span className="sr-only">: not received yet</span>
          </li>
        ))}
      </ul>
      <p className="mt-3 text-xs text-slate-600">Items are ticked as documents arrive in your case file.</p>
    </div>
  );
}
