import { DOCUMENT_TYPES, type DocumentType } from '@sentinel/shared';
import { FRESH_TYPES_DIR, loadRealCorpus } from '../corpus/real';
import { classifyText } from './classifier';
import { allocationSeed, groupedFolds } from './folds';
import {
  averageModels,
  CANDIDATE_RECIPES,
  DEFAULT_SETTINGS,
  logits,
  membersOf,
  recipeSettings,
  rescale,
  scorer,
  softmax,
  trainLogistic,
  type LogisticModel,
  type Recipe,
  type Scorer,
  type TrainingSettings,
} from './logistic';
import {
  featurise,
  fitClassifier,
  INNER_FOLDS,
  trainOnlyTexts,
  type Featurised,
  type LabelledText,
} from './train';

/**
 * Grouped cross-validation of the type classifier: no source group is on both sides of a split, so
 * the figure says how the model does on sources it has not seen (an upper bound still: a new
 * firm's documents come from sources the corpus does not have at all). Self-written documents are
 * always on the training side. Each training side calibrates itself with an inner grouped split
 * (train.ts fitClassifier): the test fold never sets the temperature or the confirm threshold.
 * crossValidateNested also leaves the choice of settings to each training side.
 */

export const OUTER_FOLDS = 5;
/** Bins of the expected calibration error (equal width over the top probability). */
export const ECE_BINS = 10;

export interface Prediction {
  id: string;
  label: DocumentType;
  predicted: DocumentType;
  /** Calibrated probability of `predicted`. */
  confidence: number;
  needsConfirmation: boolean;
}

export interface CrossValidation {
  documents: number;
  folds: number;
  accuracy: number;
  perClass: Record<DocumentType, { precision: number; recall: number; support: number }>;
  /** confusion[label][predicted]: documents. */
  confusion: Record<DocumentType, Record<DocumentType, number>>;
  expectedCalibrationError: number;
  /**
   * Less noisy calibration figures than the binned ECE: the mean confidence less the accuracy
   * (over- or under-confidence in the large, no bins), and the top-label Brier score — the mean of
   * (confidence − right)² — beside the score a perfectly calibrated model with these confidences
   * would have in expectation, the mean of confidence · (1 − confidence).
   */
  calibration: { overconfidence: number; brier: number; brierIfCalibrated: number };
  /** Share of documents flagged "not sure — please confirm", and how often each side was right. */
  needsConfirmation: { share: number; accuracyFlagged: number; accuracyUnflagged: number };
  predictions: Prediction[];
}

/** Out-of-fold predictions for every real document in `docs`, and their figures. */
export function crossValidate(
  docs: Featurised[],
  settings: TrainingSettings,
  k = OUTER_FOLDS,
): CrossValidation {
  return crossValidation([...foldPredictions(docs, settings, k)].flat(), k);
}

/**
 * The out-of-fold predictions of a grouped cross-validation of `docs`, one fold at a time (a
 * caller may give the event loop a turn between folds: the whole takes a while).
 */
export function* foldPredictions(
  docs: Featurised[],
  settings: TrainingSettings,
  k = OUTER_FOLDS,
): Generator<Prediction[]> {
  for (const { train, test } of groupedFolds(docs, k)) {
    const s = scorer(fitClassifier(train, settings));
    yield test.map((d) => predict(s, d));
  }
}

/** The figures of the out-of-fold predictions of a `k`-fold cross-validation (sorted by document). */
export function crossValidation(predictions: Prediction[], k: number): CrossValidation {
  predictions.sort((a, b) => (a.id < b.id ? -1 : 1));
  return { ...scorePredictions(predictions), folds: k, predictions };
}

/**
 * The accuracy of each of `recipes` in a grouped cross-validation of `docs` (features read with
 * recipeSettings of all their members), uncalibrated (the temperature does not move the top class).
 * Each member is trained once per fold and shared by the recipes that hold it. A generator that
 * pauses after each model it trains (a caller may give the event loop a turn) and returns the
 * accuracies.
 */
export function* innerAccuracies(
  docs: Featurised[],
  recipes: Recipe[],
  k = INNER_FOLDS,
): Generator<void, number[]> {
  const all = recipeSettings(recipes.flatMap(membersOf));
  const members = [...new Set(recipes.flatMap(membersOf))];
  const right = recipes.map(() => 0);
  let tested = 0;
  for (const { train, test } of groupedFolds(docs, k)) {
    const models = new Map<TrainingSettings, LogisticModel>();
    for (const member of members) {
      models.set(member, trainLogistic(rescaled(train, all, member), member));
      yield;
    }
    recipes.forEach((recipe, r) => {
      const settings = recipeSettings(recipe);
      const s = scorer(
        averageModels(
          membersOf(recipe).map((m) => models.get(m)!),
          settings,
        ),
      );
      for (const d of rescaled(test, all, settings)) {
        const z = logits(s, d.features);
        if (s.model.classes[z.indexOf(Math.max(...z))] === d.label) right[r]!++;
      }
    });
    tested += test.length;
  }
  return right.map((n) => n / tested);
}

/** Runs a generator that pauses (innerAccuracies) to its end. */
function finish<T>(steps: Generator<void, T>): T {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/**
 * The recipe with the highest inner accuracy on `docs` (features read with recipeSettings of all
 * the recipes' members); the first wins ties, so a single model wins over an ensemble as good.
 */
export function chooseRecipe(docs: Featurised[], recipes: Recipe[]): { index: number; accuracies: number[] } {
  const accuracies = finish(innerAccuracies(docs, recipes));
  return { index: accuracies.indexOf(Math.max(...accuracies)), accuracies };
}

const rescaled = (docs: Featurised[], from: TrainingSettings, to: TrainingSettings): Featurised[] =>
  from === to ? docs : docs.map((d) => ({ ...d, features: rescale(d.features, from, to) }));

/**
 * Nested grouped cross-validation: on each outer training side an inner grouped CV chooses among
 * `recipes`, and the chosen recipe is fitted there and tested on the outer fold. The test fold
 * never chooses, so this is the figure of the whole procedure, choice included. `allocation` seeds
 * the outer folds (allocationSeed); the inner folds that choose are always the name-ordered ones.
 */
export function crossValidateNested(
  texts: LabelledText[],
  recipes: Recipe[] = CANDIDATE_RECIPES,
  k = OUTER_FOLDS,
  allocation?: string,
): CrossValidation & { chosen: number[] } {
  const all = recipeSettings(recipes.flatMap(membersOf));
  const docs = featurise(texts, all);
  const predictions: Prediction[] = [];
  const chosen: number[] = [];
  for (const { train, test } of groupedFolds(docs, k, allocation)) {
    const { index } = chooseRecipe(train, recipes);
    chosen.push(index);
    const settings = recipeSettings(recipes[index]!);
    const s = scorer(fitClassifier(rescaled(train, all, settings), recipes[index]));
    for (const d of rescaled(test, all, settings)) predictions.push(predict(s, d));
  }
  return { ...crossValidation(predictions, k), chosen };
}

/**
 * How many allocations of the outer folds the type figure averages over: one split's figure moves
 * with where the small source groups happen to fall (folds.ts groupedFolds).
 */
export const ALLOCATIONS = 5;

export { allocationSeed } from './folds';

export interface RepeatedNested {
  /** One nested cross-validation per allocation, the name-ordered one first. */
  repeats: Array<CrossValidation & { chosen: number[] }>;
  /** Mean over allocations, with the sample standard deviation and the range. */
  accuracy: { mean: number; sd: number; min: number; max: number };
  expectedCalibrationError: { mean: number; sd: number; min: number; max: number };
}

/**
 * The type figure: nested grouped cross-validation repeated over `allocations` allocations of the
 * outer folds (allocationSeed), averaged. `onEach` hears of each allocation as it ends.
 */
export function crossValidateNestedRepeated(
  texts: LabelledText[],
  allocations = ALLOCATIONS,
  onEach?: (i: number, cv: CrossValidation & { chosen: number[] }) => void,
): RepeatedNested {
  const repeats = Array.from({ length: allocations }, (_, i) => {
    const cv = crossValidateNested(texts, CANDIDATE_RECIPES, OUTER_FOLDS, allocationSeed(i));
    onEach?.(i, cv);
    return cv;
  });
  return {
    repeats,
    accuracy: spreadOf(repeats.map((cv) => cv.accuracy)),
    expectedCalibrationError: spreadOf(repeats.map((cv) => cv.expectedCalibrationError)),
  };
}

function spreadOf(xs: number[]): RepeatedNested['accuracy'] {
  const mean = xs.reduce((a, x) => a + x, 0) / xs.length;
  const sd = xs.length < 2 ? 0 : Math.sqrt(xs.reduce((a, x) => a + (x - mean) ** 2, 0) / (xs.length - 1));
  return { mean, sd, min: Math.min(...xs), max: Math.max(...xs) };
}

/** The calibrated answer of a fitted model for one document. */
function predict(s: Scorer, d: Featurised): Prediction {
  const p = softmax(logits(s, d.features), s.model.temperature);
  const top = p.indexOf(Math.max(...p));
  return {
    id: d.id,
    label: d.label,
    predicted: s.model.classes[top]!,
    confidence: p[top]!,
    needsConfirmation: p[top]! < s.model.confirmBelow,
  };
}

/**
 * The committed model (classifyText, no corrections learned) on documents of sources neither the
 * corpus nor the training texts have (corpus/real.ts FRESH_TYPES_DIR): what a firm's first uploads
 * would see, where the grouped figure above is an upper bound. Held out: callers print totals.
 */
export function scoreFreshTypes(dir = FRESH_TYPES_DIR): ReturnType<typeof scorePredictions> {
  const predictions = loadRealCorpus(dir).map((d): Prediction => {
    const c = classifyText(d.text);
    return {
      id: d.id,
      label: d.label,
      predicted: c.type,
      confidence: c.confidence,
      needsConfirmation: c.needsConfirmation,
    };
  });
  return scorePredictions(predictions);
}

/** The real corpus (folds by `grouping`) with the train-only texts (train.ts trainOnlyTexts). */
export function realCorpusTexts(grouping: 'group' | 'strictGroup' = 'group'): LabelledText[] {
  const real = loadRealCorpus().map((d) => ({ id: d.id, text: d.text, label: d.label, group: d[grouping] }));
  return [...real, ...trainOnlyTexts()];
}

/**
 * The committed model's recipe (DEFAULT_SETTINGS, the train-only texts) cross-validated on the real corpus,
 * folds by `group` (FinanceBench split by filing company) or by `strictGroup` (FinanceBench whole).
 */
export function crossValidateRealCorpus(
  grouping: 'group' | 'strictGroup' = 'group',
  settings: TrainingSettings = DEFAULT_SETTINGS,
): CrossValidation {
  return crossValidate(featurise(realCorpusTexts(grouping), settings), settings);
}

export function scorePredictions(predictions: Prediction[]): Omit<CrossValidation, 'folds' | 'predictions'> {
  const right = (p: Prediction) => p.label === p.predicted;
  const accuracy = (ps: Prediction[]) => (ps.length === 0 ? 1 : ps.filter(right).length / ps.length);
  const confusion = Object.fromEntries(
    DOCUMENT_TYPES.map((l) => [l, Object.fromEntries(DOCUMENT_TYPES.map((p) => [p, 0]))]),
  ) as CrossValidation['confusion'];
  for (const p of predictions) confusion[p.label][p.predicted]++;
  const perClass = Object.fromEntries(
    DOCUMENT_TYPES.map((c) => {
      const predicted = predictions.filter((p) => p.predicted === c);
      const actual = predictions.filter((p) => p.label === c);
      return [c, { precision: accuracy(predicted), recall: accuracy(actual), support: actual.length }];
    }),
  ) as CrossValidation['perClass'];
  const flagged = predictions.filter((p) => p.needsConfirmation);
  return {
    documents: predictions.length,
    accuracy: accuracy(predictions),
    perClass,
    confusion,
    expectedCalibrationError: expectedCalibrationError(predictions),
    calibration: calibrationInTheLarge(predictions),
    needsConfirmation: {
      share: flagged.length / predictions.length,
      accuracyFlagged: accuracy(flagged),
      accuracyUnflagged: accuracy(predictions.filter((p) => !p.needsConfirmation)),
    },
  };
}

export function calibrationInTheLarge(predictions: Prediction[]): CrossValidation['calibration'] {
  const n = predictions.length || 1;
  const right = (p: Prediction) => (p.label === p.predicted ? 1 : 0);
  const sum = (f: (p: Prediction) => number) => predictions.reduce((a, p) => a + f(p), 0) / n;
  return {
    overconfidence: sum((p) => p.confidence - right(p)),
    brier: sum((p) => (p.confidence - right(p)) ** 2),
    brierIfCalibrated: sum((p) => p.confidence * (1 - p.confidence)),
  };
}

/** Σ over ECE_BINS equal-width bins of |accuracy − mean confidence| weighted by the bin's share. */
export function expectedCalibrationError(predictions: Prediction[], bins = ECE_BINS): number {
  let error = 0;
  for (let b = 0; b < bins; b++) {
    const inBin = predictions.filter((p) => Math.min(bins - 1, Math.floor(p.confidence * bins)) === b);
    if (inBin.length === 0) continue;
    const acc = inBin.filter((p) => p.label === p.predicted).length / inBin.length;
    const conf = inBin.reduce((sum, p) => sum + p.confidence, 0) / inBin.length;
    error += (inBin.length / predictions.length) * Math.abs(acc - conf);
  }
  return error;
}

/** mulberry32: a small seeded generator, so the resampled figures are the same on every run. */
function seededRandom(seed = 1): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * The standard error of `statistic` over `predictions` by the bootstrap (resampling documents with
 * replacement, `rounds` times, from a fixed seed): with 190 documents one misread document moves
 * the accuracy by half a point and ECE by more, and the reader should see that spread.
 */
export function bootstrapStandardError(
  predictions: Prediction[],
  statistic: (sample: Prediction[]) => number,
  rounds = 1000,
): number {
  const random = seededRandom();
  const values = Array.from({ length: rounds }, () =>
    statistic(Array.from(predictions, () => predictions[Math.floor(random() * predictions.length)]!)),
  );
  const mean = values.reduce((a, v) => a + v, 0) / rounds;
  return Math.sqrt(values.reduce((a, v) => a + (v - mean) ** 2, 0) / (rounds - 1));
}

/**
 * The ECE a perfectly calibrated model would show with these confidences: each answer drawn right
 * with probability equal to its confidence, averaged over `rounds` draws. On a few hundred
 * documents this floor is well above zero, and an ECE near it is as good as the sample can tell.
 */
export function calibratedEceFloor(predictions: Prediction[], bins = ECE_BINS, rounds = 1000): number {
  const random = seededRandom();
  let sum = 0;
  for (let r = 0; r < rounds; r++) {
    const drawn = predictions.map((p) => ({
      ...p,
      predicted: random() < p.confidence ? p.label : p.label === 'other' ? 'contract' : 'other',
    }));
    sum += expectedCalibrationError(drawn, bins);
  }
  return sum / rounds;
}
