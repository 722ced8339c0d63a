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
 * 2. Without one, the estimates add up: each document's largest 'estimate' amount (repair estimates,
 *    supplements, contractors' estimates), summed — each covers its own part of the work.
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
    const claim = largest(amountsOf(document.analysis), 'claim');
    return claim ? [{ document, claim }] : [];
  });
  if (claims.length > 0) {
    const citations = claims.map(({ document, claim }, index) => cite(document, claim, index > 0));
    return { amount: citations[0]!.amount, basis: 'proof_of_loss', citations };
  }

  const estimates = analysed.flatMap((document) => {
    const estimate = largest(amountsOf(document.analysis), 'estimate');
    return estimate ? [cite(document, estimate, false)] : [];
  });
  if (estimates.length === 0) return null;
  const totalCents = estimates.reduce((sum, citation) => sum + toCents(citation.amount), 0);
  return { amount: totalCents / 100, basis: 'estimates', citations: estimates };
}
