import { SECURITY_MESSAGES, type PasskeyAssertion, type WebauthnOptions } from '@sentinel/shared';
import {
  browserSupportsWebAuthn,
  startAuthentication,
  WebAuthnError,
  type PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import { errorMessage } from '@/lib/api-client';

/** Whether this browser can use passkeys at all (WebAuthn in a secure context). */
export const passkeysSupported = (): boolean => browserSupportsWebAuthn();

/** navigator.credentials.get() for the server's options (its challenge, the person's passkeys). */
export const assertPasskey = async (options: WebauthnOptions): Promise<PasskeyAssertion> =>
  (await startAuthentication({
    optionsJSON: options as unknown as PublicKeyCredentialRequestOptionsJSON,
  })) as PasskeyAssertion;

/**
 * What to tell the person when a passkey did not work: the browser's refusals (cancelled, timed
 * out, already added, wrong address) in plain words, the server's answer as it says it.
 */
export function passkeyErrorMessage(caught: unknown, fallback: string): string {
  if (caught instanceof WebAuthnError) {
    if (caught.code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED')
      return SECURITY_MESSAGES.passkeyAlreadyAdded;
    if (caught.code === 'ERROR_INVALID_DOMAIN' || caught.code === 'ERROR_INVALID_RP_ID')
      return SECURITY_MESSAGES.passkeyUnsupported;
    return SECURITY_MESSAGES.passkeyCancelled;
  }
  // A DOMException (the prompt dismissed or timed out) is not always an Error.
  const name =
    typeof caught === 'object' && caught !== null ? (caught as { name?: unknown }).name : undefined;
  if (name === 'NotAllowedError' || name === 'AbortError') return SECURITY_MESSAGES.passkeyCancelled;
  return errorMessage(caught, fallback);
}
