/**
 * npm run train -w packages/analyzer
 * Trains the type classifier on the real corpus (../shared/corpus/real) and the train-only texts
 * (the self-written corpus and the State Department e-mails, classify/train.ts), fits its temperature and confirm threshold
 * on out-of-fold predictions, and writes model/type-classifier.json and model/MANIFEST.json
 * (formatted as the repository's Prettier formats them).
 */
import { statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import prettier from 'prettier';
import { manifestPath, modelPath } from '../classify/classifier';
import { trainingManifest, trainTypeClassifier } from '../classify/train';

const started = performance.now();
const model = trainTypeClassifier();
const options = (await prettier.resolveConfig(modelPath)) ?? {};
const write = async (file: string, value: unknown) =>
  writeFileSync(file, await prettier.format(JSON.stringify(value), { ...options, parser: 'json' }));
await write(modelPath, model);
await write(manifestPath, trainingManifest());
console.log(
  `wrote ${path.relative(process.cwd(), modelPath)} (${Math.round(statSync(modelPath).size / 1024)} KB): ` +
    `${model.vocabulary.length} features, temperature ${model.temperature}, confirm below ${model.confirmBelow}, ` +
    `${((performance.now() - started) / 1000).toFixed(1)} s`,
);
