import type { ForgotPasswordRequest, SuccessMessageResponse } from '@sentinel/shared';
import { api } from '@/lib/api-client';

/** POST /api/auth/forgot-password: the same answer for known and unknown e-mails. */
export const requestPasswordReset = (body: ForgotPasswordRequest) =>
  api.post<SuccessMessageResponse>('/api/auth/forgot-password', body, { auth: false });
