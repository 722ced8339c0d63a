import type { Database } from '@sentinel/db';
import {
  MESSAGES,
  type FirmMember,
  type FirmPeopleResponse,
  type RemoveFirmMemberResponse,
  type UserType,
} from '@sentinel/shared';
import { actorEntry, audit } from '../../platform/audit';
import type { FirmCache } from '../../platform/firm-cache';
import { AppError, badRequest, notFound } from '../../platform/errors';
import type { RequestContext } from '../../platform/request-context';
import type { Principal } from '../auth/principal';
import type { SessionsService } from '../auth/sessions.service';
import { membershipsRepository as memberships } from '../memberships/memberships.repository';

/** The people of the caller's firm: who can be chosen for a case, and Settings → Team. */
export class FirmService {
  constructor(
    private readonly db: Database,
    private readonly sessions: SessionsService,
    private readonly firmCache: FirmCache,
  ) {}

  /** Who an attorney can make lead attorney or add to a case's team (pending people too). */
  async people(principal: Principal, context: RequestContext): Promise<FirmPeopleResponse> {
    const people = await memberships.people(this.db, principal.firmId);
    await audit(this.db, context, actorEntry(principal, 'firm_people_listed'));
    return {
      data: people.map((person) => ({
        id: person.userId,
        name: `${person.firstName} ${person.lastName}`,
        email: person.email,
        userType: person.userType,
      })),
    };
  }

  /** Settings → Team: the firm's people other than clients, with who is still to answer. */
  async members(principal: Principal): Promise<FirmMember[]> {
    const people = await memberships.people(this.db, principal.firmId);
    return people.map((person) => ({
      userId: person.userId,
      name: `${person.firstName} ${person.lastName}`,
      email: person.email,
      userType: person.userType as UserType,
      status: person.status as 'pending' | 'active',
      createdAt: person.createdAt.toISOString(),
      self: person.userId === principal.userId,
    }));
  }

  /**
   * An attorney removes someone from the firm: the membership ends, they leave every case team of
   * the firm, and their sessions acting in it end at once (like a logout). What they uploaded
   * stays, attributed to them. Clients are deactivated from the directory instead.
   */
  async removeMember(
    principal: Principal,
    userId: string,
    context: RequestContext,
  ): Promise<RemoveFirmMemberResponse> {
    if (userId === principal.userId) throw badRequest(MESSAGES.removeSelf);
    await this.db.transaction(async (tx) => {
      const membership = await memberships.find(tx, principal.firmId, userId);
      if (
        !membership ||
        membership.userType === 'client' ||
        !(await memberships.end(tx, membership.id, 'removed'))
      )
        throw notFound();
      if (membership.userType === 'attorney' && (await memberships.activeAttorneys(tx, principal.firmId)) < 1)
        throw new AppError('CONFLICT', MESSAGES.removeLastAttorney);
      const cases = await memberships.leaveCaseTeams(tx, principal.firmId, userId);
      await this.sessions.revokeInFirm(tx, userId, principal.firmId, 'membership_removed');
      await audit(
        tx,
        context,
        actorEntry(principal, 'membership_removed', {
          memberId: userId,
          userType: membership.userType,
          cases,
        }),
      );
    });
    this.firmCache.changed(principal.firmId);
    return { message: MESSAGES.firmMemberRemoved, data: await this.members(principal) };
  }
}
