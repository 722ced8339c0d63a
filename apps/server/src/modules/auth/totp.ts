import { randomInt } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import { sha256 } from '../../platform/crypto';

/**
 * Time-based one-time codes (RFC 6238) as every authenticator app reads them: SHA-1, 6 digits,
 * 30-second steps, a 160-bit secret from the CSPRNG (otpauth's `Secret`, which uses
 * crypto.getRandomValues). A code is accepted one step either side of now, for clocks a little
 * off, and only if its step is later than the last one accepted (single use, ASVS 6.5.1).
 */
const PERIOD_SECONDS = 30;
const WINDOW_STEPS = 1;
const ISSUER = 'Sentinel';

const totpFor = (secret: string, label = '') =>
  new TOTP({ issuer: ISSUER, label, secret: Secret.fromBase32(secret), period: PERIOD_SECONDS });

export const newTotpSecret = (): string => new Secret({ size: 20 }).base32;

/** What an authenticator app needs to add the account: the key, its otpauth:// URI and that URI as a QR code. */
export async function enrolmentOf(secret: string, email: string) {
  const uri = totpFor(secret, email).toString();
  return {
    secret,
    otpauthUri: uri,
    qrCode: await QRCode.toDataURL(uri, { errorCorrectionLevel: 'M', margin: 1, width: 200 }),
  };
}

/** The 30-second step a code belongs to, or null when the code is wrong or not newer than `lastStep`. */
export function acceptedStep(
  secret: string,
  code: string,
  lastStep: number | null,
  now = Date.now(),
): number | null {
  const token = code.replace(/\s+/g, '');
  if (!/^\d{6}$/.test(token)) return null;
  const delta = totpFor(secret).validate({ token, timestamp: now, window: WINDOW_STEPS });
  if (delta === null) return null;
  const step = Math.floor(now / 1000 / PERIOD_SECONDS) + delta;
  return lastStep !== null && step <= lastStep ? null : step;
}

/** The code an authenticator shows at `now` (tests and the demo use it). */
export const codeAt = (secret: string, now = Date.now()) => totpFor(secret).generate({ timestamp: now });

export const RECOVERY_CODE_COUNT = 10;
// Crockford's base32 without look-alikes: 10 characters carry 50 bits, plenty for a single-use
// code behind a password and a per-account limit, so SHA-256 (not a slow hash) stores it.
const RECOVERY_ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';

/** Ten fresh recovery codes as shown once ("xxxxx-xxxxx"). */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]);
    return `${chars.slice(0, 5).join('')}-${chars.slice(5).join('')}`;
  });
}

/** A recovery code as typed (any case, spaces or dashes) to its stored hash. */
export const recoveryCodeHash = (code: string) => sha256(code.toLowerCase().replace(/[\s-]+/g, ''));
