import {
  CASE_FIELD_KEY_FIELDS,
  DOCUMENT_SUBTYPES,
  SUGGESTIBLE_CASE_FIELDS,
  type CaseFieldSuggestion,
  type DocumentSubtype,
  type SuggestibleCaseField,
} from '@sentinel/shared';

/** A case document with a completed analysis, as the suggestions read it. */
export interface AnalysedCaseDocument {
  id: string;
  fileName: string;
  createdAt: Date;
  /** The analysis's document_metadata, as stored (older analyses lack subtype and key fields). */
  metadata: unknown;
}

/** The longest value each case column takes (packages/shared/src/schemas/cases.ts). */
const MAX_LENGTH: Record<SuggestibleCaseField, number> = {
  carrier: 200,
  policyNumber: 100,
  claimNumber: 100,
  dateOfLoss: 10,
  propertyAddress: 500,
};

const isoDate = /^\d{4}-\d{2}-\d{2}$/;
const validDay = (value: string) =>
  isoDate.test(value) && new Date(`${value}T00:00:00Z`).toISOString().slice(0, 10) === value;

/**
 * The value as the case would store it, or null when it cannot be one: text on one line within the
 * column's length; a date of loss a real day, not after today (a later one is a misreading).
 */
function caseValue(field: SuggestibleCaseField, raw: unknown, today: string): string | null {
  if (typeof raw !== 'string' && typeof raw !== 'number') return null;
  const value = String(raw).replace(/\s+/g, ' ').trim();
  if (!value || value.length > MAX_LENGTH[field]) return null;
  if (field === 'dateOfLoss' && (!validDay(value) || value > today)) return null;
  return value;
}

/**
 * When two documents give the same value: numbers are compared without case, spaces or dashes
 * ("HO-123 456" is "ho123456"), names and addresses without case and trailing punctuation.
 */
export function sameValueKey(field: SuggestibleCaseField, value: string): string {
  const lower = value.toLowerCase();
  if (field === 'policyNumber' || field === 'claimNumber') return lower.replace(/[\s\-–—]/g, '');
  return lower.replace(/[.,;\s]+$/, '');
}

/** "GRANITE STATE MUTUAL": how a letterhead sets a name, not how it is spelled. */
const inCapitals = (value: string) => /[A-Z]/.test(value) && !/[a-z]/.test(value);

interface KeyFieldRead {
  field: string;
  value: unknown;
  text: string;
}

/** The key fields and subtype of an analysis's metadata, read defensively. */
function readMetadata(metadata: unknown): { subtype: DocumentSubtype | null; keyFields: KeyFieldRead[] } {
  const meta = (typeof metadata === 'object' && metadata !== null ? metadata : {}) as Record<string, unknown>;
  const subtype = (DOCUMENT_SUBTYPES as readonly unknown[]).includes(meta.subtype)
    ? (meta.subtype as DocumentSubtype)
    : null;
  const keyFields = Array.isArray(meta.key_fields)
    ? meta.key_fields.filter(
        (item): item is KeyFieldRead =>
          typeof item === 'object' && item !== null && typeof (item as KeyFieldRead).field === 'string',
      )
    : [];
  return { subtype, keyFields };
}

/**
 * What the case's analysed documents suggest for its empty claim fields (issue 14): each key field
 * of an analysis that fills a case field (CASE_FIELD_KEY_FIELDS) while that field is empty. The
 * same value from several documents is one suggestion citing each of them, newest upload first,
 * and shows the newest one's spelling (the newest not set in capitals, if there is one); differing
 * values for one field are separate suggestions,
 * the attorney picks. Fields the case already has are left alone: the attorney changes those
 * through the case form. In field order, then newest document first.
 */
export function caseFieldSuggestions(
  current: Record<SuggestibleCaseField, string | null>,
  documents: AnalysedCaseDocument[],
  today: string,
): CaseFieldSuggestion[] {
  const newestFirst = [...documents].sort(
    (a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id.localeCompare(a.id),
  );
  const byKey = new Map<string, CaseFieldSuggestion>();
  for (const document of newestFirst) {
    const { subtype, keyFields } = readMetadata(document.metadata);
    for (const field of SUGGESTIBLE_CASE_FIELDS) {
      if (current[field]) continue;
      for (const keyField of keyFields.filter((item) => item.field === CASE_FIELD_KEY_FIELDS[field])) {
        const value = caseValue(field, keyField.value, today);
        if (value === null) continue;
        const key = `${field}:${sameValueKey(field, value)}`;
        const suggestion = byKey.get(key) ?? { field, value, sources: [] };
        if (inCapitals(suggestion.value) && !inCapitals(value)) suggestion.value = value;
        byKey.set(key, suggestion);
        if (suggestion.sources.some((source) => source.document.id === document.id)) continue;
        suggestion.sources.push({
          document: { id: document.id, name: document.fileName, subtype },
          text: typeof keyField.text === 'string' ? keyField.text.slice(0, 300) : '',
        });
      }
    }
  }
  const order = (field: SuggestibleCaseField) => SUGGESTIBLE_CASE_FIELDS.indexOf(field);
  // A stable sort: within a field, the order of first reading (newest document first) stays.
  return [...byKey.values()].sort((a, b) => order(a.field) - order(b.field));
}
