import {
  SECURITY_MESSAGES,
  type PasskeyAssertion,
  type PasskeyAttestation,
  type WebauthnOptions,
} from '@sentinel/shared';
import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import { errorMessage } from '@/lib/api-client';

/**
 * @simplewebauthn/browser, loaded when a passkey is used: the sign-in page does not carry it for
 * everyone (its JavaScript budget, bench/frontend-budget.ts).
 */
const webauthn = () => import('@simplewebauthn/browser');

/** Whether this browser can use passkeys at all (WebAuthn: a secure context offers it). */
export const passkeysSupported = (): boolean =>
  typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';

/** navigator.credentials.get() for the server's options (its challenge, the person's passkeys). */
export async function assertPasskey(options: WebauthnOptions): Promise<PasskeyAssertion> {
  const { startAuthentication } = await webauthn();
  return (await startAuthentication({
    optionsJSON: options as unknown as PublicKeyCredentialRequestOptionsJSON,
  })) as PasskeyAssertion;
}

/** navigator.credentials.create() for the server's registration options. */
export async function createPasskey(options: WebauthnOptions): Promise<PasskeyAttestation> {
  const { startRegistration } = await webauthn();
  return (await startRegistration({
    optionsJSON: options as unknown as PublicKeyCredentialCreationOptionsJSON,
  })) as PasskeyAttestation;
}

/**
 * What to tell the person when a passkey did not work: the browser's refusals (cancelled, timed
 * out, already added, wrong address) in plain words, the server's answer as it says it. The
 * library's WebAuthnError is told by its `ERROR_…` code (the class itself is loaded lazily).
 */
export function passkeyErrorMessage(caught: unknown, fallback: string): string {
  const { code, name } = (typeof caught === 'object' && caught !== null ? caught : {}) as {
    code?: unknown;
    name?: unknown;
  };
  if (typeof code === 'string' && code.startsWith('ERROR_')) {
    if (code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED') return SECURITY_MESSAGES.passkeyAlreadyAdded;
    if (code === 'ERROR_INVALID_DOMAIN' || code === 'ERROR_INVALID_RP_ID')
      return SECURITY_MESSAGES.passkeyUnsupported;
    return SECURITY_MESSAGES.passkeyCancelled;
  }
  // A DOMException (the prompt dismissed or timed out) is not always an Error.
  if (name === 'NotAllowedError' || name === 'AbortError') return SECURITY_MESSAGES.passkeyCancelled;
  return errorMessage(caught, fallback);
}
