/**
 * npm run train -w packages/analyzer
 * Trains the type classifier on the corpus' training split, fits its temperature on the calibration
 * split, and writes model/type-classifier.json (formatted as the repository's Prettier formats it).
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import prettier from 'prettier';
import { modelPath } from '../classify/classifier';
import { trainTypeClassifier } from '../classify/train';

const started = performance.now();
const model = trainTypeClassifier();
const options = (await prettier.resolveConfig(modelPath)) ?? {};
writeFileSync(modelPath, await prettier.format(JSON.stringify(model), { ...options, parser: 'json' }));
console.log(
  `wrote ${path.relative(process.cwd(), modelPath)}: ${model.vocabulary.length} features, temperature ${model.temperature}, ` +
    `${((performance.now() - started) / 1000).toFixed(1)} s`,
);
