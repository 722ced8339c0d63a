import { z } from 'zod';
import { sessionUser } from './auth';

// GET /api/profile
export const profileResponse = z.object({
  user: sessionUser,
  /** The firm the session acts in; null before the person joins one. */
  firmId: z.string().nullable(),
  firmName: z.string().nullable(),
  /** Only attorneys may rename the firm. */
  canEditFirmName: z.boolean(),
});
export type ProfileResponse = z.infer<typeof profileResponse>;

// PATCH /api/profile
export const updateProfileRequest = z.object({
  firmName: z.string().trim().min(1, 'Firm name is required').max(200, 'Firm name is too long'),
});
export type UpdateProfileRequest = z.infer<typeof updateProfileRequest>;
