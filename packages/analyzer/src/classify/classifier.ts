import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { DocumentType } from '@sentinel/shared';
import type { LearnedCorrections } from '../learned';
import { packageDir } from '../package-dir';
import {
  cosine,
  documentFeatures,
  logits,
  modelFeatures,
  scorer,
  softmax,
  type LogisticModel,
  type Scorer,
} from './logistic';

/** The committed model (npm run train -w packages/analyzer writes it). */
export const modelPath = path.join(packageDir, 'model/type-classifier.json');
/** What it was trained on (written with it). */
export const manifestPath = path.join(packageDir, 'model/MANIFEST.json');

let loaded: Scorer | undefined;

export function loadModel(): Scorer {
  loaded ??= scorer(JSON.parse(readFileSync(modelPath, 'utf8')) as LogisticModel);
  return loaded;
}

/**
 * How the firm's corrections move a later classification. Each corrected document is remembered
 * by its features; a new document adds to the logit of each corrected type
 *   MEMORY_WEIGHT · max(0, (similarity − MEMORY_FLOOR) / (1 − MEMORY_FLOOR))
 * for the most similar remembered document of that type (cosine similarity of the word-and-cue
 * vectors of logistic.ts documentFeatures, which stay the same when the model changes). The same document again (similarity 1) takes the corrected type; a
 * document of the same template is pulled towards it; unrelated documents are untouched.
 */
export const MEMORY_WEIGHT = 12;
export const MEMORY_FLOOR = 0.35;

/**
 * A text of fewer words than this is always flagged: the shortest texts the model was trained and
 * calibrated on have 47 words (66 in the real corpus; runs of letters counted), so below that its
 * confidence has never been measured. A scan whose OCR read almost nothing lands here too.
 */
export const FEWEST_WORDS_TO_BE_SURE = 30;

const wordCount = (text: string) => (text.match(/\p{L}+/gu) ?? []).length;

export interface Classification {
  type: DocumentType;
  /** Calibrated probability that `type` is right. */
  confidence: number;
  /**
   * The model is not sure (confidence below the threshold chosen at training on out-of-fold
   * predictions, model.confirmBelow, or a text too short to judge: FEWEST_WORDS_TO_BE_SURE): the
   * screen asks the user to confirm the type.
   */
  needsConfirmation: boolean;
  probabilities: Record<DocumentType, number>;
  /** Set when a user's earlier correction of a similar document decided or moved the result. */
  learnedFrom?: { type: DocumentType; similarity: number };
}

export function classifyText(
  text: string,
  learned?: LearnedCorrections,
  s: Scorer = loadModel(),
): Classification {
  const z = logits(s, modelFeatures(text, s.model.settings)).map((l) => l / s.model.temperature);
  let learnedFrom: Classification['learnedFrom'];
  const bonus = new Array<number>(z.length).fill(0);
  const examples = learned?.typeExamples ?? [];
  const memory = examples.length > 0 ? documentFeatures(text) : {};
  for (const example of examples) {
    const c = s.model.classes.indexOf(example.type);
    const similarity = cosine(memory, example.features);
    if (c < 0 || similarity <= MEMORY_FLOOR) continue;
    bonus[c] = Math.max(bonus[c]!, (MEMORY_WEIGHT * (similarity - MEMORY_FLOOR)) / (1 - MEMORY_FLOOR));
    if (!learnedFrom || similarity > learnedFrom.similarity) learnedFrom = { type: example.type, similarity };
  }
  bonus.forEach((b, c) => (z[c]! += b));
  const p = softmax(z);
  const classes = s.model.classes;
  let best = 0;
  for (let c = 1; c < p.length; c++) if (p[c]! > p[best]!) best = c;
  const probabilities = Object.fromEntries(classes.map((type, c) => [type, p[c]!])) as Record<
    DocumentType,
    number
  >;
  // A low confidence is reported as such, never turned into 'other': 'other' is a type like the rest.
  const result = {
    type: classes[best]!,
    confidence: p[best]!,
    needsConfirmation: p[best]! < s.model.confirmBelow || wordCount(text) < FEWEST_WORDS_TO_BE_SURE,
    probabilities,
  };
  return learnedFrom && learnedFrom.type === result.type ? { ...result, learnedFrom } : result;
}
