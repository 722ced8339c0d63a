import { MESSAGES, passwordRuleError, type LoginRequest, type LoginResponse } from '@sentinel/shared';
import type { FieldErrors, Resolver } from 'react-hook-form';
import { api } from '@/lib/api-client';

export interface LoginFormValues {
  email: string;
  password: string;
}

// The same pattern zod's z.email() uses (shared `emailField`). The login form validates without
// zod so that the sign-in page stays small; the server validates with the shared schema.
const EMAIL_PATTERN =
  /^(?!\.)(?!.*\.\.)([A-Za-z0-9_'+\-.]*)[A-Za-z0-9_+-]@([A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

/**
 * Spec §5 login: e-mail required and well-formed; password required and of the spec's minimum
 * length (its composition rule is gone for every password: docs/decisions/0010).
 */
export function validateLoginForm(values: LoginFormValues): FieldErrors<LoginFormValues> {
  const errors: FieldErrors<LoginFormValues> = {};
  const email = values.email.trim();
  if (!email) errors.email = { type: 'required', message: MESSAGES.emailRequired };
  else if (email.length > 254 || !EMAIL_PATTERN.test(email))
    errors.email = { type: 'pattern', message: MESSAGES.emailInvalid };
  if (!values.password) errors.password = { type: 'required', message: MESSAGES.passwordRequired };
  else if (passwordRuleError(values.password))
    errors.password = { type: 'pattern', message: MESSAGES.passwordTooShort };
  return errors;
}

export const loginResolver: Resolver<LoginFormValues> = (values) => {
  const errors = validateLoginForm(values);
  return Object.keys(errors).length
    ? { values: {} as Record<string, never>, errors }
    : { values: { email: values.email.trim(), password: values.password }, errors: {} };
};

/** POST /api/auth/login. */
export const login = (body: LoginRequest) =>
  api.post<LoginResponse>('/api/auth/login', body, { auth: false });
