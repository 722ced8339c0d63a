import type { LearnedCorrections } from '@sentinel/analyzer/learned';
import type { DocumentAnalysis } from '@sentinel/shared';
import type { AnalysisPool } from './analysis-pool';
import type { AnalyzerPort } from './analyzer-port';

/**
 * The offline analyzer of packages/analyzer. Analyses run in the pool's worker threads, so the
 * server never loads pdf.js or tesseract.js itself; learning from a review is small and runs here
 * (loaded on first use). The extracted text is returned with the analysis: the server keeps it
 * beside it, for a reviewed type to be learned from and for the LLM to read.
 */
export function localAnalyzer(pool: AnalysisPool): AnalyzerPort {
  return {
    analyze: (input) => pool.run<DocumentAnalysis & { text: string }>(input),
    async learn(learned, correction) {
      const { learnFromCorrection } = await import('@sentinel/analyzer/learned');
      const current = learned as LearnedCorrections | undefined;
      switch (correction.kind) {
        case 'type':
          return learnFromCorrection(current, {
            kind: 'type',
            type: correction.documentType,
            text: correction.text,
          });
        case 'person':
          return learnFromCorrection(current, correction);
        case 'remove':
          return learnFromCorrection(current, {
            kind: 'not_entity',
            entity: correction.entity,
            text: correction.text,
          });
      }
    },
  };
}
