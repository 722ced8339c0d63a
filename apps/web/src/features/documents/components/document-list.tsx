import { DOCUMENT_ACCEPT } from '@sentinel/shared';
import { FileText, Upload } from 'lucide-react';
import { useRef, useState, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { HiddenFileInput } from '@/components/ui/hidden-file-input';
import { Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { ListEmpty, ListStates, ListToolbar, TableOrCards } from '@/components/ui/list';
import { useSession } from '@/lib/auth';
import { useSearchTerm } from '@/lib/use-list-params';
import { useDocuments } from '../api/get-documents';
import { useRowContext } from '../hooks/use-row-context';
import { DocumentCards, DocumentsTable } from './document-rows';
import { UploadDialog } from './upload-dialog';

export interface DocumentListProps {
  title: string;
  description?: ReactNode;
  /** Only this case's documents, and uploads go into it (the case page's Documents tab). */
  fixedCase?: { id: string; label: string };
  /** Attorneys on a case page: a 'Shared with client' switch per document. */
  canShare?: boolean;
}

/**
 * The documents the user may see (spec "Documents"): searchable by file name, each with its case,
 * size, upload date and uploader, the analysis state, View, Download, Delete (confirmed) and
 * Analyze; a completed one expands to its analysis. Choosing a file opens the upload modal.
 * The search is not kept in the URL: the list also sits inside the case page's tab.
 */
export function DocumentList({ title, description, fixedCase, canShare = false }: DocumentListProps) {
  const session = useSession();
  const [search, setSearch] = useState('');
  const { term, setTerm, clear } = useSearchTerm(search, setSearch);
  const [file, setFile] = useState<File | null>(null);
  const [uploading, setUploading] = useState(false);
  const picker = useRef<HTMLInputElement>(null);
  const rows = useRowContext({ canShare, showCase: !fixedCase });

  const documents = useDocuments(session?.userId ?? '', {
    caseId: fixedCase?.id,
    search: search || undefined,
  });

  return (
    <Card
      title={title}
      description={description}
      bodyClassName="p-0"
      actions={
        <>
          <HiddenFileInput
            ref={picker}
            accept={DOCUMENT_ACCEPT}
            onFile={(chosen) => {
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
      <ListToolbar
        searchLabel="Search documents"
        placeholder="File name"
        term={term}
        onTermChange={setTerm}
      />

      <ListStates
        query={documents}
        loadingLabel="Loading documents..."
        errorText="The documents could not be loaded. Please try again."
        isEmpty={(data) => data.length === 0}
        quiet
        empty={
          <ListEmpty
            icon={FileText}
            headingLevel="h3"
            title={search ? 'No documents found' : 'No documents yet'}
            search={search}
            onClearSearch={clear}
            noMatch={`No document’s name contains “${search}”.`}
            description={
              fixedCase
                ? 'Files uploaded to this case will be listed here.'
                : 'Upload a file, or ask your case team to share one with you.'
            }
          />
        }
      >
        {(data) => (
          <TableOrCards
            minWidth="768px"
            table={<DocumentsTable documents={data} context={rows.context} />}
            cards={<DocumentCards documents={data} context={rows.context} />}
          />
        )}
      </ListStates>

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
        open={rows.deleting !== null}
        onOpenChange={(open) => {
          if (!open) rows.setDeleting(null);
        }}
        title="Delete document?"
        message={
          rows.deleting
            ? `“${rows.deleting.fileName}” will be deleted for everyone who can see it.`
            : undefined
        }
        confirmLabel="Delete"
        variant="danger"
        onConfirm={rows.confirmDelete}
        isPending={rows.deletePending}
      />
    </Card>
  );
}
