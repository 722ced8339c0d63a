import {
  analyzeExtracted,
  extractText,
  type ExtractLimits,
  type LearnedCorrections,
} from '@sentinel/analyzer';
import type { DocumentAnalysis, DocumentType } from '@sentinel/shared';

export interface AnalysisTask {
  bytes: Uint8Array;
  contentType: string;
  fileName: string;
  typeHint?: DocumentType;
  learned?: unknown;
  limits: ExtractLimits;
}

/**
 * What one analysis worker thread does with a document: read its text within the limits and
 * analyse it. pdf.js, the OCR worker and the inflating of a .docx all run on this thread, never on
 * the server's event loop.
 */
export async function analyzeInWorker(task: AnalysisTask): Promise<DocumentAnalysis & { text: string }> {
  const started = performance.now();
  const extracted = await extractText(task, { limits: task.limits });
  const analysis = analyzeExtracted(
    extracted,
    { ...task, learned: task.learned as LearnedCorrections | undefined },
    { started },
  );
  return { ...analysis, text: extracted.text };
}

export default analyzeInWorker;
