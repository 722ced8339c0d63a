import { z } from 'zod';
import { CASE_PAGE_SIZES, DEFAULT_CASE_PAGE_SIZE } from '../constants';
import { AMOUNT_KINDS } from './analysis';
import { CASE_STATUSES, dollarAmount } from './cases';

/**
 * Negotiations (issue 13, spec §2 "Active Negotiations"): one per case, with the history of our
 * demands and the carrier's offers. Carrier, claim number and target settlement are the case's own
 * fields; the negotiation screen edits them there.
 */

export const NEGOTIATION_STATUSES = ['open', 'settled', 'closed'] as const;
export type NegotiationStatus = (typeof NEGOTIATION_STATUSES)[number];
export const NEGOTIATION_STATUS_LABELS: Record<NegotiationStatus, string> = {
  open: 'Open',
  settled: 'Settled',
  closed: 'Closed',
};

/** Every step a negotiation records; 'target' is written by a change of target, not posted. */
export const NEGOTIATION_ACTION_KINDS = ['demand', 'offer', 'target', 'settlement', 'note'] as const;
export type NegotiationActionKind = (typeof NEGOTIATION_ACTION_KINDS)[number];
export const NEGOTIATION_ACTION_LABELS: Record<NegotiationActionKind, string> = {
  demand: 'Demand',
  offer: 'Offer',
  target: 'Target changed',
  settlement: 'Settlement',
  note: 'Note',
};
/** What an attorney records on the Details screen. */
export const RECORDABLE_ACTION_KINDS = ['demand', 'offer', 'settlement', 'note'] as const;
export type RecordableActionKind = (typeof RECORDABLE_ACTION_KINDS)[number];

/** Sorts of the list: the last action first (the default), or by case name. */
export const NEGOTIATION_SORTS = ['lastAction', 'caseName'] as const;
export type NegotiationSort = (typeof NEGOTIATION_SORTS)[number];
export const NEGOTIATION_SORT_LABELS: Record<NegotiationSort, string> = {
  lastAction: 'Last action',
  caseName: 'Case name',
};

/** The screens' texts. */
export const NEGOTIATION_MESSAGES = {
  title: 'Active Negotiations',
  searchLabel: 'Search by case name or carrier',
  loading: 'Loading negotiations...',
  loadFailed: 'The negotiations could not be loaded.',
  empty: 'No negotiations yet',
  emptyHint: 'Start a negotiation for a case to track its demands, offers and target here.',
  started: 'Negotiation started',
  actionRecorded: 'Recorded',
  settled: 'Settlement recorded: the case is now Settled',
  updated: 'Negotiation updated',
  targetAccepted: 'Target set from the documents',
  caseNotFound: 'That case is not one of your firm’s cases',
  alreadyOpen: 'This case already has a negotiation',
  alreadySettled: 'This negotiation is already settled',
  notOpen: 'This negotiation is closed: only notes can be added',
  amountRequired: 'Enter the amount',
  documentNotOnCase: 'That document is not one of this case’s documents',
  suggestionChanged: 'The documents changed since the suggestion was shown: review the new suggestion',
  noSuggestion: 'There is no suggested target: no analysed estimate or proof of loss on this case',
  nothingToChange: 'Nothing to change',
  oneTarget: 'Set a target or accept the suggestion, not both',
} as const;

const isoDate = z.iso.date({ error: 'Use a date in the form YYYY-MM-DD' });
const optionalText = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, `${label} is at most ${max} characters`)
    .transform((value) => value || null)
    .nullable()
    .optional();

export const listNegotiationsQuery = z.object({
  search: z.string().trim().max(200).optional(),
  sort: z.enum(NEGOTIATION_SORTS).default('lastAction'),
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  pageSize: z
    .union([z.literal('all'), z.coerce.number().int()])
    .default(DEFAULT_CASE_PAGE_SIZE)
    .refine((size) => (CASE_PAGE_SIZES as readonly (number | string)[]).includes(size), {
      message: `pageSize is one of ${CASE_PAGE_SIZES.join(', ')}`,
    }),
});
export type ListNegotiationsQuery = z.input<typeof listNegotiationsQuery>;

const amountAt = z.object({ amount: z.number(), date: z.string() });

export const negotiationSummary = z.object({
  id: z.string(),
  status: z.enum(NEGOTIATION_STATUSES),
  case: z.object({
    id: z.string(),
    caseNumber: z.string(),
    title: z.string(),
    status: z.enum(CASE_STATUSES),
  }),
  carrier: z.string().nullable(),
  claimNumber: z.string().nullable(),
  targetSettlement: z.number().nullable(),
  /** The carrier's latest offer (latest action date, then latest recorded). */
  currentOffer: amountAt.nullable(),
  /** Our latest demand. */
  latestDemand: amountAt.nullable(),
  lastAction: z
    .object({ kind: z.enum(NEGOTIATION_ACTION_KINDS), date: z.string(), amount: z.number().nullable() })
    .nullable(),
  lastActionAt: z.string(),
  settlementAmount: z.number().nullable(),
});
export type NegotiationSummary = z.infer<typeof negotiationSummary>;

export const listNegotiationsResponse = z.object({
  data: z.array(negotiationSummary),
  total: z.number().int(),
});
export type ListNegotiationsResponse = z.infer<typeof listNegotiationsResponse>;

export const negotiationAction = z.object({
  id: z.string(),
  kind: z.enum(NEGOTIATION_ACTION_KINDS),
  amount: z.number().nullable(),
  date: z.string(),
  actor: z.string().nullable(),
  note: z.string().nullable(),
  document: z.object({ id: z.string(), fileName: z.string() }).nullable(),
  recordedBy: z.string().nullable(),
  recordedAt: z.string(),
});
export type NegotiationAction = z.infer<typeof negotiationAction>;

/** A document a suggested target cites: the amount read from it and the words it was read from. */
export const targetCitation = z.object({
  documentId: z.string(),
  fileName: z.string(),
  kind: z.enum(AMOUNT_KINDS),
  amount: z.number(),
  text: z.string(),
  analyzedAt: z.string().nullable(),
  /** A proof of loss that a later one replaces: cited, not counted. */
  superseded: z.boolean(),
});
export type TargetCitation = z.infer<typeof targetCitation>;

export const TARGET_SUGGESTION_BASES = ['proof_of_loss', 'estimates'] as const;
export const targetSuggestion = z.object({
  amount: z.number(),
  basis: z.enum(TARGET_SUGGESTION_BASES),
  citations: z.array(targetCitation),
});
export type TargetSuggestion = z.infer<typeof targetSuggestion>;

export const negotiationDetail = negotiationSummary.extend({
  client: z.object({ id: z.string(), name: z.string() }),
  targetSource: z.enum(['typed', 'documents']).nullable(),
  /** The documents an accepted suggestion cited. */
  targetBasis: z.array(targetCitation).nullable(),
  settledAt: z.string().nullable(),
  actions: z.array(negotiationAction),
  /** From the case's analysed documents the attorney can see; null when none gives an amount. */
  suggestion: targetSuggestion.nullable(),
  /** How many of the case's documents have a completed analysis (the suggestion read these). */
  analysedDocuments: z.number().int(),
  /** The case's documents a demand or offer may link to. */
  documents: z.array(z.object({ id: z.string(), fileName: z.string() })),
});
export type NegotiationDetail = z.infer<typeof negotiationDetail>;

export const negotiationResponse = z.object({ data: negotiationDetail });
export type NegotiationResponse = z.infer<typeof negotiationResponse>;

/** POST /api/negotiations: open a negotiation for a case of the firm that has none. */
export const startNegotiationRequest = z.object({ caseId: z.uuid({ error: 'Choose a case' }) });
export type StartNegotiationRequest = z.infer<typeof startNegotiationRequest>;

/** GET /api/negotiations/cases: the firm's cases without a negotiation (the Start negotiation picker). */
export const negotiationCasesResponse = z.object({
  data: z.array(z.object({ id: z.string(), caseNumber: z.string(), title: z.string() })),
});
export type NegotiationCasesResponse = z.infer<typeof negotiationCasesResponse>;

/** POST /api/negotiations/{id}/actions: a demand, an offer, the settlement or a note. */
export const recordNegotiationActionRequest = z
  .object({
    kind: z.enum(RECORDABLE_ACTION_KINDS, { error: 'Choose demand, offer, settlement or note' }),
    amount: dollarAmount.nullable().optional(),
    date: isoDate,
    actor: optionalText(200, 'Who'),
    note: optionalText(2000, 'The note'),
    documentId: z.uuid({ error: 'Unknown document' }).nullable().optional(),
  })
  .refine((body) => body.kind === 'note' || (body.amount !== null && body.amount !== undefined), {
    message: NEGOTIATION_MESSAGES.amountRequired,
    path: ['amount'],
  })
  .refine((body) => body.kind !== 'note' || Boolean(body.note), {
    message: 'Write the note',
    path: ['note'],
  });
export type RecordNegotiationActionRequest = z.input<typeof recordNegotiationActionRequest>;

/**
 * PATCH /api/negotiations/{id}: the case's carrier, claim number and target settlement, or the
 * suggested target accepted (the amount the attorney saw, so a suggestion that changed meanwhile is
 * refused rather than set unseen).
 */
export const updateNegotiationRequest = z
  .object({
    carrier: optionalText(200, 'The carrier'),
    claimNumber: optionalText(100, 'The claim number'),
    targetSettlement: dollarAmount.nullable().optional(),
    acceptSuggestion: z.object({ amount: dollarAmount }).optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    message: NEGOTIATION_MESSAGES.nothingToChange,
  })
  .refine((body) => body.targetSettlement === undefined || body.acceptSuggestion === undefined, {
    message: NEGOTIATION_MESSAGES.oneTarget,
    path: ['acceptSuggestion'],
  });
export type UpdateNegotiationRequest = z.input<typeof updateNegotiationRequest>;
