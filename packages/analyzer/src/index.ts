/**
 * @sentinel/analyzer: the offline document analyzer. No network, no model download: pdf.js and
 * tesseract.js read the file, a classifier trained at build time on the corpus in this package
 * gives the type, rules find persons, dates and amounts, templates write the summary and the
 * recommendations. README.md says how it works and how well.
 */
export {
  analyzeDocument,
  analyzeExtracted,
  ANALYZER_VERSION,
  type AnalyzeInput,
  type AnalyzeOptions,
} from './analyze';
export {
  extractText,
  detectFormat,
  EXTRACT_LIMITS,
  type ExtractLimits,
  type ExtractedText,
  type ExtractInput,
  type SourceFormat,
} from './extract';
export { shutdownOcr } from './extract/ocr';
export { warmUp } from './warm-up';
export { classifyText, type Classification } from './classify/classifier';
export { recogniseSubtype } from './insurance/subtypes';
export { readKeyFields, SUBTYPE_FIELDS } from './insurance/key-fields';
export { insuranceFixturesDir, loadInsuranceFixtures, type InsuranceFixture } from './insurance/fixtures';
export {
  emptyLearned,
  learnFromCorrection,
  type Correction,
  type EntityKind,
  type LearnedCorrections,
  type TypeExample,
} from './learned';
