import type { DocumentDetail } from '@sentinel/shared';
import { clsx } from 'clsx';
import { ChevronDown, Download, Eye, ShieldAlert, Sparkles, Trash2 } from 'lucide-react';
import { Button } from '@/components/ui/button';

export type Busy = { id: string; action: 'view' | 'download' } | null;

/** What each row needs from the list: its handlers and which row is busy with what. */
export interface RowContext {
  expanded: string | null;
  toggle: (id: string) => void;
  busy: Busy;
  onView: (document: DocumentDetail) => void;
  onDownload: (document: DocumentDetail) => void;
  onDelete: (document: DocumentDetail) => void;
  onAnalyze: (document: DocumentDetail) => void;
  analyzing: string | null;
  /** Null when the list has no share switch. */
  onShare: ((document: DocumentDetail, shared: boolean) => void) | null;
  sharing: string | null;
  showCase: boolean;
}

export const analysisId = (id: string) => `analysis-${id}`;

export function ExpandButton({ document, context }: { document: DocumentDetail; context: RowContext }) {
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

export function ShareSwitch({ document, context }: { document: DocumentDetail; context: RowContext }) {
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

export function RowActions({
  document,
  context,
  className,
  compact = false,
}: {
  document: DocumentDetail;
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
      {document.activeContent.length === 0 && (
        <Button
          variant="secondary"
          size="sm"
          isLoading={busy === 'view'}
          icon={<Eye aria-hidden="true" className="size-3.5" />}
          onClick={() => context.onView(document)}
        >
          View {name}
        </Button>
      )}
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

/**
 * Says what in a file can act rather than show (the server found it; such a file is only ever
 * downloaded, never opened in the browser).
 */
export function ActiveContentNote({ document }: { document: DocumentDetail }) {
  if (document.activeContent.length === 0) return null;
  return (
    <p className="mt-0.5 flex items-start gap-1 text-xs text-amber-800">
      <ShieldAlert aria-hidden="true" className="mt-px size-3.5 shrink-0" />
      <span>Contains {listOf(document.activeContent)}: download only, open with care.</span>
    </p>
  );
}

const listOf = (items: string[]) =>
  items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
