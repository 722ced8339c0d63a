import type { AnalyzerPort } from './documents.service';
const specifier = '@sentinel/analyzer';
type M = { analyzeDocument: AnalyzerPort['analyze']; learnFromCorrection: AnalyzerPort['learn'] };
export const localAnalyzer: AnalyzerPort = {
  analyze: async (input) => ((await import(specifier)) as M).analyzeDocument(input),
  learn: async (learned, correction) =>
    ((await import(specifier)) as M).learnFromCorrection(learned, correction),
};
