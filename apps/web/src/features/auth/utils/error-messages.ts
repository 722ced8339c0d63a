import { MESSAGES } from '@sentinel/shared';
import { errorMessage, isApiError } from '@/lib/api-client';

/** Spec §8 login: the server's error; else 401 → invalid credentials; else a network error. */
export function loginErrorMessage(error: unknown): string {
  if (!isApiError(error)) return MESSAGES.loginNetworkError;
  return (
    error.serverMessage ?? (error.status === 401 ? MESSAGES.invalidCredentials : MESSAGES.loginNetworkError)
  );
}

/** Spec §8 signup: the server's error; 'Failed to create account'; or a network error. */
export function signupErrorMessage(error: unknown): string {
  if (!isApiError(error) || error.status === 0) return MESSAGES.signupNetworkError;
  return error.serverMessage ?? MESSAGES.signupFailed;
}

/** Spec §8 forgot password: the server's message, else 'Something went wrong'. */
export function forgotPasswordErrorMessage(error: unknown): string {
  return errorMessage(error, MESSAGES.somethingWentWrong);
}

/** Spec §8 reset: the server's message; 'Failed to reset password'; or try again later. */
export function resetPasswordErrorMessage(error: unknown): string {
  if (!isApiError(error) || error.status === 0) return MESSAGES.resetUnexpected;
  return error.serverMessage ?? MESSAGES.resetFailed;
}
