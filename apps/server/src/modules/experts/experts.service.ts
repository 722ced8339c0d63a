import type { Database, DbOrTx } from '@sentinel/db';
import {
  CASE_MEMBER_ROLE_LABELS,
  EXPERT_MESSAGES,
  SAMPLE_SPECIALTIES,
  type createExpertRequest,
  type engageExpertRequest,
  type ExpertActionResponse,
  type ExpertDetail,
  type ExpertSummary,
  type listExpertsQuery,
  type ListExpertsResponse,
  type MembershipStatus,
  type MyExpertResponse,
  type updateEngagementRequest,
  type updateExpertRequest,
} from '@sentinel/shared';
import type { z } from 'zod';
import type { Config } from '../../config';
import { actorEntry, audit, type AuditAction, type ReadAudit } from '../../platform/audit';
import type { FirmCache } from '../../platform/firm-cache';
import { AppError, badRequest, isUniqueViolation, notFound } from '../../platform/errors';
import type { Mailer, OutgoingMail } from '../../platform/mailer';
import type { RequestContext } from '../../platform/request-context';
import { authRepository } from '../auth/auth.repository';
import { inviteToFirm, rethrowEmailTaken } from '../auth/invitations';
import type { Principal } from '../auth/principal';
import { caseMemberAddedMail, caseMemberInvitationMail, caseMemberJoinMail } from '../cases/cases.emails';
import { casesRepository } from '../cases/cases.repository';
import { documentsRepository } from '../documents/documents.repository';
import { LIVE_STATUSES, membershipsRepository } from '../memberships/memberships.repository';
import { profileRepository } from '../profile/profile.repository';
import { expertsRepository as repo, type ExpertRow, type ExpertValues } from './experts.repository';

type CreateInput = z.output<typeof createExpertRequest>;
type UpdateInput = z.output<typeof updateExpertRequest>;
type ListInput = z.output<typeof listExpertsQuery>;
type EngageInput = z.output<typeof engageExpertRequest>;
type EngagementInput = z.output<typeof updateEngagementRequest>;

/** What engaging did about the case team: the answer's message says which. */
type TeamOutcome = 'member' | 'invited' | 'none' | 'not-in-firm';
const ENGAGED_MESSAGE: Record<TeamOutcome, string> = {
  member: EXPERT_MESSAGES.engagedMember,
  invited: EXPERT_MESSAGES.engagedInvited,
  none: EXPERT_MESSAGES.engagedNoAccount,
  'not-in-firm': EXPERT_MESSAGES.engagedNotInFirm,
};

/** A person's name as first and last name for an invitation ('Dr. Ada Park' → Ada, Park). */
function splitName(name: string): { firstName: string; lastName: string } {
  const parts = name.split(/\s+/).filter(Boolean);
  if (parts.length > 1 && /^(dr|mr|mrs|ms|prof)\.?$/i.test(parts[0]!)) parts.shift();
  const lastName = parts.length > 1 ? parts.pop()! : parts[0]!;
  return { firstName: parts.join(' '), lastName };
}

/**
 * The firm's expert witness directory (issue 13). Attorneys add, change and delete experts, engage
 * them on cases (the expert's user joins the case team, or is invited into the firm by e-mail) and
 * mark reports received; an expert-witness user linked to an entry keeps its availability. Every
 * read and change is audited with the expert's id (and the case's, for engagements).
 */
export class ExpertsService {
  constructor(
    private readonly db: Database,
    private readonly mailer: Mailer,
    private readonly config: Pick<Config, 'publicUrl'>,
    private readonly readAudit: ReadAudit,
    private readonly firmCache: FirmCache,
  ) {}

  async list(principal: Principal, query: ListInput, context: RequestContext): Promise<ListExpertsResponse> {
    const filter = { search: query.search || undefined, specialty: query.specialty || undefined };
    const offset = (query.page - 1) * query.pageSize;
    const [data, total, own] = await Promise.all([
      repo.page(this.db, principal.firmId, filter, query.pageSize, offset),
      repo.count(this.db, principal.firmId, filter),
      repo.specialties(this.db, principal.firmId),
    ]);
    const specialties = [...new Set([...own, ...SAMPLE_SPECIALTIES])].sort((a, b) => a.localeCompare(b));
    this.readAudit.record(
      context,
      actorEntry(principal, 'expert_list_viewed', {
        search: filter.search ?? null,
        specialty: filter.specialty ?? null,
        page: query.page,
        returned: data.length,
      }),
    );
    return { data, total, page: query.page, pageSize: query.pageSize, specialties };
  }

  async get(principal: Principal, id: string, context: RequestContext): Promise<{ data: ExpertDetail }> {
    const data = await this.detail(this.db, principal, id);
    this.readAudit.record(context, actorEntry(principal, 'expert_viewed', { expertId: id }));
    return { data };
  }

  async create(
    principal: Principal,
    input: CreateInput,
    context: RequestContext,
  ): Promise<ExpertActionResponse> {
    const data = await this.db
      .transaction(async (tx) => {
        await this.checkDocument(tx, principal, input.cvDocumentId);
        const userId = input.email ? await this.expertUserFor(tx, principal, input.email, null) : null;
        const row = await repo.insert(tx, {
          ...input,
          firmId: principal.firmId,
          userId,
          createdById: principal.userId,
        });
        await this.audit(tx, principal, context, 'expert_created', row.id, { linked: userId !== null });
        return this.detail(tx, principal, row.id);
      })
      .catch(rethrowLinkTaken);
    return { message: EXPERT_MESSAGES.created, data };
  }

  async update(
    principal: Principal,
    id: string,
    input: UpdateInput,
    context: RequestContext,
  ): Promise<ExpertActionResponse> {
    const data = await this.db
      .transaction(async (tx) => {
        const current = await this.require(tx, principal, id, true);
        if (input.cvDocumentId !== undefined) await this.checkDocument(tx, principal, input.cvDocumentId);
        const values: ExpertValues = { ...input };
        // An entry with no account is linked once its e-mail is an expert witness's of the firm.
        if (input.email && current.userId === null) {
          values.userId = await this.expertUserFor(tx, principal, input.email, current.id);
        }
        await repo.update(tx, principal.firmId, id, values);
        await this.audit(tx, principal, context, 'expert_updated', id, { fields: Object.keys(input) });
        return this.detail(tx, principal, id);
      })
      .catch(rethrowLinkTaken);
    return { message: EXPERT_MESSAGES.saved, data };
  }

  /** Refused while the expert is engaged on a case: the engagements are ended first, on the profile. */
  async remove(principal: Principal, id: string, context: RequestContext): Promise<{ message: string }> {
    await this.db.transaction(async (tx) => {
      await this.require(tx, principal, id, true);
      const engaged = await repo.engagementTotal(tx, principal.firmId, id);
      if (engaged > 0) throw new AppError('CONFLICT', EXPERT_MESSAGES.engagedOnCases(engaged));
      await repo.delete(tx, principal.firmId, id);
      await this.audit(tx, principal, context, 'expert_deleted', id);
    });
    return { message: EXPERT_MESSAGES.deleted };
  }

  /**
   * Engages the expert on a case of the firm. Their user joins the case team as its expert; an
   * expert with no user but an e-mail is invited into the firm as an expert witness (or, when the
   * e-mail is already an expert witness's of the firm, that person is linked) and joins it too.
   * With neither, the engagement is recorded and the answer says they are not on the team.
   */
  async engage(
    principal: Principal,
    id: string,
    input: EngageInput,
    context: RequestContext,
  ): Promise<ExpertActionResponse> {
    let mail: ((firmName: string) => OutgoingMail) | undefined;
    let outcome: TeamOutcome = 'none';
    const data = await this.db
      .transaction(async (tx) => {
        const expert = await this.require(tx, principal, id, true);
        const row = await casesRepository.find(tx, principal, input.caseId, true);
        if (!row) throw notFound(EXPERT_MESSAGES.unknownCase);
        const inserted = await repo.insertEngagement(tx, {
          caseId: row.id,
          expertId: expert.id,
          firmId: principal.firmId,
          scope: input.scope,
          reportDueOn: input.reportDueOn,
          engagedById: principal.userId,
        });
        if (!inserted) throw new AppError('CONFLICT', EXPERT_MESSAGES.alreadyEngaged);

        const common = {
          invitedBy: `${principal.firstName} ${principal.lastName}`,
          roleLabel: CASE_MEMBER_ROLE_LABELS.expert,
          caseLabel: `${row.caseNumber} (${row.title})`,
        };
        const caseLink = `${this.config.publicUrl}/cases/${row.id}`;
        const signInLink = `${this.config.publicUrl}/login`;
        let memberId: string | null = null;
        if (expert.userId) {
          const membership = await membershipsRepository.find(tx, principal.firmId, expert.userId);
          const [person] = await casesRepository.people(tx, principal.firmId, [expert.userId]);
          if (membership && person && isLiveExpert(membership)) {
            memberId = expert.userId;
            outcome = 'member';
            mail = (firmName) =>
              membership.status === 'active'
                ? caseMemberAddedMail({
                    ...common,
                    to: person.email,
                    firstName: person.firstName,
                    firmName,
                    caseLink,
                  })
                : caseMemberJoinMail({
                    ...common,
                    to: person.email,
                    firstName: person.firstName,
                    firmName,
                    caseNumber: row.caseNumber,
                    signInLink,
                  });
          } else {
            outcome = 'not-in-firm';
          }
        } else if (expert.email) {
          const linked = await this.expertUserFor(tx, principal, expert.email, expert.id);
          if (linked) {
            memberId = linked;
            outcome = 'member';
            const [person] = await casesRepository.people(tx, principal.firmId, [linked]);
            mail = (firmName) =>
              caseMemberAddedMail({
                ...common,
                to: person!.email,
                firstName: person!.firstName,
                firmName,
                caseLink,
              });
          } else {
            // Not in the firm as anyone: invited as an expert witness (an account with a 72-hour
            // temporary password, or a pending membership for an e-mail that has an account).
            const names = splitName(expert.name);
            const invited = await inviteToFirm(tx, {
              firmId: principal.firmId,
              invitedById: principal.userId,
              context,
              userType: 'expert-witness',
              email: expert.email,
              ...names,
              companyName: expert.company || null,
              phone: expert.phone,
            });
            memberId = invited.userId;
            outcome = 'invited';
            const to = {
              ...common,
              to: expert.email,
              firstName: names.firstName,
              caseNumber: row.caseNumber,
            };
            mail = (firmName) =>
              invited.temporaryPassword
                ? caseMemberInvitationMail({
                    ...to,
                    firmName,
                    signInLink,
                    temporaryPassword: invited.temporaryPassword,
                  })
                : caseMemberJoinMail({ ...to, firmName, signInLink });
          }
          await repo.update(tx, principal.firmId, expert.id, { userId: memberId });
        }
        if (memberId) {
          await casesRepository.addMember(tx, {
            caseId: row.id,
            userId: memberId,
            firmId: principal.firmId,
            role: 'expert',
            addedById: principal.userId,
          });
        }
        await casesRepository.touch(tx, row.id);
        await this.audit(tx, principal, context, 'expert_engaged', expert.id, {
          caseId: row.id,
          team: outcome,
          reportDueOn: input.reportDueOn,
        });
        return this.detail(tx, principal, expert.id);
      })
      .catch(rethrowEmailTaken);
    this.firmCache.changed(principal.firmId);
    if (mail) {
      const firm = await profileRepository.findFirm(this.db, principal.firmId);
      this.mailer.dispatch(mail(firm?.name ?? 'Your law firm'));
    }
    return { message: ENGAGED_MESSAGE[outcome], data };
  }

  /** The report due date, the scope, or the report received (or not after all). */
  async updateEngagement(
    principal: Principal,
    id: string,
    caseId: string,
    input: EngagementInput,
    context: RequestContext,
  ): Promise<ExpertActionResponse> {
    const data = await this.db.transaction(async (tx) => {
      await this.require(tx, principal, id, true);
      const engagement = await repo.findEngagement(tx, principal.firmId, id, caseId);
      if (!engagement) throw notFound(EXPERT_MESSAGES.engagementNotFound);
      const { reportReceived, ...rest } = input;
      const reportReceivedAt =
        reportReceived === undefined
          ? undefined
          : reportReceived
            ? (engagement.reportReceivedAt ?? new Date())
            : null;
      await repo.updateEngagement(tx, principal.firmId, id, caseId, {
        ...rest,
        ...(reportReceivedAt !== undefined && { reportReceivedAt }),
      });
      await this.audit(tx, principal, context, 'expert_engagement_updated', id, {
        caseId,
        fields: Object.keys(input),
        ...(reportReceived !== undefined && { reportReceived }),
      });
      return this.detail(tx, principal, id);
    });
    const message =
      input.reportReceived === true ? EXPERT_MESSAGES.reportReceived : EXPERT_MESSAGES.engagementSaved;
    return { message, data };
  }

  /**
   * Ends the engagement. The expert's user stays on the case team: the team is managed on the case
   * page, where the attorney may have given them other work on the case.
   */
  async endEngagement(
    principal: Principal,
    id: string,
    caseId: string,
    context: RequestContext,
  ): Promise<ExpertActionResponse> {
    const data = await this.db.transaction(async (tx) => {
      await this.require(tx, principal, id, true);
      if (!(await repo.deleteEngagement(tx, principal.firmId, id, caseId))) {
        throw notFound(EXPERT_MESSAGES.engagementNotFound);
      }
      await this.audit(tx, principal, context, 'expert_engagement_ended', id, { caseId });
      return this.detail(tx, principal, id);
    });
    return { message: EXPERT_MESSAGES.engagementEnded, data };
  }

  /** An expert-witness user's own entry in the directory of the firm they act in, if any. */
  async mine(principal: Principal): Promise<MyExpertResponse> {
    const row = await repo.findByUser(this.db, principal.firmId, principal.userId);
    return { data: row ? ((await repo.summary(this.db, principal.firmId, row.id)) ?? null) : null };
  }

  async setMyAvailability(
    principal: Principal,
    availability: string,
    context: RequestContext,
  ): Promise<{ message: string; data: ExpertSummary }> {
    const data = await this.db.transaction(async (tx) => {
      const row = await repo.findByUser(tx, principal.firmId, principal.userId, true);
      if (!row) throw notFound(EXPERT_MESSAGES.notInDirectory);
      await repo.update(tx, principal.firmId, row.id, { availability });
      await this.audit(tx, principal, context, 'expert_availability_changed', row.id, {
        from: row.availability,
        to: availability,
      });
      return (await repo.summary(tx, principal.firmId, row.id))!;
    });
    return { message: EXPERT_MESSAGES.availabilitySaved, data };
  }

  /**
   * The user an entry with this e-mail is linked to: someone of the firm (pending or active) whose
   * type there is expert witness and who is not another entry's. Someone of the firm of another type
   * is refused; anyone else (no account, or not in the firm) is not linked (null).
   */
  private async expertUserFor(
    tx: DbOrTx,
    principal: Principal,
    email: string,
    expertId: string | null,
  ): Promise<string | null> {
    const user = await authRepository.findUserByEmail(tx, email);
    if (!user) return null;
    const membership = await membershipsRepository.find(tx, principal.firmId, user.id);
    if (!membership || !LIVE_STATUSES.includes(membership.status as MembershipStatus)) return null;
    if (membership.userType !== 'expert-witness') throw badRequest(EXPERT_MESSAGES.emailIsOtherType);
    const other = await repo.findByUser(tx, principal.firmId, user.id);
    if (other && other.id !== expertId) throw new AppError('CONFLICT', EXPERT_MESSAGES.userLinkedElsewhere);
    return user.id;
  }

  /** A CV must be a document of the firm the attorney may see. */
  private async checkDocument(tx: DbOrTx, principal: Principal, documentId: string | null) {
    if (documentId && !(await documentsRepository.find(tx, principal, documentId))) {
      throw badRequest(EXPERT_MESSAGES.unknownDocument);
    }
  }

  private async require(tx: DbOrTx, principal: Principal, id: string, lock = false): Promise<ExpertRow> {
    const row = await repo.find(tx, principal.firmId, id, lock);
    if (!row) throw notFound(EXPERT_MESSAGES.unknownExpert);
    return row;
  }

  private async detail(tx: DbOrTx, principal: Principal, id: string): Promise<ExpertDetail> {
    const row = await this.require(tx, principal, id);
    // One after the other: inside a transaction the queries share one connection.
    const summary = await repo.summary(tx, principal.firmId, id);
    const engagements = await repo.engagements(tx, principal.firmId, row);
    return { ...summary!, engagements };
  }

  private async audit(
    tx: DbOrTx,
    principal: Principal,
    context: RequestContext,
    action: Extract<AuditAction, `expert_${string}`>,
    expertId: string,
    details: Record<string, unknown> = {},
  ) {
    await audit(tx, context, actorEntry(principal, action, { expertId, ...details }));
  }
}

const isLiveExpert = (membership: { status: string; userType: string }) =>
  LIVE_STATUSES.includes(membership.status as MembershipStatus) && membership.userType === 'expert-witness';

/**
 * Two changes linking one person at the same moment meet the unique index (one entry per user and
 * firm): the loser is told the person is linked already.
 */
function rethrowLinkTaken(error: unknown): never {
  if (isUniqueViolation(error)) throw new AppError('CONFLICT', EXPERT_MESSAGES.userLinkedElsewhere);
  throw error;
}
