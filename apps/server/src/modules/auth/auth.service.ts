import { hashPassword, verifyPassword, type Database } from '@sentinel/db';
import {
  MESSAGES,
  type ChangePasswordRequest,
  type ChangeTempPasswordRequest,
  type LoginResponse,
  type RegisterRequest,
  type SessionUser,
  type UserType,
  type VerifyEmailRequest,
  type ResendVerificationRequest,
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
import { passwordChangedMail, passwordResetMail, signUpAttemptMail, verifyEmailMail } from './auth.emails';
import { signUpsRepository as signUps } from './sign-ups.repository';
import { newPasswordProblem } from './password-policy';
import { membershipsRepository } from '../memberships/memberships.repository';
import { sessionUserOf, type Account } from './principal';
import type { IssuedSession, SessionsService } from './sessions.service';
import type { MfaService, SecondStep } from './mfa.service';
import { notifyInvitationAccepted } from '../notifications/notify';

const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;
const TEMPORARY_TICKET_TTL_MS = 15 * 60 * 1000;
/** How long a sign-up's verification link works. */
const SIGN_UP_TTL_MS = 24 * 60 * 60 * 1000;

export type LoginOutcome =
  | { kind: 'session'; session: IssuedSession; body: LoginResponse }
  | { kind: 'temporary'; body: LoginResponse }
  | { kind: 'second-step'; body: LoginResponse };

/** The login answer that asks for the second step (a code, or setting up an authenticator). */
const secondStepBody = (step: SecondStep): LoginResponse =>
  step.purpose === 'verify'
    ? { mfaRequired: true, mfaTicket: step.ticket, mfaMethods: step.methods }
    : { mfaEnrolmentRequired: true, mfaTicket: step.ticket };

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
/** Sign-up e-mails (links or notes) one address may receive in an hour, whoever asks. */
export const SIGN_UP_ADDRESS_CAP = { max: 10, windowSeconds: 60 * 60 };

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
    private readonly mfa: MfaService,
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
    // No account but a waiting sign-up: its password is checked instead of the dummy (same cost).
    const pending = user ? undefined : await signUps.newestOf(this.db, email);
    const passwordOk = await verifyPassword(
      user?.passwordHash ?? pending?.passwordHash ?? (await this.dummyHash),
      password,
    );
    if (pending && passwordOk) {
      // Only whoever signed up knows this password: telling them to verify reveals nothing.
      await audit(this.db, context, {
        action: 'login',
        outcome: 'failure',
        details: { email, reason: 'email_not_verified' },
      });
      throw new AppError('EMAIL_NOT_VERIFIED', MESSAGES.emailNotVerified);
    }
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

    const signedIn = await this.db.transaction(async (tx) => {
      // The password is right; two-step sign-in, when on or required, still stands between.
      const secondStep = await this.mfa.secondStepFor(tx, user);
      if (secondStep) {
        await audit(tx, context, {
          action: 'mfa_challenge',
          outcome: 'success',
          userId: user.id,
          details: { purpose: secondStep.purpose },
        });
        return { secondStep };
      }
      const issued = await this.sessions.issue(tx, user, context);
      await audit(tx, context, {
        action: 'login',
        outcome: 'success',
        firmId: issued.firmId,
        userId: user.id,
        details: { sessionId: issued.sessionId },
      });
      return {
        secondStep: null,
        session: issued,
        sessionUser: await sessionUserOf(tx, user, issued.firmId),
      };
    });
    if (signedIn.secondStep) return { kind: 'second-step', body: secondStepBody(signedIn.secondStep) };
    const { session, sessionUser } = signedIn;
    return {
      kind: 'session',
      session,
      body: { token: session.accessToken, expiresIn: session.expiresIn, user: sessionUser },
    };
  }

  /**
   * Sign-up by e-mail (docs/decisions/0010): answers the same whether or not the address has an
   * account, in the same time (the password is hashed either way, mail goes in the background).
   * A new address gets a waiting sign-up and a link; no account exists until the link is
   * followed with the password (`verifyEmail`), so typing someone else's address holds nothing.
   * An address with an account gets a note that someone tried. Either mail is capped per address.
   */
  async register(input: RegisterRequest, context: RequestContext): Promise<void> {
    await this.limit(`signup:ip:${context.ip}`, this.config.limits.signupPerIp);
    const email = normaliseEmail(input.email);
    this.passwordPolicy(input.password, [input.firstName, input.lastName, email, input.companyName]);
    const passwordHash = await hashPassword(input.password);
    const existing = await repo.findUserByEmail(this.db, email);
    const perAddress = await this.throttle.hit(`signup:address:${email}`, SIGN_UP_ADDRESS_CAP);
    if (existing || !perAddress.allowed) {
      // A transaction as for a new address, so the two answers cost the same round trips.
      await this.db.transaction((tx) =>
        audit(tx, context, {
          action: 'signup',
          outcome: 'failure',
          userId: existing?.id,
          details: { email, reason: perAddress.allowed ? 'address_has_account' : 'rate_limited' },
        }),
      );
      if (existing && perAddress.allowed)
        this.mailer.dispatch(
          signUpAttemptMail(existing.email, existing.firstName, {
            signIn: `${this.config.publicUrl}/login`,
            reset: `${this.config.publicUrl}/forgot-password`,
          }),
        );
      return;
    }
    const token = randomToken();
    await this.db.transaction(async (tx) => {
      await signUps.create(tx, {
        email,
        passwordHash,
        firstName: input.firstName,
        lastName: input.lastName,
        companyName: input.companyName,
        userType: input.userType,
        tokenHash: sha256(token),
        expiresAt: new Date(Date.now() + SIGN_UP_TTL_MS),
      });
      await audit(tx, context, {
        action: 'signup_requested',
        outcome: 'success',
        details: { email, userType: input.userType },
      });
    });
    this.mailer.dispatch(verifyEmailMail(email, input.firstName, this.verifyLink(token)));
  }

  private verifyLink(token: string) {
    return `${this.config.publicUrl}/verify-email?token=${encodeURIComponent(token)}`;
  }

  /**
   * Follows a sign-up's link: the token proves the mailbox, the password proves the person who
   * signed up, so a link mailed for someone else's sign-up (an attacker's, with the victim's
   * address) cannot make an account whose password the attacker knows. Creates the account as
   * sign-up used to (an attorney founds a firm) and signs in. Wrong passwords count per sign-up.
   */
  async verifyEmail(
    input: VerifyEmailRequest,
    context: RequestContext,
  ): Promise<{ user: SessionUser; session: IssuedSession; signedUpAs: UserType }> {
    await this.limit(`signup:verify:ip:${context.ip}`, this.config.limits.resetPerIp);
    const pending = await signUps.findByToken(this.db, sha256(input.token));
    if (!pending) throw badRequest(MESSAGES.verificationLinkInvalid);
    const triesKey = `signup:verify:${pending.id}`;
    await this.limit(triesKey, this.config.limits.loginPerAccount);
    if (!(await verifyPassword(pending.passwordHash, input.password))) {
      await audit(this.db, context, {
        action: 'signup',
        outcome: 'failure',
        details: { email: pending.email, reason: 'wrong_password' },
      });
      throw badRequest(MESSAGES.verificationPasswordWrong, [
        { path: 'password', message: MESSAGES.verificationPasswordWrong },
      ]);
    }
    try {
      return await this.db.transaction(async (tx) => {
        if (!(await signUps.consume(tx, pending.id))) throw badRequest(MESSAGES.verificationLinkInvalid);
        // The address got an account meanwhile (an invitation, another sign-up): it is theirs.
        if (await repo.findUserByEmail(tx, pending.email))
          throw badRequest(MESSAGES.verificationAddressTaken);
        const user = await repo.createUser(tx, {
          email: pending.email,
          passwordHash: pending.passwordHash,
          firstName: pending.firstName,
          lastName: pending.lastName,
          companyName: pending.companyName,
        });
        await signUps.supersede(tx, pending.email);
        // An attorney founds a firm. Anyone else works in the firms that add them, and waits for
        // the first (docs/decisions/0003-sign-up-without-a-firm.md).
        let firmId: string | undefined;
        if (pending.userType === 'attorney') {
          firmId = (await repo.createFirm(tx, pending.companyName)).id;
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
          details: { userType: pending.userType, emailVerified: true },
        });
        const signedUpAs = pending.userType as UserType;
        return { user: await sessionUserOf(tx, user, session.firmId), session, signedUpAs };
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw badRequest(MESSAGES.verificationAddressTaken);
      throw error;
    }
  }

  /**
   * A new link for a waiting sign-up, asked from the sign-in screen with its e-mail and password
   * (so strangers cannot flood a mailbox); the old link stops working. Answers the same whatever
   * happened, in the same time (one password verification), limited per requester like reset.
   */
  async resendVerification(input: ResendVerificationRequest, context: RequestContext): Promise<void> {
    await this.limit(`reset:ip:${context.ip}`, this.config.limits.resetPerIp);
    const email = normaliseEmail(input.email);
    const perRequester = await this.throttle.hit(
      `signup:resend:${email}:${context.ip}`,
      this.config.limits.resetPerAccount,
    );
    const pending = await signUps.newestOf(this.db, email);
    this.dummyHash ??= hashPassword(randomToken());
    const passwordOk = await verifyPassword(pending?.passwordHash ?? (await this.dummyHash), input.password);
    if (!pending || !passwordOk || !perRequester.allowed) {
      await audit(this.db, context, {
        action: 'signup_link_resent',
        outcome: 'failure',
        details: {
          email,
          reason: !pending ? 'no_sign_up' : !passwordOk ? 'wrong_password' : 'rate_limited',
        },
      });
      return;
    }
    const token = randomToken();
    await this.db.transaction(async (tx) => {
      await signUps.renew(tx, pending.id, sha256(token), new Date(Date.now() + SIGN_UP_TTL_MS));
      await audit(tx, context, { action: 'signup_link_resent', outcome: 'success', details: { email } });
    });
    this.mailer.dispatch(verifyEmailMail(email, pending.firstName, this.verifyLink(token)));
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
  ): Promise<{ user: SessionUser; session: IssuedSession } | { secondStep: LoginResponse }> {
    await this.limit(`reset:ip:${context.ip}`, this.config.limits.resetPerIp);
    const email = normaliseEmail(input.email);
    type Changed = { firms: string[] } & (
      { user: SessionUser; session: IssuedSession } | { secondStep: LoginResponse }
    );
    const outcome = await this.db.transaction(async (tx): Promise<Changed> => {
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
      const memberships = await membershipsRepository.ofUser(tx, user.id);
      // The attorney who invited them hears that they signed in and chose a password.
      for (const membership of memberships.filter((row) => row.status === 'active')) {
        await notifyInvitationAccepted(tx, {
          firmId: membership.firmId,
          invitedById:
            (await membershipsRepository.find(tx, membership.firmId, user.id))?.invitedById ?? null,
          personName: `${user.firstName} ${user.lastName}`,
        });
      }
      const firms = memberships.map((row) => row.firmId);
      // An attorney of a firm that requires two-step sign-in sets it up before the first session.
      const secondStep = await this.mfa.secondStepFor(tx, user);
      if (secondStep) {
        await audit(tx, context, {
          action: 'temporary_password_changed',
          outcome: 'success',
          userId: user.id,
          details: { secondStep: secondStep.purpose },
        });
        return { secondStep: secondStepBody(secondStep), firms };
      }
      const session = await this.sessions.issue(tx, user, context);
      await audit(tx, context, {
        action: 'temporary_password_changed',
        outcome: 'success',
        firmId: session.firmId,
        userId: user.id,
        details: { sessionId: session.sessionId },
      });
      return { user: await sessionUserOf(tx, user, session.firmId), session, firms };
    });
    // The client directories show who is still to accept an invitation.
    outcome.firms.forEach((firmId) => this.firmCache.changed(firmId));
    if ('secondStep' in outcome) return { secondStep: outcome.secondStep };
    return { user: outcome.user, session: outcome.session };
  }
}
