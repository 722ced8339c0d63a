import { DOCUMENT_SUBTYPE_LABELS, type DocumentDetail } from '@sentinel/shared';
import { clsx } from 'clsx';
import { ChevronDown, FileSearch } from 'lucide-react';
import { toast } from 'sonner';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadingState, Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { useSession } from '@/lib/auth';
import { useAnalyzeDocument } from '../api/analyze-document';
import { useDocuments } from '../api/get-documents';
import { caseLabel, documentTypeLabel, confidenceText, needsConfirmation } from '../utils/format';
import { formatDateTime } from '@/lib/format';
import { NOT_SURE } from './analysis-parts';
import { AnalysisView } from './analysis-view';
import { DocumentStatus } from './document-status';
import { LoadError } from '@/components/ui/load-error';

/** How many analyses the list shows; the documents screen lists every document. */
export const RECENT_LIMIT = 20;

const panelId = (id: string) => `recent-analysis-${id}`;

/**
 * 'Recent Analyses': the user's documents that were sent for analysis, newest first, reloaded
 * every two seconds while one is still being analysed. Each expands to its analysis.
 */
export function RecentAnalyses({
  expanded,
  onToggle,
}: {
  expanded: string | null;
  onToggle: (id: string) => void;
}) {
  const session = useSession();
  const documents = useDocuments(session?.userId ?? '');
  const analyze = useAnalyzeDocument();
  const analysed = (documents.data ?? []).filter((document) => document.analysisStatus !== 'not_analyzed');
  const shown = analysed.slice(0, RECENT_LIMIT);
  const polling = analysed.some((document) => document.analysisStatus === 'pending');

  let body;
  if (documents.isPending) {
    body = <LoadingState label="Loading analyses..." />;
  } else if (documents.isError && !documents.data) {
    body = (
      <div className="p-5">
        <LoadError
          error={documents.error}
          fallback="The analyses could not be loaded. Please try again."
          onRetry={() => void documents.refetch()}
        />
      </div>
    );
  } else if (shown.length === 0) {
    body = (
      <EmptyState
        icon={FileSearch}
        headingLevel="h3"
        title="No analyses yet"
        description="Upload a PDF to a case and its analysis will appear here."
      />
    );
  } else {
    body = (
      <ul aria-label="Recent Analyses" className="divide-y divide-slate-100">
        {shown.map((document) => (
          <AnalysisItem
            key={document.id}
            document={document}
            open={expanded === document.id}
            onToggle={() => onToggle(document.id)}
            retrying={analyze.isPending && analyze.variables === document.id}
            onRetry={() =>
              analyze.mutate(document.id, {
                onError: (error) =>
                  toast.error(errorMessage(error, 'The analysis could not be started. Please try again.')),
              })
            }
          />
        ))}
      </ul>
    );
  }

  return (
    <Card
      title="Recent Analyses"
      description={
        polling ? (
          <span className="inline-flex items-center gap-1.5">
            <Spinner className="size-3.5 text-brand-700" />
            Analysing; this list updates by itself.
          </span>
        ) : (
          'Documents sent for analysis, newest first.'
        )
      }
      bodyClassName="p-0"
    >
      {body}
      {analysed.length > RECENT_LIMIT && (
        <p className="border-t border-slate-100 px-5 py-3 text-xs text-slate-600">
          Showing the {RECENT_LIMIT} most recent of {analysed.length}. Every document is on the Documents
          screen.
        </p>
      )}
    </Card>
  );
}

function AnalysisItem({
  document,
  open,
  onToggle,
  retrying,
  onRetry,
}: {
  document: DocumentDetail;
  open: boolean;
  onToggle: () => void;
  retrying: boolean;
  onRetry: () => void;
}) {
  const meta = document.analysis?.document_metadata;
  const inCase = caseLabel(document);
  return (
    <li className="px-4 py-3 md:px-5">
      <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-2">
        <button
          type="button"
          aria-expanded={open}
          aria-controls={open ? panelId(document.id) : undefined}
          onClick={onToggle}
          className="flex min-w-0 flex-1 items-start gap-2 rounded-md text-left"
        >
          <ChevronDown
            aria-hidden="true"
            className={clsx(
              'mt-0.5 size-4 shrink-0 text-slate-600 transition-transform',
              open && 'rotate-180',
            )}
          />
          <span className="min-w-0">
            <span className="block font-medium break-words text-slate-900 hover:underline">
              {document.fileName}
            </span>
            <span className="block text-xs text-slate-600">
              {[inCase, formatDateTime(document.createdAt)].filter(Boolean).join(' · ')}
            </span>
            {meta && document.analysisStatus === 'completed' && (
              <span className="block text-xs text-slate-700">
                {[
                  documentTypeLabel(meta.document_type),
                  meta.subtype ? DOCUMENT_SUBTYPE_LABELS[meta.subtype] : null,
                  confidenceText(meta) ?? 'type set by a person',
                  needsConfirmation(meta) ? NOT_SURE : null,
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </span>
            )}
          </span>
        </button>
        <DocumentStatus document={document} showReason={false} />
      </div>
      {open && (
        <div id={panelId(document.id)} className="mt-4 pl-0 md:pl-6">
          {document.analysisStatus === 'completed' && document.analysis ? (
            <AnalysisView document={document} />
          ) : document.analysisStatus === 'failed' ? (
            <Alert tone="error">
              <p>{document.analysisError || 'The analysis failed.'}</p>
              {document.canReview && (
                <Button variant="secondary" size="sm" className="mt-3" isLoading={retrying} onClick={onRetry}>
                  Analyze again
                </Button>
              )}
            </Alert>
          ) : (
            <p className="flex items-center gap-2 text-sm text-slate-700">
              <Spinner className="size-4 text-brand-700" />
              Analyzing… this usually takes a few seconds.
            </p>
          )}
        </div>
      )}
    </li>
  );
}
