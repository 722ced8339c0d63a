import type { DocumentType } from '@sentinel/shared';
import { analyzeExtracted } from './analyze';
import type { CorpusDocument, GoldEntities } from './corpus/corpus';
import { normaliseName } from './learned';

/**
 * How the analyzer does on labelled documents. Entities are compared as sets per document:
 * a person is right when the name matches a gold name (titles, middle initials, case and
 * punctuation ignored; "Sam" matches "Samuel"), a date when the ISO date matches, an amount when
 * the value matches to the cent. "Typed" also requires the role or kind to match.
 */

export interface Counts {
  predicted: number;
  gold: number;
  correct: number;
  /** Correct and of the right role / kind. */
  typed: number;
}

export interface EntityScores {
  persons: Counts;
  dates: Counts;
  amounts: Counts;
}

export const ratio = (n: number, d: number) => (d === 0 ? 1 : n / d);
export const precision = (c: Counts) => ratio(c.correct, c.predicted);
export const recall = (c: Counts) => ratio(c.correct, c.gold);
/** Of the entities found and right, the share with the right role / kind. */
export const typedAccuracy = (c: Counts) => ratio(c.typed, c.correct);
/** Entities found with the right value and the right role / kind, over all found. */
export const typedPrecision = (c: Counts) => ratio(c.typed, c.predicted);

const zero = (): Counts => ({ predicted: 0, gold: 0, correct: 0, typed: 0 });

export function sameName(a: string, b: string): boolean {
  const [x, y] = [normaliseName(a).split(' '), normaliseName(b).split(' ')];
  if (x.length < 2 || y.length < 2 || x[x.length - 1] !== y[y.length - 1]) return false;
  return x[0]!.startsWith(y[0]!) || y[0]!.startsWith(x[0]!);
}

export interface Extracted {
  persons: Array<{ name: string; role: string | null }>;
  dates: Array<{ date: string; kind: string }>;
  amounts: Array<{ value: number; kind: string }>;
}

export interface DocumentErrors {
  file: string;
  falsePositives: string[];
  missed: string[];
  wrongKind: string[];
}

export function scoreEntities(
  extracted: Extracted,
  gold: GoldEntities,
  into: EntityScores,
  file = '',
): DocumentErrors {
  const errors: DocumentErrors = { file, falsePositives: [], missed: [], wrongKind: [] };
  // Persons
  const goldPersons = [...gold.persons];
  into.persons.gold += goldPersons.length;
  const seenPersons: string[] = [];
  for (const p of extracted.persons) {
    if (seenPersons.some((s) => sameName(s, p.name))) continue;
    seenPersons.push(p.name);
    into.persons.predicted++;
    const match = goldPersons.find((g) => sameName(g.name, p.name));
    if (!match) {
      errors.falsePositives.push(`person ${p.name}`);
      continue;
    }
    into.persons.correct++;
    if (match.role === p.role) into.persons.typed++;
    else errors.wrongKind.push(`person ${p.name}: ${p.role} (gold ${match.role})`);
  }
  for (const g of goldPersons)
    if (!seenPersons.some((s) => sameName(s, g.name))) errors.missed.push(`person ${g.name}`);

  // Dates and amounts: by value; typed when some gold entry of that value has the kind.
  const byValue = <T extends { kind: string }>(
    kind: 'dates' | 'amounts',
    predicted: T[],
    goldItems: T[],
    key: (t: T) => string,
  ) => {
    const goldKeys = new Map<string, Set<string>>();
    for (const g of goldItems) goldKeys.set(key(g), (goldKeys.get(key(g)) ?? new Set()).add(g.kind));
    const predictedKeys = new Map<string, Set<string>>();
    for (const p of predicted)
      predictedKeys.set(key(p), (predictedKeys.get(key(p)) ?? new Set()).add(p.kind));
    into[kind].gold += goldKeys.size;
    into[kind].predicted += predictedKeys.size;
    for (const [k, kinds] of predictedKeys) {
      const goldKinds = goldKeys.get(k);
      if (!goldKinds) {
        errors.falsePositives.push(`${kind} ${k}`);
        continue;
      }
      into[kind].correct++;
      if ([...kinds].some((x) => goldKinds.has(x))) into[kind].typed++;
      else errors.wrongKind.push(`${kind} ${k}: ${[...kinds].join('/')} (gold ${[...goldKinds].join('/')})`);
    }
    for (const k of goldKeys.keys()) if (!predictedKeys.has(k)) errors.missed.push(`${kind} ${k}`);
  };
  byValue('dates', extracted.dates, gold.dates, (d) => d.date);
  byValue('amounts', extracted.amounts, gold.amounts, (a) => a.value.toFixed(2));
  return errors;
}

export interface CorpusEvaluation {
  documents: number;
  typeAccuracy: number;
  /** Mean |confidence − accuracy| over 5 equal-width confidence bins, weighted by bin size. */
  expectedCalibrationError: number;
  confusion: Record<string, Record<string, number>>;
  entities: EntityScores;
  misclassified: Array<{ file: string; label: DocumentType; predicted: DocumentType; confidence: number }>;
  errors: DocumentErrors[];
}

export function evaluateCorpus(docs: CorpusDocument[]): CorpusEvaluation {
  const entities: EntityScores = { persons: zero(), dates: zero(), amounts: zero() };
  const confusion: CorpusEvaluation['confusion'] = {};
  const misclassified: CorpusEvaluation['misclassified'] = [];
  const errors: DocumentErrors[] = [];
  const bins = Array.from({ length: 5 }, () => ({ n: 0, confidence: 0, correct: 0 }));
  let correct = 0;
  for (const doc of docs) {
    // The whole pipeline, as the server runs it on a text file.
    const analysis = analyzeExtracted(
      { text: doc.text, format: 'text', pageCount: 1, ocrPages: 0 },
      { fileName: doc.file.split('/').pop()! },
    );
    const result = {
      type: analysis.document_metadata.document_type,
      confidence: analysis.document_metadata.confidence,
    };
    const row = (confusion[doc.label] ??= {});
    row[result.type] = (row[result.type] ?? 0) + 1;
    const ok = result.type === doc.label;
    if (ok) correct++;
    else
      misclassified.push({
        file: doc.file,
        label: doc.label,
        predicted: result.type,
        confidence: result.confidence,
      });
    const bin = bins[Math.min(4, Math.floor(result.confidence * 5))]!;
    bin.n++;
    bin.confidence += result.confidence;
    bin.correct += ok ? 1 : 0;
    errors.push(scoreEntities(analysis.entities, doc.gold, entities, doc.file));
  }
  const ece = bins.reduce(
    (sum, b) => sum + (b.n ? (b.n / docs.length) * Math.abs(b.confidence / b.n - b.correct / b.n) : 0),
    0,
  );
  return {
    documents: docs.length,
    typeAccuracy: ratio(correct, docs.length),
    expectedCalibrationError: ece,
    confusion,
    entities,
    misclassified,
    errors: errors.filter((e) => e.falsePositives.length || e.missed.length || e.wrongKind.length),
  };
}
