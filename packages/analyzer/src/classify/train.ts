import { loadCorpus, type CorpusDocument } from '../corpus/corpus';
import {
  DEFAULT_SETTINGS,
  documentFeatures,
  fitTemperature,
  logits,
  scorer,
  trainLogistic,
  type LogisticModel,
  type TrainingSettings,
} from './logistic';

/** Below this calibrated probability the analyzer says 'other' (chosen on the calibration split). */
export const OTHER_THRESHOLD = 0.5;

/**
 * Build-time training: the model learns from the training split, its temperature is fitted on the
 * calibration split, and the held-out split is never read here.
 */
export function trainTypeClassifier(
  docs: CorpusDocument[] = loadCorpus(['train', 'calibration']),
  settings: TrainingSettings = DEFAULT_SETTINGS,
): LogisticModel {
  const featuresOf = (d: CorpusDocument) => ({
    label: d.label,
    features: documentFeatures(d.text, settings.cueWeight),
  });
  const model = trainLogistic(docs.filter((d) => d.split === 'train').map(featuresOf), settings);
  const s = scorer(model);
  const calibration = docs
    .filter((d) => d.split === 'calibration')
    .map((d) => ({ logits: logits(s, featuresOf(d).features), label: model.classes.indexOf(d.label) }));
  return { ...model, temperature: fitTemperature(calibration), threshold: OTHER_THRESHOLD };
}
