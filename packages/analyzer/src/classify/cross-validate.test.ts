import { describe, expect, it } from 'vitest';
import { realCorpusDir } from '../corpus/real';
import {
  bootstrapStandardError,
  calibratedEceFloor,
  crossValidation,
  expectedCalibrationError,
  foldPredictions,
  innerAccuracies,
  OUTER_FOLDS,
  realCorpusTexts,
  type Prediction,
} from './cross-validate';
import { groupedFolds } from './folds';
import { CANDIDATE_RECIPES, DEFAULT_SETTINGS, membersOf, recipeSettings } from './logistic';
import { confirmThreshold, featurise } from './train';

describe('groupedFolds', () => {
  const docs: Array<{ id: string; group: string; trainOnly?: boolean }> = [
    ...['a', 'a', 'a', 'b', 'b', 'c', 'd', 'd', 'e'].map((group, i) => ({ id: `${i}`, group })),
    { id: 's1', group: 'self-written', trainOnly: true },
    { id: 's2', group: 'self-written', trainOnly: true },
  ];

  it('never puts a group on both sides, tests each real document once and train-only ones never', () => {
    const folds = groupedFolds(docs, 3);
    for (const { train, test } of folds) {
      const trainGroups = new Set(train.map((d) => d.group));
      expect(test.filter((d) => trainGroups.has(d.group))).toEqual([]);
      expect(train.filter((d) => d.trainOnly).map((d) => d.id)).toEqual(['s1', 's2']);
    }
    const tested = folds.flatMap((f) => f.test.map((d) => d.id)).sort();
    expect(tested).toEqual(['0', '1', '2', '3', '4', '5', '6', '7', '8']);
  });

  it('is deterministic and balances the folds by size', () => {
    const sizes = groupedFolds(docs, 3).map((f) => f.test.length);
    expect(sizes).toEqual([3, 3, 3]);
    expect(groupedFolds([...docs].reverse(), 3).map((f) => f.test.map((d) => d.group).sort())).toEqual(
      groupedFolds(docs, 3).map((f) => f.test.map((d) => d.group).sort()),
    );
  });

  it('allocates groups of a size another way under another seed, as balanced and as strictly', () => {
    // Twelve groups of one document: the name-ordered allocation deals them round the folds.
    const singles = 'abcdefghijkl'.split('').map((group) => ({ id: group, group }));
    const allocations = [undefined, 'one', 'two', 'three'].map((seed) =>
      groupedFolds(singles, 3, seed).map((f) => f.test.map((d) => d.group).join('')),
    );
    expect(allocations[0]).toEqual(['adgj', 'behk', 'cfil']);
    for (const folds of allocations) {
      expect(folds.map((f) => f.length)).toEqual([4, 4, 4]);
      expect([...folds.join('')].sort().join('')).toBe('abcdefghijkl');
    }
    expect(new Set(allocations.map((a) => a.join('|'))).size).toBe(4);
    // The same seed gives the same folds; a seeded split still never splits a group.
    expect(groupedFolds(singles, 3, 'one')).toEqual(
      groupedFolds([...singles].reverse(), 3, 'one').map((f) => ({
        train: [...f.train].reverse(),
        test: [...f.test].reverse(),
      })),
    );
    for (const { train, test } of groupedFolds(docs, 3, 'one')) {
      const trainGroups = new Set(train.map((d) => d.group));
      expect(test.filter((d) => trainGroups.has(d.group))).toEqual([]);
      expect(train.filter((d) => d.trainOnly)).toHaveLength(2);
    }
  });
});

describe('calibration and the confirm threshold', () => {
  const p = (confidence: number, right: boolean): Prediction => ({
    id: '',
    label: 'contract',
    predicted: right ? 'contract' : 'other',
    confidence,
    needsConfirmation: false,
  });

  it('expected calibration error: zero when confidence matches accuracy, the gap otherwise', () => {
    expect(
      expectedCalibrationError([p(0.75, true), p(0.75, true), p(0.75, true), p(0.75, false)]),
    ).toBeCloseTo(0);
    expect(expectedCalibrationError([p(0.95, true), p(0.95, false)])).toBeCloseTo(0.45);
  });

  it('confirm threshold: the lowest step above which the answers are right often enough', () => {
    const answer = (confidence: number, right: boolean) => ({ confidence, right });
    const predictions = [
      answer(0.52, false),
      answer(0.56, false),
      answer(0.57, false),
      answer(0.62, true),
      ...Array.from({ length: 9 }, () => answer(0.9, true)),
    ];
    expect(confirmThreshold(predictions)).toBe(0.6);
    expect(confirmThreshold([answer(0.99, false)])).toBe(0.95);
  });

  it('bootstrap standard error: zero when every resample is alike, about √(p(1−p)/n) for a share', () => {
    const accuracy = (ps: Prediction[]) => ps.filter((x) => x.label === x.predicted).length / ps.length;
    expect(bootstrapStandardError([p(0.9, true), p(0.8, true)], accuracy)).toBe(0);
    const half = Array.from({ length: 100 }, (_, i) => p(0.5, i % 2 === 0));
    expect(bootstrapStandardError(half, accuracy)).toBeCloseTo(0.05, 2);
    expect(bootstrapStandardError(half, accuracy)).toBe(bootstrapStandardError(half, accuracy));
  });

  it('calibrated ECE floor: zero for certain answers, the sampling noise of a coin for uncertain ones', () => {
    expect(calibratedEceFloor([p(1, true), p(1, true)])).toBe(0);
    // 100 answers at 0.5: E|share right − 0.5| = √(0.25/100)·√(2/π) ≈ 0.04.
    const coins = Array.from({ length: 100 }, () => p(0.5, true));
    expect(calibratedEceFloor(coins)).toBeGreaterThan(0.03);
    expect(calibratedEceFloor(coins)).toBeLessThan(0.05);
  });
});

// The committed settings' figure in the README (grouped cross-validation on the real corpus,
// allocation 0: 93.2 %), minus 2 points: a change that loses more than that on sources the model
// has not seen fails here. (The primary figure, nested CV with the choice of recipe inside, over
// five allocations of the folds, takes an hour: `npx tsx packages/analyzer/src/cli/evaluate-types.ts`.)
const MEASURED_ACCURACY = 0.932;

describe.skipIf(!realCorpusDir())(
  'grouped cross-validation on the real corpus (skipped when ../shared/corpus/real is not on this machine)',
  () => {
    it('keeps its accuracy and calibration', async () => {
      // crossValidateRealCorpus('group') a fold at a time, giving the event loop a turn between
      // folds (a long synchronous block outlasts vitest's worker RPC timeout).
      const docs = featurise(realCorpusTexts('group'), DEFAULT_SETTINGS);
      const predictions: Prediction[] = [];
      for (const fold of foldPredictions(docs, DEFAULT_SETTINGS)) {
        predictions.push(...fold);
        await new Promise((resolve) => setImmediate(resolve));
      }
      const cv = crossValidation(predictions, OUTER_FOLDS);
      console.info(
        `grouped CV: accuracy ${(cv.accuracy * 100).toFixed(1)} % of ${cv.documents}, ECE ${cv.expectedCalibrationError.toFixed(3)}, ` +
          `${(cv.needsConfirmation.share * 100).toFixed(1)} % flagged`,
      );
      expect(cv.accuracy).toBeGreaterThanOrEqual(MEASURED_ACCURACY - 0.02);
      expect(cv.expectedCalibrationError).toBeLessThan(0.1);
      expect(cv.needsConfirmation.accuracyUnflagged).toBeGreaterThan(cv.needsConfirmation.accuracyFlagged);
    }, 120_000);

    it('commits the recipe that the inner grouped CV chooses on the whole corpus', async () => {
      const docs = featurise(realCorpusTexts('group'), recipeSettings(CANDIDATE_RECIPES.flatMap(membersOf)));
      // chooseRecipe a model at a time (its rule: the first with the highest inner accuracy),
      // giving the event loop a turn between them: 32 models in one synchronous block outlast
      // vitest's worker RPC timeout.
      const steps = innerAccuracies(docs, CANDIDATE_RECIPES);
      let step = steps.next();
      while (!step.done) {
        await new Promise((resolve) => setImmediate(resolve));
        step = steps.next();
      }
      const accuracies = step.value;
      const index = accuracies.indexOf(Math.max(...accuracies));
      console.info(
        `inner grouped CV accuracy of the candidates: ${accuracies.map((a) => a.toFixed(3)).join(', ')}`,
      );
      expect(CANDIDATE_RECIPES[index]).toBe(DEFAULT_SETTINGS);
    }, 300_000);
  },
);
