import {
  CASE_STATUSES,
  CASE_TYPES,
  createCaseRequest,
  MESSAGES,
  PRIORITIES,
  updateCaseRequest,
  type CaseDetail,
} from '@sentinel/shared';
import { z } from 'zod';

/**
 * The case form's model: the texts of its controls, how they become a create or update request
 * (through the shared schemas), a case as the form shows it, and the server answers that belong
 * to one field.
 */

/** What the form holds: every control's text. The shared schema decides what is valid. */
const formShape = z.object({
  title: z.string(),
  clientId: z.string(),
  caseType: z.enum(CASE_TYPES),
  status: z.enum(CASE_STATUSES),
  priority: z.enum(PRIORITIES),
  leadAttorneyId: z.string(),
  dateOpened: z.string(),
  dueDate: z.string(),
  carrier: z.string(),
  policyNumber: z.string(),
  claimNumber: z.string(),
  dateOfLoss: z.string(),
  propertyAddress: z.string(),
  targetSettlement: z.string(),
  settlementAmount: z.string(),
  description: z.string(),
});
export type CaseFormValues = z.infer<typeof formShape>;
export type FieldName = keyof CaseFormValues;
/** The request body: a create body, or (editing) any part of one. */
export type CaseBody = z.output<typeof updateCaseRequest>;
export type CreateBody = z.output<typeof createCaseRequest>;

/** '$1,250.50' → 1250.5; '' → null; anything else → NaN, which the schema reports. */
export function parseAmount(text: string): number | null {
  const cleaned = text.replace(/[\s$,]/g, '');
  if (!cleaned) return null;
  return /^\d*\.?\d*$/.test(cleaned) ? Number(cleaned) : Number.NaN;
}

/** The form's texts as the request's values: empty dates and amounts become null, empty text null. */
const toRequest = (values: CaseFormValues) => ({
  title: values.title,
  clientId: values.clientId || undefined,
  caseType: values.caseType,
  status: values.status,
  priority: values.priority,
  leadAttorneyId: values.leadAttorneyId || null,
  // Every case has an opening date: left empty, the server uses today (or keeps the current one).
  dateOpened: values.dateOpened || undefined,
  dueDate: values.dueDate || null,
  carrier: values.carrier,
  policyNumber: values.policyNumber,
  claimNumber: values.claimNumber,
  dateOfLoss: values.dateOfLoss || null,
  propertyAddress: values.propertyAddress,
  targetSettlement: parseAmount(values.targetSettlement),
  settlementAmount: parseAmount(values.settlementAmount),
  description: values.description,
});

type RequestValues = ReturnType<typeof toRequest>;
// The form's values always fit the schemas' input; the cast only tells TypeScript so (pipe wants
// the target's input to be exactly the transform's output).
export const createSchema = formShape
  .transform(toRequest)
  .pipe(createCaseRequest as unknown as z.ZodType<z.output<typeof createCaseRequest>, RequestValues>);
export const updateSchema = formShape
  .transform(toRequest)
  .pipe(updateCaseRequest as unknown as z.ZodType<CaseBody, RequestValues>);

const amountText = (amount: number | null) => (amount === null ? '' : String(amount));

/** A case as the form shows it. */
export function caseToFormValues(detail: CaseDetail): CaseFormValues {
  return {
    title: detail.title,
    clientId: detail.client.id,
    caseType: detail.caseType,
    status: detail.status,
    priority: detail.priority,
    leadAttorneyId: detail.leadAttorney?.id ?? '',
    dateOpened: detail.dateOpened,
    dueDate: detail.dueDate ?? '',
    carrier: detail.carrier ?? '',
    policyNumber: detail.policyNumber ?? '',
    claimNumber: detail.claimNumber ?? '',
    dateOfLoss: detail.dateOfLoss ?? '',
    propertyAddress: detail.propertyAddress ?? '',
    targetSettlement: amountText(detail.targetSettlement ?? null),
    settlementAmount: amountText(detail.settlementAmount),
    description: detail.description ?? '',
  };
}

/** Today as YYYY-MM-DD in the user's own time zone. */
export const today = (now = new Date()) =>
  `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;

export const emptyValues = (leadAttorneyId: string): CaseFormValues => ({
  title: '',
  clientId: '',
  caseType: 'property-damage',
  status: 'active',
  priority: 'medium',
  leadAttorneyId,
  dateOpened: today(),
  dueDate: '',
  carrier: '',
  policyNumber: '',
  claimNumber: '',
  dateOfLoss: '',
  propertyAddress: '',
  targetSettlement: '',
  settlementAmount: '',
  description: '',
});

/** Server answers that belong to one field. */
export const FIELD_OF_MESSAGE: Record<string, FieldName> = {
  [MESSAGES.caseClientNotFound]: 'clientId',
  [MESSAGES.caseClientRequired]: 'clientId',
  [MESSAGES.caseLeadNotAttorney]: 'leadAttorneyId',
  [MESSAGES.caseTitleRequired]: 'title',
};
