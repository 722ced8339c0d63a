import { createHmac, timingSafeEqual } from 'node:crypto';
import { deriveKey } from '../../platform/crypto';

/** How long a signed document link works (issue 4: at most five minutes). */
export const SIGNED_URL_SECONDS = 300;

export type Disposition = 'inline' | 'attachment';

/**
 * Links that fetch a document's bytes without a session: /api/files/{id}?d=&e=&s=, where s is an
 * HMAC-SHA256 (key derived from APP_SECRET for this purpose only) of the id, the disposition and
 * the expiry. Changing any of them, or waiting past the expiry, makes the link fail. The link is
 * relative: the browser follows it on the origin it opened the app at (with PUBLIC_URL unset,
 * `http://127.0.0.1:3000` as well as `http://localhost:3000`), which the CSP allows.
 */
export class SignedUrls {
  private readonly key: Uint8Array;

  constructor(secret: string) {
    this.key = deriveKey(secret, 'document-links');
  }

  private signature(documentId: string, disposition: Disposition, expires: number): string {
    return createHmac('sha256', this.key)
      .update(`${documentId}.${disposition}.${expires}`)
      .digest('base64url');
  }

  create(documentId: string, disposition: Disposition, now = Date.now()) {
    const expires = Math.floor(now / 1000) + SIGNED_URL_SECONDS;
    const query = new URLSearchParams({
      d: disposition,
      e: String(expires),
      s: this.signature(documentId, disposition, expires),
    });
    return {
      url: `/api/files/${documentId}?${query.toString()}`,
      expiresAt: new Date(expires * 1000).toISOString(),
    };
  }

  /** The disposition of a valid, unexpired link; null otherwise. */
  verify(
    documentId: string,
    query: { d?: string; e?: string; s?: string },
    now = Date.now(),
  ): Disposition | null {
    const { d, e, s } = query;
    if ((d !== 'inline' && d !== 'attachment') || !e || !/^\d{1,12}$/.test(e) || !s) return null;
    const expires = Number(e);
    if (expires * 1000 < now || expires * 1000 > now + (SIGNED_URL_SECONDS + 60) * 1000) return null;
    const expected = Buffer.from(this.signature(documentId, d, expires));
    const given = Buffer.from(s);
    return expected.length === given.length && timingSafeEqual(expected, given) ? d : null;
  }
}
