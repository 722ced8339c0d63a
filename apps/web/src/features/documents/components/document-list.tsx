import { LoadError } from '@/components/ui/load-error';
import { DOCUMENT_ACCEPT, MESSAGES, type DocumentDto } from '@sentinel/shared';
import { clsx } from 'clsx';
import { ChevronDown, Download, Eye, FileText, Sparkles, Trash2, Upload } from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { SearchInput } from '@/components/ui/input';
import { LoadingState, RefreshingList } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { useSession } from '@/lib/auth';
import { useMediaQuery } from '@/lib/use-media-query';
import { useAnalyzeDocument, useDeleteDocument, useReviewDocument } from '../api/document-actions';
import { useDocuments } from '../api/get-documents';
import { caseLabel } from '../utils/format';
import { formatBytes, formatDateTime, formatDay } from '@/lib/format';
import { downloadDocument, viewDocument } from '../utils/open-document';
import { AnalysisView } from './analysis-view';
import { DocumentStatus } from './document-status';
import { UploadDialog } from './upload-dialog';

/** Typing settles for this long before the list is searched. */
export const SEARCH_DEBOUNCE_MS = 250;

export interface DocumentListProps {
  title: string;
  description?: ReactNode;
  /** Only this case's documents, and uploads go into it (the case page's Documents tab). */
  fixedCase?: { id: string; label: string };
  /** Attorneys on a case page: a 'Shared with client' switch per document. */
  canShare?: boolean;
}

type Busy = { id: string; action: 'view' | 'download' } | null;

interface RowContext {
  expanded: string | null;
  toggle: (id: string) => void;
  busy: Busy;
  onView: (document: DocumentDto) => void;
  onDownload: (document: DocumentDto) => void;
  onDelete: (document: DocumentDto) => void;
  onAnalyze: (document: DocumentDto) => void;
  analyzing: string | null;
  /** Null when the list has no share switch. */
  onShare: ((document: DocumentDto, shared: boolean) => void) | null;
  sharing: string | null;
  showCase: boolean;
}

const analysisId = (id: string) => `analysis-${id}`;

/**
 * The documents the user may see (spec "Documents"): searchable by file name, each with its case,
 * size, upload date and uploader, the analysis state, View, Download, Delete (confirmed) and
 * Analyze; a completed one expands to its analysis. Choosing a file opens the upload modal.
 */
export function DocumentList({ title, description, fixedCase, canShare = false }: DocumentListProps) {
  const session = useSession();
  const [term, setTerm] = useState('');
  const [search, setSearch] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [uploading, setUploading] = useState(false);
  const [expanded, setExpanded] = useState<string | null>(null);
  const [busy, setBusy] = useState<Busy>(null);
  const [deleting, setDeleting] = useState<DocumentDto | null>(null);
  const picker = useRef<HTMLInputElement>(null);
  const wide = useMediaQuery('(min-width: 768px)');

  const documents = useDocuments(session?.userId ?? '', {
    caseId: fixedCase?.id,
    search: search || undefined,
  });
  const remove = useDeleteDocument();
  const analyze = useAnalyzeDocument();
  const share = useReviewDocument();

  useEffect(() => {
    const next = term.trim();
    if (next === search) return;
    const timer = setTimeout(() => setSearch(next), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [term, search]);

  const run = async (document: DocumentDto, action: 'view' | 'download') => {
    setBusy({ id: document.id, action });
    try {
      await (action === 'view' ? viewDocument(document) : downloadDocument(document));
    } finally {
      setBusy(null);
    }
  };

  const onConfirmDelete = () => {
    if (!deleting) return;
    const target = deleting;
    remove.mutate(target.id, {
      onSuccess: () => toast.success(MESSAGES.documentDeleted),
      // Spec §8: delete failures are only logged; the row simply stays.
      onError: (error) => console.error(`Delete of "${target.fileName}" failed`, error),
      onSettled: () => setDeleting(null),
    });
  };

  const context: RowContext = {
    expanded,
    toggle: (id) => setExpanded((current) => (current === id ? null : id)),
    busy,
    onView: (document) => void run(document, 'view'),
    onDownload: (document) => void run(document, 'download'),
    onDelete: (document) => {
      remove.reset();
      setDeleting(document);
    },
    onAnalyze: (document) =>
      analyze.mutate(document.id, {
        onError: (error) => {
          console.error(`Analysis of "${document.fileName}" could not be started`, error);
          toast.error(errorMessage(error, 'The analysis could not be started. Please try again.'));
        },
      }),
    analyzing: analyze.isPending ? (analyze.variables ?? null) : null,
    onShare: canShare
      ? (document, shared) =>
          share.mutate(
            { id: document.id, body: { sharedWithClient: shared } },
            {
              onSuccess: () =>
                toast.success(
                  shared
                    ? `Shared “${document.fileName}” with the client`
                    : `“${document.fileName}” is no longer shared with the client`,
                ),
              onError: (error) => {
                console.error('Sharing could not be changed', error);
                toast.error(errorMessage(error, 'Sharing could not be changed. Please try again.'));
              },
            },
          )
      : null,
    sharing: share.isPending ? (share.variables?.id ?? null) : null,
    showCase: !fixedCase,
  };

  const data = documents.data;

  return (
    <Card
      title={title}
      description={description}
      bodyClassName="p-0"
      actions={
        <>
          <input
            ref={picker}
            type="file"
            accept={DOCUMENT_ACCEPT}
            className="sr-only"
            tabIndex={-1}
            aria-hidden="true"
            onChange={(event) => {
              const chosen = event.target.files?.[0];
              event.target.value = '';
              if (!chosen) return;
              setFile(chosen);
              setUploading(true);
            }}
          />
          <Button
            size="sm"
            icon={<Upload aria-hidden="true" className="size-4" />}
            onClick={() => picker.current?.click()}
          >
            Upload Document
          </Button>
        </>
      }
    >
      <div className="border-b border-slate-100 p-4 md:px-5">
        <SearchInput
          label="Search documents"
          className="md:max-w-md"
          value={term}
          onChange={(event) => setTerm(event.target.value)}
          placeholder="File name"
        />
      </div>

      {documents.isPending ? (
        <LoadingState label="Loading documents..." />
      ) : documents.isError && !data ? (
        <div className="p-4 md:p-5">
          <LoadError
            error={documents.error}
            fallback={'The documents could not be loaded. Please try again.'}
            onRetry={() => void documents.refetch()}
          />
        </div>
      ) : !data || data.length === 0 ? (
        <EmptyState
          icon={FileText}
          headingLevel="h3"
          title={search ? 'No documents found' : 'No documents yet'}
          description={
            search
              ? `No document’s name contains “${search}”.`
              : fixedCase
                ? 'Files uploaded to this case will be listed here.'
                : 'Upload a file, or ask your case team to share one with you.'
          }
          action={
            search ? (
              <Button
                variant="secondary"
                size="sm"
                onClick={() => {
                  setTerm('');
                  setSearch('');
                }}
              >
                Clear search
              </Button>
            ) : undefined
          }
        />
      ) : (
        <RefreshingList fetching={documents.isFetching} stale={documents.isPlaceholderData} quiet>
          {wide ? (
            <DocumentsTable documents={data} context={context} />
          ) : (
            <DocumentCards documents={data} context={context} />
          )}
        </RefreshingList>
      )}

      <UploadDialog
        open={uploading}
        onOpenChange={(open) => {
          setUploading(open);
          if (!open) setFile(null);
        }}
        file={file}
        onFileChange={setFile}
        fixedCase={fixedCase}
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open) setDeleting(null);
        }}
        title="Delete document?"
        message={deleting ? `“${deleting.fileName}” will be deleted for everyone who can see it.` : undefined}
        confirmLabel="Delete"
        variant="danger"
        onConfirm={onConfirmDelete}
        isPending={remove.isPending}
      />
    </Card>
  );
}

function ExpandButton({ document, context }: { document: DocumentDto; context: RowContext }) {
  const open = context.expanded === document.id;
  return (
    <button
      type="button"
      aria-expanded={open}
      aria-controls={open ? analysisId(document.id) : undefined}
      onClick={() => context.toggle(document.id)}
      className="inline-flex items-center gap-1 rounded-md text-sm font-medium text-brand-700 hover:text-brand-800 hover:underline"
    >
      <ChevronDown aria-hidden="true" className={clsx('size-4 transition-transform', open && 'rotate-180')} />
      {open ? 'Hide analysis' : 'Show analysis'} <span className="sr-only">of {document.fileName}</span>
    </button>
  );
}

function ShareSwitch({ document, context }: { document: DocumentDto; context: RowContext }) {
  if (!context.onShare) return null;
  const on = document.sharedWithClient;
  const onShare = context.onShare;
  return (
    <button
      type="button"
      role="switch"
      aria-checked={on}
      aria-label={`Shared with client: ${document.fileName}`}
      disabled={context.sharing === document.id}
      onClick={() => onShare(document, !on)}
      className="inline-flex items-center gap-2 rounded-md text-sm whitespace-nowrap text-slate-800 disabled:cursor-wait disabled:opacity-60"
    >
      <span
        aria-hidden="true"
        className={clsx(
          'relative inline-flex h-5 w-9 shrink-0 rounded-full transition-colors',
          on ? 'bg-brand-700' : 'bg-slate-500',
        )}
      >
        <span
          className={clsx(
            'absolute top-0.5 size-4 rounded-full bg-white shadow transition-transform',
            on ? 'translate-x-4.5' : 'translate-x-0.5',
          )}
        />
      </span>
      Shared with client
    </button>
  );
}

function RowActions({
  document,
  context,
  className,
  compact = false,
}: {
  document: DocumentDto;
  context: RowContext;
  className?: string;
  /** In the table: Delete as an icon (its name is still 'Delete {file}'), the rest in one line. */
  compact?: boolean;
}) {
  const busy = context.busy?.id === document.id ? context.busy.action : null;
  const canAnalyze =
    document.canReview &&
    (document.analysisStatus === 'not_analyzed' || document.analysisStatus === 'failed');
  const name = <span className="sr-only">{document.fileName}</span>;
  return (
    <div className={clsx('flex gap-2', compact ? 'flex-nowrap' : 'flex-wrap', className)}>
      <Button
        variant="secondary"
        size="sm"
        isLoading={busy === 'view'}
        icon={<Eye aria-hidden="true" className="size-3.5" />}
        onClick={() => context.onView(document)}
      >
        View {name}
      </Button>
      <Button
        variant="secondary"
        size="sm"
        isLoading={busy === 'download'}
        icon={<Download aria-hidden="true" className="size-3.5" />}
        onClick={() => context.onDownload(document)}
      >
        Download {name}
      </Button>
      {canAnalyze && (
        <Button
          variant="secondary"
          size="sm"
          isLoading={context.analyzing === document.id}
          icon={<Sparkles aria-hidden="true" className="size-3.5" />}
          onClick={() => context.onAnalyze(document)}
        >
          Analyze {name}
        </Button>
      )}
      {document.canDelete &&
        (compact ? (
          <button
            type="button"
            title={`Delete ${document.fileName}`}
            onClick={() => context.onDelete(document)}
            className="inline-flex size-8 shrink-0 items-center justify-center rounded-lg border border-slate-300 bg-white text-red-700 shadow-xs transition-colors hover:bg-red-50 hover:text-red-800"
          >
            <Trash2 aria-hidden="true" className="size-4" />
            <span className="sr-only">Delete {document.fileName}</span>
          </button>
        ) : (
          <Button
            variant="ghost"
            size="sm"
            className="hover:bg-red-50"
            icon={<Trash2 aria-hidden="true" className="size-3.5 text-red-700" />}
            onClick={() => context.onDelete(document)}
          >
            {/* The variant sets the text colour; red goes on the label itself. */}
            <span className="text-red-700">Delete {name}</span>
          </Button>
        ))}
    </div>
  );
}

function Uploaded({ document, short = false }: { document: DocumentDto; short?: boolean }) {
  return (
    <>
      <time dateTime={document.createdAt} title={formatDateTime(document.createdAt)}>
        {short ? formatDay(document.createdAt) : formatDateTime(document.createdAt)}
      </time>
      {document.uploadedBy && (
        <span className="block text-xs text-slate-600">by {document.uploadedBy.name}</span>
      )}
    </>
  );
}

function NameCell({ document, context }: { document: DocumentDto; context: RowContext }) {
  const inCase = caseLabel(document);
  return (
    <div className="min-w-0">
      <p className="font-medium break-words text-slate-900">{document.fileName}</p>
      {context.showCase && (
        <p className="text-xs text-slate-600">{inCase ?? <span className="italic">No case</span>}</p>
      )}
      {document.analysisStatus === 'completed' && document.analysis && (
        <div className="mt-1">
          <ExpandButton document={document} context={context} />
        </div>
      )}
    </div>
  );
}

const headCell =
  'px-4 py-3 text-left text-xs font-semibold tracking-wide whitespace-nowrap text-slate-600 uppercase first:pl-5';
const bodyCell = 'px-4 py-3 align-top first:pl-5';

function DocumentsTable({ documents, context }: { documents: DocumentDto[]; context: RowContext }) {
  const columns = 5;
  return (
    <div className="overflow-x-auto">
      <table className="min-w-full text-sm">
        <caption className="sr-only">Documents</caption>
        <thead className="bg-slate-50">
          <tr>
            <th scope="col" className={headCell}>
              Name
            </th>
            <th scope="col" className={headCell}>
              Size
            </th>
            <th scope="col" className={headCell}>
              Uploaded
            </th>
            <th scope="col" className={headCell}>
              Status
            </th>
            <th scope="col" className={clsx(headCell, 'pr-5')}>
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {documents.map((document) => (
            <DocumentRow key={document.id} document={document} context={context} columns={columns} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

function DocumentRow({
  document,
  context,
  columns,
}: {
  document: DocumentDto;
  context: RowContext;
  columns: number;
}) {
  const open = context.expanded === document.id && document.analysis;
  return (
    <>
      <tr className="hover:bg-slate-50/60">
        <td className={clsx(bodyCell, 'max-w-80 min-w-48')}>
          <NameCell document={document} context={context} />
        </td>
        <td className={clsx(bodyCell, 'whitespace-nowrap text-slate-700')}>
          {formatBytes(document.fileSize)}
        </td>
        <td className={clsx(bodyCell, 'whitespace-nowrap text-slate-700')}>
          <Uploaded document={document} short />
        </td>
        <td className={clsx(bodyCell, 'max-w-56')}>
          <DocumentStatus document={document} />
          {context.onShare && (
            <div className="mt-2">
              <ShareSwitch document={document} context={context} />
            </div>
          )}
        </td>
        <td className={clsx(bodyCell, 'pr-5')}>
          <RowActions document={document} context={context} className="justify-end" compact />
        </td>
      </tr>
      {open && (
        <tr>
          <td id={analysisId(document.id)} colSpan={columns} className="bg-slate-50/60 px-5 py-5">
            <AnalysisView document={document} />
          </td>
        </tr>
      )}
    </>
  );
}

function DocumentCards({ documents, context }: { documents: DocumentDto[]; context: RowContext }) {
  return (
    <ul aria-label="Documents" className="divide-y divide-slate-100">
      {documents.map((document) => (
        <li key={document.id} className="space-y-3 p-4 text-sm">
          <div className="flex items-start justify-between gap-3">
            <NameCell document={document} context={context} />
            <div className="shrink-0">
              <DocumentStatus document={document} showReason={false} />
            </div>
          </div>
          {document.analysisStatus === 'failed' && document.analysisError && (
            <p className="text-xs break-words text-red-800">{document.analysisError}</p>
          )}
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-slate-700">
            <dt className="text-slate-600">Size</dt>
            <dd>{formatBytes(document.fileSize)}</dd>
            <dt className="text-slate-600">Uploaded</dt>
            <dd className="min-w-0">
              <Uploaded document={document} />
            </dd>
          </dl>
          <ShareSwitch document={document} context={context} />
          <RowActions document={document} context={context} />
          {context.expanded === document.id && document.analysis && (
            <div
              id={analysisId(document.id)}
              className="rounded-lg border border-slate-200 bg-slate-50/60 p-4"
            >
              <AnalysisView document={document} />
            </div>
          )}
        </li>
      ))}
    </ul>
  );
}
