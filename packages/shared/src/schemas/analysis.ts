import { z } from 'zod';

/**
 * What a document is (spec "AI Document Upload": auto-detect, contract, pleading, correspondence,
 * financial); 'other' when the analyzer is not sure.
 */
export const DOCUMENT_TYPES = ['contract', 'pleading', 'correspondence', 'financial', 'other'] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];
export const DOCUMENT_TYPE_LABELS: Record<DocumentType, string> = {
  contract: 'Contract',
  pleading: 'Pleading',
  correspondence: 'Correspondence',
  financial: 'Financial',
  other: 'Other',
};

export const PERSON_ROLES = [
  'plaintiff',
  'defendant',
  'insured',
  'insurer',
  'adjuster',
  'contractor',
  'attorney',
  'expert',
  'judge',
  'witness',
  'other',
] as const;
export type PersonRole = (typeof PERSON_ROLES)[number];

export const DATE_KINDS = [
  'date_of_loss',
  'deadline',
  'filing',
  'hearing',
  'letter',
  'inspection',
  'policy_period',
  'payment',
  'other',
] as const;
export type DateKind = (typeof DATE_KINDS)[number];

export const AMOUNT_KINDS = [
  'claim',
  'estimate',
  'offer',
  'settlement',
  'demand',
  'deductible',
  'policy_limit',
  'payment',
  'other',
] as const;
export type AmountKind = (typeof AMOUNT_KINDS)[number];

/**
 * The analysis of one document, in the shape the spec's screens read (§3 "Document"):
 * document_metadata.document_type and confidence, entities (persons, dates, amounts),
 * content.summary, recommendations.
 */
export const documentAnalysis = z.object({
  document_metadata: z.object({
    document_type: z.enum(DOCUMENT_TYPES),
    /** 0–1, calibrated: of documents given 0.8, about 80 % are of that type. */
    confidence: z.number().min(0).max(1),
    /** Who decided the type: the classifier, the user at upload or in review, or the LLM. */
    type_source: z.enum(['classifier', 'user', 'llm']),
    page_count: z.number().int().nonnegative(),
    /** Pages whose text came from OCR (no text layer). */
    ocr_pages: z.number().int().nonnegative(),
  }),
  entities: z.object({
    persons: z.array(z.object({ name: z.string(), role: z.enum(PERSON_ROLES).nullable() })),
    dates: z.array(
      z.object({
        /** ISO date, YYYY-MM-DD. */
        date: z.string(),
        kind: z.enum(DATE_KINDS),
        /** The words of the document it was read from. */
        text: z.string(),
      }),
    ),
    amounts: z.array(
      z.object({ value: z.number(), currency: z.string(), kind: z.enum(AMOUNT_KINDS), text: z.string() }),
    ),
  }),
  content: z.object({
    /** Two to four sentences: what the document is and what it asks or decides. */
    summary: z.string(),
    word_count: z.number().int().nonnegative(),
  }),
  /** What a claims attorney should do about it: deadlines to calendar, amounts to compare, … */
  recommendations: z.array(z.string()),
  analyzer: z.object({ name: z.enum(['local', 'llm']), version: z.string(), duration_ms: z.number() }),
});
export type DocumentAnalysis = z.infer<typeof documentAnalysis>;
