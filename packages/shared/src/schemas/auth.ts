import { z } from 'zod';
import { PASSWORD_MAX_LENGTH } from '../constants';
import { MESSAGES } from '../messages';
import { passwordRuleError } from '../password';
import { USER_TYPES } from '../user-types';

/** An e-mail address, trimmed and lower-cased: accounts are one per address whatever its case. */
export const emailField = z
  .string({ error: MESSAGES.emailRequired })
  .trim()
  .toLowerCase()
  .min(1, MESSAGES.emailRequired)
  .max(254, MESSAGES.emailInvalid)
  .pipe(z.email({ error: MESSAGES.emailInvalid }));

/** A new password: the spec's minimum length, at most 256 (docs/decisions/0010). Never trimmed. */
export const newPasswordField = z.string({ error: MESSAGES.passwordRequired }).superRefine((value, ctx) => {
  const problem = passwordRuleError(value);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});

/** A password being checked (login, current password): any non-empty string up to the maximum. */
export const existingPasswordField = z
  .string({ error: MESSAGES.passwordRequired })
  .min(1, MESSAGES.passwordRequired)
  .max(PASSWORD_MAX_LENGTH * 4, MESSAGES.passwordTooLong);

const nameField = (message: string) => z.string({ error: message }).trim().min(1, message).max(100);

export const userTypeField = z.enum(USER_TYPES, { error: MESSAGES.userTypeRequired });

/** A firm the person works in, as the session user lists it (the firm switcher). */
export const sessionFirm = z.object({ id: z.string(), name: z.string(), userType: z.enum(USER_TYPES) });
export type SessionFirm = z.infer<typeof sessionFirm>;

/**
 * Session user (spec §3), with the firm the session acts in (issue 9). `userType` is the type the
 * person has in that firm; with no firm yet (someone who signed up and awaits an invitation) it
 * and `firm` are null. `firms` lists every firm they work in, for the switcher; `invitations`
 * counts the firms waiting for their answer.
 */
export const sessionUser = z.object({
  userId: z.string(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  userType: userTypeField.nullable(),
  firm: sessionFirm.nullable(),
  firms: z.array(sessionFirm),
  invitations: z.number().int(),
  /** IANA time zone the calendar shows (issue 11); null until the browser's is stored at first sign-in. */
  timeZone: z.string().nullable(),
});
export type SessionUser = z.infer<typeof sessionUser>;

// POST /api/auth/login
export const loginRequest = z.object({ email: emailField, password: existingPasswordField });
export type LoginRequest = z.infer<typeof loginRequest>;
export const loginResponse = z.object({
  token: z.string().optional(),
  /** Seconds until `token` expires. */
  expiresIn: z.number().optional(),
  user: sessionUser.optional(),
  requiresPasswordReset: z.boolean().optional(),
  temporaryPasswordExpired: z.boolean().optional(),
  /** One-time ticket for POST /api/auth/change-temp-password (valid 15 minutes). */
  temporaryPasswordTicket: z.string().optional(),
  /** The password was right; a code is owed (POST /api/auth/mfa/verify with `mfaTicket`). */
  mfaRequired: z.boolean().optional(),
  /** The password was right; the firm requires a second step not yet set up (…/mfa/enrolment). */
  mfaEnrolmentRequired: z.boolean().optional(),
  /** Ticket for the second step (valid 10 minutes, 5 tries). */
  mfaTicket: z.string().optional(),
  /** With `mfaRequired`: the second steps the person has ('totp': a code; 'passkey'). */
  mfaMethods: z.array(z.enum(['totp', 'passkey'])).optional(),
});
export type LoginResponse = z.infer<typeof loginResponse>;

// POST /api/auth/register
export const registerRequest = z.object({
  email: emailField,
  password: newPasswordField,
  firstName: nameField(MESSAGES.fullNameRequired),
  lastName: nameField(MESSAGES.fullNameRequired),
  userType: userTypeField,
  companyName: nameField(MESSAGES.companyNameRequired).max(200),
});
export type RegisterRequest = z.infer<typeof registerRequest>;

/** `{success, message}`: the answer of the password flows. */
export const successMessageResponse = z.object({ success: z.literal(true), message: z.string() });
export type SuccessMessageResponse = z.infer<typeof successMessageResponse>;

/**
 * The same answer (202) whether or not the address has an account: the session comes from
 * POST /api/auth/verify-email once the link in the e-mail is followed (docs/decisions/0010).
 */
export const registerResponse = successMessageResponse;
export type RegisterResponse = z.infer<typeof registerResponse>;

// POST /api/auth/verify-email: the link's token and the password chosen at sign-up.
export const verifyEmailRequest = z.object({
  token: z.string().min(1).max(200),
  password: existingPasswordField,
});
export type VerifyEmailRequest = z.infer<typeof verifyEmailRequest>;
/** The spec's sign-up answer (success, token, user), given when the account is created. */
export const verifyEmailResponse = z.object({
  success: z.literal(true),
  token: z.string(),
  /** Seconds until `token` expires. */
  expiresIn: z.number(),
  user: sessionUser,
  /** The type chosen at sign-up: where spec §4 "Signup success" goes (a firm may not have them yet). */
  signedUpAs: userTypeField,
});
export type VerifyEmailResponse = z.infer<typeof verifyEmailResponse>;

// POST /api/auth/resend-verification: a new link for a waiting sign-up (its e-mail and password).
export const resendVerificationRequest = z.object({ email: emailField, password: existingPasswordField });
export type ResendVerificationRequest = z.infer<typeof resendVerificationRequest>;

// POST /api/auth/forgot-password
export const forgotPasswordRequest = z.object({ email: emailField });
export type ForgotPasswordRequest = z.infer<typeof forgotPasswordRequest>;

// POST /api/auth/reset-password
export const resetPasswordRequest = z.object({
  token: z.string().min(1).max(200),
  newPassword: newPasswordField,
});
export type ResetPasswordRequest = z.infer<typeof resetPasswordRequest>;

// POST /api/auth/change-password (authenticated). userId is accepted for compatibility with the
// spec's payload; the server acts on the session's user only.
export const changePasswordRequest = z.object({
  userId: z.string().optional(),
  currentPassword: existingPasswordField.refine((v) => v.length > 0, MESSAGES.currentPasswordRequired),
  newPassword: newPasswordField,
});
export type ChangePasswordRequest = z.infer<typeof changePasswordRequest>;

// POST /api/auth/change-temp-password
export const changeTempPasswordRequest = z.object({
  email: emailField,
  newPassword: newPasswordField,
  ticket: z.string().min(1).max(200),
});
export type ChangeTempPasswordRequest = z.infer<typeof changeTempPasswordRequest>;
/**
 * The spec's success and message, and the session a login gives: the user is signed in — or, for
 * an attorney of a firm that requires two-step sign-in, the login's second step to take first.
 */
export const changeTempPasswordResponse = successMessageResponse.extend(
  loginResponse.pick({
    token: true,
    expiresIn: true,
    user: true,
    mfaEnrolmentRequired: true,
    mfaRequired: true,
    mfaTicket: true,
    mfaMethods: true,
  }).shape,
);
export type ChangeTempPasswordResponse = z.infer<typeof changeTempPasswordResponse>;

// GET /api/tokens/verify
export const verifyResponse = z.object({ success: z.literal(true), user: sessionUser });
export type VerifyResponse = z.infer<typeof verifyResponse>;

// POST /api/tokens/refresh
export const refreshResponse = z.object({
  token: z.string(),
  expiresIn: z.number(),
  /** The user as the session's firm sees them now (another tab may have switched firm). */
  user: sessionUser.optional(),
});
export type RefreshResponse = z.infer<typeof refreshResponse>;

// POST /api/tokens/logout
export const logoutResponse = z.object({ success: z.literal(true) });
