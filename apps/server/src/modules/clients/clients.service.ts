import type { Database, DbOrTx } from '@sentinel/db';
import {
  MESSAGES,
  type createClientRequest,
  type listClientsQuery,
  type ClientActionResponse,
  type ClientDetailResponse,
  type ClientSummary,
  type CreateClientResponse,
  type ListClientsResponse,
} from '@sentinel/shared';
import type { z } from 'zod';
import type { Config } from '../../config';
import { activityOf, actorEntry, audit, type AuditEntry, type ReadAudit } from '../../platform/audit';
import type { FirmCache } from '../../platform/firm-cache';
import { AppError, notFound } from '../../platform/errors';
import type { Mailer } from '../../platform/mailer';
import type { RequestContext } from '../../platform/request-context';
import { inviteToFirm, rethrowEmailTaken, temporaryCredentials } from '../auth/invitations';
import type { Principal } from '../auth/principal';
import type { SessionsService } from '../auth/sessions.service';
import { membershipsRepository } from '../memberships/memberships.repository';
import { profileRepository } from '../profile/profile.repository';
import { clientInvitationMail, clientJoinMail } from './clients.emails';
import { clientsRepository as repo } from './clients.repository';

type CreateInput = z.output<typeof createClientRequest>;
type ListInput = z.output<typeof listClientsQuery>;

/**
 * The firm's client directory. Attorneys add clients (a new account with a temporary password sent
 * by e-mail, or — when the e-mail has an account — an invitation the person accepts at sign-in),
 * list, open, re-invite and deactivate them. Every read and change is audited with the client's id.
 */
export class ClientsService {
  constructor(
    private readonly db: Database,
    private readonly sessions: SessionsService,
    private readonly mailer: Mailer,
    private readonly config: Pick<Config, 'publicUrl'>,
    private readonly readAudit: ReadAudit,
    private readonly firmCache: FirmCache,
  ) {}

  async create(
    principal: Principal,
    input: CreateInput,
    context: RequestContext,
  ): Promise<CreateClientResponse> {
    const { client, password } = await this.db
      .transaction(async (tx) => {
        const { userId, temporaryPassword } = await inviteToFirm(tx, {
          firmId: principal.firmId,
          invitedById: principal.userId,
          context,
          email: input.email,
          firstName: input.firstName,
          lastName: input.lastName,
          userType: 'client',
          companyName: input.companyName || null,
          phone: input.phone,
        });
        await repo.insertProfile(tx, {
          userId,
          firmId: principal.firmId,
          leadAttorneyId: principal.userId,
          createdById: principal.userId,
          invitedAt: new Date(),
        });
        await this.audit(tx, principal, context, 'client_created', userId);
        return {
          client: (await repo.findInFirm(tx, principal.firmId, userId))!,
          password: temporaryPassword,
        };
      })
      .catch(rethrowEmailTaken);
    this.firmCache.changed(principal.firmId);
    await this.invite(principal, client, password);
    return { message: MESSAGES.clientCreated, data: client };
  }

  async list(
    principal: Principal,
    userId: string,
    query: ListInput,
    context: RequestContext,
  ): Promise<ListClientsResponse> {
    // The spec's path names the signed-in user; anyone outside the caller's firm does not exist.
    const [owner] = await membershipsRepository.inFirm(this.db, principal.firmId, [userId]);
    if (!owner) throw notFound();
    const limit = query.pageSize === 'all' ? null : query.pageSize;
    const page = limit === null ? 1 : query.page;
    const search = query.search || undefined;
    const offset = limit === null ? 0 : (page - 1) * limit;
    // Kept until the firm's clients change, like the case list.
    const [clients, total] = await Promise.all([
      this.firmCache.get(principal.firmId, `clients:${search ?? ''}:${limit}:${offset}`, () =>
        repo.page(this.db, principal.firmId, search, limit, offset),
      ),
      this.firmCache.get(principal.firmId, `clients:${search ?? ''}`, () =>
        repo.count(this.db, principal.firmId, search),
      ),
    ]);
    this.readAudit.record(
      context,
      actorEntry(principal, 'client_list_viewed', {
        search: query.search ?? null,
        page,
        pageSize: query.pageSize,
        returned: clients.length,
      }),
    );
    return { clients, total, page, pageSize: query.pageSize };
  }

  async get(principal: Principal, clientId: string, context: RequestContext): Promise<ClientDetailResponse> {
    const client = await this.require(principal, clientId);
    const activity = await activityOf(this.db, principal.firmId, { clientId }, 50);
    this.readAudit.record(context, this.entry(principal, 'client_viewed', clientId));
    return {
      data: {
        ...client,
        activity: activity.map(({ action, at, by }) => ({ action, at: at.toISOString(), by })),
      },
    };
  }

  /**
   * The invitation again, while the client has not answered it: for an account this firm created, a
   * new temporary password; for one that existed, the e-mail asking them to accept (their password
   * is theirs, and no firm may change it).
   */
  async resendInvitation(
    principal: Principal,
    clientId: string,
    context: RequestContext,
  ): Promise<ClientActionResponse> {
    const client = await this.require(principal, clientId);
    if (client.deactivated) throw new AppError('CONFLICT', 'This client is deactivated');
    if (!client.invitationPending)
      throw new AppError('CONFLICT', 'This client has already chosen a password');
    const membership = await membershipsRepository.find(this.db, principal.firmId, clientId);
    const credentials = membership?.status === 'active' ? await temporaryCredentials() : null;
    const updated = await this.db.transaction(async (tx) => {
      if (credentials)
        await repo.updateAccount(tx, clientId, {
          passwordHash: credentials.passwordHash,
          temporaryPasswordExpiresAt: credentials.expiresAt,
        });
      await repo.markInvited(tx, principal.firmId, clientId);
      await this.audit(tx, principal, context, 'client_invitation_sent', clientId);
      return (await repo.findInFirm(tx, principal.firmId, clientId))!;
    });
    this.firmCache.changed(principal.firmId);
    await this.invite(principal, updated, credentials?.password ?? null);
    return { message: MESSAGES.invitationResent, data: updated };
  }

  /**
   * The client no longer has access to the firm: their membership ends and their sessions acting in
   * the firm end now. Their account, and any other firm they work with, are theirs.
   */
  async deactivate(
    principal: Principal,
    clientId: string,
    context: RequestContext,
  ): Promise<ClientActionResponse> {
    await this.require(principal, clientId);
    const updated = await this.db.transaction(async (tx) => {
      const membership = await membershipsRepository.find(tx, principal.firmId, clientId);
      if (membership) await membershipsRepository.end(tx, membership.id, 'deactivated');
      await this.sessions.revokeInFirm(tx, clientId, principal.firmId, 'deactivated');
      await this.audit(tx, principal, context, 'client_deactivated', clientId);
      return (await repo.findInFirm(tx, principal.firmId, clientId))!;
    });
    this.firmCache.changed(principal.firmId);
    return { message: MESSAGES.clientDeactivated, data: updated };
  }

  private async require(principal: Principal, clientId: string): Promise<ClientSummary> {
    const client = await repo.findInFirm(this.db, principal.firmId, clientId);
    if (!client) throw notFound();
    return client;
  }

  /** The invitation e-mail: with a temporary password for a new account, else asking to accept. */
  private async invite(principal: Principal, client: ClientSummary, password: string | null) {
    const firm = await profileRepository.findFirm(this.db, principal.firmId);
    const mail = {
      to: client.email,
      firstName: client.firstName,
      firmName: firm?.name ?? 'Your law firm',
      invitedBy: `${principal.firstName} ${principal.lastName}`,
      signInLink: `${this.config.publicUrl}/login`,
    };
    this.mailer.dispatch(
      password ? clientInvitationMail({ ...mail, temporaryPassword: password }) : clientJoinMail(mail),
    );
  }

  private audit(
    db: DbOrTx,
    principal: Principal,
    context: RequestContext,
    action: ClientAction,
    clientId: string,
  ) {
    return audit(db, context, this.entry(principal, action, clientId));
  }

  private entry(principal: Principal, action: ClientAction, clientId: string): AuditEntry {
    return actorEntry(principal, action, { clientId });
  }
}

type ClientAction = 'client_created' | 'client_viewed' | 'client_invitation_sent' | 'client_deactivated';
