import {
  MESSAGES,
  newPasswordField,
  type ChangePasswordRequest,
  type SuccessMessageResponse,
} from '@sentinel/shared';
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { confirmationMatches } from '@/lib/form-rules';

/** Current, new and confirmed password (spec §5 password change). */
export const changePasswordFormSchema = z
  .object({
    currentPassword: z.string().min(1, MESSAGES.currentPasswordRequired),
    newPassword: newPasswordField,
    confirmPassword: z.string(),
  })
  .refine(...confirmationMatches('newPassword'));
export type ChangePasswordFormValues = z.infer<typeof changePasswordFormSchema>;

/** POST /api/auth/change-password (authenticated); the server then ends every session. */
export const changePassword = (body: ChangePasswordRequest) =>
  api.post<SuccessMessageResponse>('/api/auth/change-password', body);

export const useChangePassword = () => useMutation({ mutationFn: changePassword });
