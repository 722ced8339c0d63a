import { z } from 'zod';
import { emailField } from './auth';

// POST /api/leads: the landing page's free-trial form.
export const createLeadRequest = z.object({ email: emailField });
export type CreateLeadRequest = z.infer<typeof createLeadRequest>;
export const createLeadResponse = z.object({ success: z.literal(true), message: z.string() });
export type CreateLeadResponse = z.infer<typeof createLeadResponse>;

/** How long a free-trial request keeps the address it came from (abuse checks), then loses it. */
export const LEAD_IP_RETENTION_DAYS = 30;
export const LEAD_PRIVACY_NOTE = `We keep the IP address your request came from for ${LEAD_IP_RETENTION_DAYS} days to stop abuse, then delete it.`;
