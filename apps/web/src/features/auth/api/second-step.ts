import type {
  LoginResponse,
  MfaEnrolment,
  PasskeyAssertion,
  RecoveryCodesResponse,
  WebauthnOptions,
} from '@sentinel/shared';
import { api } from '@/lib/api-client';

/** What a sign-in still owes after the password: a code, or setting up an authenticator first. */
export interface SecondStep {
  ticket: string;
  purpose: 'verify' | 'enrol';
  /** What the person has: a code from the app ('totp'), a passkey, or both. */
  methods: Array<'totp' | 'passkey'>;
}

/** The second step the login (or first-password) answer asks for, if any. */
export const secondStepOf = (answer: Partial<LoginResponse>): SecondStep | null =>
  answer.mfaTicket
    ? {
        ticket: answer.mfaTicket,
        purpose: answer.mfaEnrolmentRequired ? 'enrol' : 'verify',
        methods: answer.mfaMethods?.length ? answer.mfaMethods : ['totp'],
      }
    : null;

/** POST /api/auth/mfa/verify: the ticket and a code, a recovery code or a passkey for the session. */
export const verifySecondStep = (
  body:
    | { ticket: string; code: string }
    | { ticket: string; recoveryCode: string }
    | { ticket: string; passkey: PasskeyAssertion },
) => api.post<LoginResponse>('/api/auth/mfa/verify', body, { auth: false });

/** POST /api/auth/mfa/passkey/options: the challenge and the person's passkeys for this sign-in. */
export const passkeyOptions = (ticket: string) =>
  api.post<WebauthnOptions>('/api/auth/mfa/passkey/options', { ticket }, { auth: false });

/** POST /api/auth/mfa/enrolment: a secret to scan, for a firm that requires two-step sign-in. */
export const startEnrolment = (ticket: string) =>
  api.post<MfaEnrolment>('/api/auth/mfa/enrolment', { ticket }, { auth: false });

/** POST /api/auth/mfa/enrolment/confirm: its first code turns it on and signs in. */
export const confirmEnrolment = (ticket: string, code: string) =>
  api.post<LoginResponse & RecoveryCodesResponse>(
    '/api/auth/mfa/enrolment/confirm',
    { ticket, code },
    { auth: false },
  );
