import type { ChangeTempPasswordRequest, SuccessMessageResponse } from '@sentinel/shared';
import { api } from '@/lib/api-client';

/** POST /api/auth/change-temp-password with the one-time ticket from the login answer. */
export const changeTemporaryPassword = (body: ChangeTempPasswordRequest) =>
  api.post<SuccessMessageResponse>('/api/auth/change-temp-password', body, { auth: false });
