import { z } from 'zod';
import { existingPasswordField } from './auth';
import { SECURITY_MESSAGES } from '../security-messages';

/**
 * Two-step sign-in (TOTP) and the sessions list: Settings → Security, and the second step of a
 * sign-in (issue 15). The login answer carries `mfaRequired` or `mfaEnrolmentRequired` with a
 * ticket; the second step trades the ticket and a code for the session a login gives.
 */

/** A 6-digit code from an authenticator app (spaces allowed, as apps show "123 456"). */
export const totpCodeField = z
  .string({ error: SECURITY_MESSAGES.codeRequired })
  .trim()
  .transform((value) => value.replace(/\s+/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, SECURITY_MESSAGES.codeRequired));

/** A recovery code as shown ("abcde-12345"), in any case, with or without its dash. */
export const recoveryCodeField = z
  .string()
  .trim()
  .min(10, SECURITY_MESSAGES.recoveryCodeInvalid)
  .max(24, SECURITY_MESSAGES.recoveryCodeInvalid);

const ticketField = z.string().min(1).max(200);

// POST /api/auth/mfa/verify: the second step of a sign-in, with a code or a recovery code.
export const mfaVerifyRequest = z.union([
  z.object({ ticket: ticketField, code: totpCodeField }).strict(),
  z.object({ ticket: ticketField, recoveryCode: recoveryCodeField }).strict(),
]);
export type MfaVerifyRequest = z.infer<typeof mfaVerifyRequest>;

// POST /api/auth/mfa/enrolment (a sign-in whose firm requires a second step not yet set up).
export const mfaTicketRequest = z.object({ ticket: ticketField });

/** What an authenticator app needs: the key to type, the otpauth:// URI, and a QR code of it (PNG data URL). */
export const mfaEnrolment = z.object({ secret: z.string(), otpauthUri: z.string(), qrCode: z.string() });
export type MfaEnrolment = z.infer<typeof mfaEnrolment>;

// POST /api/auth/mfa/enrolment/confirm
export const mfaEnrolConfirmRequest = z.object({ ticket: ticketField, code: totpCodeField });

/** Ten recovery codes, shown once. */
export const recoveryCodesResponse = z.object({ recoveryCodes: z.array(z.string()) });
export type RecoveryCodesResponse = z.infer<typeof recoveryCodesResponse>;

// GET /api/auth/mfa
export const mfaStatus = z.object({
  enabled: z.boolean(),
  enabledAt: z.string().nullable(),
  recoveryCodesLeft: z.number().int(),
  /** A firm where the person is an attorney requires it: it cannot be turned off. */
  requiredByFirm: z.boolean(),
});
export type MfaStatus = z.infer<typeof mfaStatus>;

/**
 * Step-up for changes to two-step sign-in: the password, and (when it is on) a code or a
 * recovery code, checked in the same request.
 */
export const mfaStepUpRequest = z.object({
  password: existingPasswordField,
  code: totpCodeField.optional(),
  recoveryCode: recoveryCodeField.optional(),
});
export type MfaStepUpRequest = z.infer<typeof mfaStepUpRequest>;

// POST /api/auth/mfa/enable: a code from the new secret turns it on.
export const mfaEnableRequest = z.object({ code: totpCodeField });

// GET /api/auth/sessions
export const accountSession = z.object({
  id: z.string(),
  /** "Chrome on macOS", read from the browser's user agent. */
  device: z.string(),
  /** The address it last signed in or refreshed from. */
  ip: z.string().nullable(),
  createdAt: z.string(),
  lastUsedAt: z.string(),
  current: z.boolean(),
});
export type AccountSession = z.infer<typeof accountSession>;
export const accountSessionsResponse = z.object({ data: z.array(accountSession) });
export const accountSessionParams = z.object({ id: z.uuid() });
export const signedOutResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  ended: z.number(),
});

// GET/PUT /api/firm/security
export const firmSecurity = z.object({
  requireMfaForAttorneys: z.boolean(),
  /** Active attorneys of the firm without two-step sign-in (asked to set it up at their next sign-in). */
  attorneysWithoutMfa: z.number().int(),
});
export type FirmSecurity = z.infer<typeof firmSecurity>;
export const firmSecurityRequest = z.object({ requireMfaForAttorneys: z.boolean() }).strict();
