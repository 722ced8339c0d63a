import type { CaseDeadline, CaseDeadlinesResponse, CaseDetail } from '@sentinel/shared';

/** Test data of the deadlines feature (unit tests only). */
export const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

export const CASE_ID = uuid(5);
export const DENIAL_LETTER = { id: uuid(71), name: 'denial-letter.pdf' };
export const VIEW_URL = `/api/cases/${CASE_ID}/deadlines`;

const computed = {
  ruleVersion: '2023',
  basedOn: null,
  verification: 'P',
  caveat: null,
  status: 'open',
  overdue: false,
  override: null,
  reviewReason: null,
  reviewedBy: null,
  reviewedAt: null,
} as const;

/** A carrier deadline that passed while open (the claim reported Sep 24, 2024). */
export const ACKNOWLEDGE: CaseDeadline = {
  ...computed,
  ruleId: 'FL-04',
  who: 'insurer',
  action: 'Acknowledge the claim and begin the review',
  trigger: 'claim_reported',
  triggerDate: '2024-09-24',
  nominalDate: '2024-10-08',
  rolledDate: '2024-10-08',
  dueDate: '2024-10-08',
  date: '2024-10-08',
  explanation: '14 days after the insurer received notice of the claim — Fla. Stat. § 627.70131(1)(a)',
  citation: 'Fla. Stat. § 627.70131(1)(a)',
  overdue: true,
};

/** Ends on a Saturday; rolled to the Monday. An unverified rule with a caveat. */
export const PAY_OR_DENY: CaseDeadline = {
  ...computed,
  ruleId: 'FL-07',
  who: 'insurer',
  action: 'Pay or deny the claim',
  trigger: 'claim_reported',
  triggerDate: '2024-09-24',
  nominalDate: '2024-11-30',
  rolledDate: '2024-12-02',
  dueDate: '2024-11-30',
  date: '2024-11-30',
  explanation: '60 days after the insurer received notice of the claim — Fla. Stat. § 627.70131(7)(a)',
  citation: 'Fla. Stat. § 627.70131(7)(a)',
  verification: 'UNVERIFIED',
  caveat: 'Check for OIR orders extending this deadline.',
};

/** The attorney's own date, with the reason. */
export const PRESUIT: CaseDeadline = {
  ...computed,
  ruleId: 'FL-12',
  who: 'policyholder',
  action: 'Give the pre-suit notice',
  trigger: 'denial',
  triggerDate: '2024-10-30',
  nominalDate: '2024-12-30',
  rolledDate: '2024-12-30',
  dueDate: '2024-12-30',
  date: '2025-01-10',
  explanation: 'At least 10 business days before suit — Fla. Stat. § 627.70152(3)',
  citation: 'Fla. Stat. § 627.70152(3)',
  override: { date: '2025-01-10', reason: 'Tolling agreement of Oct 1' },
  reviewReason: 'Tolling agreement of Oct 1',
  reviewedBy: 'Ada Lovelace',
  reviewedAt: '2024-11-02T15:00:00.000Z',
};

/** Reviewed: met. */
export const PROOF: CaseDeadline = {
  ...computed,
  ruleId: 'FL-02',
  who: 'policyholder',
  action: 'Submit the sworn proof of loss',
  trigger: 'proof_of_loss_requested',
  triggerDate: '2024-09-01',
  nominalDate: '2024-10-31',
  rolledDate: '2024-10-31',
  dueDate: '2024-10-31',
  date: '2024-10-31',
  explanation: '60 days after the insurer asked for it — policy conditions',
  citation: 'HO 00 03 § E.2',
  status: 'met',
  reviewReason: 'Sent with the estimate on Oct 20',
  reviewedBy: 'Ada Lovelace',
  reviewedAt: '2024-10-20T15:00:00.000Z',
};

/** A Florida homeowners claim with dates, a suggestion from a denial letter, and four deadlines. */
export const viewOf = (overrides: Partial<CaseDeadlinesResponse> = {}): CaseDeadlinesResponse => ({
  facts: {
    propertyState: 'FL',
    policyKind: 'homeowners',
    policyEffectiveDate: '2024-01-15',
    stateOfEmergency: false,
    surplusLines: false,
    catastropheExtensionDays: 0,
  },
  keyDates: [
    {
      kind: 'date_of_loss',
      date: '2024-09-20',
      source: 'typed',
      document: null,
      setBy: 'Ann Lee',
      updatedAt: '2024-09-25T12:00:00.000Z',
    },
    {
      kind: 'claim_reported',
      date: '2024-09-24',
      source: 'document',
      document: { id: uuid(72), name: 'claim-notice.pdf' },
      setBy: 'Ann Lee',
      updatedAt: '2024-09-25T12:00:00.000Z',
    },
  ],
  suggestions: [
    {
      kind: 'denial',
      date: '2024-10-30',
      document: DENIAL_LETTER,
      text: 'Dated October 30, 2024: we must respectfully deny your claim.',
    },
  ],
  deadlines: [ACKNOWLEDGE, PROOF, PAY_OR_DENY, PRESUIT],
  pending: [
    {
      ruleId: 'FL-15',
      who: 'policyholder',
      action: 'File suit',
      citation: 'Fla. Stat. § 95.11(4)(a)',
      needs: 'suit_filed',
    },
  ],
  sources: ['Florida statutes', 'Common policy terms'],
  notice: null,
  calendarOwner: 'Ada Lovelace',
  canEdit: true,
  today: '2024-11-20',
  ...overrides,
});

/** The case page's own answer, for the tests that open the whole route. */
export const caseDetail = (): CaseDetail => ({
  id: CASE_ID,
  caseNumber: 'CASE-2024-005',
  title: 'Roof claim',
  caseType: 'property-damage',
  status: 'active',
  priority: 'medium',
  client: { id: uuid(901), name: 'Casey Holloway', email: 'casey@example.test', phone: null },
  leadAttorney: { id: uuid(800), name: 'Ada Lovelace', email: 'ada@lovelace-law.test' },
  dateOpened: '2024-09-25',
  dueDate: null,
  settlementAmount: null,
  lastActivityAt: '2024-11-01T10:00:00.000Z',
  description: null,
  carrier: 'Acme Mutual',
  policyNumber: null,
  claimNumber: null,
  dateOfLoss: '2024-09-20',
  propertyAddress: null,
  targetSettlement: null,
  createdAt: '2024-09-25T10:00:00.000Z',
  members: [],
  statusHistory: [{ status: 'active', at: '2024-09-25T10:00:00.000Z', by: 'Ada Lovelace' }],
});
