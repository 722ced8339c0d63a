import type { ChangeTempPasswordRequest, ChangeTempPasswordResponse } from '@sentinel/shared';
import { api } from '@/lib/api-client';

/**
 * POST /api/auth/change-temp-password with the one-time ticket from the login answer. It answers
 * a session as login does (and sets the refresh cookie): the user is signed in.
 */
export const changeTemporaryPassword = (body: ChangeTempPasswordRequest) =>
  api.post<ChangeTempPasswordResponse>('/api/auth/change-temp-password', body, { auth: false });
