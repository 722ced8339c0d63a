import type { TargetCitation, TargetSuggestion } from '@sentinel/shared';

/** A case document as the suggestion reads it. */
export interface SuggestionDocument {
  id: string;
  fileName: string;
  analysisStatus: string;
  analysis: Record<string, unknown> | null;
  analyzedAt: Date | null;
  createdAt: Date;
}

interface Amount {
  value: number;
  currency: string;
  kind: string;
  text: string;
}

/** The amounts of an analysis, read defensively (older analyses may lack fields). */
function amountsOf(analysis: Record<string, unknown> | null): Amount[] {
  const entities = analysis?.entities as { amounts?: unknown } | undefined;
  if (!Array.isArray(entities?.amounts)) return [];
  return entities.amounts.filter(
    (amount): amount is Amount =>
      typeof amount === 'object' &&
      amount !== null &&
      typeof (amount as Amount).value === 'number' &&
      Number.isFinite((amount as Amount).value) &&
      (amount as Amount).value > 0 &&
      // Dollars only: the target is in dollars; an amount in another currency is not added to it.
      ['USD', ''].includes(String((amount as Amount).currency ?? '').toUpperCase()) &&
      typeof (amount as Amount).kind === 'string',
  );
}

/** What the analysis says the document is, more finely than its type (issue 14), or null. */
function subtypeOf(analysis: Record<string, unknown> | null): unknown {
  return (analysis?.document_metadata as { subtype?: unknown } | undefined)?.subtype ?? null;
}

/** An estimate's or invoice's own total (its RCV first), as the analysis's key fields read it. */
function documentTotal(analysis: Record<string, unknown> | null): Amount | undefined {
  const keyFields = (analysis?.document_metadata as { key_fields?: unknown } | undefined)?.key_fields;
  if (!Array.isArray(keyFields)) return undefined;
  for (const field of ['rcv', 'total'])
    for (const item of keyFields as Array<{ field?: unknown; value?: unknown; text?: unknown }>)
      if (item.field === field && typeof item.value === 'number' && item.value > 0)
        return { value: item.value, currency: 'USD', kind: 'estimate', text: String(item.text ?? '') };
  return undefined;
}

/** Line-item documents: their "net claim" lines are not a sworn statement of the whole loss. */
const LINE_ITEM_SUBTYPES = new Set<unknown>(['repair_estimate', 'invoice']);

/** The document's largest amount of the kind, or none. */
function largest(amounts: Amount[], kind: 'claim' | 'estimate'): Amount | undefined {
  return amounts
    .filter((amount) => amount.kind === kind)
    .reduce<Amount | undefined>(
      (best, amount) => (best && best.value >= amount.value ? best : amount),
      undefined,
    );
}

const toCents = (dollars: number) => Math.round(dollars * 100);

/**
 * The suggested target settlement, grounded in the case's analysed documents (docs/architecture.md,
 * "Negotiations"). Only documents whose analysis is completed count, in dollars:
 *
 * 1. A document stating the whole loss — a sworn proof of loss or an inventory, whose analysis
 *    reads a 'claim' amount — decides: its largest 'claim' amount is the suggestion. When there are
 *    several, the most recently uploaded one counts and the earlier ones are cited as superseded.
 *    A repair estimate or an invoice (by the analysis's subtype) never decides here, whatever its
 *    "net claim" lines say.
 * 2. Without one, the estimates add up: each document's own total (an estimate's replacement cost
 *    value, else its total, from the analysis's key fields, for a repair estimate or invoice) or else its largest 'estimate' amount
 *    (repair estimates, supplements, contractors' estimates), summed — each covers its own part of
 *    the work.
 *
 * Every document counted (or superseded) is cited with its amount and the words it was read from.
 * Null when no document gives such an amount.
 */
export function suggestTarget(documents: SuggestionDocument[]): TargetSuggestion | null {
  const analysed = documents
    .filter((document) => document.analysisStatus === 'completed' && document.analysis)
    // Newest upload first (ties: the id, so the order is stable).
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id.localeCompare(a.id));
  const cite = (document: SuggestionDocument, amount: Amount, superseded: boolean): TargetCitation => ({
    documentId: document.id,
    fileName: document.fileName,
    kind: amount.kind as TargetCitation['kind'],
    amount: toCents(amount.value) / 100,
    text: amount.text.slice(0, 300),
    analyzedAt: document.analyzedAt?.toISOString() ?? null,
    superseded,
  });

  const claims = analysed.flatMap((document) => {
    if (LINE_ITEM_SUBTYPES.has(subtypeOf(document.analysis))) return [];
    const claim = largest(amountsOf(document.analysis), 'claim');
    return claim ? [{ document, claim }] : [];
  });
  if (claims.length > 0) {
    const citations = claims.map(({ document, claim }, index) => cite(document, claim, index > 0));
    return { amount: citations[0]!.amount, basis: 'proof_of_loss', citations };
  }

  const estimates = analysed.flatMap((document) => {
    const estimate =
      (LINE_ITEM_SUBTYPES.has(subtypeOf(document.analysis)) ? documentTotal(document.analysis) : undefined) ??
      largest(amountsOf(document.analysis), 'estimate');
    return estimate ? [cite(document, estimate, false)] : [];
  });
  if (estimates.length === 0) return null;
  const totalCents = estimates.reduce((sum, citation) => sum + toCents(citation.amount), 0);
  return { amount: totalCents / 100, basis: 'estimates', citations: estimates };
}
