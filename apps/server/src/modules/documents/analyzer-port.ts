import type { DocumentAnalysis, DocumentType, PersonRole } from '@sentinel/shared';

/** A correction a reviewer made, as the analyzer learns it. */
export type Correction =
  | { kind: 'type'; documentType: DocumentType; text: string }
  | { kind: 'person'; name: string; role: PersonRole | null }
  | { kind: 'remove'; entity: 'person' | 'date' | 'amount'; text: string };

/** The document analyzer as this module uses it (packages/analyzer, wired in app.ts). */
export interface AnalyzerPort {
  analyze(input: {
    bytes: Uint8Array;
    contentType: string;
    fileName: string;
    typeHint?: DocumentType;
    learned?: unknown;
  }): Promise<DocumentAnalysis & { text?: string }>;
  /** Folds a correction into the firm's learned data (a JSON value the analyzer owns). */
  learn(learned: unknown, correction: Correction): Promise<unknown>;
}
