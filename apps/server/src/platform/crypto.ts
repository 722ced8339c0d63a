import { createHash, hkdfSync, randomBytes } from 'node:crypto';

/** Derives a separate 32-byte key for each purpose from APP_SECRET, so no key serves two jobs. */
export const deriveKey = (secret: string, purpose: string): Uint8Array =>
  new Uint8Array(hkdfSync('sha256', secret, 'sentinel', purpose, 32));

/** A random, URL-safe secret of `bytes` bytes (256 bits by default). */
export const randomToken = (bytes = 32): string => randomBytes(bytes).toString('base64url');

/** How opaque tokens are stored: only their SHA-256 digest is kept. */
export const sha256 = (value: string): string => createHash('sha256').update(value).digest('hex');
