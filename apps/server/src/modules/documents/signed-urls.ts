import { createHmac, timingSafeEqual } from 'node:crypto';
import { deriveKey } from '../../platform/crypto';

/** How long a signed document link works (issue 4: at most five minutes). */
export const SIGNED_URL_SECONDS = 300;

export type Disposition = 'inline' | 'attachment';

/** Who asked for a link: the link works only while they may still see the document. */
export interface LinkHolder {
  userId: string;
  firmId: string;
}

/**
 * Links that fetch a document's bytes without a session: /api/files/{id}?d=&e=&u=&f=&s=, where s
 * is an HMAC-SHA256 (key derived from APP_SECRET for this purpose only) of the id, the
 * disposition, the expiry and who asked (user and firm). Changing any of them, or waiting past the
 * expiry, makes the link fail; on use the server checks again that the holder may see the
 * document, so un-sharing it or leaving the case ends the link at once. The link is relative: the
 * browser follows it on the origin it opened the app at (with PUBLIC_URL unset,
 * `http://127.0.0.1:3000` as well as `http://localhost:3000`), which the CSP allows.
 */
export class SignedUrls {
  private readonly key: Uint8Array;

  constructor(secret: string) {
    this.key = deriveKey(secret, 'document-links');
  }

  private signature(
    documentId: string,
    disposition: Disposition,
    expires: number,
    holder: LinkHolder,
  ): string {
    return createHmac('sha256', this.key)
      .update(`${documentId}.${disposition}.${expires}.${holder.userId}.${holder.firmId}`)
      .digest('base64url');
  }

  create(documentId: string, disposition: Disposition, holder: LinkHolder, now = Date.now()) {
    const expires = Math.floor(now / 1000) + SIGNED_URL_SECONDS;
    const query = new URLSearchParams({
      d: disposition,
      e: String(expires),
      u: holder.userId,
      f: holder.firmId,
      s: this.signature(documentId, disposition, expires, holder),
    });
    return {
      url: `/api/files/${documentId}?${query.toString()}`,
      expiresAt: new Date(expires * 1000).toISOString(),
    };
  }

  /** The disposition and holder of a valid, unexpired link; null otherwise. */
  verify(
    documentId: string,
    query: { d?: string; e?: string; u?: string; f?: string; s?: string },
    now = Date.now(),
  ): { disposition: Disposition; holder: LinkHolder } | null {
    const { d, e, u, f, s } = query;
    if ((d !== 'inline' && d !== 'attachment') || !e || !/^\d{1,12}$/.test(e) || !u || !f || !s) return null;
    if (!UUID.test(u) || !UUID.test(f)) return null;
    const expires = Number(e);
    if (expires * 1000 < now || expires * 1000 > now + (SIGNED_URL_SECONDS + 60) * 1000) return null;
    const holder = { userId: u, firmId: f };
    const expected = Buffer.from(this.signature(documentId, d, expires, holder));
    const given = Buffer.from(s);
    return expected.length === given.length && timingSafeEqual(expected, given)
      ? { disposition: d, holder }
      : null;
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
