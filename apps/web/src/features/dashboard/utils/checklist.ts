import type { DocumentDetail, DocumentType } from '@sentinel/shared';

/**
 * How a checklist item is recognised among the case's documents. Deliberately simple, and shown
 * to the user with the document that ticked it, so a wrong tick is easy to spot:
 * - `keywords`: a word of the file name starts with one of these (case-insensitive; '-', '_' and
 *   '.' count as spaces, the extension is ignored), e.g. 'Roof-Estimate_2.pdf' ↔ 'estimate';
 * - `images`: any picture (.jpg, .jpeg, .png or an image/* type) ticks it (the damage photos);
 * - `types`: the completed analysis classified the document as one of these types; used only for
 *   documents no item claimed by name, so one letter does not tick two items;
 * - `any`: any document of the case not used for another item ('Supporting documents').
 */
export interface ChecklistRule {
  keywords: readonly string[];
  types?: readonly DocumentType[];
  images?: boolean;
  any?: boolean;
}

const policy: ChecklistRule = { keywords: ['policy', 'declarations', 'dec page'], types: ['contract'] };
const photos: ChecklistRule = { keywords: ['photo', 'picture'], images: true };
const estimates: ChecklistRule = { keywords: ['estimate', 'quote', 'bid'], types: ['financial'] };

/** The rule of each item of CASE_DOCUMENT_CHECKLIST; an item not listed uses its own long words. */
export const CHECKLIST_RULES: Record<string, ChecklistRule> = {
  'Insurance policy': policy,
  'Commercial policy': policy,
  'Photos of the damage': photos,
  'Repair estimates': estimates,
  'Correspondence with the carrier': {
    keywords: ['letter', 'correspondence', 'email', 'e mail'],
    types: ['correspondence'],
  },
  'Denial or offer letter': { keywords: ['denial', 'offer'], types: ['correspondence'] },
  'Claim file correspondence': { keywords: ['correspondence', 'claim file'], types: ['correspondence'] },
  'Proof of loss': { keywords: ['proof of loss'] },
  'Medical records': { keywords: ['medical record', 'hospital', 'doctor'] },
  'Medical bills': { keywords: ['medical bill', 'bill', 'invoice'], types: ['financial'] },
  'Incident report': { keywords: ['incident', 'police report', 'accident report'] },
  'Proof of lost wages': { keywords: ['wage', 'pay stub', 'paystub', 'payroll', 'salary', 'earnings'] },
  'Business interruption records': {
    keywords: ['business interruption', 'interruption', 'profit and loss'],
    types: ['financial'],
  },
  'Supporting documents': { keywords: [], any: true },
};

const words = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

/** An item with no rule above: the words of five letters or more of its own name. */
const ruleOf = (item: string): ChecklistRule =>
  CHECKLIST_RULES[item] ?? {
    keywords: words(item)
      .split(' ')
      .filter((word) => word.length >= 5),
  };

const baseName = (fileName: string) => {
  const dot = fileName.lastIndexOf('.');
  return dot > 0 ? fileName.slice(0, dot) : fileName;
};

const isImage = (document: Pick<DocumentDetail, 'fileName' | 'contentType'>) =>
  document.contentType.startsWith('image/') || /\.(jpe?g|png)$/i.test(document.fileName);

const nameHas = (document: DocumentDetail, keywords: readonly string[]) => {
  const name = ` ${words(baseName(document.fileName))}`;
  return keywords.some((keyword) => name.includes(` ${words(keyword)}`));
};

export type TickReason = 'name' | 'image' | 'type' | 'any';

export interface ChecklistTick {
  item: string;
  /** The document that ticked it, or null: not received yet. */
  document: DocumentDetail | null;
  reason: TickReason | null;
}

/** Ticks each item with the earliest document of the case that matches its rule (see ChecklistRule). */
export function tickChecklist(
  items: readonly string[],
  documents: readonly DocumentDetail[],
): ChecklistTick[] {
  const oldestFirst = [...documents].sort((a, b) => Date.parse(a.createdAt) - Date.parse(b.createdAt));
  const ticks: ChecklistTick[] = items.map((item) => ({ item, document: null, reason: null }));
  const used = new Set<string>();
  const tick = (index: number, document: DocumentDetail, reason: TickReason) => {
    ticks[index] = { item: items[index]!, document, reason };
    used.add(document.id);
  };

  // 1. What the file says it is: a word of its name, or a picture for the photos.
  items.forEach((item, index) => {
    const rule = ruleOf(item);
    for (const document of oldestFirst) {
      if (rule.images && isImage(document)) return tick(index, document, 'image');
      if (rule.keywords.length > 0 && nameHas(document, rule.keywords)) return tick(index, document, 'name');
    }
  });
  // 2. What the analysis found, among the documents no item claimed yet.
  items.forEach((item, index) => {
    const types = ruleOf(item).types;
    if (ticks[index]!.document || !types?.length) return;
    const match = oldestFirst.find(
      (document) =>
        !used.has(document.id) &&
        document.analysisStatus === 'completed' &&
        document.analysis !== null &&
        types.includes(document.analysis.document_metadata.document_type),
    );
    if (match) tick(index, match, 'type');
  });
  // 3. 'Supporting documents': whatever is left.
  items.forEach((item, index) => {
    if (ticks[index]!.document || !ruleOf(item).any) return;
    const match = oldestFirst.find((document) => !used.has(document.id)) ?? oldestFirst[0];
    if (match) tick(index, match, 'any');
  });
  return ticks;
}
