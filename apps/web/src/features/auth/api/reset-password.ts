import { newPasswordField, type ResetPasswordRequest, type SuccessMessageResponse } from '@sentinel/shared';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { confirmationMatches } from '@/lib/form-rules';

/** New password and confirmation (spec §5 reset password). */
export const newPasswordFormSchema = z
  .object({ newPassword: newPasswordField, confirmPassword: z.string() })
  .refine(...confirmationMatches('newPassword'));
export type NewPasswordFormValues = z.infer<typeof newPasswordFormSchema>;

/** POST /api/auth/reset-password with the token from the e-mailed link. */
export const resetPassword = (body: ResetPasswordRequest) =>
  api.post<SuccessMessageResponse>('/api/auth/reset-password', body, { auth: false });
