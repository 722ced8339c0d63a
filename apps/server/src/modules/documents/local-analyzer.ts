import type { LearnedCorrections } from '@sentinel/analyzer';
import type { AnalyzerPort } from './analyzer-port';

/**
 * The offline analyzer of packages/analyzer, loaded on first use so that starting the server does
 * not load pdf.js and tesseract.js. The extracted text is returned with the analysis: the server
 * keeps it beside it, for a reviewed type to be learned from and for the LLM to read.
 */
export const localAnalyzer: AnalyzerPort = {
  async analyze(input) {
    const started = performance.now();
    const analyzer = await import('@sentinel/analyzer');
    const extracted = await analyzer.extractText(input);
    const learned = input.learned as LearnedCorrections | undefined;
    const analysis = analyzer.analyzeExtracted(extracted, { ...input, learned }, { started });
    return { ...analysis, text: extracted.text };
  },
  async learn(learned, correction) {
    const { learnFromCorrection } = await import('@sentinel/analyzer');
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
