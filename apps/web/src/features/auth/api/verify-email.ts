import type {
  ResendVerificationRequest,
  SuccessMessageResponse,
  VerifyEmailRequest,
  VerifyEmailResponse,
} from '@sentinel/shared';
import { api } from '@/lib/api-client';

/** POST /api/auth/verify-email: the e-mail's link and the sign-up's password; answers the session. */
export const verifyEmail = (body: VerifyEmailRequest) =>
  api.post<VerifyEmailResponse>('/api/auth/verify-email', body, { auth: false });

/** POST /api/auth/resend-verification: the same answer whatever happened. */
export const resendVerification = (body: ResendVerificationRequest) =>
  api.post<SuccessMessageResponse>('/api/auth/resend-verification', body, { auth: false });
