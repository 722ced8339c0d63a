import { createSigner, createVerifier, TokenError } from 'fast-jwt';
import { ACCESS_TOKEN_TTL_SECONDS, USER_TYPES, type UserType } from '@sentinel/shared';
import { deriveKey } from './crypto';

const ISSUER = 'sentinel';
const AUDIENCE = 'sentinel-api';
const TOKEN_TYPE = 'at+jwt';
/** Verified tokens remembered (each until its own expiry), so a busy session costs one HMAC. */
const VERIFIED_CACHE_SIZE = 10_000;

/** What an access token says about its bearer. */
export interface AccessClaims {
  userId: string;
  sessionId: string;
  /** The firm the token acts in, with the bearer's type there; null before they have a firm. */
  firmId: string | null;
  userType: UserType | null;
}

/**
 * Short-lived access tokens: HS256 JWTs with a fixed issuer, audience and type, so a token of
 * another kind or for another audience is refused. They carry the session id, and the guard
 * refuses tokens of revoked sessions.
 *
 * fast-jwt (the library behind @fastify/jwt) signs and verifies synchronously with node:crypto;
 * the WebCrypto path we used before managed about 13,000 verifications a second on this machine
 * and was the ceiling of every request. Tokens that verified are remembered, keyed by the token
 * itself, until their `exp`: fast-jwt's own cache hashes every token it looks up (a tenth of the
 * cost of an authenticated request) unless given a key builder, which it then warns about.
 */
export class AccessTokens {
  readonly ttlSeconds = ACCESS_TOKEN_TTL_SECONDS;
  private readonly signer;
  private readonly verifier;
  private readonly verified = new Map<string, { claims: AccessClaims; expiresAtMs: number }>();

  constructor(appSecret: string) {
    const key = Buffer.from(deriveKey(appSecret, 'access-token'));
    this.signer = createSigner({
      key,
      algorithm: 'HS256',
      header: { alg: 'HS256', typ: TOKEN_TYPE },
      iss: ISSUER,
      aud: AUDIENCE,
      expiresIn: this.ttlSeconds * 1000,
    });
    this.verifier = createVerifier({
      key,
      algorithms: ['HS256'],
      allowedIss: ISSUER,
      allowedAud: AUDIENCE,
      checkTyp: TOKEN_TYPE,
      requiredClaims: ['sub', 'exp', 'iat', 'sid'],
    });
  }

  sign(claims: AccessClaims): string {
    return this.signer({
      sub: claims.userId,
      sid: claims.sessionId,
      ...(claims.firmId ? { fid: claims.firmId, utp: claims.userType } : {}),
    });
  }

  /** When a token that verified stops being valid (ms since the epoch), or null. */
  expiresAt(token: string): number | null {
    return this.verify(token) ? (this.verified.get(token)?.expiresAtMs ?? null) : null;
  }

  /** The claims of a valid token, or null for anything else (bad signature, expired, wrong type…). */
  verify(token: string): AccessClaims | null {
    const remembered = this.verified.get(token);
    if (remembered) {
      if (remembered.expiresAtMs > Date.now()) return remembered.claims;
      this.verified.delete(token);
    }
    let payload: Record<string, unknown>;
    try {
      payload = this.verifier(token) as Record<string, unknown>;
    } catch (error) {
      if (error instanceof TokenError) return null;
      throw error;
    }
    const { sub, sid, fid, utp, exp } = payload;
    const inFirm = typeof fid === 'string' && USER_TYPES.includes(utp as UserType);
    const noFirm = fid === undefined && utp === undefined;
    if (
      typeof sub !== 'string' ||
      typeof sid !== 'string' ||
      typeof exp !== 'number' ||
      !(inFirm || noFirm)
    ) {
      return null;
    }
    const claims: AccessClaims = {
      userId: sub,
      sessionId: sid,
      firmId: inFirm ? (fid as string) : null,
      userType: inFirm ? (utp as UserType) : null,
    };
    // Oldest first out: a Map iterates in insertion order.
    if (this.verified.size >= VERIFIED_CACHE_SIZE) this.verified.delete(this.verified.keys().next().value!);
    this.verified.set(token, { claims, expiresAtMs: exp * 1000 });
    return claims;
  }
}
