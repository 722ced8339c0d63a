import { z } from 'zod';

/**
 * The claim deadline engine (issue 16): the key dates of a claim, the facts that select the rules
 * (the property's state, the policy kind), and the deadlines computed from them with their
 * citations. The rules and the engine are in @sentinel/deadlines (server only); these are the
 * shapes the API and the screens share.
 */

/** The dates a claim's deadlines run from, in the order a claim usually meets them. */
export const KEY_DATE_KINDS = [
  'date_of_loss',
  'claim_reported',
  'carrier_acknowledged',
  'proof_of_loss_requested',
  'proof_of_loss_submitted',
  'all_items_received',
  'claim_accepted',
  'first_acv_payment',
  'denial',
  'presuit_notice',
  'civil_remedy_notice',
  'appraisal_demand',
  'suit_filed',
] as const;
export type KeyDateKind = (typeof KEY_DATE_KINDS)[number];
export const KEY_DATE_LABELS: Record<KeyDateKind, string> = {
  date_of_loss: 'Date of loss',
  claim_reported: 'Claim reported to the carrier',
  carrier_acknowledged: 'Carrier acknowledged the claim',
  proof_of_loss_requested: 'Proof of loss requested',
  proof_of_loss_submitted: 'Proof of loss submitted',
  all_items_received: 'All requested items received by the carrier',
  claim_accepted: 'Claim accepted by the carrier',
  first_acv_payment: 'First actual cash value payment',
  denial: 'Denial or partial denial',
  presuit_notice: 'Pre-suit notice given',
  civil_remedy_notice: 'Civil remedy notice filed',
  appraisal_demand: 'Appraisal demanded',
  suit_filed: 'Suit filed',
};
/** What each date means, as the key dates form explains it. */
export const KEY_DATE_HINTS: Record<KeyDateKind, string> = {
  date_of_loss: 'For a named storm, the date of landfall.',
  claim_reported: 'The day the carrier received notice of the claim.',
  carrier_acknowledged: 'The day the carrier acknowledged the claim in writing.',
  proof_of_loss_requested: 'The day the carrier asked in writing for a proof of loss.',
  proof_of_loss_submitted: 'The day the carrier received the sworn proof of loss.',
  all_items_received: 'The day the carrier received the last item it asked for.',
  claim_accepted: 'The day the carrier told the policyholder it accepts the claim.',
  first_acv_payment: 'The day the carrier paid the first actual cash value amount.',
  denial: 'The date of the first written denial, in whole or in part.',
  presuit_notice: 'The day the carrier received the pre-suit notice (Florida: the DFS notice of intent).',
  civil_remedy_notice: 'The day the civil remedy notice was filed with the Department of Financial Services.',
  appraisal_demand: 'The day the other side received the written appraisal demand.',
  suit_filed: 'The day the complaint was filed.',
};

/** The states whose statutes the engine knows (shared/reference/claim-deadlines.md). */
export const RULE_STATES = ['FL', 'TX', 'CA', 'LA', 'NY'] as const;
export type RuleState = (typeof RULE_STATES)[number];

/** US states and DC: where the property is. */
export const US_STATES = {
  AL: 'Alabama',
  AK: 'Alaska',
  AZ: 'Arizona',
  AR: 'Arkansas',
  CA: 'California',
  CO: 'Colorado',
  CT: 'Connecticut',
  DE: 'Delaware',
  DC: 'District of Columbia',
  FL: 'Florida',
  GA: 'Georgia',
  HI: 'Hawaii',
  ID: 'Idaho',
  IL: 'Illinois',
  IN: 'Indiana',
  IA: 'Iowa',
  KS: 'Kansas',
  KY: 'Kentucky',
  LA: 'Louisiana',
  ME: 'Maine',
  MD: 'Maryland',
  MA: 'Massachusetts',
  MI: 'Michigan',
  MN: 'Minnesota',
  MS: 'Mississippi',
  MO: 'Missouri',
  MT: 'Montana',
  NE: 'Nebraska',
  NV: 'Nevada',
  NH: 'New Hampshire',
  NJ: 'New Jersey',
  NM: 'New Mexico',
  NY: 'New York',
  NC: 'North Carolina',
  ND: 'North Dakota',
  OH: 'Ohio',
  OK: 'Oklahoma',
  OR: 'Oregon',
  PA: 'Pennsylvania',
  RI: 'Rhode Island',
  SC: 'South Carolina',
  SD: 'South Dakota',
  TN: 'Tennessee',
  TX: 'Texas',
  UT: 'Utah',
  VT: 'Vermont',
  VA: 'Virginia',
  WA: 'Washington',
  WV: 'West Virginia',
  WI: 'Wisconsin',
  WY: 'Wyoming',
} as const;
export type UsState = keyof typeof US_STATES;
export const isUsState = (value: string): value is UsState => Object.hasOwn(US_STATES, value);

export const POLICY_KINDS = ['homeowners', 'commercial', 'flood'] as const;
export type PolicyKind = (typeof POLICY_KINDS)[number];
export const POLICY_KIND_LABELS: Record<PolicyKind, string> = {
  homeowners: 'Homeowners',
  commercial: 'Commercial property',
  flood: 'Flood (NFIP Standard Flood Insurance Policy)',
};

/** Who must act by the deadline. */
export const DEADLINE_PARTIES = ['insurer', 'policyholder', 'both', 'appraisers', 'regulator'] as const;
export type DeadlineParty = (typeof DEADLINE_PARTIES)[number];
export const DEADLINE_PARTY_LABELS: Record<DeadlineParty, string> = {
  insurer: 'Carrier',
  policyholder: 'Policyholder',
  both: 'Both parties',
  appraisers: 'Appraisers',
  regulator: 'Regulator',
};

/** P: primary text read; S: secondary source; UNVERIFIED: shown with a warning. */
export const RULE_VERIFICATION = ['P', 'S', 'UNVERIFIED'] as const;
export type RuleVerification = (typeof RULE_VERIFICATION)[number];

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date like 2025-03-01');

/**
 * What selects and adjusts the rules besides the key dates. Orders extending deadlines
 * (Florida OIR, Texas catastrophe, FEMA waivers) are entered, never inferred.
 */
export const claimFacts = z.object({
  propertyState: z.string().nullable(),
  policyKind: z.enum(POLICY_KINDS).nullable(),
  /** The policy's issue or renewal date (Florida's rules turn on it). */
  policyEffectiveDate: isoDate.nullable(),
  /** A state of emergency was declared for the loss (California's longer periods). */
  stateOfEmergency: z.boolean(),
  /** Texas surplus lines carrier (30 business days to acknowledge). */
  surplusLines: z.boolean(),
  /** Days an order adds to the carrier's statutory deadlines (Florida OIR up to 30, Texas 15). */
  catastropheExtensionDays: z.number().int().min(0).max(180),
});
export type ClaimFacts = z.infer<typeof claimFacts>;

/** One deadline the engine computed from a rule and a key date (or another deadline). */
export const computedDeadline = z.object({
  /** The rule's id in the reference, e.g. 'FL-04', and the version applied. */
  ruleId: z.string(),
  ruleVersion: z.string(),
  who: z.enum(DEADLINE_PARTIES),
  /** What must be done, e.g. 'Acknowledge the claim and begin the review'. */
  action: z.string(),
  /** The key date it runs from (through `basedOn` when it counts back from another deadline). */
  trigger: z.enum(KEY_DATE_KINDS),
  /** The rule whose deadline this one counts from, e.g. FL-12 from FL-15's last day to sue. */
  basedOn: z.string().nullable(),
  triggerDate: isoDate,
  /** The date the period gives, and that date rolled past weekends and legal holidays. */
  nominalDate: isoDate,
  rolledDate: isoDate,
  /** The earlier of the two: the date to act by (the calendar and reminders use it). */
  dueDate: isoDate,
  /** '60 days after the insurer received notice of the claim — Fla. Stat. § 627.70131(7)(a), as amended 2023' */
  explanation: z.string(),
  citation: z.string(),
  verification: z.enum(RULE_VERIFICATION),
  /** What the attorney should check, e.g. 'Check for OIR orders extending this deadline.' */
  caveat: z.string().nullable(),
});
export type ComputedDeadline = z.infer<typeof computedDeadline>;

/** A rule that applies to the claim but waits for the key date it runs from. */
export const pendingRule = z.object({
  ruleId: z.string(),
  who: z.enum(DEADLINE_PARTIES),
  action: z.string(),
  citation: z.string(),
  needs: z.enum(KEY_DATE_KINDS),
});
export type PendingRule = z.infer<typeof pendingRule>;

/** An attorney's word on a computed deadline. */
export const DEADLINE_STATUSES = ['open', 'met', 'missed', 'waived'] as const;
export type DeadlineStatus = (typeof DEADLINE_STATUSES)[number];
export const DEADLINE_STATUS_LABELS: Record<DeadlineStatus, string> = {
  open: 'Open',
  met: 'Met',
  missed: 'Missed',
  waived: 'Waived',
};

/** A real calendar day written YYYY-MM-DD (2025-02-30 is refused). */
export const calendarDay = (message = 'Use a date like 2025-03-01') =>
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, message)
    .refine((value) => {
      const parsed = new Date(`${value}T00:00:00Z`);
      return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === value;
    }, message);

const documentRef = z.object({ id: z.string(), name: z.string() });

/** A key date of the case and where it came from. */
export const keyDate = z.object({
  kind: z.enum(KEY_DATE_KINDS),
  date: isoDate,
  source: z.enum(['typed', 'document']),
  /** The analysed document it was confirmed from (gone if the document was removed). */
  document: documentRef.nullable(),
  setBy: z.string().nullable(),
  updatedAt: z.string(),
});
export type KeyDate = z.infer<typeof keyDate>;

/** A date an analysed document of the case suggests for a key date, waiting for an attorney. */
export const keyDateSuggestion = z.object({
  kind: z.enum(KEY_DATE_KINDS),
  date: isoDate,
  document: documentRef,
  /** The words of the document the date was read from. */
  text: z.string(),
});
export type KeyDateSuggestion = z.infer<typeof keyDateSuggestion>;

/** A computed deadline as the case shows it: with the attorney's review and override. */
export const caseDeadline = computedDeadline.extend({
  status: z.enum(DEADLINE_STATUSES),
  /** The date that counts: the attorney's override, else the computed due date. */
  date: isoDate,
  /** Open and its date has passed (in the viewer's time zone). */
  overdue: z.boolean(),
  override: z.object({ date: isoDate, reason: z.string() }).nullable(),
  /** Why the attorney reviewed it as they did (with or without a date of their own), if they said. */
  reviewReason: z.string().nullable(),
  /** Who last reviewed it and when (status or override), if anyone. */
  reviewedBy: z.string().nullable(),
  reviewedAt: z.string().nullable(),
});
export type CaseDeadline = z.infer<typeof caseDeadline>;

export const caseDeadlinesResponse = z.object({
  facts: claimFacts,
  keyDates: z.array(keyDate),
  suggestions: z.array(keyDateSuggestion),
  deadlines: z.array(caseDeadline),
  pending: z.array(pendingRule),
  /** The rule sets applied, e.g. 'Florida statutes'. */
  sources: z.array(z.string()),
  /** Why fewer rules apply, in one sentence, or null. */
  notice: z.string().nullable(),
  /** Whose calendar carries the deadlines (the lead attorney), or null when the case has none. */
  calendarOwner: z.string().nullable(),
  /** The viewer may change dates, facts and reviews (attorneys). */
  canEdit: z.boolean(),
  /** Today in the viewer's time zone (what "overdue" was judged against). */
  today: isoDate,
});
export type CaseDeadlinesResponse = z.infer<typeof caseDeadlinesResponse>;

export const DEADLINE_MESSAGES = {
  judgementNote:
    'Computed deadlines support your judgement; they do not replace it. Confirm each date against the policy form and its endorsements, the policy’s issue or renewal date, any catastrophe orders and current law.',
  futureKeyDate: 'A key date cannot be in the future',
  unknownState: 'Choose a US state',
  overrideNeedsReason: 'Say why you set a date of your own',
  unknownRule: 'This case has no such deadline',
  unknownDocument: 'That document is not on this case',
  computedEventLocked:
    'This deadline is computed from the case’s key dates: change the date it depends on, or set a date of your own on the case’s Deadlines tab.',
  saved: 'Saved',
} as const;

/** PUT /api/cases/{id}/deadlines/facts */
export const claimFactsBody = claimFacts.extend({
  propertyState: z
    .string()
    .nullable()
    .refine((value) => value === null || isUsState(value), DEADLINE_MESSAGES.unknownState),
  policyEffectiveDate: calendarDay().nullable(),
});

/** PUT /api/cases/{id}/key-dates/{kind}: typed, or confirmed from an analysed document. */
export const keyDateBody = z.object({
  date: calendarDay().refine((value) => value >= '1900-01-01', 'Use a date after 1900'),
  documentId: z.uuid('Unknown document').nullable().default(null),
});

/** PUT /api/cases/{id}/deadlines/{ruleId}/review */
export const deadlineReviewBody = z
  .object({
    status: z.enum(DEADLINE_STATUSES),
    overrideDate: calendarDay().nullable().default(null),
    reason: z.string().trim().max(1000, 'Keep the reason under 1,000 characters').default(''),
  })
  .refine((body) => body.overrideDate === null || body.reason.length > 0, {
    message: DEADLINE_MESSAGES.overrideNeedsReason,
    path: ['reason'],
  });
