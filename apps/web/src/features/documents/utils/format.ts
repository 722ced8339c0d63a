import { DOCUMENT_TYPE_LABELS, type DocumentDetail } from '@sentinel/shared';

/** 1536 → '1.5 KB'; bytes in binary multiples, as file managers show them. */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '';
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value >= 100 ? Math.round(value) : Number(value.toFixed(1))} ${units[unit]}`;
}

const dateOnly = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });
const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** A calendar date ('2026-03-14' → 'Mar 14, 2026'), read as a local date so no time zone shifts it. */
export function formatDay(value: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  const date = match ? new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3])) : new Date(value);
  return Number.isNaN(date.getTime()) ? value : dateOnly.format(date);
}

export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateTime.format(date);
}

/** 125000, 'USD' → '$125,000.00'; an unknown currency code is printed after the number. */
export function formatMoney(value: number, currency = 'USD'): string {
  try {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency: currency || 'USD' }).format(value);
  } catch {
    return `${new Intl.NumberFormat('en-US', { minimumFractionDigits: 2 }).format(value)} ${currency}`;
  }
}

/** 0.873 → '87%'. */
export const formatConfidence = (confidence: number) =>
  `${Math.round(Math.min(1, Math.max(0, confidence)) * 100)}%`;

/** 'date_of_loss' → 'Date of loss'. */
export function humanize(value: string): string {
  const words = value.replace(/[_-]+/g, ' ').trim().toLowerCase();
  return words ? words[0]!.toUpperCase() + words.slice(1) : value;
}

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
