import { z } from 'zod';
import { emailField } from './auth';

// POST /api/leads: the landing page's free-trial form.
export const createLeadRequest = z.object({ email: emailField });
export type CreateLeadRequest = z.infer<typeof createLeadRequest>;
export const createLeadResponse = z.object({ success: z.literal(true), message: z.string() });
export type CreateLeadResponse = z.infer<typeof createLeadResponse>;
