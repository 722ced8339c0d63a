import { createHash } from 'node:crypto';
import type { DocumentAnalysis } from '@sentinel/shared';
import { analyzeExtracted } from './analyze';
import type { RealDocument } from './corpus/real';
import { rawAmountValue } from './entities/amounts';
import { ratio } from './evaluate';
import { normaliseName } from './learned';

/**
 * Entities scored against the real corpus' labels (../shared/corpus/real, its README "How labels
 * were made"): persons as written, every full date as ISO, every `$` amount as a number.
 *
 * - Persons. Names are compared after normaliseName (case, punctuation, titles, suffixes and
 *   middle initials dropped; "Dasovich, Jeff" turned round). Two names are the same person when
 *   their surnames agree and one given name starts with the other ("Sam" / "Samuel"), or when one
 *   of them is a single word equal to the other's surname or given name: the labels list judges
 *   by surname from the "Before …" line ("Lynch") and e-mail signers by given name ("Marc").
 *   Within a document, names that are the same person count once on each side.
 * - Dates: by ISO value, each value once per document.
 * - Amounts: by value to the cent, each value once per document. The labels apply "million" and
 *   "billion" but not a table's unit header ("in thousands"), so an amount matches when its value
 *   or the figure as written (`rawAmountValue` of its words, i.e. with the header scaling switched
 *   off) equals a gold value (see readings). The labels hold
 *   only amounts written with a bare `$`: amounts written "US$", "USD" or "… dollars" are left
 *   out of the comparison, and so, unless they match, are accounting negatives (see NEGATIVE).
 *   So are figures set apart from their `$` by a column gap ("$    1,419", "$ | 879,223"): the
 *   corpus' labels were read with `\$\s?` (its verify.py), which does not see them (see SPACED).
 */

export type RealEntity = 'persons' | 'dates' | 'amounts';
export const REAL_ENTITIES: RealEntity[] = ['persons', 'dates', 'amounts'];

export interface RealCounts {
  predicted: number;
  gold: number;
  /** Predictions that match a gold entity. */
  correctPredicted: number;
  /** Gold entities some prediction matches. */
  found: number;
}

export type RealScores = Record<RealEntity, RealCounts>;

export const realPrecision = (c: RealCounts) => ratio(c.correctPredicted, c.predicted);
export const realRecall = (c: RealCounts) => ratio(c.found, c.gold);

export interface RealDocumentErrors {
  id: string;
  falsePositives: string[];
  missed: string[];
}

export interface RealEvaluation {
  documents: number;
  scores: RealScores;
  /** Documents with at least one error, for development. */
  errors: RealDocumentErrors[];
}

/** Lower case, no titles, suffixes, initials or punctuation, "Surname, Given" turned round. */
export function personKey(name: string): string[] {
  const turned = /^([^,]+),\s*([^,]+)$/.exec(name.trim());
  const ordered =
    turned && !/^(?:jr|sr|ii|iii|iv|esq)\.?$/i.test(turned[2]!.trim()) ? `${turned[2]} ${turned[1]}` : name;
  return normaliseName(ordered.replace(/[’']/g, "'").replace(/\b(?:ii|iii|iv)\b/gi, ' '))
    .split(' ')
    .filter(Boolean);
}

/** The same person, by the rule in this file's comment. */
export function samePerson(a: string[], b: string[]): boolean {
  if (a.length === 0 || b.length === 0) return false;
  if (a.length === 1 || b.length === 1) {
    const [one, other] = a.length === 1 ? [a[0]!, b] : [b[0]!, a];
    return one === other[other.length - 1] || one === other[0];
  }
  if (a[a.length - 1] !== b[b.length - 1]) return false;
  return a[0]!.startsWith(b[0]!) || b[0]!.startsWith(a[0]!);
}

/** Names grouped into persons (a single word joins the full name it belongs to). */
function distinctPersons(names: string[]): Array<{ name: string; key: string[] }> {
  const keyed = names.map((name) => ({ name, key: personKey(name) })).filter((p) => p.key.length > 0);
  // Full names first, so that "Brian" joins "Brian Jones" rather than standing alone.
  keyed.sort((x, y) => y.key.length - x.key.length);
  const people: Array<{ name: string; key: string[] }> = [];
  for (const p of keyed) if (!people.some((q) => samePerson(q.key, p.key))) people.push(p);
  return people;
}

function scoreSet(
  predicted: string[],
  gold: string[],
  same: (a: string, b: string) => boolean,
  counts: RealCounts,
  errors: RealDocumentErrors,
  label: string,
) {
  counts.predicted += predicted.length;
  counts.gold += gold.length;
  for (const p of predicted) {
    if (gold.some((g) => same(p, g))) counts.correctPredicted++;
    else errors.falsePositives.push(`${label} ${p}`);
  }
  for (const g of gold) {
    if (predicted.some((p) => same(p, g))) counts.found++;
    else errors.missed.push(`${label} ${g}`);
  }
}

/** Money the labels leave out: "US$ 600", "USD 1,000,000", "12,500 dollars" (only `$` is labelled). */
const NOT_LABELLED = /^(?:us\$|usd)|dollars$/i;
/**
 * Accounting negatives, "$(0.16)" and "(2,500.00)": none of the corpus' 43 "$(…)" is labelled, so
 * one counts only when its value is a gold value (the analyzer keeps one entry per value, so it
 * may stand for the same figure written "$0.16" elsewhere) and is left out otherwise.
 */
const NEGATIVE = /^\$?\(/;

/**
 * A `$` figure the labels cannot hold: in the document it stands only a column gap from its `$`
 * ("$    1,419", "$ | 879,223"), never right after it or one space or line break away.
 */
function spacedOnly(text: string, amount: { text: string }): boolean {
  const figure = /^\$\s?(\d[\d,]*(?:\.\d+)?)/.exec(amount.text)?.[1];
  if (!figure) return false;
  const digits = figure.replace(/[.,]/g, (c) => `\\${c}`);
  const tight = new RegExp(`(?<![A-Za-z])\\$\\s?${digits}(?![\\d,]*\\d)`);
  const gapped = new RegExp(`(?<![A-Za-z])\\$[\\s|]+${digits}(?![\\d,]*\\d)`);
  return !tight.test(text) && gapped.test(text);
}

/**
 * The readings of an amount the labels may hold, joined by "|": its value, the figure as written
 * (`rawAmountValue`: no unit header), and the figure as the labels read it: times a million or a
 * billion only for those words in lower case ("$8.60 Billion" and "$100M" were labelled 8.6 and
 * 100). A prediction is right when one of them is a gold value; the analyzer keeps one entry per
 * value, so "$8.60 Billion" may stand for a later "$8.60 billion" too.
 */
function readings(amount: { value: number; text: string }): string {
  const figure = /(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d+))?(?:\s*(million|billion)\b)?/.exec(amount.text);
  const labelled = figure
    ? Number(`${figure[1]!.replace(/,/g, '')}.${figure[2] ?? '0'}`) *
      (figure[3] === 'billion' ? 1e9 : figure[3] === 'million' ? 1e6 : 1)
    : undefined;
  const values = [amount.value, rawAmountValue(amount.text), labelled];
  return [...new Set(values.filter((v) => v !== undefined).map((v) => v.toFixed(2)))].join('|');
}

const zero = (): RealCounts => ({ predicted: 0, gold: 0, correctPredicted: 0, found: 0 });

export function evaluateRealEntities(docs: RealDocument[]): RealEvaluation {
  const scores: RealScores = { persons: zero(), dates: zero(), amounts: zero() };
  const errors: RealDocumentErrors[] = [];
  for (const doc of docs) {
    // The whole pipeline, as the server runs it on a text file.
    const { entities } = analyzeExtracted(
      { text: doc.text, format: 'text', pageCount: 1, ocrPages: 0 },
      { fileName: `${doc.id}.txt` },
    );
    const docErrors = scoreRealEntities(entities, doc, scores);
    if (docErrors.falsePositives.length || docErrors.missed.length) errors.push(docErrors);
  }
  return { documents: docs.length, scores, errors };
}

/**
 * One analysis's entities scored against a real document's labels, added to `scores` (also for an
 * analysis of part of the document, such as bench/analyzer-ocr.ts's scanned first page).
 */
export function scoreRealEntities(
  entities: DocumentAnalysis['entities'],
  doc: RealDocument,
  scores: RealScores,
): RealDocumentErrors {
  const docErrors: RealDocumentErrors = { id: doc.id, falsePositives: [], missed: [] };
  const persons = (names: string[]) => distinctPersons(names).map((p) => p.key.join(' '));
  scoreSet(
    persons(entities.persons.map((p) => p.name)),
    persons(doc.gold.persons),
    (a, b) => samePerson(a.split(' '), b.split(' ')),
    scores.persons,
    docErrors,
    'person',
  );
  const unique = (values: string[]) => [...new Set(values)];
  const goldAmounts = unique(doc.gold.amounts.map((a) => a.toFixed(2)));
  scoreSet(
    unique(entities.dates.map((d) => d.date)),
    unique(doc.gold.dates),
    (a, b) => a === b,
    scores.dates,
    docErrors,
    'date',
  );
  scoreSet(
    unique(
      entities.amounts
        .filter((a) => !NOT_LABELLED.test(a.text) && !spacedOnly(doc.text, a))
        .map((a) => ({ negative: NEGATIVE.test(a.text), readings: readings(a) }))
        .filter((a) => !a.negative || a.readings.split('|').some((r) => goldAmounts.includes(r)))
        .map((a) => a.readings),
    ),
    goldAmounts,
    (a, b) => a.split('|').includes(b),
    scores.amounts,
    docErrors,
    'amount',
  );
  return docErrors;
}

/**
 * The development / test split for the hand-written rules: source groups sorted by the SHA-256 of
 * their name and dealt alternately, so no source is in both halves. Rules are tuned on 'dev' errors
 * only; 'test' is the honest figure.
 */
export function realEntitySplit(docs: RealDocument[]): { dev: RealDocument[]; test: RealDocument[] } {
  const hash = (group: string) => createHash('sha256').update(group).digest('hex');
  const groups = [...new Set(docs.map((d) => d.group))].sort((a, b) => hash(a).localeCompare(hash(b)));
  const dev = new Set(groups.filter((_, i) => i % 2 === 0));
  return { dev: docs.filter((d) => dev.has(d.group)), test: docs.filter((d) => !dev.has(d.group)) };
}

export interface RealEntityFigures {
  documents: number;
  persons: RealCounts & { precision: number; recall: number };
  dates: RealCounts & { precision: number; recall: number };
  amounts: RealCounts & { precision: number; recall: number };
}

/**
 * The figures for bench/analyzer: precision and recall per entity on the development half, the
 * test half (the honest one) and the whole corpus, with the errors of each half for development.
 */
export function realEntityFigures(docs: RealDocument[]): {
  figures: Record<'dev' | 'test' | 'all', RealEntityFigures>;
  errors: Record<'dev' | 'test', RealDocumentErrors[]>;
} {
  const { dev, test } = realEntitySplit(docs);
  const halves = { dev: evaluateRealEntities(dev), test: evaluateRealEntities(test) };
  // The whole corpus is the sum of the halves: each document is scored on its own.
  const all: RealEvaluation = {
    documents: docs.length,
    scores: Object.fromEntries(
      REAL_ENTITIES.map((e) => {
        const [a, b] = [halves.dev.scores[e], halves.test.scores[e]];
        return [
          e,
          {
            predicted: a.predicted + b.predicted,
            gold: a.gold + b.gold,
            correctPredicted: a.correctPredicted + b.correctPredicted,
            found: a.found + b.found,
          },
        ];
      }),
    ) as RealScores,
    errors: [],
  };
  const figuresOf = (r: RealEvaluation): RealEntityFigures => ({
    documents: r.documents,
    ...(Object.fromEntries(
      REAL_ENTITIES.map((e) => [
        e,
        { ...r.scores[e], precision: realPrecision(r.scores[e]), recall: realRecall(r.scores[e]) },
      ]),
    ) as Omit<RealEntityFigures, 'documents'>),
  });
  return {
    figures: { dev: figuresOf(halves.dev), test: figuresOf(halves.test), all: figuresOf(all) },
    errors: { dev: halves.dev.errors, test: halves.test.errors },
  };
}
