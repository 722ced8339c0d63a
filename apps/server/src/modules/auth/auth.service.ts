import { hashPassword, verifyPassword, type Database } from '@sentinel/db';
import {
  MESSAGES,
  type ChangePasswordRequest,
  type ChangeTempPasswordRequest,
  type LoginResponse,
  type RegisterRequest,
  type SessionUser,
} from '@sentinel/shared';
import type { Config } from '../../config';
import type { FirmCache } from '../../platform/firm-cache';
import { audit } from '../../platform/audit';
import { randomToken, sha256 } from '../../platform/crypto';
import { AppError, badRequest, isUniqueViolation } from '../../platform/errors';
import type { Mailer } from '../../platform/mailer';
import type { RequestContext } from '../../platform/request-context';
import type { Throttle } from '../../platform/throttle';
import { authRepository as repo } from './auth.repository';
import { passwordChangedMail, passwordResetMail } from './auth.emails';
import { newPasswordProblem } from './password-policy';
import { membershipsRepository } from '../memberships/memberships.repository';
import { sessionUserOf, type Account } from './principal';
import type { IssuedSession, SessionsService } from './sessions.service';
import { notifyInvitationAccepted } from '../notifications/notify';

const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;
const TEMPORARY_TICKET_TTL_MS = 15 * 60 * 1000;

export type LoginOutcome =
  | { kind: 'session'; session: IssuedSession; body: LoginResponse }
  | { kind: 'temporary'; body: LoginResponse };

const normaliseEmail = (email: string) => email.trim().toLowerCase();

/**
 * Strangers' failures on one account (sign-ins from unknown devices, every address): past
 * `failures` in 15 minutes, such sign-ins are paced to one per 10 seconds — a slowdown, never a
 * lockout, and never for a device the account has used.
 */
export const ACCOUNT_PACE = {
  failures: { max: 10, windowSeconds: 15 * 60 },
  tries: { max: 1, windowSeconds: 10 },
};
/** Reset links an account may be sent in an hour at the request of unknown devices. */
export const RESET_ACCOUNT_CAP = { max: 20, windowSeconds: 60 * 60 };

/** Sign-up, sign-in and the password flows (spec §7, ARCHITECTURE §6). */
export class AuthService {
  /** A hash to verify against when the e-mail is unknown, so both cases take the same time. */
  private dummyHash: Promise<string> | undefined;

  constructor(
    private readonly db: Database,
    private readonly sessions: SessionsService,
    private readonly throttle: Throttle,
    private readonly mailer: Mailer,
    private readonly config: Pick<Config, 'publicUrl' | 'limits'>,
    private readonly firmCache: FirmCache,
  ) {}

  private async limit(key: string, setting: { max: number; windowSeconds: number }) {
    const result = await this.throttle.hit(key, setting);
    if (!result.allowed)
      throw new AppError('RATE_LIMITED', MESSAGES.tooManyRequests, undefined, result.retryAfter);
  }

  private passwordPolicy(password: string, context: Array<string | null | undefined>) {
    const problem = newPasswordProblem(password, context);
    if (problem) throw new AppError('VALIDATION_FAILED', problem, [{ path: 'password', message: problem }]);
  }

  /**
   * Sign-in without lockout. Failures count per requester: the device (a device cookie of this
   * account, see device-cookie.ts) or else the pair of account and address, each allowed
   * LOGIN_LIMIT_PER_ACCOUNT. Strangers' failures on the account, from any address, only pace the
   * account's sign-ins from unknown devices (ACCOUNT_PACE: one every 10 seconds once there were
   * 10) and never touch a known device. The address's own limit counts every try.
   */
  async login(
    emailInput: string,
    password: string,
    context: RequestContext,
    deviceOf: (userId: string) => string | undefined = () => undefined,
  ): Promise<LoginOutcome> {
    const email = normaliseEmail(emailInput);
    await this.limit(`login:ip:${context.ip}`, this.config.limits.loginPerIp);
    const user = await repo.findUserByEmail(this.db, email);
    const device = user ? deviceOf(user.id) : undefined;
    const requesterKey = device ? `login:device:${device}` : `login:pair:${email}:${context.ip}`;
    const refuse = async (retryAfter: number, reason: string): Promise<never> => {
      await audit(this.db, context, {
        action: 'login',
        outcome: 'failure',
        userId: user?.id,
        details: { email, reason },
      });
      throw new AppError('RATE_LIMITED', MESSAGES.tooManyRequests, undefined, retryAfter);
    };
    const requester = await this.throttle.check(requesterKey, this.config.limits.loginPerAccount);
    if (!requester.allowed) await refuse(requester.retryAfter, 'rate_limited');
    if (!device) {
      const strangers = await this.throttle.check(`login:account:${email}`, ACCOUNT_PACE.failures);
      if (!strangers.allowed) {
        const pace = await this.throttle.hit(`login:pace:${email}`, ACCOUNT_PACE.tries);
        if (!pace.allowed) await refuse(pace.retryAfter, 'paced');
      }
    }

    this.dummyHash ??= hashPassword(randomToken());
    const passwordOk = await verifyPassword(user?.passwordHash ?? (await this.dummyHash), password);
    if (!user || !passwordOk) {
      await this.throttle.hit(requesterKey, this.config.limits.loginPerAccount);
      if (!device) await this.throttle.hit(`login:account:${email}`, ACCOUNT_PACE.failures);
      await audit(this.db, context, {
        action: 'login',
        outcome: 'failure',
        userId: user?.id,
        details: { email, reason: !user ? 'unknown_email' : 'wrong_password', knownDevice: Boolean(device) },
      });
      throw new AppError('INVALID_CREDENTIALS', MESSAGES.invalidCredentials);
    }
    await this.throttle.reset(requesterKey);

    if (user.temporaryPasswordExpiresAt) {
      const expired = user.temporaryPasswordExpiresAt.getTime() <= Date.now();
      const ticket = expired ? undefined : randomToken();
      await this.db.transaction(async (tx) => {
        if (ticket)
          await repo.createTicket(
            tx,
            user.id,
            sha256(ticket),
            new Date(Date.now() + TEMPORARY_TICKET_TTL_MS),
          );
        await audit(tx, context, {
          action: 'temporary_password_login',
          outcome: expired ? 'failure' : 'success',
          userId: user.id,
          details: expired ? { reason: 'expired' } : undefined,
        });
      });
      return {
        kind: 'temporary',
        body: expired
          ? { requiresPasswordReset: true, temporaryPasswordExpired: true }
          : { requiresPasswordReset: true, temporaryPasswordTicket: ticket },
      };
    }

    const { session, sessionUser } = await this.db.transaction(async (tx) => {
      const issued = await this.sessions.issue(tx, user, context);
      await audit(tx, context, {
        action: 'login',
        outcome: 'success',
        firmId: issued.firmId,
        userId: user.id,
        details: { sessionId: issued.sessionId },
      });
      return { session: issued, sessionUser: await sessionUserOf(tx, user, issued.firmId) };
    });
    return {
      kind: 'session',
      session,
      body: { token: session.accessToken, expiresIn: session.expiresIn, user: sessionUser },
    };
  }

  async register(input: RegisterRequest, context: RequestContext) {
    await this.limit(`signup:ip:${context.ip}`, this.config.limits.signupPerIp);
    const email = normaliseEmail(input.email);
    this.passwordPolicy(input.password, [input.firstName, input.lastName, email, input.companyName]);
    const passwordHash = await hashPassword(input.password);
    try {
      return await this.db.transaction(async (tx) => {
        if (await repo.findUserByEmail(tx, email))
          throw new AppError('CONFLICT', MESSAGES.emailAlreadyRegistered);
        const user = await repo.createUser(tx, {
          email,
          passwordHash,
          firstName: input.firstName,
          lastName: input.lastName,
          companyName: input.companyName,
        });
        // An attorney founds a firm. Anyone else works in the firms that add them, and waits for
        // the first (docs/decisions/0003-sign-up-without-a-firm.md).
        let firmId: string | undefined;
        if (input.userType === 'attorney') {
          firmId = (await repo.createFirm(tx, input.companyName)).id;
          await membershipsRepository.insert(tx, {
            firmId,
            userId: user.id,
            userType: 'attorney',
            status: 'active',
            respondedAt: new Date(),
          });
        }
        const session = await this.sessions.issue(tx, user, context, firmId);
        await audit(tx, context, {
          action: 'signup',
          outcome: 'success',
          firmId: session.firmId,
          userId: user.id,
          details: { userType: input.userType },
        });
        return { user: await sessionUserOf(tx, user, session.firmId), session };
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError('CONFLICT', MESSAGES.emailAlreadyRegistered);
      throw error;
    }
  }

  /**
   * Answers the same whether or not the e-mail has an account; mails a link when it has. Links
   * are limited per requester (the account's known device, or the account and the address:
   * RESET_LIMIT_PER_ACCOUNT), so others asking for someone's link do not use up theirs; requests
   * from unknown devices are also capped per account (RESET_ACCOUNT_CAP), so an account's mailbox
   * cannot be flooded from many addresses.
   */
  async requestPasswordReset(
    emailInput: string,
    context: RequestContext,
    deviceOf: (userId: string) => string | undefined = () => undefined,
  ): Promise<void> {
    const email = normaliseEmail(emailInput);
    await this.limit(`reset:ip:${context.ip}`, this.config.limits.resetPerIp);
    const user = await repo.findUserByEmail(this.db, email);
    const device = user ? deviceOf(user.id) : undefined;
    const perRequester = await this.throttle.hit(
      device ? `reset:device:${device}` : `reset:pair:${email}:${context.ip}`,
      this.config.limits.resetPerAccount,
    );
    const perAccount = device
      ? perRequester
      : perRequester.allowed
        ? await this.throttle.hit(`reset:account:${email}`, RESET_ACCOUNT_CAP)
        : perRequester;
    if (!user || !perRequester.allowed || !perAccount.allowed) {
      await audit(this.db, context, {
        action: 'password_reset_requested',
        outcome: 'failure',
        userId: user?.id,
        details: { email, reason: !user ? 'unknown_email' : 'rate_limited' },
      });
      return;
    }
    const token = randomToken();
    await this.db.transaction(async (tx) => {
      await repo.invalidateResetTokens(tx, user.id);
      await repo.createResetToken(tx, user.id, sha256(token), new Date(Date.now() + RESET_TOKEN_TTL_MS));
      await audit(tx, context, { action: 'password_reset_requested', outcome: 'success', userId: user.id });
    });
    const link = `${this.config.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
    this.mailer.dispatch(passwordResetMail(user.email, user.firstName, link));
  }

  async resetPassword(token: string, newPassword: string, context: RequestContext): Promise<void> {
    await this.limit(`reset:ip:${context.ip}`, this.config.limits.resetPerIp);
    const user = await this.db.transaction(async (tx) => {
      const used = await repo.consumeResetToken(tx, sha256(token));
      const owner = used && (await repo.findUserById(tx, used.userId));
      if (!owner) throw badRequest(MESSAGES.resetTokenInvalid);
      this.passwordPolicy(newPassword, [owner.firstName, owner.lastName, owner.email, owner.companyName]);
      await repo.setPassword(tx, owner.id, await hashPassword(newPassword));
      await repo.invalidateResetTokens(tx, owner.id);
      await this.sessions.revokeAllForUser(tx, owner.id, 'password_reset');
      await audit(tx, context, { action: 'password_reset_completed', outcome: 'success', userId: owner.id });
      return owner;
    });
    this.mailer.dispatch(
      passwordChangedMail(user.email, user.firstName, `${this.config.publicUrl}/forgot-password`),
    );
  }

  async changePassword(
    principal: Account,
    input: ChangePasswordRequest,
    context: RequestContext,
  ): Promise<void> {
    const accountKey = `password-change:${principal.userId}`;
    const state = await this.throttle.check(accountKey, this.config.limits.loginPerAccount);
    if (!state.allowed)
      throw new AppError('RATE_LIMITED', MESSAGES.tooManyRequests, undefined, state.retryAfter);
    const user = await repo.findUserById(this.db, principal.userId);
    if (!user) throw new AppError('UNAUTHORIZED', MESSAGES.unauthorized);
    if (!(await verifyPassword(user.passwordHash, input.currentPassword))) {
      await this.throttle.hit(accountKey, this.config.limits.loginPerAccount);
      await audit(this.db, context, {
        action: 'password_changed',
        outcome: 'failure',
        firmId: principal.firm?.firmId,
        userId: user.id,
        details: { reason: 'wrong_current_password' },
      });
      throw badRequest(MESSAGES.currentPasswordWrong);
    }
    this.passwordPolicy(input.newPassword, [user.firstName, user.lastName, user.email, user.companyName]);
    const passwordHash = await hashPassword(input.newPassword);
    await this.db.transaction(async (tx) => {
      await repo.setPassword(tx, user.id, passwordHash);
      await this.sessions.revokeAllForUser(tx, user.id, 'password_changed', principal.sessionId);
      await audit(tx, context, {
        action: 'password_changed',
        outcome: 'success',
        firmId: principal.firm?.firmId,
        userId: user.id,
      });
    });
    this.mailer.dispatch(
      passwordChangedMail(user.email, user.firstName, `${this.config.publicUrl}/forgot-password`),
    );
  }

  /**
   * Replaces a temporary password; only the holder of the ticket from a temporary sign-in may.
   * The holder is then signed in (a new session, as a login gives), so the invited user does not
   * sign in twice.
   */
  async changeTemporaryPassword(
    input: ChangeTempPasswordRequest,
    context: RequestContext,
  ): Promise<{ user: SessionUser; session: IssuedSession }> {
    await this.limit(`reset:ip:${context.ip}`, this.config.limits.resetPerIp);
    const email = normaliseEmail(input.email);
    const outcome = await this.db.transaction(async (tx) => {
      const ticket = await repo.consumeTicket(tx, sha256(input.ticket));
      const user = ticket && (await repo.findUserById(tx, ticket.userId));
      if (!user || user.email !== email || !user.temporaryPasswordExpiresAt) {
        throw badRequest(MESSAGES.temporaryTicketInvalid);
      }
      if (user.temporaryPasswordExpiresAt.getTime() <= Date.now())
        throw badRequest(MESSAGES.temporaryPasswordExpired);
      if (await verifyPassword(user.passwordHash, input.newPassword)) {
        throw new AppError('VALIDATION_FAILED', MESSAGES.passwordSameAsTemporary, [
          { path: 'newPassword', message: MESSAGES.passwordSameAsTemporary },
        ]);
      }
      this.passwordPolicy(input.newPassword, [user.firstName, user.lastName, user.email, user.companyName]);
      await repo.setPassword(tx, user.id, await hashPassword(input.newPassword));
      await this.sessions.revokeAllForUser(tx, user.id, 'temporary_password_changed');
      const session = await this.sessions.issue(tx, user, context);
      await audit(tx, context, {
        action: 'temporary_password_changed',
        outcome: 'success',
        firmId: session.firmId,
        userId: user.id,
        details: { sessionId: session.sessionId },
      });
      const memberships = await membershipsRepository.ofUser(tx, user.id);
      // The attorney who invited the client hears that they signed in and chose a password.
      for (const membership of memberships.filter((row) => row.status === 'active')) {
        await notifyInvitationAccepted(tx, {
          firmId: membership.firmId,
          invitedById:
            (await membershipsRepository.find(tx, membership.firmId, user.id))?.invitedById ?? null,
          personName: `${user.firstName} ${user.lastName}`,
        });
      }
      const firms = memberships.map((row) => row.firmId);
      return { user: await sessionUserOf(tx, user, session.firmId), session, firms };
    });
    // The client directories show who is still to accept an invitation.
    outcome.firms.forEach((firmId) => this.firmCache.changed(firmId));
    return { user: outcome.user, session: outcome.session };
  }
}
