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
import { authRepository } from '../auth/auth.repository';
import { createInvitedAccount, rethrowEmailTaken, temporaryCredentials } from '../auth/invitations';
import type { Principal } from '../auth/principal';
import type { SessionsService } from '../auth/sessions.service';
import { profileRepository } from '../profile/profile.repository';
import { clientInvitationMail } from './clients.emails';
import { clientsRepository as repo } from './clients.repository';

type CreateInput = z.output<typeof createClientRequest>;
type ListInput = z.output<typeof listClientsQuery>;

/**
 * The firm's client directory. Attorneys add clients (an account of type client in the firm,
 * with a temporary password sent by e-mail), list, open, re-invite and deactivate them. Every
 * read and change is audited with the client's id.
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
        const { user, temporaryPassword } = await createInvitedAccount(tx, {
          firmId: principal.firmId,
          email: input.email,
          firstName: input.firstName,
          lastName: input.lastName,
          userType: 'client',
          companyName: input.companyName || null,
          phone: input.phone,
        });
        await repo.insertProfile(tx, {
          userId: user.id,
          firmId: principal.firmId,
          leadAttorneyId: principal.userId,
          createdById: principal.userId,
          invitedAt: new Date(),
        });
        await this.audit(tx, principal, context, 'client_created', user.id);
        return {
          client: (await repo.findInFirm(tx, principal.firmId, user.id))!,
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
    const owner = await authRepository.findUserById(this.db, userId);
    if (!owner || owner.firmId !== principal.firmId) throw notFound();
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

  /** A new temporary password and a new invitation, while the client has not chosen a password. */
  async resendInvitation(
    principal: Principal,
    clientId: string,
    context: RequestContext,
  ): Promise<ClientActionResponse> {
    const client = await this.require(principal, clientId);
    if (client.deactivated) throw new AppError('CONFLICT', 'This client is deactivated');
    if (!client.invitationPending)
      throw new AppError('CONFLICT', 'This client has already chosen a password');
    const { password, passwordHash, expiresAt } = await temporaryCredentials();
    const updated = await this.db.transaction(async (tx) => {
      await repo.updateAccount(tx, clientId, { passwordHash, temporaryPasswordExpiresAt: expiresAt });
      await repo.markInvited(tx, clientId);
      await this.audit(tx, principal, context, 'client_invitation_sent', clientId);
      return (await repo.findInFirm(tx, principal.firmId, clientId))!;
    });
    this.firmCache.changed(principal.firmId);
    await this.invite(principal, updated, password);
    return { message: MESSAGES.invitationResent, data: updated };
  }

  /** The client can no longer sign in; their sessions end now. */
  async deactivate(
    principal: Principal,
    clientId: string,
    context: RequestContext,
  ): Promise<ClientActionResponse> {
    await this.require(principal, clientId);
    const updated = await this.db.transaction(async (tx) => {
      await repo.updateAccount(tx, clientId, { status: 'deactivated' });
      await this.sessions.revokeAllForUser(tx, clientId, 'deactivated');
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

  private async invite(principal: Principal, client: ClientSummary, password: string) {
    const firm = await profileRepository.findFirm(this.db, principal.firmId);
    this.mailer.dispatch(
      clientInvitationMail({
        to: client.email,
        firstName: client.firstName,
        firmName: firm?.name ?? 'Your law firm',
        invitedBy: `${principal.firstName} ${principal.lastName}`,
        signInLink: `${this.config.publicUrl}/login`,
        temporaryPassword: password,
      }),
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
