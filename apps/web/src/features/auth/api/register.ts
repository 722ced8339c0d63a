import {
  emailField,
  MESSAGES,
  newPasswordField,
  USER_TYPES,
  type RegisterRequest,
  type RegisterResponse,
} from '@sentinel/shared';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { confirmationMatches } from '@/lib/form-rules';

const required = (message: string) => z.string().trim().min(1, message);

/** The signup form (spec §5): every field required, passwords match, terms accepted. */
export const signupFormSchema = z
  .object({
    fullName: required(MESSAGES.fullNameRequired).max(201, MESSAGES.fullNameRequired),
    email: emailField,
    companyName: required(MESSAGES.companyNameRequired).max(200),
    userType: z.enum(USER_TYPES, { error: MESSAGES.userTypeRequired }),
    password: newPasswordField,
    confirmPassword: z.string(),
    acceptTerms: z.boolean().refine((accepted) => accepted, MESSAGES.mustAgreeToTerms),
  })
  .refine(...confirmationMatches('password'));
export type SignupFormInput = z.input<typeof signupFormSchema>;
export type SignupFormValues = z.output<typeof signupFormSchema>;

/** POST /api/auth/register. */
export const register = (body: RegisterRequest) =>
  api.post<RegisterResponse>('/api/auth/register', body, { auth: false });
