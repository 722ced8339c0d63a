import { errors, jwtVerify, SignJWT } from 'jose';
import { ACCESS_TOKEN_TTL_SECONDS, type UserType } from '@sentinel/shared';
import { deriveKey } from './crypto';

const ISSUER = 'sentinel';
const AUDIENCE = 'sentinel-api';
const TOKEN_TYPE = 'at+jwt';

/** What an access token says about its bearer. */
export interface AccessClaims {
  userId: string;
  sessionId: string;
  firmId: string;
  userType: UserType;
}

/**
 * Short-lived access tokens: HS256 JWTs with a fixed issuer, audience and type, so a token of
 * another kind or for another audience is refused. They carry the session id, and the guard
 * refuses tokens of revoked sessions.
 */
export class AccessTokens {
  private readonly key: Uint8Array;

  constructor(
    appSecret: string,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.key = deriveKey(appSecret, 'access-token');
  }

  readonly ttlSeconds = ACCESS_TOKEN_TTL_SECONDS;

  async sign(claims: AccessClaims): Promise<string> {
    const issuedAt = Math.floor(this.now().getTime() / 1000);
    return new SignJWT({ sid: claims.sessionId, fid: claims.firmId, utp: claims.userType })
      .setProtectedHeader({ alg: 'HS256', typ: TOKEN_TYPE })
      .setSubject(claims.userId)
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + this.ttlSeconds)
      .sign(this.key);
  }

  /** The claims of a valid token, or null for anything else (bad signature, expired, wrong type…). */
  async verify(token: string): Promise<AccessClaims | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, {
        algorithms: ['HS256'],
        issuer: ISSUER,
        audience: AUDIENCE,
        typ: TOKEN_TYPE,
        currentDate: this.now(),
        requiredClaims: ['sub', 'exp', 'iat'],
      });
      if (
        typeof payload.sub !== 'string' ||
        typeof payload.sid !== 'string' ||
        typeof payload.fid !== 'string'
      ) {
        return null;
      }
      return {
        userId: payload.sub,
        sessionId: payload.sid,
        firmId: payload.fid,
        userType: payload.utp as UserType,
      };
    } catch (error) {
      if (error instanceof errors.JOSEError) return null;
      throw error;
    }
  }
}
