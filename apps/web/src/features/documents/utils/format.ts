import { DOCUMENT_TYPE_LABELS, type DocumentDetail } from '@sentinel/shared';
import { humanize } from '@/lib/format';

/**
 * A model's calibrated probability: 0.873 → '87%'. A model is never sure, so from 0.99 on it
 * reads '99%+' rather than rounding up to '100%'.
 */
export function formatConfidence(confidence: number): string {
  const p = Math.min(1, Math.max(0, confidence));
  return p >= 0.99 ? '99%+' : `${Math.round(p * 100)}%`;
}

/**
 * The confidence of a classification, or null for a type a person chose: the analysis stores
 * confidence 1 for it, which is a choice, not a model's figure.
 */
export const confidenceText = (meta: { confidence: number; type_source: string }) =>
  meta.type_source === 'user' ? null : `${formatConfidence(meta.confidence)} confidence`;

/**
 * The classifier was not sure of the type and nobody has confirmed it yet (issue 14): the screens
 * flag it "Not sure — please confirm". Analyses made before the flag existed lack it: not flagged.
 */
export const needsConfirmation = (meta: { needs_confirmation?: boolean; type_source: string }) =>
  meta.needs_confirmation === true && meta.type_source !== 'user';

export const documentTypeLabel = (type: string) =>
  (DOCUMENT_TYPE_LABELS as Record<string, string>)[type] ?? humanize(type);

/** 'CASE-2026-001 · Roof collapse', or null for a document outside any case. */
export const caseLabel = (document: Pick<DocumentDetail, 'caseNumber' | 'caseTitle'>) =>
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
