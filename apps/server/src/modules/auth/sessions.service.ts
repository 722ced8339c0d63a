import type { Database, DbOrTx } from '@sentinel/db';
import type { UserType } from '@sentinel/shared';
import type { AccessTokens } from '../../platform/access-tokens';
import { audit } from '../../platform/audit';
import { randomToken, sha256 } from '../../platform/crypto';
import type { RequestContext } from '../../platform/request-context';
import type { Principal } from './principal';
import { authRepository as repo, type UserRecord } from './auth.repository';

export interface IssuedSession {
  accessToken: string;
  expiresIn: number;
  refreshToken: string;
  /** Seconds the refresh cookie may live (the session's remaining absolute lifetime). */
  refreshMaxAge: number;
  sessionId: string;
}

/** Why a refresh was refused; the route answers 401 for all of them. */
export type RefreshFailure = 'unknown' | 'reused' | 'ended';

const PRINCIPAL_CACHE_MS = 5_000;
const PRINCIPAL_CACHE_MAX = 10_000;

/**
 * Sessions are refresh-token families. Each refresh token is used once and replaced; presenting a
 * used one again revokes the whole family (ASVS 10.4.5). Access tokens carry the session id, and
 * the guard asks `principalFor` whether that session still stands. Its answers are cached for five
 * seconds per instance, so a revocation takes effect within five seconds on every instance and at
 * once on the one that revoked.
 */
export class SessionsService {
  private readonly cache = new Map<string, { at: number; principal: Principal | null }>();

  constructor(
    private readonly db: Database,
    private readonly tokens: AccessTokens,
    private readonly lifetimes: { idleSeconds: number; maxSeconds: number },
  ) {}

  async issue(tx: DbOrTx, user: UserRecord, context: RequestContext): Promise<IssuedSession> {
    const expiresAt = new Date(Date.now() + this.lifetimes.maxSeconds * 1000);
    const session = await repo.createSession(tx, {
      userId: user.id,
      expiresAt,
      ip: context.ip,
      userAgent: context.userAgent,
    });
    const refreshToken = randomToken();
    await repo.addRefreshToken(tx, session.id, sha256(refreshToken));
    return this.issued(user, session.id, refreshToken, this.lifetimes.maxSeconds);
  }

  /** Exchanges a refresh token for a new access token and a new refresh token. */
  async refresh(
    presented: string,
    context: RequestContext,
  ): Promise<{ ok: true; session: IssuedSession } | { ok: false; reason: RefreshFailure }> {
    const outcome = await this.db.transaction(async (tx) => {
      const found = await repo.findRefreshToken(tx, sha256(presented));
      if (!found) return { ok: false as const, reason: 'unknown' as const };
      const { token, session, user } = found;
      const base = { firmId: user.firmId, userId: user.id };

      if (token.usedAt || !(await repo.consumeRefreshToken(tx, token.id))) {
        if (!session.revokedAt) {
          await repo.revokeSession(tx, session.id, 'refresh_token_reuse');
          await audit(tx, context, {
            ...base,
            action: 'refresh_token_reuse_detected',
            outcome: 'failure',
            details: { sessionId: session.id },
          });
        }
        return { ok: false as const, reason: 'reused' as const, revoked: session.id };
      }

      const now = Date.now();
      const idleExpired = session.lastUsedAt.getTime() + this.lifetimes.idleSeconds * 1000 < now;
      if (
        session.revokedAt ||
        session.expiresAt.getTime() <= now ||
        idleExpired ||
        user.status !== 'active'
      ) {
        if (!session.revokedAt) await repo.revokeSession(tx, session.id, idleExpired ? 'idle' : 'ended');
        return { ok: false as const, reason: 'ended' as const };
      }

      const refreshToken = randomToken();
      await repo.addRefreshToken(tx, session.id, sha256(refreshToken));
      await repo.touchSession(tx, session.id);
      await audit(tx, context, {
        ...base,
        action: 'token_refresh',
        outcome: 'success',
        details: { sessionId: session.id },
      });
      return {
        ok: true as const,
        session: this.issued(
          user,
          session.id,
          refreshToken,
          Math.max(0, Math.floor((session.expiresAt.getTime() - now) / 1000)),
        ),
      };
    });
    if (!outcome.ok && 'revoked' in outcome && outcome.revoked) this.forget(outcome.revoked);
    return outcome.ok ? outcome : { ok: false, reason: outcome.reason };
  }

  /** Ends the session a refresh token belongs to (logout). Returns its user, if any. */
  async revokeByRefreshToken(
    presented: string,
    reason: string,
  ): Promise<{ userId: string; firmId: string } | null> {
    const found = await repo.findRefreshToken(this.db, sha256(presented));
    if (!found) return null;
    await this.revoke(this.db, found.session.id, reason);
    return { userId: found.user.id, firmId: found.user.firmId };
  }

  async revoke(tx: DbOrTx, sessionId: string, reason: string): Promise<void> {
    await repo.revokeSession(tx, sessionId, reason);
    this.forget(sessionId);
  }

  async revokeAllForUser(tx: DbOrTx, userId: string, reason: string, keepSessionId?: string): Promise<void> {
    const revoked = await repo.revokeUserSessions(tx, userId, reason, keepSessionId);
    revoked.forEach((id) => this.forget(id));
  }

  /** The principal of a live session, or null when it is revoked, expired or its user deactivated. */
  async principalFor(sessionId: string, userId: string): Promise<Principal | null> {
    const cached = this.cache.get(sessionId);
    if (cached && Date.now() - cached.at < PRINCIPAL_CACHE_MS) return cached.principal;
    const row = await repo.findSessionPrincipal(this.db, sessionId);
    const live =
      row &&
      row.user.id === userId &&
      !row.session.revokedAt &&
      row.session.expiresAt.getTime() > Date.now() &&
      row.user.status === 'active';
    const principal: Principal | null = live
      ? {
          userId: row.user.id,
          firmId: row.user.firmId,
          sessionId,
          userType: row.user.userType as UserType,
          email: row.user.email,
          firstName: row.user.firstName,
          lastName: row.user.lastName,
        }
      : null;
    if (this.cache.size >= PRINCIPAL_CACHE_MAX) this.cache.clear();
    this.cache.set(sessionId, { at: Date.now(), principal });
    return principal;
  }

  /** A new access token for the session, with the refresh token to set as its cookie. */
  private issued(
    user: UserRecord,
    sessionId: string,
    refreshToken: string,
    refreshMaxAge: number,
  ): IssuedSession {
    return {
      accessToken: this.tokens.sign({
        userId: user.id,
        sessionId,
        firmId: user.firmId,
        userType: user.userType as UserType,
      }),
      expiresIn: this.tokens.ttlSeconds,
      refreshToken,
      refreshMaxAge,
      sessionId,
    };
  }

  private forget(sessionId: string) {
    this.cache.delete(sessionId);
  }
}
