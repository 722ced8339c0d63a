import type { KeyDateKind, KeyDateSuggestion } from '@sentinel/shared';
import type { DocumentDateRow } from './deadlines.repository';

/**
 * What the analysis says a document is (its summary names the kind, packages/analyzer/src/summary.ts)
 * and the key date its letter or filing date then is.
 */
const DOCUMENT_KINDS: Array<{ says: RegExp; kind: KeyDateKind; dateKinds: string[] }> = [
  { says: /\bclaim denial letter\b/i, kind: 'denial', dateKinds: ['letter'] },
  { says: /\bdemand for appraisal\b/i, kind: 'appraisal_demand', dateKinds: ['letter'] },
  { says: /\bpre-suit notice of intent\b/i, kind: 'presuit_notice', dateKinds: ['letter', 'filing'] },
  { says: /\b(?:an amended complaint|a complaint)\b/i, kind: 'suit_filed', dateKinds: ['filing'] },
];

/**
 * The key dates the case's analysed documents suggest: any date of loss they read, and the date of
 * a denial letter, an appraisal demand, a pre-suit notice or a complaint. A suggestion that
 * matches the key date already set, or lies after today, is left out; each kind and date once.
 */
export function keyDateSuggestions(
  rows: DocumentDateRow[],
  current: Partial<Record<KeyDateKind, string>>,
  today: string,
): KeyDateSuggestion[] {
  const suggestions: KeyDateSuggestion[] = [];
  const seen = new Set<string>();
  const add = (row: DocumentDateRow, kind: KeyDateKind) => {
    const key = `${kind}:${row.date}`;
    if (seen.has(key) || current[kind] === row.date || row.date > today) return;
    seen.add(key);
    suggestions.push({
      kind,
      date: row.date,
      document: { id: row.documentId, name: row.documentName },
      text: row.text,
    });
  };
  for (const row of rows) {
    if (row.kind === 'date_of_loss') add(row, 'date_of_loss');
    const documentKind = DOCUMENT_KINDS.find(
      (entry) => entry.says.test(row.summary) && entry.dateKinds.includes(row.kind),
    );
    if (documentKind) add(row, documentKind.kind);
  }
  return suggestions;
}
