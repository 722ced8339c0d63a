import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadCorpus } from '../corpus/corpus';
import { evaluateCorpus } from '../evaluate';
import { classifyText, modelPath } from './classifier';
import type { LogisticModel } from './logistic';
import { trainTypeClassifier } from './train';

describe('type classifier', () => {
  it('is the committed model: a fresh training run on the corpus gives the same file', () => {
    // Training is deterministic (full-batch, zero start, fixed order), so the committed model must
    // be what `npm run train -w packages/analyzer` writes from the committed corpus.
    const committed = JSON.parse(readFileSync(modelPath, 'utf8')) as LogisticModel;
    const fresh = JSON.parse(JSON.stringify(trainTypeClassifier())) as LogisticModel;
    expect(fresh.temperature).toBe(committed.temperature);
    expect(fresh.vocabulary).toEqual(committed.vocabulary);
    expect(fresh).toEqual(committed);
  });

  it('types at least 90 % of the held-out documents correctly, with calibrated confidence', () => {
    const result = evaluateCorpus(loadCorpus(['held_out']));
    console.info(
      `held-out type accuracy ${(result.typeAccuracy * 100).toFixed(1)} % of ${result.documents}, ` +
        `ECE ${result.expectedCalibrationError.toFixed(3)}; misclassified: ${result.misclassified.map((m) => `${m.file} → ${m.predicted} (${m.confidence.toFixed(2)})`).join('; ')}`,
    );
    expect(result.typeAccuracy).toBeGreaterThanOrEqual(0.9);
    // Calibration on 40 documents is coarse; this only catches a badly miscalibrated model.
    expect(result.expectedCalibrationError).toBeLessThan(0.15);
  });

  it("answers 'other' when nothing in the text points to a type", () => {
    const result = classifyText(
      'Lorem ipsum dolor sit amet consectetur adipiscing elit sed do eiusmod tempor.',
    );
    expect(result.type).toBe('other');
  });

  it('gives probabilities over the five types that sum to one', () => {
    const { probabilities } = classifyText(loadCorpus(['held_out'])[0]!.text);
    expect(Object.keys(probabilities).sort()).toEqual([
      'contract',
      'correspondence',
      'financial',
      'other',
      'pleading',
    ]);
    expect(Object.values(probabilities).reduce((a, b) => a + b, 0)).toBeCloseTo(1, 6);
  });
});
