import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AmountKind, DateKind, DocumentType, PersonRole } from '@sentinel/shared';

/**
 * The labelled corpus in `packages/analyzer/corpus`: one text file per document under its type's
 * folder, and MANIFEST.json with each file's label, split, provenance, licence and gold entities.
 */

export const corpusDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../corpus');

/**
 * train, calibration and held_out are assigned by `assignSplits`; `fresh` documents were written
 * after the rules and the model were frozen and are only ever evaluated (never trained or tuned on).
 */
export const SPLITS = ['train', 'calibration', 'held_out', 'fresh'] as const;
export type Split = (typeof SPLITS)[number];

export interface GoldEntities {
  persons: Array<{ name: string; role: PersonRole | null }>;
  dates: Array<{ date: string; kind: DateKind }>;
  amounts: Array<{ value: number; kind: AmountKind }>;
}

export interface ManifestEntry {
  file: string;
  label: DocumentType;
  split: Split;
  licence: string;
  provenance: string;
  gold: GoldEntities;
}

export interface Manifest {
  description: string;
  licence: string;
  files: ManifestEntry[];
}

export interface CorpusDocument extends ManifestEntry {
  text: string;
}

/** The share of each class held out and used for calibration; the rest trains. */
export const SPLIT_SHARES = { held_out: 0.25, calibration: 0.15 } as const;

/**
 * The split rule: within each class, files ordered by the SHA-256 of their path; the first quarter
 * is held out, the next 15 % calibrates, the rest trains. Deterministic, stratified, and blind to
 * content. Adding files to a class can move files of that class between splits (retrain after).
 */
export function assignSplits(
  files: Array<{ file: string; label: DocumentType; split?: Split }>,
): Map<string, Split> {
  const byLabel = new Map<DocumentType, string[]>();
  for (const { file, label, split } of files) {
    if (split === 'fresh') continue;
    byLabel.set(label, [...(byLabel.get(label) ?? []), file]);
  }
  const splits = new Map<string, Split>();
  for (const names of byLabel.values()) {
    const ordered = [...names].sort((a, b) => sha256(a).localeCompare(sha256(b)));
    const heldOut = Math.round(ordered.length * SPLIT_SHARES.held_out);
    const calibration = Math.round(ordered.length * SPLIT_SHARES.calibration);
    ordered.forEach((name, i) =>
      splits.set(name, i < heldOut ? 'held_out' : i < heldOut + calibration ? 'calibration' : 'train'),
    );
  }
  return splits;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

export function readManifest(dir = corpusDir): Manifest {
  return JSON.parse(readFileSync(path.join(dir, 'MANIFEST.json'), 'utf8')) as Manifest;
}

/** The corpus documents with their text, optionally only some splits. */
export function loadCorpus(splits: readonly Split[] = SPLITS, dir = corpusDir): CorpusDocument[] {
  return readManifest(dir)
    .files.filter((entry) => splits.includes(entry.split))
    .map((entry) => ({ ...entry, text: readFileSync(path.join(dir, entry.file), 'utf8') }));
}
