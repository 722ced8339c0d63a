import type { DocumentDetail } from '@sentinel/shared';
import { clsx } from 'clsx';
import { bodyCellTop, ListTable } from '@/components/ui/list';
import { formatBytes, formatDateTime, formatDay } from '@/lib/format';
import { caseLabel } from '../utils/format';
import { AnalysisView } from './analysis-view';
import { DocumentStatus } from './document-status';
import {
  ActiveContentNote,
  analysisId,
  ExpandButton,
  RowActions,
  ShareSwitch,
  type RowContext,
} from './document-row-actions';

const COLUMNS = ['Name', 'Size', 'Uploaded', 'Status', ''] as const;

function Uploaded({ document, short = false }: { document: DocumentDetail; short?: boolean }) {
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

function NameCell({ document, context }: { document: DocumentDetail; context: RowContext }) {
  const inCase = caseLabel(document);
  return (
    <div className="min-w-0">
      <p className="font-medium break-words text-slate-900">{document.fileName}</p>
      <ActiveContentNote document={document} />
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

export function DocumentsTable({ documents, context }: { documents: DocumentDetail[]; context: RowContext }) {
  return (
    <ListTable caption="Documents" columns={COLUMNS}>
      {documents.map((document) => (
        <DocumentRow key={document.id} document={document} context={context} />
      ))}
    </ListTable>
  );
}

function DocumentRow({ document, context }: { document: DocumentDetail; context: RowContext }) {
  const open = context.expanded === document.id && document.analysis;
  return (
    <>
      <tr className="hover:bg-slate-50/60">
        <td className={clsx(bodyCellTop, 'max-w-80 min-w-48')}>
          <NameCell document={document} context={context} />
        </td>
        <td className={clsx(bodyCellTop, 'whitespace-nowrap text-slate-700')}>
          {formatBytes(document.fileSize)}
        </td>
        <td className={clsx(bodyCellTop, 'whitespace-nowrap text-slate-700')}>
          <Uploaded document={document} short />
        </td>
        <td className={clsx(bodyCellTop, 'max-w-56')}>
          <DocumentStatus document={document} />
          {context.onShare && (
            <div className="mt-2">
              <ShareSwitch document={document} context={context} />
            </div>
          )}
        </td>
        <td className={clsx(bodyCellTop, 'pr-5')}>
          <RowActions document={document} context={context} className="justify-end" compact />
        </td>
      </tr>
      {open && (
        <tr>
          <td id={analysisId(document.id)} colSpan={COLUMNS.length} className="bg-slate-50/60 px-5 py-5">
            <AnalysisView document={document} />
          </td>
        </tr>
      )}
    </>
  );
}

export function DocumentCards({ documents, context }: { documents: DocumentDetail[]; context: RowContext }) {
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
