import { z } from 'zod';
import { CASE_PAGE_SIZES, DEFAULT_CASE_PAGE_SIZE, PRIORITIES } from '../constants';
import { MESSAGES } from '../messages';
import type { UserType } from '../user-types';
import { emailField } from './auth';

/** The spec's four case types (Case sample, dashboard doughnut) and other. */
export const CASE_TYPES = [
  'property-damage',
  'insurance-dispute',
  'personal-injury',
  'commercial-property',
  'other',
] as const;
export type CaseType = (typeof CASE_TYPES)[number];
export const CASE_TYPE_LABELS: Record<CaseType, string> = {
  'property-damage': 'Property Damage',
  'insurance-dispute': 'Insurance Dispute',
  'personal-injury': 'Personal Injury',
  'commercial-property': 'Commercial Property',
  other: 'Other',
};

/** Spec §4 "Display states": a case moves through these, in this order. */
export const CASE_STATUSES = ['active', 'discovery', 'negotiation', 'settlement', 'settled'] as const;
export type CaseStatus = (typeof CASE_STATUSES)[number];
export const CASE_STATUS_LABELS: Record<CaseStatus, string> = {
  active: 'Active',
  discovery: 'Discovery',
  negotiation: 'Negotiation',
  settlement: 'Settlement',
  settled: 'Settled',
};

export const PRIORITY_LABELS: Record<(typeof PRIORITIES)[number], string> = {
  high: 'High',
  medium: 'Medium',
  low: 'Low',
};

/** What someone does on a case; each role is held by one kind of account. */
export const CASE_MEMBER_ROLES = ['contractor', 'adjuster', 'expert', 'co-counsel'] as const;
export type CaseMemberRole = (typeof CASE_MEMBER_ROLES)[number];
export const CASE_MEMBER_ROLE_LABELS: Record<CaseMemberRole, string> = {
  contractor: 'Restoration Contractor',
  adjuster: 'Public Adjuster',
  expert: 'Expert Witness',
  'co-counsel': 'Co-counsel',
};
export const MEMBER_ROLE_USER_TYPE: Record<CaseMemberRole, UserType> = {
  contractor: 'restoration-contractor',
  adjuster: 'public-adjuster',
  expert: 'expert-witness',
  'co-counsel': 'attorney',
};

/** Sort orders of the case list (spec "Case Management": last activity, case name, due date). */
export const CASE_SORTS = ['lastActivity', 'title', 'dueDate'] as const;
export type CaseSort = (typeof CASE_SORTS)[number];
export const CASE_SORT_LABELS: Record<CaseSort, string> = {
  lastActivity: 'Last activity',
  title: 'Case name',
  dueDate: 'Due date',
};

/** The documents a client is asked for, per case type (the documents issue ticks them). */
export const CASE_DOCUMENT_CHECKLIST: Record<CaseType, readonly string[]> = {
  'property-damage': [
    'Insurance policy',
    'Photos of the damage',
    'Repair estimates',
    'Correspondence with the carrier',
  ],
  'insurance-dispute': [
    'Insurance policy',
    'Denial or offer letter',
    'Claim file correspondence',
    'Proof of loss',
  ],
  'personal-injury': ['Medical records', 'Medical bills', 'Incident report', 'Proof of lost wages'],
  'commercial-property': [
    'Commercial policy',
    'Photos of the damage',
    'Business interruption records',
    'Repair estimates',
  ],
  other: ['Insurance policy', 'Supporting documents'],
};

const isoDate = z.iso.date({ error: 'Use a date in the form YYYY-MM-DD' });
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .transform((value) => value || null)
    .nullable()
    .optional();
/** Dollars on the wire: at most two decimals, not negative, below a trillion (negotiations use it too). */
export const dollarAmount = z
  .number({ error: 'Enter an amount in dollars' })
  .nonnegative('Amounts cannot be negative')
  .max(1_000_000_000_000, 'That amount is too large')
  .multipleOf(0.01, 'Use at most two decimals');
const money = dollarAmount.nullable().optional();

/** Every field of a case an attorney may set; title and client are what a new case needs. */
const caseFields = z.object({
  title: z.string({ error: MESSAGES.caseTitleRequired }).trim().min(1, MESSAGES.caseTitleRequired).max(200),
  clientId: z.uuid({ error: MESSAGES.caseClientRequired }),
  caseType: z.enum(CASE_TYPES).optional(),
  status: z.enum(CASE_STATUSES).optional(),
  priority: z.enum(PRIORITIES).optional(),
  leadAttorneyId: z.uuid().nullable().optional(),
  description: optionalText(5000),
  dateOpened: isoDate.optional(),
  dueDate: isoDate.nullable().optional(),
  carrier: optionalText(200),
  policyNumber: optionalText(100),
  claimNumber: optionalText(100),
  dateOfLoss: isoDate.nullable().optional(),
  propertyAddress: optionalText(500),
  targetSettlement: money,
  settlementAmount: money,
});

export const createCaseRequest = caseFields;
export type CreateCaseRequest = z.input<typeof createCaseRequest>;

export const updateCaseRequest = caseFields
  .partial()
  .refine((body) => Object.keys(body).length > 0, { message: 'Nothing to change' });
export type UpdateCaseRequest = z.input<typeof updateCaseRequest>;

const person = z.object({ id: z.string(), name: z.string() });

export const caseSummary = z.object({
  id: z.string(),
  caseNumber: z.string(),
  title: z.string(),
  caseType: z.enum(CASE_TYPES),
  status: z.enum(CASE_STATUSES),
  priority: z.enum(PRIORITIES),
  client: person,
  leadAttorney: person.nullable(),
  dateOpened: z.string(),
  dueDate: z.string().nullable(),
  settlementAmount: z.number().nullable(),
  lastActivityAt: z.string(),
});
export type CaseSummary = z.infer<typeof caseSummary>;

export const caseMember = z.object({
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  userType: z.string(),
  role: z.enum(CASE_MEMBER_ROLES),
  addedAt: z.string(),
});
export type CaseMember = z.infer<typeof caseMember>;

export const caseDetail = caseSummary.extend({
  client: person.extend({ email: z.string(), phone: z.string().nullable() }),
  leadAttorney: person.extend({ email: z.string() }).nullable(),
  description: z.string().nullable(),
  carrier: z.string().nullable(),
  /** FIELD_ACCESS.case: the attorneys'; absent for others. */
  policyNumber: z.string().nullable().optional(),
  claimNumber: z.string().nullable().optional(),
  dateOfLoss: z.string().nullable(),
  propertyAddress: z.string().nullable(),
  targetSettlement: z.number().nullable().optional(),
  createdAt: z.string(),
  members: z.array(caseMember),
  statusHistory: z.array(
    z.object({ status: z.enum(CASE_STATUSES), at: z.string(), by: z.string().nullable() }),
  ),
  /** The case's audit trail; attorneys only (FIELD_ACCESS.case). */
  activity: z
    .array(
      z.object({
        action: z.string(),
        at: z.string(),
        by: z.string().nullable(),
        details: z.record(z.string(), z.unknown()).nullable(),
      }),
    )
    .optional(),
});
export type CaseDetail = z.infer<typeof caseDetail>;

export const caseResponse = z.object({ data: caseDetail });
export type CaseResponse = z.infer<typeof caseResponse>;

export const listCasesQuery = z.object({
  search: z.string().trim().max(200).optional(),
  sort: z.enum(CASE_SORTS).default('lastActivity'),
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  pageSize: z
    .union([z.literal('all'), z.coerce.number().int()])
    .default(DEFAULT_CASE_PAGE_SIZE)
    .refine((size) => (CASE_PAGE_SIZES as readonly (number | string)[]).includes(size), {
      message: `pageSize is one of ${CASE_PAGE_SIZES.join(', ')}`,
    }),
  clientId: z.uuid().optional(),
  status: z.enum(CASE_STATUSES).optional(),
});
export type ListCasesQuery = z.input<typeof listCasesQuery>;

export const listCasesResponse = z.object({ data: z.array(caseSummary), total: z.number().int() });
export type ListCasesResponse = z.infer<typeof listCasesResponse>;

/**
 * POST /api/cases/{id}/members: someone of the firm by id, or a new person invited into the firm
 * by e-mail (an account with a temporary password, like an invited client).
 */
export const addCaseMemberRequest = z.union([
  z.object({
    userId: z.uuid({ error: 'Choose a person to add' }),
    role: z.enum(CASE_MEMBER_ROLES, { error: 'Choose their role on the case' }),
  }),
  z.object({
    email: emailField,
    firstName: z
      .string({ error: MESSAGES.firstNameRequired })
      .trim()
      .min(1, MESSAGES.firstNameRequired)
      .max(100),
    lastName: z
      .string({ error: MESSAGES.lastNameRequired })
      .trim()
      .min(1, MESSAGES.lastNameRequired)
      .max(100),
    companyName: z.string().trim().max(200).optional().nullable(),
    role: z.enum(CASE_MEMBER_ROLES, { error: 'Choose their role on the case' }),
  }),
]);
export type AddCaseMemberRequest = z.input<typeof addCaseMemberRequest>;
export const removeCaseMemberRequest = z.object({ userId: z.uuid({ error: 'Choose a person to remove' }) });
export type RemoveCaseMemberRequest = z.infer<typeof removeCaseMemberRequest>;

/** GET /api/firm/people: the firm's accounts an attorney can make lead attorney or member. */
export const firmPeopleResponse = z.object({
  data: z.array(z.object({ id: z.string(), name: z.string(), email: z.string(), userType: z.string() })),
});
export type FirmPeopleResponse = z.infer<typeof firmPeopleResponse>;
