import type { Database, DbOrTx } from '@sentinel/db';
import { MESSAGES, type MyMembership, type SessionChangeResponse, type UserType } from '@sentinel/shared';
import { audit } from '../../platform/audit';
import type { FirmCache } from '../../platform/firm-cache';
import { AppError, notFound } from '../../platform/errors';
import type { RequestContext } from '../../platform/request-context';
import { sessionUserFrom, type Account, type MembershipRows } from '../auth/principal';
import type { SessionsService } from '../auth/sessions.service';
import { membershipsRepository as repo, type MembershipRecord } from './memberships.repository';
import { notifyInvitationAccepted } from '../notifications/notify';

/**
 * A person's own firms (issue 9): what they belong to and are invited to, answering invitations,
 * leaving a firm, and switching the firm the session acts in. Everything here is the caller's own:
 * a membership of someone else answers 404 like one that does not exist.
 */
export class MembershipsService {
  constructor(
    private readonly db: Database,
    private readonly sessions: SessionsService,
    private readonly firmCache: FirmCache,
  ) {}

  async mine(account: Account): Promise<MyMembership[]> {
    return toMine(await repo.ofUser(this.db, account.userId), account.firm?.firmId ?? null);
  }

  /** The session acts in another of the person's firms; a token of the firm before stops working. */
  async switchFirm(
    account: Account,
    firmId: string,
    context: RequestContext,
  ): Promise<SessionChangeResponse> {
    const response = await this.db.transaction(async (tx) => {
      const membership = await repo.find(tx, firmId, account.userId);
      if (membership?.status !== 'active') throw notFound(MESSAGES.membershipNotFound);
      const token = await this.sessions.actIn(tx, account, firmId);
      await audit(tx, context, {
        action: 'firm_switched',
        outcome: 'success',
        firmId,
        userId: account.userId,
        details: { from: account.firm?.firmId ?? null, sessionId: account.sessionId },
      });
      return this.answer(tx, account, firmId, token, MESSAGES.firmSwitched);
    });
    this.sessions.forget(account.sessionId);
    return response;
  }

  /**
   * Accepts a pending invitation. Someone without a firm starts acting in it; anyone else stays in
   * the firm they are in, and finds the new one in the switcher.
   */
  async accept(account: Account, id: string, context: RequestContext): Promise<SessionChangeResponse> {
    const answer = await this.db.transaction(async (tx) => {
      const membership = await this.own(tx, account, id, 'pending');
      await repo.respond(tx, membership.id, 'active');
      await this.audit(tx, context, 'membership_accepted', membership);
      await notifyInvitationAccepted(tx, {
        firmId: membership.firmId,
        invitedById: membership.invitedById,
        personName: `${account.firstName} ${account.lastName}`,
      });
      const firmId = account.firm?.firmId ?? membership.firmId;
      const token = await this.sessions.actIn(tx, account, firmId);
      return {
        firmOf: membership.firmId,
        response: await this.answer(tx, account, firmId, token, MESSAGES.invitationAccepted),
      };
    });
    this.sessions.forget(account.sessionId);
    this.firmCache.changed(answer.firmOf);
    return answer.response;
  }

  async decline(account: Account, id: string, context: RequestContext): Promise<SessionChangeResponse> {
    const answer = await this.db.transaction(async (tx) => {
      const membership = await this.own(tx, account, id, 'pending');
      await repo.respond(tx, membership.id, 'declined');
      await this.audit(tx, context, 'membership_declined', membership);
      const firmId = account.firm?.firmId ?? null;
      const token = await this.sessions.actIn(tx, account, firmId);
      return {
        firmOf: membership.firmId,
        response: await this.answer(tx, account, firmId, token, MESSAGES.invitationDeclined),
      };
    });
    this.sessions.forget(account.sessionId);
    this.firmCache.changed(answer.firmOf);
    return answer.response;
  }

  /**
   * Leaves a firm, unless the person is its last attorney. They come off its case teams; their
   * other sessions in that firm end, and this one moves to another of their firms (or none).
   */
  async leave(account: Account, id: string, context: RequestContext): Promise<SessionChangeResponse> {
    const answer = await this.db.transaction(async (tx) => {
      const membership = await this.own(tx, account, id, 'active');
      await repo.end(tx, membership.id, 'left');
      if (membership.userType === 'attorney' && (await repo.activeAttorneys(tx, membership.firmId)) < 1)
        throw new AppError('CONFLICT', MESSAGES.lastAttorney);
      const cases = await repo.leaveCaseTeams(tx, membership.firmId, account.userId);
      const leftCurrent = account.firm?.firmId === membership.firmId;
      const firmId = leftCurrent
        ? await repo.defaultFirm(tx, account.userId)
        : (account.firm?.firmId ?? null);
      const token = await this.sessions.actIn(tx, account, firmId);
      await this.sessions.revokeInFirm(tx, account.userId, membership.firmId, 'membership_left');
      await this.audit(tx, context, 'membership_left', membership, { cases });
      return {
        firmOf: membership.firmId,
        response: await this.answer(tx, account, firmId, token, MESSAGES.leftFirm),
      };
    });
    this.sessions.forget(account.sessionId);
    this.firmCache.changed(answer.firmOf);
    return answer.response;
  }

  /** The caller's own membership in the given status, locked; anything else is 404. */
  private async own(
    tx: DbOrTx,
    account: Account,
    id: string,
    status: 'pending' | 'active',
  ): Promise<MembershipRecord> {
    const membership = await repo.findById(tx, id, true);
    if (!membership || membership.userId !== account.userId || membership.status !== status)
      throw notFound(MESSAGES.membershipNotFound);
    return membership;
  }

  /** Membership changes are audited in the firm they concern. */
  private audit(
    tx: DbOrTx,
    context: RequestContext,
    action: 'membership_accepted' | 'membership_declined' | 'membership_left',
    membership: MembershipRecord,
    details: Record<string, unknown> = {},
  ) {
    return audit(tx, context, {
      action,
      outcome: 'success',
      firmId: membership.firmId,
      userId: membership.userId,
      details: { membershipId: membership.id, userType: membership.userType, ...details },
    });
  }

  private async answer(
    tx: DbOrTx,
    account: Account,
    firmId: string | null,
    token: { accessToken: string; expiresIn: number },
    message: string,
  ): Promise<SessionChangeResponse> {
    const rows = await repo.ofUser(tx, account.userId);
    const user = sessionUserFrom({ ...account, id: account.userId }, firmId, rows);
    return {
      message,
      token: token.accessToken,
      expiresIn: token.expiresIn,
      user,
      memberships: toMine(rows, user.firm?.id ?? null),
    };
  }
}

/** The person's memberships as they see them, the one the session acts in marked current. */
function toMine(rows: MembershipRows, currentFirmId: string | null): MyMembership[] {
  return rows.map((row) => ({
    id: row.id,
    firmId: row.firmId,
    firmName: row.firmName,
    userType: row.userType as UserType,
    status: row.status as 'pending' | 'active',
    invitedBy: row.inviterFirstName ? `${row.inviterFirstName} ${row.inviterLastName}` : null,
    createdAt: row.createdAt.toISOString(),
    current: row.status === 'active' && row.firmId === currentFirmId,
  }));
}
