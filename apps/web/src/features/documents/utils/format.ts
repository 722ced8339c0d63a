import { DOCUMENT_TYPE_LABELS, type DocumentDto } from '@sentinel/shared';
import { humanize } from '@/lib/format';

/** 0.873 → '87%'. */
export const formatConfidence = (confidence: number) =>
  `${Math.round(Math.min(1, Math.max(0, confidence)) * 100)}%`;

export const documentTypeLabel = (type: string) =>
  (DOCUMENT_TYPE_LABELS as Record<string, string>)[type] ?? humanize(type);

/** 'CASE-2026-001 · Roof collapse', or null for a document outside any case. */
export const caseLabel = (document: Pick<DocumentDto, 'caseNumber' | 'caseTitle'>) =>
  document.caseNumber
    ? document.caseTitle
      ? `${document.caseNumber} · ${document.caseTitle}`
      : document.caseNumber
    : null;

/** The lower-case extension of a file name, without the dot ('' when there is none). */
export const extensionOf = (fileName: string) => {
  const dot = fileName.lastIndexOf('.');
  return dot > 0 ? fileName.slice(dot + 1).toLowerCase() : '';
};
