import { z } from 'zod';
import { DOCUMENT_SUBTYPES, type KeyField } from './analysis';

/**
 * The case fields the case page offers to fill from the case's analysed documents (issue 14): the
 * claim facts a declarations page, a letter of the carrier or a proof of loss states.
 */
export const SUGGESTIBLE_CASE_FIELDS = [
  'carrier',
  'policyNumber',
  'claimNumber',
  'dateOfLoss',
  'propertyAddress',
] as const;
export type SuggestibleCaseField = (typeof SUGGESTIBLE_CASE_FIELDS)[number];

export const SUGGESTIBLE_CASE_FIELD_LABELS: Record<SuggestibleCaseField, string> = {
  carrier: 'Carrier',
  policyNumber: 'Policy number',
  claimNumber: 'Claim number',
  dateOfLoss: 'Date of loss',
  propertyAddress: 'Property address',
};

/** The key field of an analysis (document_metadata.key_fields) that fills each case field. */
export const CASE_FIELD_KEY_FIELDS: Record<SuggestibleCaseField, KeyField> = {
  carrier: 'carrier',
  policyNumber: 'policy_number',
  claimNumber: 'claim_number',
  dateOfLoss: 'date_of_loss',
  propertyAddress: 'property_address',
};

export const CASE_FIELD_SUGGESTION_MESSAGES = {
  fieldFilled: 'That field of the case has been filled in meanwhile.',
  suggestionGone: 'The documents no longer suggest that value.',
} as const;

/** A document a suggestion was read from, with the words it was read from. */
export const caseFieldSuggestionSource = z.object({
  document: z.object({
    id: z.string(),
    name: z.string(),
    /** The insurance subtype of the document, if the analysis recognised one. */
    subtype: z.enum(DOCUMENT_SUBTYPES).nullable(),
  }),
  text: z.string(),
});
export type CaseFieldSuggestionSource = z.infer<typeof caseFieldSuggestionSource>;

/**
 * A value the case's documents suggest for one of its empty fields; dates as YYYY-MM-DD. The same
 * value read from several documents is one suggestion citing them all, newest upload first.
 */
export const caseFieldSuggestion = z.object({
  field: z.enum(SUGGESTIBLE_CASE_FIELDS),
  value: z.string(),
  sources: z.array(caseFieldSuggestionSource).min(1),
});
export type CaseFieldSuggestion = z.infer<typeof caseFieldSuggestion>;

/** GET /api/cases/{id}/field-suggestions (attorneys). */
export const caseFieldSuggestionsResponse = z.object({ data: z.array(caseFieldSuggestion) });
export type CaseFieldSuggestionsResponse = z.infer<typeof caseFieldSuggestionsResponse>;

/**
 * POST /api/cases/{id}/field-suggestions/apply: the attorney confirms a suggestion. The server
 * writes it only while the field is still empty and a document the attorney may see still
 * suggests the value.
 */
export const applyCaseFieldSuggestionRequest = z.object({
  field: z.enum(SUGGESTIBLE_CASE_FIELDS),
  value: z.string().trim().min(1).max(500),
  documentId: z.uuid(),
});
export type ApplyCaseFieldSuggestionRequest = z.input<typeof applyCaseFieldSuggestionRequest>;
