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

/** A base64url value of a WebAuthn answer (credential ids, client data, signatures: well under 16 kB). */
const base64url = z
  .string()
  .max(16_000)
  .regex(/^[A-Za-z0-9_-]*$/);

/**
 * A passkey's answer to navigator.credentials.get() as JSON (@simplewebauthn/browser's
 * AuthenticationResponseJSON): what a sign-in or a step-up checks against a challenge.
 */
export const passkeyAssertion = z.object({
  id: base64url.min(1),
  rawId: base64url.min(1),
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: base64url.min(1),
    authenticatorData: base64url.min(1),
    signature: base64url.min(1),
    userHandle: base64url.optional(),
  }),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
});
export type PasskeyAssertion = z.infer<typeof passkeyAssertion>;

/** A new passkey's answer to navigator.credentials.create() as JSON (RegistrationResponseJSON). */
export const passkeyAttestation = z.object({
  id: base64url.min(1),
  rawId: base64url.min(1),
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: base64url.min(1),
    attestationObject: base64url.min(1),
    authenticatorData: base64url.optional(),
    transports: z.array(z.string().max(40)).max(10).optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: base64url.optional(),
  }),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
});
export type PasskeyAttestation = z.infer<typeof passkeyAttestation>;

/** What the browser passes to navigator.credentials.get()/create() (options JSON, made by the server). */
export const webauthnOptions = z.looseObject({ challenge: z.string() });
export type WebauthnOptions = z.infer<typeof webauthnOptions>;

// POST /api/auth/mfa/verify: the second step of a sign-in, with a code, a recovery code or a passkey.
export const mfaVerifyRequest = z.union([
  z.object({ ticket: ticketField, code: totpCodeField }).strict(),
  z.object({ ticket: ticketField, recoveryCode: recoveryCodeField }).strict(),
  z.object({ ticket: ticketField, passkey: passkeyAssertion }).strict(),
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
  /** An authenticator app is set up (`enabled` is also true with passkeys alone). */
  authenticatorApp: z.boolean(),
  /** How many passkeys the person has. */
  passkeys: z.number().int(),
});
export type MfaStatus = z.infer<typeof mfaStatus>;

/**
 * Step-up for changes to two-step sign-in: the password, and (when it is on) a code, a recovery
 * code or a passkey (its challenge from POST /api/auth/passkeys/step-up/options), checked in the
 * same request.
 */
export const mfaStepUpRequest = z.object({
  password: existingPasswordField,
  code: totpCodeField.optional(),
  recoveryCode: recoveryCodeField.optional(),
  passkey: passkeyAssertion.optional(),
});
export type MfaStepUpRequest = z.infer<typeof mfaStepUpRequest>;

// POST /api/auth/mfa/enable: a code from the new secret turns it on.
export const mfaEnableRequest = z.object({ code: totpCodeField });

// Passkeys (Settings → Security)

/** A passkey's name: "MacBook Touch ID", "YubiKey 5"… */
export const passkeyNameField = z
  .string()
  .trim()
  .min(1, SECURITY_MESSAGES.passkeyNameRequired)
  .max(100, SECURITY_MESSAGES.passkeyNameTooLong);

export const passkey = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  /** The last sign-in or step-up with it; null until then. */
  lastUsedAt: z.string().nullable(),
});
export type Passkey = z.infer<typeof passkey>;
export const passkeysResponse = z.object({ data: z.array(passkey) });
export const passkeyParams = z.object({ id: z.uuid() });

// POST /api/auth/passkeys: the new passkey's answer to the options of POST /api/auth/passkeys/options.
export const passkeyAddRequest = z
  .object({ name: passkeyNameField.optional(), response: passkeyAttestation })
  .strict();
/** The passkey added; recovery codes (shown once) when it turned two-step sign-in on. */
export const passkeyAdded = z.object({ passkey, recoveryCodes: z.array(z.string()).optional() });
export type PasskeyAdded = z.infer<typeof passkeyAdded>;

// PATCH /api/auth/passkeys/{id}
export const passkeyRenameRequest = z.object({ name: passkeyNameField }).strict();

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
