import { z } from 'zod';

/**
 * What a document is (spec "AI Document Upload": auto-detect, contract, pleading, correspondence,
 * financial), and 'other' for a document of none of those kinds (a statute, a policy page, news);
 * a type the analyzer is not sure of is flagged (document_metadata.needs_confirmation), not 'other'.
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
 * What an insurance-claim document is, more finely than its type (issue 14): kept in
 * document_metadata.subtype beside the spec's five types.
 */
export const DOCUMENT_SUBTYPES = [
  'declarations_page',
  'policy',
  'reservation_of_rights',
  'denial_letter',
  'proof_of_loss',
  'repair_estimate',
  'invoice',
  'appraisal_demand',
  'engagement_letter',
  'complaint',
  'answer',
  'motion',
  'order',
  'settlement_agreement',
] as const;
export type DocumentSubtype = (typeof DOCUMENT_SUBTYPES)[number];
export const DOCUMENT_SUBTYPE_LABELS: Record<DocumentSubtype, string> = {
  declarations_page: 'Declarations page',
  policy: 'Policy or endorsement',
  reservation_of_rights: 'Reservation-of-rights letter',
  denial_letter: 'Denial letter',
  proof_of_loss: 'Proof of loss',
  repair_estimate: 'Repair estimate',
  invoice: 'Invoice',
  appraisal_demand: 'Appraisal demand',
  engagement_letter: 'Engagement letter',
  complaint: 'Complaint or petition',
  answer: 'Answer',
  motion: 'Motion',
  order: 'Order or opinion',
  settlement_agreement: 'Settlement agreement',
};

/**
 * The types a subtype is consistent with, the spec's type first. A declarations page is part of the
 * policy (contract) but is mostly a table of limits and premiums, so a classifier may fairly call
 * it financial; a proof of loss is a sworn form about money (the real corpus labels it financial);
 * an engagement letter is a letter that is also the fee agreement.
 */
export const SUBTYPE_TYPES: Record<DocumentSubtype, readonly [DocumentType, ...DocumentType[]]> = {
  declarations_page: ['contract', 'financial'],
  policy: ['contract'],
  reservation_of_rights: ['correspondence'],
  denial_letter: ['correspondence'],
  proof_of_loss: ['financial', 'contract'],
  repair_estimate: ['financial'],
  invoice: ['financial'],
  appraisal_demand: ['correspondence'],
  engagement_letter: ['correspondence', 'contract'],
  complaint: ['pleading'],
  answer: ['pleading'],
  motion: ['pleading'],
  order: ['pleading'],
  settlement_agreement: ['contract'],
};

/** The facts a claim document carries that a case records (issue 14's key fields). */
export const KEY_FIELDS = [
  'policy_number',
  'claim_number',
  'date_of_loss',
  'carrier',
  'insured',
  'property_address',
  'coverage_limit',
  'deductible',
  'total',
  'rcv',
  'acv',
  'deadline',
] as const;
export type KeyField = (typeof KEY_FIELDS)[number];
/** How the document analysis screen names each key field. */
export const KEY_FIELD_LABELS: Record<KeyField, string> = {
  policy_number: 'Policy number',
  claim_number: 'Claim number',
  date_of_loss: 'Date of loss',
  carrier: 'Carrier',
  insured: 'Insured',
  property_address: 'Property address',
  coverage_limit: 'Coverage limit',
  deductible: 'Deductible',
  total: 'Total',
  rcv: 'Replacement cost value (RCV)',
  acv: 'Actual cash value (ACV)',
  deadline: 'Deadline',
};

export const keyFieldValue = z.object({
  field: z.enum(KEY_FIELDS),
  /** Text fields as written; dates as ISO YYYY-MM-DD; money as a number of dollars. */
  value: z.union([z.string(), z.number()]),
  /** What the document calls it, where that matters ("Coverage A – Dwelling"). */
  label: z.string().optional(),
  /** The words of the document it was read from. */
  text: z.string(),
});
export type KeyFieldValue = z.infer<typeof keyFieldValue>;

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
    /**
     * The classifier's top type was below its confidence threshold: the screen asks the user to
     * confirm it ("Not sure — please confirm"). Absent in analyses made before issue 14.
     */
    needs_confirmation: z.boolean().optional(),
    /** The insurance subtype, when one is recognised (absent before issue 14). */
    subtype: z.enum(DOCUMENT_SUBTYPES).nullable().optional(),
    /** The subtype's key fields read from the text (absent before issue 14). */
    key_fields: z.array(keyFieldValue).optional(),
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
