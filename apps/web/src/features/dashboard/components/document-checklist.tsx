import {
  CASE_DOCUMENT_CHECKLIST,
  CASE_TYPE_LABELS,
  DOCUMENT_TYPE_LABELS,
  type CaseType,
} from '@sentinel/shared';
import { CheckSquare, Square } from 'lucide-react';
import { useQuery } from '@tanstack/react-query';
import { documentsQueryOptions } from '@/api/documents';
import { formatDay } from '@/lib/format';
import { useDocumentRequests } from '@/api/document-requests';
import { tickChecklist, type ChecklistTick } from '../utils/checklist';

function reasonText(tick: ChecklistTick): string {
  switch (tick.reason) {
    case 'name':
      return 'matched by its name';
    case 'image':
      return 'a photo';
    case 'type': {
      const type = tick.document?.analysis?.document_metadata.document_type;
      return type ? `analysed as ${DOCUMENT_TYPE_LABELS[type]}` : 'matched by its analysis';
    }
    default:
      return 'in your case file';
  }
}

/**
 * The documents asked for on this type of case, each ticked by the case document that matches it
 * (the rule is in utils/checklist.ts) and naming that document, so a wrong match is easy to see.
 */
export function DocumentChecklist({
  caseType,
  caseId,
  userId,
}: {
  caseType: CaseType;
  caseId: string;
  userId: string;
}) {
  const items = CASE_DOCUMENT_CHECKLIST[caseType] ?? [];
  // Under the documents lists' key: an upload or review anywhere refreshes the checklist.
  const documents = useQuery({
    ...documentsQueryOptions(userId, { caseId }),
    enabled: Boolean(userId && caseId),
  });
  const ticks = tickChecklist(items, documents.data ?? []);
  const received = ticks.filter((tick) => tick.document).length;
  // What the firm asked for on this case (a workflow's or an attorney's request): ticked when marked
  // received, or by a document uploaded since the request whose name has the request's words.
  const requests = useDocumentRequests(caseId);
  const requested = (requests.data ?? []).map((request) => {
    const since = (documents.data ?? []).filter((document) => document.createdAt >= request.createdAt);
    const [tick] = tickChecklist([request.title], since);
    return { request, document: request.status === 'received' ? null : (tick?.document ?? null) };
  });

  return (
    <div>
      <p className="text-sm text-slate-600">
        Documents usually needed for this type of case ({CASE_TYPE_LABELS[caseType] ?? caseType})
        {documents.data ? `: ${received} of ${items.length} received.` : ':'}
      </p>
      <ul className="mt-3 grid grid-cols-1 gap-2 sm:grid-cols-2">
        {ticks.map((tick) => (
          <li
            key={tick.item}
            className={
              tick.document
                ? 'flex min-w-0 items-start gap-2.5 rounded-lg border border-emerald-200 bg-emerald-50/60 px-3 py-2 text-sm text-slate-800'
                : 'flex min-w-0 items-start gap-2.5 rounded-lg border border-slate-200 px-3 py-2 text-sm text-slate-800'
            }
          >
            {tick.document ? (
              <CheckSquare aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-emerald-700" />
            ) : (
              <Square aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-slate-500" />
            )}
            <span className="min-w-0 flex-1">
              {tick.item}
              {tick.document ? (
                <>
                  <span className="sr-only">: received, </span>
                  <span className="block text-xs break-words text-slate-600">
                    {tick.document.fileName} · {reasonText(tick)}
                  </span>
                </>
              ) : (
                <span className="sr-only">: not received yet</span>
              )}
            </span>
          </li>
        ))}
      </ul>
      {requested.length > 0 && (
        <section aria-labelledby={`requested-${caseId}`} className="mt-5">
          <h3 id={`requested-${caseId}`} className="text-sm font-semibold text-slate-900">
            Requested by your legal team
          </h3>
          <ul className="mt-2 grid grid-cols-1 gap-2 sm:grid-cols-2">
            {requested.map(({ request, document }) => {
              const done = request.status === 'received' || document !== null;
              return (
                <li
                  key={request.id}
                  className={
                    done
                      ? 'flex min-w-0 items-start gap-2.5 rounded-lg border border-emerald-200 bg-emerald-50/60 px-3 py-2 text-sm text-slate-800'
                      : 'flex min-w-0 items-start gap-2.5 rounded-lg border border-amber-200 bg-amber-50/60 px-3 py-2 text-sm text-slate-800'
                  }
                >
                  {done ? (
                    <CheckSquare aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-emerald-700" />
                  ) : (
                    <Square aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-amber-800" />
                  )}
                  <span className="min-w-0 flex-1">
                    {request.title}
                    <span className="sr-only">
                      {done ? ': received, ' : ': requested, not received yet, '}
                    </span>
                    <span className="block text-xs break-words text-slate-600">
                      {document
                        ? `${document.fileName} · uploaded since the request`
                        : request.status === 'received'
                          ? 'Received'
                          : `Requested ${formatDay(request.createdAt)}${request.note ? ` · ${request.note}` : ''}`}
                    </span>
                  </span>
                </li>
              );
            })}
          </ul>
        </section>
      )}
      <p className="mt-3 text-xs text-slate-600">
        {documents.isError
          ? 'Your documents could not be checked just now; the list shows what is usually needed.'
          : 'An item is ticked when a document in your case file matches it: by a word in its file name, by being a photo, or by the type its analysis found.'}
      </p>
    </div>
  );
}
