import type { Database, DbOrTx } from '@sentinel/db';
import type { SessionUser, UserType } from '@sentinel/shared';
import type { AccessTokens } from '../../platform/access-tokens';
import { audit } from '../../platform/audit';
import { randomToken, sha256 } from '../../platform/crypto';
import type { RequestContext } from '../../platform/request-context';
import { membershipsRepository as memberships } from '../memberships/memberships.repository';
import { actingPrincipal, sessionUserOf, type Account, type Principal } from './principal';
import { authRepository as repo, type UserRecord } from './auth.repository';
import { endLiveSessions } from '../../platform/realtime';

export interface IssuedSession {
  accessToken: string;
  expiresIn: number;
  refreshToken: string;
  /** Seconds the refresh cookie may live (the session's remaining absolute lifetime). */
  refreshMaxAge: number;
  sessionId: string;
  /** The firm the session acts in (null before the person has one). */
  firmId: string | null;
}

/** The firm a session acts in, with the person's type there. */
type SessionFirm = { firmId: string; userType: UserType } | null;

/** A live session's account, and its principal when it acts in a firm (the guard sets both). */
export interface Standing {
  account: Account;
  principal: Principal | null;
}

/** Why a refresh was refused; the route answers 401 for all of them. */
export type RefreshFailure = 'unknown' | 'reused' | 'ended';

const PRINCIPAL_CACHE_MS = 5_000;
const PRINCIPAL_CACHE_MAX = 10_000;

/**
 * Sessions are refresh-token families, each acting in one firm at a time (issue 9). Each refresh
 * token is used once and replaced; presenting a used one again revokes the whole family (ASVS
 * 10.4.5). Access tokens carry the session id, and
 * the guard asks `accountFor` whether that session still stands. Its answers, and the signed-in
 * user /api/tokens/verify answers (`sessionUser`: firms, invitations), are cached for five seconds
 * per instance, so a revocation or a change of firms takes effect within five seconds on every
 * instance and at once on the one that made it for the session that made it.
 */
export class SessionsService {
  private readonly cache = new Map<string, { at: number; standing: Standing | null }>();
  /** The signed-in user as /api/tokens/verify answers it (their firms, invitations), per session. */
  private readonly users = new Map<string, { at: number; user: SessionUser }>();
  /**
   * Reads under way, per session: the requests that find nothing remembered at the same moment
   * share one query (at a cache expiry, every request in flight on a busy session missed at once).
   * `forget` drops them too, and what such a read then finds is handed to the requests waiting on
   * it but not remembered, so a revocation that forgets a session is never undone by a read that
   * began before it.
   */
  private readonly reading = new Map<string, Promise<Standing | null>>();
  private readonly usersReading = new Map<string, Promise<SessionUser>>();

  constructor(
    private readonly db: Database,
    private readonly tokens: AccessTokens,
    private readonly lifetimes: { idleSeconds: number; maxSeconds: number },
  ) {}

  /**
   * A new session (sign-in, sign-up), acting in `firmId` or else in the firm the person used last
   * (none when they have no active membership).
   */
  async issue(
    tx: DbOrTx,
    user: UserRecord,
    context: RequestContext,
    firmId?: string,
  ): Promise<IssuedSession> {
    const firm = await this.firmFor(tx, user.id, firmId ?? (await memberships.defaultFirm(tx, user.id)));
    const expiresAt = new Date(Date.now() + this.lifetimes.maxSeconds * 1000);
    const session = await repo.createSession(tx, {
      userId: user.id,
      firmId: firm?.firmId ?? null,
      expiresAt,
      ip: context.ip,
      userAgent: context.userAgent,
    });
    if (firm) await memberships.markUsed(tx, firm.firmId, user.id);
    const refreshToken = randomToken();
    await repo.addRefreshToken(tx, session.id, sha256(refreshToken));
    return this.issued(user.id, firm, session.id, refreshToken, this.lifetimes.maxSeconds);
  }

  /**
   * Makes the session act in another firm (or none) and answers a new access token for it; the
   * refresh family stays. An access token of the firm before stops working (the guard compares).
   * The caller calls `forget` again once its transaction has committed, so that a request racing
   * the change cannot leave the firm before cached.
   */
  async actIn(
    tx: DbOrTx,
    account: Pick<Account, 'userId' | 'sessionId'>,
    firmId: string | null,
  ): Promise<{ accessToken: string; expiresIn: number }> {
    const firm = await this.firmFor(tx, account.userId, firmId);
    await repo.setSessionFirm(tx, account.sessionId, firm?.firmId ?? null);
    if (firm) await memberships.markUsed(tx, firm.firmId, account.userId);
    this.forget(account.sessionId);
    return {
      accessToken: this.sign(account.userId, account.sessionId, firm),
      expiresIn: this.tokens.ttlSeconds,
    };
  }

  /** The person's active membership of a firm, as a session firm; null for none or not active. */
  private async firmFor(tx: DbOrTx, userId: string, firmId: string | null): Promise<SessionFirm> {
    if (!firmId) return null;
    const membership = await memberships.find(tx, firmId, userId);
    return membership?.status === 'active' ? { firmId, userType: membership.userType as UserType } : null;
  }

  /** Exchanges a refresh token for a new access token and a new refresh token. */
  async refresh(
    presented: string,
    context: RequestContext,
  ): Promise<{ ok: true; session: IssuedSession; user: UserRecord } | { ok: false; reason: RefreshFailure }> {
    const outcome = await this.db.transaction(async (tx) => {
      const found = await repo.findRefreshToken(tx, sha256(presented));
      if (!found) return { ok: false as const, reason: 'unknown' as const };
      const { token, session, user } = found;
      const base = { firmId: session.firmId, userId: user.id };

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
      // The firm the session acts in must still have them (removal revokes such sessions too).
      const firm = await this.firmFor(tx, user.id, session.firmId);
      const firmGone = session.firmId !== null && firm === null;
      if (session.revokedAt || session.expiresAt.getTime() <= now || idleExpired || firmGone) {
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
        user,
        session: this.issued(
          user.id,
          firm,
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
  ): Promise<{ userId: string; firmId: string | null } | null> {
    const found = await repo.findRefreshToken(this.db, sha256(presented));
    if (!found) return null;
    await this.revoke(this.db, found.session.id, reason);
    return { userId: found.user.id, firmId: found.session.firmId };
  }

  /** Ends a session; its live connections close on every instance when the transaction commits. */
  async revoke(tx: DbOrTx, sessionId: string, reason: string): Promise<void> {
    await repo.revokeSession(tx, sessionId, reason);
    await endLiveSessions(tx, [sessionId]);
    this.forget(sessionId);
  }

  /** Ends every session of the person (but `keepSessionId`); answers how many ended. */
  async revokeAllForUser(
    tx: DbOrTx,
    userId: string,
    reason: string,
    keepSessionId?: string,
  ): Promise<number> {
    const revoked = await repo.revokeUserSessions(tx, userId, reason, keepSessionId);
    await endLiveSessions(tx, revoked);
    revoked.forEach((id) => this.forget(id));
    return revoked.length;
  }

  /**
   * Ends the person's sessions acting in a firm whose membership ended (removal, deactivation):
   * at once here, within the cache's five seconds on other instances.
   */
  async revokeInFirm(tx: DbOrTx, userId: string, firmId: string, reason: string): Promise<void> {
    const revoked = await memberships.revokeSessionsIn(tx, userId, firmId, reason);
    await endLiveSessions(tx, revoked);
    revoked.forEach((id) => this.forget(id));
  }

  /**
   * The account of a live session, acting in the session's firm while the membership there is
   * active; null when the session is revoked or expired, or its firm no longer has the person.
   */
  async accountFor(sessionId: string, userId: string): Promise<Account | null> {
    return (await this.standing(sessionId, userId))?.account ?? null;
  }

  /**
   * What `standing` answered for the session within the last five seconds: the standing, null
   * (not live), or undefined when nothing is remembered (ask `standing`). The guard's fast path:
   * no promise to wait for on a busy session.
   */
  remembered(sessionId: string, userId: string): Standing | null | undefined {
    const cached = this.cache.get(sessionId);
    if (!cached || Date.now() - cached.at >= PRINCIPAL_CACHE_MS) return undefined;
    return cached.standing && cached.standing.account.userId !== userId ? null : cached.standing;
  }

  /** `accountFor`, with the principal the account acts as (built once per remembered answer). */
  async standing(sessionId: string, userId: string): Promise<Standing | null> {
    const remembered = this.remembered(sessionId, userId);
    if (remembered !== undefined) return remembered;
    const standing = await shared(
      this.reading,
      sessionId,
      () => this.readStanding(sessionId, userId),
      (read) => {
        if (this.cache.size >= PRINCIPAL_CACHE_MAX) this.cache.clear();
        this.cache.set(sessionId, { at: Date.now(), standing: read });
      },
    );
    // A request that joined another's read checks the user itself (a token names both).
    return standing && standing.account.userId !== userId ? null : standing;
  }

  private async readStanding(sessionId: string, userId: string): Promise<Standing | null> {
    const row = await repo.findSessionPrincipal(this.db, sessionId);
    const live =
      row &&
      row.user.id === userId &&
      !row.session.revokedAt &&
      row.session.expiresAt.getTime() > Date.now() &&
      (row.session.firmId === null || row.membership?.status === 'active');
    const account: Account | null = live
      ? {
          userId: row.user.id,
          sessionId,
          email: row.user.email,
          firstName: row.user.firstName,
          lastName: row.user.lastName,
          timeZone: row.user.timeZone,
          firm: row.session.firmId
            ? { firmId: row.session.firmId, userType: row.membership!.userType as UserType }
            : null,
        }
      : null;
    return account ? { account, principal: actingPrincipal(account) } : null;
  }

  /** A new access token for the session, with the refresh token to set as its cookie. */
  private issued(
    userId: string,
    firm: SessionFirm,
    sessionId: string,
    refreshToken: string,
    refreshMaxAge: number,
  ): IssuedSession {
    return {
      accessToken: this.sign(userId, sessionId, firm),
      expiresIn: this.tokens.ttlSeconds,
      refreshToken,
      refreshMaxAge,
      sessionId,
      firmId: firm?.firmId ?? null,
    };
  }

  private sign(userId: string, sessionId: string, firm: SessionFirm): string {
    return this.tokens.sign({
      userId,
      sessionId,
      firmId: firm?.firmId ?? null,
      userType: firm?.userType ?? null,
    });
  }

  /**
   * The signed-in user of a live session as the API shows them (their firms and pending
   * invitations read from the memberships), remembered like the account: every page load asks.
   */
  async sessionUser(account: Account): Promise<SessionUser> {
    const cached = this.users.get(account.sessionId);
    if (cached && Date.now() - cached.at < PRINCIPAL_CACHE_MS) return cached.user;
    return shared(
      this.usersReading,
      account.sessionId,
      () => sessionUserOf(this.db, { ...account, id: account.userId }, account.firm?.firmId ?? null),
      (user) => {
        if (this.users.size >= PRINCIPAL_CACHE_MAX) this.users.clear();
        this.users.set(account.sessionId, { at: Date.now(), user });
      },
    );
  }

  /** Drops what the guard remembers of a session (it is read again on its next request). */
  forget(sessionId: string) {
    this.cache.delete(sessionId);
    this.users.delete(sessionId);
    this.reading.delete(sessionId);
    this.usersReading.delete(sessionId);
  }
}

/**
 * `read()` for `key`, or the read of it already under way; `keep` is given what the read found
 * unless the read was dropped from `pending` (by `forget`) while it ran.
 */
async function shared<T>(
  pending: Map<string, Promise<T>>,
  key: string,
  read: () => Promise<T>,
  keep: (value: T) => void,
): Promise<T> {
  const underWay = pending.get(key);
  if (underWay) return underWay;
  const promise = read();
  pending.set(key, promise);
  try {
    const value = await promise;
    if (pending.get(key) === promise) keep(value);
    return value;
  } finally {
    if (pending.get(key) === promise) pending.delete(key);
  }
}
