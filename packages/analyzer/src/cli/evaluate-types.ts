/**
 * npx tsx packages/analyzer/src/cli/evaluate-types.ts [--allocations N]
 * Grouped cross-validation of the type classifier on the real corpus (../shared/corpus/real):
 * accuracy, per-class precision and recall, the confusion matrix, the expected calibration error
 * (10 and 5 bins, with bootstrap standard errors) and the documents flagged "not sure — please
 * confirm". First the nested cross-validation (an inner grouped CV on each training side chooses the
 * recipe among CANDIDATE_RECIPES, eight settings and three ensembles of them), repeated over N
 * allocations of the outer folds (ALLOCATIONS, 5, unless given): their mean is the type figure, and
 * the first allocation's full table follows. Then the committed recipe (DEFAULT_SETTINGS) with folds
 * by source group and by strict group (FinanceBench whole), and the committed model on the fresh
 * sources of evaluation/fresh-types (totals only: it is held out). Writes the figures to
 * bench/results/analyzer-types-<time>.json.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { DOCUMENT_TYPES } from '@sentinel/shared';
import {
  bootstrapStandardError,
  calibratedEceFloor,
  calibrationInTheLarge,
  ALLOCATIONS,
  crossValidateNestedRepeated,
  crossValidateRealCorpus,
  ECE_BINS,
  expectedCalibrationError,
  realCorpusTexts,
  scoreFreshTypes,
  type CrossValidation,
  type Prediction,
} from '../classify/cross-validate';
import { CANDIDATE_RECIPES, DEFAULT_SETTINGS } from '../classify/logistic';
import { COURT_OPINIONS, SELF_WRITTEN, STATE_DEPT_EMAILS } from '../classify/train';
import { packageDir } from '../package-dir';

const pct = (n: number) => `${(n * 100).toFixed(1)} %`;

const accuracy = (ps: Prediction[]) => ps.filter((p) => p.label === p.predicted).length / ps.length;
const ece5 = (ps: Prediction[]) => expectedCalibrationError(ps, 5);

/** Accuracy and ECE (10 and 5 bins) with their bootstrap standard errors. */
function spread(cv: CrossValidation) {
  const se = (statistic: (ps: Prediction[]) => number) => bootstrapStandardError(cv.predictions, statistic);
  return {
    accuracy: cv.accuracy,
    accuracySE: se(accuracy),
    ece10: cv.expectedCalibrationError,
    ece10SE: se((ps) => expectedCalibrationError(ps)),
    ece5: ece5(cv.predictions),
    ece5SE: se(ece5),
    overconfidence: cv.calibration.overconfidence,
    overconfidenceSE: se((ps) => calibrationInTheLarge(ps).overconfidence),
    ece10Floor: calibratedEceFloor(cv.predictions),
    ece5Floor: calibratedEceFloor(cv.predictions, 5),
  };
}

function print(title: string, cv: CrossValidation): void {
  console.log(`\n${title}: ${cv.documents} documents, ${cv.folds} grouped folds`);
  const f = spread(cv);
  console.log(
    `  accuracy ${pct(f.accuracy)} ± ${pct(f.accuracySE)}, ECE (${ECE_BINS} bins) ${f.ece10.toFixed(3)} ± ${f.ece10SE.toFixed(3)}, ` +
      `ECE (5 bins) ${f.ece5.toFixed(3)} ± ${f.ece5SE.toFixed(3)} (± one bootstrap standard error)`,
  );
  console.log(
    `  ECE a perfectly calibrated model would show with these confidences: ${f.ece10Floor.toFixed(3)} (10 bins), ${f.ece5Floor.toFixed(3)} (5 bins)`,
  );
  console.log(
    `  mean confidence − accuracy ${f.overconfidence >= 0 ? '+' : ''}${f.overconfidence.toFixed(3)} ± ${f.overconfidenceSE.toFixed(3)}; ` +
      `top-label Brier score ${cv.calibration.brier.toFixed(3)} (${cv.calibration.brierIfCalibrated.toFixed(3)} expected if perfectly calibrated)`,
  );
  const { share, accuracyFlagged, accuracyUnflagged } = cv.needsConfirmation;
  console.log(
    `  needs confirmation: ${pct(share)} of documents, right ${pct(accuracyFlagged)}; the rest right ${pct(accuracyUnflagged)}`,
  );
  console.log(
    `  ${'class'.padEnd(15)} precision  recall  n   confusion (predicted: ${DOCUMENT_TYPES.join(', ')})`,
  );
  for (const c of DOCUMENT_TYPES) {
    const { precision, recall, support } = cv.perClass[c];
    const row = DOCUMENT_TYPES.map((p) => String(cv.confusion[c][p]).padStart(3)).join(' ');
    console.log(
      `  ${c.padEnd(15)} ${pct(precision).padStart(9)} ${pct(recall).padStart(7)} ${String(support).padStart(3)}  ${row}`,
    );
  }
}

const flag = process.argv.indexOf('--allocations');
const allocations = flag < 0 ? ALLOCATIONS : Number(process.argv[flag + 1]);
if (!Number.isInteger(allocations) || allocations < 1)
  throw new Error('--allocations takes a whole number ≥ 1');

const started = performance.now();
const repeated = crossValidateNestedRepeated(realCorpusTexts('group'), allocations, (i, cv) =>
  console.log(
    `nested, allocation ${i}: accuracy ${pct(cv.accuracy)}, ECE ${cv.expectedCalibrationError.toFixed(3)}, ` +
      `recipes chosen ${cv.chosen.join(', ')} (${((performance.now() - started) / 1000).toFixed(0)} s)`,
  ),
);
const { accuracy: acc, expectedCalibrationError: ece } = repeated;
console.log(
  `\nNested, over ${allocations} allocation${allocations > 1 ? 's' : ''} of the outer folds (the type figure): ` +
    `accuracy ${pct(acc.mean)} ± ${pct(acc.sd)} (${pct(acc.min)}–${pct(acc.max)}), ` +
    `ECE (${ECE_BINS} bins) ${ece.mean.toFixed(3)} ± ${ece.sd.toFixed(3)} (${ece.min.toFixed(3)}–${ece.max.toFixed(3)}) (± one standard deviation over allocations)`,
);
const overAllocations = {
  allocations,
  accuracy: acc,
  ece10: ece,
  perAllocation: repeated.repeats.map((cv) => ({
    accuracy: cv.accuracy,
    ece10: cv.expectedCalibrationError,
    chosen: cv.chosen,
  })),
};
const nested = repeated.repeats[0]!;
print(
  'Nested, allocation 0 (groups of a size in name order): settings chosen by an inner grouped CV on each training side',
  nested,
);
console.log(`  chosen per outer fold (index into CANDIDATE_RECIPES): ${nested.chosen.join(', ')}`);
const group = crossValidateRealCorpus('group');
print('By source group (FinanceBench split by filing company)', group);
const strict = crossValidateRealCorpus('strictGroup');
print('By strict group (FinanceBench as one source)', strict);

const fresh = scoreFreshTypes();
console.log(
  `\nFresh sources (evaluation/fresh-types: ${fresh.documents} documents of sources the corpus lacks, labelled twice; ` +
    `the committed model; held out, so totals only)`,
);
console.log(
  `  accuracy ${pct(fresh.accuracy)}, ECE (${ECE_BINS} bins) ${fresh.expectedCalibrationError.toFixed(3)}, ` +
    `mean confidence − accuracy ${fresh.calibration.overconfidence >= 0 ? '+' : ''}${fresh.calibration.overconfidence.toFixed(3)}; ` +
    `flagged ${pct(fresh.needsConfirmation.share)}`,
);
console.log(
  `  recall per class: ${DOCUMENT_TYPES.map((c) => `${c} ${fresh.confusion[c][c]}/${fresh.perClass[c].support}`).join(', ')}`,
);

const summary = (cv: CrossValidation) => ({
  ...cv,
  spread: spread(cv),
  predictions: undefined,
  misclassified: cv.predictions.filter((p) => p.label !== p.predicted),
});
const resultsDir = path.resolve(packageDir, '../../bench/results');
mkdirSync(resultsDir, { recursive: true });
const file = path.join(resultsDir, `analyzer-types-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
writeFileSync(
  file,
  `${JSON.stringify({ settings: DEFAULT_SETTINGS, candidates: CANDIDATE_RECIPES, selfWritten: SELF_WRITTEN, stateDeptEmails: STATE_DEPT_EMAILS, courtOpinions: COURT_OPINIONS, eceBins: ECE_BINS, nested: summary(nested), overAllocations, group: summary(group), strictGroup: summary(strict), freshTypes: fresh }, null, 2)}\n`,
);
console.log(
  `\nwrote ${path.relative(process.cwd(), file)} in ${((performance.now() - started) / 1000).toFixed(1)} s`,
);
