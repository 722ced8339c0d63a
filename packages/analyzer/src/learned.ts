import { createHash } from 'node:crypto';
import type { AmountKind, DateKind, DocumentType, PersonRole } from '@sentinel/shared';
import { documentFeatures } from './classify/logistic';
import { topFeatures } from './classify/features';

/**
 * What a firm's users taught the analyzer. A plain JSON value: the server stores one per firm and
 * passes it to every analysis; `learnFromCorrection` returns an updated copy (never mutates).
 *
 * - typeExamples: documents whose type a user set. Later documents similar to one of them are
 *   pulled towards that type (classify/classifier.ts, "memory"); the same document again takes it.
 * - persons: a name and the role a user gave it. Wherever that name appears later it is listed,
 *   with that role (role null: "a person, role unknown").
 * - suppressed: words a user said are not a person / date / amount; never listed again.
 * - dateCues / amountCues: the label words in front of a date or amount whose kind a user
 *   corrected ("date paid" → payment, "net claim" → claim); later dates and amounts after the same
 *   words take that kind.
 */
export interface LearnedCorrections {
  version: 1;
  typeExamples: TypeExample[];
  persons: Array<{ name: string; role: PersonRole | null }>;
  suppressed: Array<{ entity: EntityKind; text: string }>;
  dateCues: Array<{ cue: string; kind: DateKind }>;
  amountCues: Array<{ cue: string; kind: AmountKind }>;
}

export type EntityKind = 'person' | 'date' | 'amount';

export interface TypeExample {
  /** SHA-256 of the document's text: a second correction of the same document replaces the first. */
  docHash: string;
  type: DocumentType;
  /** The document's heaviest features (at most MAX_EXAMPLE_FEATURES), as the classifier reads them. */
  features: Record<string, number>;
  /** ISO time of the correction. */
  at: string;
}

/** A user's correction, as the review screen sends it. */
export type Correction =
  /** The document's type is `type`. `text` is the document's text (extractText), kept only as features. */
  | { kind: 'type'; type: DocumentType; text: string }
  /** This person (name as written) has this role; also adds a person the analyzer missed. */
  | { kind: 'person'; name: string; role: PersonRole | null }
  /** These words are not an entity of that kind (e.g. "Coral Way" listed as a person). */
  | { kind: 'not_entity'; entity: EntityKind; text: string }
  /**
   * The date read from `text` is of kind `to`. With the document's text, the label words before it
   * become a cue for later documents; without it nothing general can be learned.
   */
  | { kind: 'date_kind'; text: string; to: DateKind; documentText: string }
  | { kind: 'amount_kind'; text: string; to: AmountKind; documentText: string };

export const MAX_EXAMPLE_FEATURES = 400;
/** Oldest type examples are dropped beyond this, so the stored value stays small (≈ 10 KB each). */
export const MAX_TYPE_EXAMPLES = 200;

export const emptyLearned = (): LearnedCorrections => ({
  version: 1,
  typeExamples: [],
  persons: [],
  suppressed: [],
  dateCues: [],
  amountCues: [],
});

export const normaliseName = (name: string) =>
  name
    .toLowerCase()
    .replace(/\b(mr|mrs|ms|dr|hon|judge|esq|jr|sr)\b\.?/g, ' ')
    .replace(/\b[a-z]\.\s*/g, ' ')
    .replace(/[^a-z' -]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

export const normaliseCue = (cue: string) =>
  cue
    .toLowerCase()
    .replace(/[^a-z ]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

export const textHash = (text: string) => createHash('sha256').update(text.trim()).digest('hex');

/**
 * The label words just before `target` in `documentText`: up to four words on the same line
 * ("Date paid: 7/19/2025" → "date paid"), or an empty string.
 */
export function cueBefore(documentText: string, target: string): string {
  const at = documentText.indexOf(target);
  if (at < 0) return '';
  const lineStart = documentText.lastIndexOf('\n', at) + 1;
  const before = documentText.slice(lineStart, at);
  const words = normaliseCue(before).split(' ').filter(Boolean);
  return words.slice(-4).join(' ');
}

export function learnFromCorrection(
  learned: LearnedCorrections | undefined,
  correction: Correction,
): LearnedCorrections {
  const next: LearnedCorrections = structuredClone(learned ?? emptyLearned());
  switch (correction.kind) {
    case 'type': {
      const docHash = textHash(correction.text);
      next.typeExamples = next.typeExamples.filter((e) => e.docHash !== docHash);
      next.typeExamples.push({
        docHash,
        type: correction.type,
        features: topFeatures(documentFeatures(correction.text), MAX_EXAMPLE_FEATURES),
        at: new Date().toISOString(),
      });
      next.typeExamples = next.typeExamples.slice(-MAX_TYPE_EXAMPLES);
      break;
    }
    case 'person': {
      const key = normaliseName(correction.name);
      next.persons = next.persons.filter((p) => normaliseName(p.name) !== key);
      next.persons.push({ name: correction.name.trim(), role: correction.role });
      next.suppressed = next.suppressed.filter(
        (s) => !(s.entity === 'person' && normaliseName(s.text) === key),
      );
      break;
    }
    case 'not_entity': {
      const text = correction.text.trim();
      if (
        !next.suppressed.some(
          (s) => s.entity === correction.entity && s.text.toLowerCase() === text.toLowerCase(),
        )
      )
        next.suppressed.push({ entity: correction.entity, text });
      if (correction.entity === 'person')
        next.persons = next.persons.filter((p) => normaliseName(p.name) !== normaliseName(text));
      break;
    }
    case 'date_kind': {
      const cue = cueBefore(correction.documentText, correction.text);
      if (cue) next.dateCues = [...next.dateCues.filter((c) => c.cue !== cue), { cue, kind: correction.to }];
      break;
    }
    case 'amount_kind': {
      const cue = cueBefore(correction.documentText, correction.text);
      if (cue)
        next.amountCues = [...next.amountCues.filter((c) => c.cue !== cue), { cue, kind: correction.to }];
      break;
    }
  }
  return next;
}
