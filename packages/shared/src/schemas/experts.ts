import { z } from 'zod';
import { emailField } from './auth';
import { calendarDay } from './deadlines';

/**
 * The Expert Witness Directory (spec §2, §3 "Expert", §4 expert availability colours; issue 13): a
 * firm's experts, each engaged on cases with a report due date. An expert linked to an
 * expert-witness user of the firm keeps their own availability.
 */

/** Spec §9: the sample specialties, offered in the specialty filter and the form beside the firm's own. */
export const SAMPLE_SPECIALTIES = [
  'Structural Engineering',
  'Public Adjuster',
  'Water Damage Specialist',
  'Fire Investigation',
] as const;

/** Spec §4: the colour an availability text shows in. */
export type AvailabilityTone = 'green' | 'yellow' | 'red';

/** Spec §4: 'Available' green, text containing 'Busy' yellow, otherwise red. */
export function availabilityTone(availability: string): AvailabilityTone {
  if (availability === 'Available') return 'green';
  if (availability.includes('Busy')) return 'yellow';
  return 'red';
}

/** The availability texts the forms offer (free text is allowed too). */
export const AVAILABILITY_SUGGESTIONS = ['Available', 'Busy until', 'Unavailable'] as const;

/** The directory's texts. */
export const EXPERT_MESSAGES = {
  title: 'Expert Witness Directory',
  subtitle: 'Engineers, adjusters and specialists your firm engages on its cases.',
  noExperts: 'No experts found',
  noExpertsHint: 'Add an expert with ‘Add Expert’; you can then engage them on a case.',
  loadFailed: 'The experts could not be loaded.',
  nameRequired: 'Enter the expert’s name',
  nameTooLong: 'Keep the name under 120 characters',
  specialtyRequired: 'Enter a specialty',
  specialtyTooLong: 'Keep the specialty under 80 characters',
  availabilityRequired: 'Enter an availability, such as Available, Busy until 12 May, or Unavailable',
  availabilityTooLong: 'Keep the availability under 80 characters',
  rateInvalid: 'Enter an hourly rate in dollars, from 0 to 100,000',
  phoneInvalid: 'Enter a phone number of 7 to 40 digits, spaces and + ( ) . -',
  unknownExpert: 'This firm has no such expert',
  unknownDocument: 'Choose a document of this firm that you can see',
  unknownCase: 'Choose a case of this firm',
  nothingToChange: 'Nothing to change',
  created: 'Expert added',
  saved: 'Expert saved',
  deleted: 'Expert deleted',
  engagedOnCases: (count: number) =>
    `This expert is engaged on ${count === 1 ? 'a case' : `${count} cases`}; end those engagements before deleting them.`,
  alreadyEngaged: 'This expert is already engaged on that case',
  engagementNotFound: 'This expert is not engaged on that case',
  engaged: 'Expert engaged on the case',
  engagedInvited: 'Expert engaged on the case; they were invited by e-mail to join the case team',
  engagedMember: 'Expert engaged on the case and added to its team',
  engagedNoAccount:
    'Expert engaged on the case. They have no Sentinel account and no e-mail, so they were not added to the case team.',
  engagedNotInFirm:
    'Expert engaged on the case. Their account no longer works with this firm, so they were not added to the case team.',
  engagementSaved: 'Engagement saved',
  reportReceived: 'Report marked received',
  engagementEnded: 'Engagement ended',
  emailIsOtherType:
    'That e-mail belongs to someone in your firm who is not an expert witness; use another e-mail',
  userLinkedElsewhere: 'That person is already linked to another expert of this firm',
  notInDirectory: 'You are not in this firm’s expert directory yet; ask the firm to add you',
  availabilitySaved: 'Availability saved',
} as const;

const requiredText = (message: string, max: number, tooLong: string) =>
  z.string({ error: message }).trim().min(1, message).max(max, tooLong);
const optionalText = (max: number) => z.string().trim().max(max).default('');

export const availabilityField = requiredText(
  EXPERT_MESSAGES.availabilityRequired,
  80,
  EXPERT_MESSAGES.availabilityTooLong,
);

const hourlyRateField = z
  .number({ error: EXPERT_MESSAGES.rateInvalid })
  .min(0, EXPERT_MESSAGES.rateInvalid)
  .max(100_000, EXPERT_MESSAGES.rateInvalid)
  // Dollars and cents: numeric(14,2) keeps two decimals.
  .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, EXPERT_MESSAGES.rateInvalid)
  .nullable();

const phoneField = z
  .string()
  .trim()
  .max(40, EXPERT_MESSAGES.phoneInvalid)
  .refine((value) => value === '' || /^[+()\d\s.-]{7,40}$/.test(value), EXPERT_MESSAGES.phoneInvalid)
  .transform((value) => value || null)
  .nullable();

const optionalEmail = z
  .union([z.literal(''), emailField])
  .transform((value) => value || null)
  .nullable();

/** POST /api/experts: a new entry of the directory. */
export const createExpertRequest = z.object({
  name: requiredText(EXPERT_MESSAGES.nameRequired, 120, EXPERT_MESSAGES.nameTooLong),
  specialty: requiredText(EXPERT_MESSAGES.specialtyRequired, 80, EXPERT_MESSAGES.specialtyTooLong),
  credentials: optionalText(200),
  /** The expert's own firm or company (the spec's "firm"). */
  company: optionalText(120),
  availability: availabilityField.default('Available'),
  hourlyRate: hourlyRateField.default(null),
  email: optionalEmail.default(null),
  phone: phoneField.default(null),
  notes: optionalText(2000),
  /** A document of the firm the attorney may see: the expert's CV. */
  cvDocumentId: z.uuid(EXPERT_MESSAGES.unknownDocument).nullable().default(null),
});
export type CreateExpertRequest = z.input<typeof createExpertRequest>;

/** PATCH /api/experts/{id}: any of the fields, at least one. */
export const updateExpertRequest = z
  .object({
    name: requiredText(EXPERT_MESSAGES.nameRequired, 120, EXPERT_MESSAGES.nameTooLong),
    specialty: requiredText(EXPERT_MESSAGES.specialtyRequired, 80, EXPERT_MESSAGES.specialtyTooLong),
    credentials: z.string().trim().max(200),
    company: z.string().trim().max(120),
    availability: availabilityField,
    hourlyRate: hourlyRateField,
    email: optionalEmail,
    phone: phoneField,
    notes: z.string().trim().max(2000),
    cvDocumentId: z.uuid(EXPERT_MESSAGES.unknownDocument).nullable(),
  })
  .partial()
  .refine((body) => Object.keys(body).length > 0, EXPERT_MESSAGES.nothingToChange);
export type UpdateExpertRequest = z.input<typeof updateExpertRequest>;

/** Page sizes of the directory's cards. */
export const EXPERT_PAGE_SIZES = [12, 24, 48] as const;
export const DEFAULT_EXPERT_PAGE_SIZE = 12;

/** GET /api/experts?search=&specialty=&page=&pageSize=. */
export const listExpertsQuery = z.object({
  /** Matches name, specialty or firm (company). */
  search: z.string().trim().max(200).optional(),
  specialty: z.string().trim().max(80).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce
    .number()
    .int()
    .default(DEFAULT_EXPERT_PAGE_SIZE)
    .refine((size) => (EXPERT_PAGE_SIZES as readonly number[]).includes(size), {
      message: `pageSize is one of ${EXPERT_PAGE_SIZES.join(', ')}`,
    }),
});
export type ListExpertsQuery = z.input<typeof listExpertsQuery>;

/** Spec §3 "Expert", with our contact, notes, CV and account link. */
export const expertSummary = z.object({
  id: z.string(),
  name: z.string(),
  specialty: z.string(),
  credentials: z.string(),
  /** The spec's "firm": the expert's own company. */
  company: z.string(),
  availability: z.string(),
  /** Dollars an hour, or null when not agreed. */
  hourlyRate: z.number().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  notes: z.string(),
  /** Linked to an expert-witness user of the firm, who keeps their own availability. */
  hasAccount: z.boolean(),
  cvDocument: z.object({ id: z.string(), fileName: z.string() }).nullable(),
  /** Cases they are engaged on. */
  engagementCount: z.number().int(),
  updatedAt: z.string(),
});
export type ExpertSummary = z.infer<typeof expertSummary>;

export const listExpertsResponse = z.object({
  data: z.array(expertSummary),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** The specialty filter's options: the firm's specialties and the spec's sample ones, sorted. */
  specialties: z.array(z.string()),
});
export type ListExpertsResponse = z.infer<typeof listExpertsResponse>;

/** A case the expert is engaged on. */
export const expertEngagement = z.object({
  caseId: z.string(),
  caseNumber: z.string(),
  caseTitle: z.string(),
  caseStatus: z.string(),
  scope: z.string(),
  reportDueOn: z.string().nullable(),
  reportReceivedAt: z.string().nullable(),
  engagedAt: z.string(),
  /** The expert's user is on the case's team. */
  onCaseTeam: z.boolean(),
});
export type ExpertEngagement = z.infer<typeof expertEngagement>;

/** GET /api/experts/{id}: the profile. */
export const expertDetail = expertSummary.extend({ engagements: z.array(expertEngagement) });
export type ExpertDetail = z.infer<typeof expertDetail>;
export const expertDetailResponse = z.object({ data: expertDetail });
export type ExpertDetailResponse = z.infer<typeof expertDetailResponse>;
/** A change's answer: the spec-style message and the profile as it now is. */
export const expertActionResponse = z.object({ message: z.string(), data: expertDetail });
export type ExpertActionResponse = z.infer<typeof expertActionResponse>;
export const expertDeletedResponse = z.object({ message: z.string() });

/** POST /api/experts/{id}/engagements: engage on a case of the firm. */
export const engageExpertRequest = z.object({
  caseId: z.uuid(EXPERT_MESSAGES.unknownCase),
  scope: z.string().trim().max(500).default(''),
  reportDueOn: calendarDay('Use a report due date like 2026-03-01').nullable().default(null),
});
export type EngageExpertRequest = z.input<typeof engageExpertRequest>;

/** PATCH /api/experts/{id}/engagements/{caseId}: the due date, the scope, or the report received. */
export const updateEngagementRequest = z
  .object({
    scope: z.string().trim().max(500),
    reportDueOn: calendarDay('Use a report due date like 2026-03-01').nullable(),
    reportReceived: z.boolean(),
  })
  .partial()
  .refine((body) => Object.keys(body).length > 0, EXPERT_MESSAGES.nothingToChange);
export type UpdateEngagementRequest = z.input<typeof updateEngagementRequest>;

/** GET /api/experts/me: an expert-witness user's own entry in the firm's directory, if any. */
export const myExpertResponse = z.object({ data: expertSummary.nullable() });
export type MyExpertResponse = z.infer<typeof myExpertResponse>;

/** PUT /api/experts/me/availability. */
export const updateMyAvailabilityRequest = z.object({ availability: availabilityField });
export type UpdateMyAvailabilityRequest = z.input<typeof updateMyAvailabilityRequest>;
export const myAvailabilityResponse = z.object({ message: z.string(), data: expertSummary });
