import { MESSAGES, type DocumentDetail } from '@sentinel/shared';
import { useState } from 'react';
import { toast } from 'sonner';
import { errorMessage } from '@/lib/api-client';
import { useAnalyzeDocument } from '../api/analyze-document';
import { useDeleteDocument } from '../api/delete-document';
import { useReviewDocument } from '../api/review-document';
import type { Busy, RowContext } from '../components/document-row-actions';
import { downloadDocument, viewDocument } from '../utils/open-document';

/**
 * The row handlers of a document list: View and Download (one busy row at a time), Analyze,
 * the share switch (when `canShare`), and Delete behind a confirmation (`deleting`,
 * `confirmDelete`).
 */
export function useRowContext({ canShare, showCase }: { canShare: boolean; showCase: boolean }) {
  const [expanded, setExpanded] = useState<string | null>(null);
  const [busy, setBusy] = useState<Busy>(null);
  const [deleting, setDeleting] = useState<DocumentDetail | null>(null);
  const remove = useDeleteDocument();
  const analyze = useAnalyzeDocument();
  const share = useReviewDocument();

  const run = async (document: DocumentDetail, action: 'view' | 'download') => {
    setBusy({ id: document.id, action });
    try {
      await (action === 'view' ? viewDocument(document) : downloadDocument(document));
    } finally {
      setBusy(null);
    }
  };

  const confirmDelete = () => {
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
    showCase,
  };

  return { context, deleting, setDeleting, confirmDelete, deletePending: remove.isPending };
}
