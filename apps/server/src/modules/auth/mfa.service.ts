import { verifyPassword, type Database, type DbOrTx } from '@sentinel/db';
import {
  MESSAGES,
  SECURITY_MESSAGES,
  type AccountSession,
  type FirmSecurity,
  type MfaEnrolment,
  type MfaStatus,
  type MfaStepUpRequest,
  type MfaVerifyRequest,
  type SessionUser,
  type WebauthnOptions,
} from '@sentinel/shared';
import { audit } from '../../platform/audit';
import { randomToken, sha256 } from '../../platform/crypto';
import { AppError, badRequest, notFound } from '../../platform/errors';
import type { Mailer } from '../../platform/mailer';
import type { RequestContext } from '../../platform/request-context';
import { SecretBox } from '../../platform/secret-box';
import type { Throttle } from '../../platform/throttle';
import { authRepository, type UserRecord } from './auth.repository';
import { deviceName } from './device-name';
import { securityNoticeMail } from './mfa.emails';
import { mfaRepository as repo } from './mfa.repository';
import { PasskeyService } from './passkeys.service';
import { sessionUserOf, type Account, type Principal } from './principal';
import type { IssuedSession, SessionsService } from './sessions.service';
import { acceptedStep, enrolmentOf, newRecoveryCodes, newTotpSecret, recoveryCodeHash } from './totp';

export { deviceName };

/** A second step lives 10 minutes and allows 5 tries; then the password is asked again. */
const CHALLENGE_TTL_MS = 10 * 60 * 1000;
const CHALLENGE_TRIES = 5;
/**
 * Wrong codes per account in 15 minutes, across challenges: with 10⁶ codes and ±1 step, 20 tries
 * give an attacker who has the password about 1 chance in 16,000 a quarter-hour.
 */
const CODE_FAILURES = { max: 20, windowSeconds: 15 * 60 };

export type SecondStepMethod = 'totp' | 'passkey';
export type SecondStep = { purpose: 'verify' | 'enrol'; ticket: string; methods: SecondStepMethod[] };
/** A second step that failed: the message to answer, and whose failure to count. */
type Refusal = { error: string; failedUserId?: string };
export type SignedIn = { session: IssuedSession; user: SessionUser; userId: string };

/**
 * Two-step sign-in with an authenticator app (TOTP, RFC 6238), recovery codes, the firm's
 * requirement for attorneys, and the person's sessions (Settings → Security). ASVS 6.3.3, 6.5.
 */
export class MfaService {
  private readonly box: SecretBox;
  /** Passkeys, a second step beside the app: either one alone is two-step sign-in. */
  readonly passkeys: PasskeyService;

  constructor(
    private readonly db: Database,
    private readonly sessions: SessionsService,
    private readonly throttle: Throttle,
    private readonly mailer: Mailer,
    private readonly config: { appSecret: string; publicUrl: string; sessionIdleSeconds: number },
  ) {
    this.box = new SecretBox(config.appSecret, 'totp');
    this.passkeys = new PasskeyService(db, config.publicUrl, this);
  }

  /**
   * After a right password: the second step the sign-in still owes, if any — a code when the
   * person has two-step sign-in on; setting it up when a firm requires it of them as attorney.
   */
  async secondStepFor(tx: DbOrTx, user: UserRecord): Promise<SecondStep | null> {
    const methods: SecondStepMethod[] = [];
    if (user.totpEnabledAt) methods.push('totp');
    if ((await this.passkeys.count(tx, user.id)) > 0) methods.push('passkey');
    const purpose = methods.length > 0 ? 'verify' : (await repo.requiredByFirm(tx, user.id)) ? 'enrol' : null;
    if (!purpose) return null;
    const ticket = randomToken();
    await repo.createChallenge(tx, {
      userId: user.id,
      ticketHash: sha256(ticket),
      purpose,
      expiresAt: new Date(Date.now() + CHALLENGE_TTL_MS),
    });
    return { purpose, ticket, methods };
  }

  /**
   * Options for navigator.credentials.get() at the second step of a sign-in: the person's
   * passkeys and a challenge tied to this ticket (a newer one replaces it).
   */
  async passkeyOptionsFor(ticket: string): Promise<WebauthnOptions> {
    return this.db.transaction(async (tx) => {
      const challenge = await repo.lockChallenge(tx, sha256(ticket));
      if (!challenge || challenge.purpose !== 'verify') throw badRequest(SECURITY_MESSAGES.challengeExpired);
      const options = await this.passkeys.assertionOptions(tx, challenge.userId, 'sign_in', challenge.id);
      if (!options) throw new AppError('CONFLICT', SECURITY_MESSAGES.noPasskeys);
      return options;
    });
  }

  /** Options for a passkey as the second step of a step-up in Settings → Security. */
  async passkeyStepUpOptions(account: Account): Promise<WebauthnOptions> {
    const options = await this.db.transaction((tx) =>
      this.passkeys.assertionOptions(tx, account.userId, 'step_up'),
    );
    if (!options) throw new AppError('CONFLICT', SECURITY_MESSAGES.noPasskeys);
    return options;
  }

  /** The second step of a sign-in: a code, a passkey or a recovery code for the ticket, then the session. */
  async verify(input: MfaVerifyRequest, context: RequestContext): Promise<SignedIn> {
    await this.refuseWhenTicketHeldBack(input.ticket);
    const outcome = await this.db.transaction(
      async (tx): Promise<Refusal | { signedIn: SignedIn; user: UserRecord; method: string }> => {
        const challenge = await repo.lockChallenge(tx, sha256(input.ticket));
        const user = challenge && (await authRepository.findUserById(tx, challenge.userId));
        if (!challenge || challenge.purpose !== 'verify' || !user)
          return { error: SECURITY_MESSAGES.challengeExpired };
        const method = 'code' in input ? 'totp' : 'passkey' in input ? 'passkey' : 'recovery_code';
        const totpSecret = user.totpEnabledAt ? user.totpSecret : null;
        const passkeys = await this.passkeys.count(tx, user.id);
        if (!totpSecret && passkeys === 0) return { error: SECURITY_MESSAGES.challengeExpired };
        const ok =
          'code' in input
            ? totpSecret !== null &&
              (await this.useCode(tx, user.id, this.box.open(totpSecret), input.code, user.totpLastStep))
            : 'passkey' in input
              ? await this.passkeys.checkAssertion(tx, user.id, 'sign_in', input.passkey, challenge.id)
              : await repo.useRecoveryCode(tx, user.id, recoveryCodeHash(input.recoveryCode));
        if (!ok) {
          await repo.countFailedTry(tx, challenge.id, CHALLENGE_TRIES);
          await audit(tx, context, {
            action: 'mfa_challenge',
            outcome: 'failure',
            userId: user.id,
            details: { method, tries: challenge.attempts + 1 },
          });
          return {
            error:
              'code' in input
                ? SECURITY_MESSAGES.codeInvalid
                : 'passkey' in input
                  ? SECURITY_MESSAGES.passkeyInvalid
                  : SECURITY_MESSAGES.recoveryCodeInvalid,
            failedUserId: user.id,
          };
        }
        await repo.closeChallenge(tx, challenge.id);
        if (method === 'recovery_code')
          await audit(tx, context, { action: 'mfa_recovery_code_used', outcome: 'success', userId: user.id });
        return { signedIn: await this.signIn(tx, user, context, method), user, method };
      },
    );
    if ('error' in outcome) {
      if (outcome.failedUserId) await this.throttle.hit(`mfa:${outcome.failedUserId}`, CODE_FAILURES);
      throw badRequest(outcome.error);
    }
    if (outcome.method === 'recovery_code') {
      const left = await repo.recoveryCodesLeft(this.db, outcome.user.id);
      this.notice(
        outcome.user,
        'A recovery code was used to sign in',
        `A recovery code was just used to sign in to your Sentinel account. ${left} of your recovery codes are left; make new ones in Settings → Security.`,
      );
    }
    return outcome.signedIn;
  }

  /** A sign-in whose firm requires a second step not yet set up: a new secret to scan. */
  async startEnrolment(ticket: string): Promise<MfaEnrolment> {
    return this.db.transaction(async (tx) => {
      const challenge = await repo.lockChallenge(tx, sha256(ticket));
      const user = challenge && (await authRepository.findUserById(tx, challenge.userId));
      if (!challenge || challenge.purpose !== 'enrol' || !user)
        throw badRequest(SECURITY_MESSAGES.challengeExpired);
      return this.newPendingSecret(tx, user);
    });
  }

  /** …and the first code from it: two-step sign-in is on, the codes are shown once, and the person is signed in. */
  async confirmEnrolment(
    input: { ticket: string; code: string },
    context: RequestContext,
  ): Promise<SignedIn & { recoveryCodes: string[] }> {
    await this.refuseWhenTicketHeldBack(input.ticket);
    const outcome = await this.db.transaction(
      async (tx): Promise<Refusal | { signedIn: SignedIn; recoveryCodes: string[]; user: UserRecord }> => {
        const challenge = await repo.lockChallenge(tx, sha256(input.ticket));
        const user = challenge && (await authRepository.findUserById(tx, challenge.userId));
        if (!challenge || challenge.purpose !== 'enrol' || !user)
          return { error: SECURITY_MESSAGES.challengeExpired };
        if (!user.totpPendingSecret) return { error: SECURITY_MESSAGES.setupFirst };
        const step = acceptedStep(this.box.open(user.totpPendingSecret), input.code, null);
        if (step === null) {
          await repo.countFailedTry(tx, challenge.id, CHALLENGE_TRIES);
          return { error: SECURITY_MESSAGES.codeInvalid, failedUserId: user.id };
        }
        await repo.closeChallenge(tx, challenge.id);
        const recoveryCodes = await this.turnOn(tx, user, user.totpPendingSecret, step, context);
        return { signedIn: await this.signIn(tx, user, context, 'totp'), recoveryCodes, user };
      },
    );
    if ('error' in outcome) {
      if (outcome.failedUserId) await this.throttle.hit(`mfa:${outcome.failedUserId}`, CODE_FAILURES);
      throw badRequest(outcome.error);
    }
    this.enabledNotice(outcome.user);
    return { ...outcome.signedIn, recoveryCodes: outcome.recoveryCodes };
  }

  // Settings → Security

  async status(account: Account): Promise<MfaStatus> {
    const user = await this.userOf(account);
    const passkeys = await this.passkeys.list(account);
    const enabled = Boolean(user.totpEnabledAt) || passkeys.length > 0;
    return {
      enabled,
      enabledAt: user.totpEnabledAt?.toISOString() ?? passkeys[0]?.createdAt ?? null,
      recoveryCodesLeft: enabled ? await repo.recoveryCodesLeft(this.db, user.id) : 0,
      requiredByFirm: await repo.requiredByFirm(this.db, user.id),
      authenticatorApp: Boolean(user.totpEnabledAt),
      passkeys: passkeys.length,
    };
  }

  /** A new secret to scan, after the password (and the current code, when one is in force). */
  async setup(account: Account, stepUp: MfaStepUpRequest, context: RequestContext): Promise<MfaEnrolment> {
    const user = await this.stepUp(account, stepUp, context);
    return this.db.transaction((tx) => this.newPendingSecret(tx, user));
  }

  /** The first code from the new secret puts it in force (replacing an older one) with ten new recovery codes. */
  async enable(account: Account, code: string, context: RequestContext): Promise<string[]> {
    const user = await this.userOf(account);
    if (!user.totpPendingSecret) throw badRequest(SECURITY_MESSAGES.setupFirst);
    await this.refuseWhenTooManyFailures(user.id);
    const step = acceptedStep(this.box.open(user.totpPendingSecret), code, null);
    if (step === null) {
      await this.throttle.hit(`mfa:${user.id}`, CODE_FAILURES);
      throw badRequest(SECURITY_MESSAGES.codeInvalid);
    }
    const codes = await this.db.transaction((tx) =>
      this.turnOn(tx, user, user.totpPendingSecret!, step, context, account.firm?.firmId),
    );
    this.enabledNotice(user);
    return codes;
  }

  async regenerateRecoveryCodes(
    account: Account,
    stepUp: MfaStepUpRequest,
    context: RequestContext,
  ): Promise<string[]> {
    const user = await this.stepUp(account, stepUp, context);
    if (!user.totpEnabledAt && (await this.passkeys.count(this.db, user.id)) === 0)
      throw new AppError('CONFLICT', SECURITY_MESSAGES.notEnabled);
    const codes = newRecoveryCodes();
    await this.db.transaction(async (tx) => {
      await repo.replaceRecoveryCodes(tx, user.id, codes.map(recoveryCodeHash));
      await audit(tx, context, {
        action: 'mfa_recovery_codes_regenerated',
        outcome: 'success',
        firmId: account.firm?.firmId,
        userId: user.id,
      });
    });
    return codes;
  }

  /**
   * Turns the authenticator app off. With passkeys left, two-step sign-in stays on with them (and
   * the recovery codes); without, it is off, unless a firm requires it.
   */
  async disable(
    account: Account,
    stepUp: MfaStepUpRequest,
    context: RequestContext,
  ): Promise<{ passkeysRemain: boolean }> {
    const user = await this.stepUp(account, stepUp, context);
    if (!user.totpEnabledAt) throw new AppError('CONFLICT', SECURITY_MESSAGES.notEnabled);
    const passkeysRemain = (await this.passkeys.count(this.db, user.id)) > 0;
    if (!passkeysRemain && (await repo.requiredByFirm(this.db, user.id)))
      throw new AppError('CONFLICT', SECURITY_MESSAGES.requiredByFirm);
    await this.db.transaction(async (tx) => {
      await repo.disable(tx, user.id, { keepRecoveryCodes: passkeysRemain });
      await audit(tx, context, {
        action: 'mfa_disabled',
        outcome: 'success',
        firmId: account.firm?.firmId,
        userId: user.id,
        details: passkeysRemain ? { method: 'totp', passkeysRemain } : undefined,
      });
    });
    if (passkeysRemain) {
      this.notice(
        user,
        'The authenticator app was removed',
        'The authenticator app was just removed from your Sentinel account. Your passkeys still sign you in as the second step.',
      );
      return { passkeysRemain };
    }
    this.notice(
      user,
      'Two-step sign-in was turned off',
      'Two-step sign-in was just turned off for your Sentinel account. Your password alone now signs you in.',
    );
    return { passkeysRemain };
  }

  // Sessions

  async listSessions(account: Account): Promise<AccountSession[]> {
    const rows = await repo.liveSessions(this.db, account.userId, this.config.sessionIdleSeconds);
    return rows.map((row) => ({
      id: row.id,
      device: deviceName(row.userAgent),
      ip: row.ip,
      createdAt: row.createdAt.toISOString(),
      lastUsedAt: row.lastUsedAt.toISOString(),
      current: row.id === account.sessionId,
    }));
  }

  /** Signs one of the person's sessions out (another person's, or one already ended, answers 404). */
  async endSession(account: Account, sessionId: string, context: RequestContext): Promise<void> {
    await this.db.transaction(async (tx) => {
      if (!(await repo.ownLiveSession(tx, account.userId, sessionId))) throw notFound();
      await this.sessions.revoke(tx, sessionId, 'signed_out_from_settings');
      await audit(tx, context, {
        action: 'session_revoked',
        outcome: 'success',
        firmId: account.firm?.firmId,
        userId: account.userId,
        details: { sessionId },
      });
    });
  }

  /** Signs out every session of the person but this one; answers how many ended. */
  async endOtherSessions(account: Account, context: RequestContext): Promise<number> {
    return this.db.transaction(async (tx) => {
      const ended = await this.sessions.revokeAllForUser(
        tx,
        account.userId,
        'signed_out_from_settings',
        account.sessionId,
      );
      await audit(tx, context, {
        action: 'session_revoked',
        outcome: 'success',
        firmId: account.firm?.firmId,
        userId: account.userId,
        details: { others: ended },
      });
      return ended;
    });
  }

  // The firm's requirement (attorneys only)

  async firmSecurity(principal: Principal): Promise<FirmSecurity> {
    return {
      requireMfaForAttorneys: await repo.firmRequirement(this.db, principal.firmId),
      attorneysWithoutMfa: await repo.attorneysWithoutMfa(this.db, principal.firmId),
    };
  }

  /**
   * Requires (or stops requiring) two-step sign-in of the firm's attorneys. Those without it set
   * it up at their next sign-in; an attorney can only require what they have themselves.
   */
  async setFirmRequirement(
    principal: Principal,
    required: boolean,
    context: RequestContext,
  ): Promise<FirmSecurity> {
    const user = await this.userOf(principal);
    if (required && !user.totpEnabledAt && (await this.passkeys.count(this.db, user.id)) === 0)
      throw new AppError('CONFLICT', SECURITY_MESSAGES.enableForYourselfFirst);
    await this.db.transaction(async (tx) => {
      await repo.setFirmRequirement(tx, principal.firmId, required);
      await audit(tx, context, {
        action: 'firm_mfa_requirement_changed',
        outcome: 'success',
        firmId: principal.firmId,
        userId: principal.userId,
        details: { required },
      });
    });
    return this.firmSecurity(principal);
  }

  // Helpers

  async userOf(account: Pick<Account, 'userId'>): Promise<UserRecord> {
    const user = await authRepository.findUserById(this.db, account.userId);
    if (!user) throw new AppError('UNAUTHORIZED', MESSAGES.unauthorized);
    return user;
  }

  private async refuseWhenTooManyFailures(userId: string): Promise<void> {
    const state = await this.throttle.check(`mfa:${userId}`, CODE_FAILURES);
    if (!state.allowed)
      throw new AppError('RATE_LIMITED', MESSAGES.tooManyRequests, undefined, state.retryAfter);
  }

  /**
   * The per-account limit on wrong codes, read before the second step's transaction: the
   * embedded database has one connection, which that transaction holds.
   */
  private async refuseWhenTicketHeldBack(ticket: string): Promise<void> {
    const userId = await repo.challengeOwner(this.db, sha256(ticket));
    if (userId) await this.refuseWhenTooManyFailures(userId);
  }

  /** A code of the secret in force, used at most once (its step is recorded atomically). */
  private async useCode(
    tx: DbOrTx,
    userId: string,
    secret: string,
    code: string,
    lastStep: number | null,
  ): Promise<boolean> {
    const step = acceptedStep(secret, code, lastStep);
    return step !== null && (await repo.useStep(tx, userId, step));
  }

  /**
   * Step-up before a change to two-step sign-in (ASVS 6.4.x): the password, and when it is on a
   * current code, a passkey or a recovery code. Wrong answers count like wrong codes.
   */
  async stepUp(account: Account, input: MfaStepUpRequest, context: RequestContext): Promise<UserRecord> {
    const user = await this.userOf(account);
    await this.refuseWhenTooManyFailures(user.id);
    const fail = async (reason: string, message: string): Promise<never> => {
      await this.throttle.hit(`mfa:${user.id}`, CODE_FAILURES);
      await audit(this.db, context, {
        action: 'mfa_step_up',
        outcome: 'failure',
        firmId: account.firm?.firmId,
        userId: user.id,
        details: { reason },
      });
      throw new AppError('VALIDATION_FAILED', message, [
        { path: reason === 'wrong_password' ? 'password' : 'code', message },
      ]);
    };
    if (!(await verifyPassword(user.passwordHash, input.password)))
      await fail('wrong_password', SECURITY_MESSAGES.passwordWrong);
    const totpSecret = user.totpEnabledAt ? user.totpSecret : null;
    const passkeys = await this.passkeys.count(this.db, user.id);
    if (totpSecret || passkeys > 0) {
      const ok = input.passkey
        ? await this.passkeys.checkAssertion(this.db, user.id, 'step_up', input.passkey)
        : input.code
          ? totpSecret !== null &&
            (await this.useCode(this.db, user.id, this.box.open(totpSecret), input.code, user.totpLastStep))
          : input.recoveryCode
            ? await repo.useRecoveryCode(this.db, user.id, recoveryCodeHash(input.recoveryCode))
            : false;
      if (!ok)
        await fail(
          'wrong_code',
          input.passkey
            ? SECURITY_MESSAGES.passkeyInvalid
            : input.recoveryCode
              ? SECURITY_MESSAGES.recoveryCodeInvalid
              : totpSecret
                ? SECURITY_MESSAGES.codeInvalid
                : SECURITY_MESSAGES.passkeyOrRecoveryCodeRequired,
        );
    }
    return user;
  }

  private async newPendingSecret(tx: DbOrTx, user: UserRecord): Promise<MfaEnrolment> {
    const secret = newTotpSecret();
    await repo.setPendingSecret(tx, user.id, this.box.seal(secret));
    return enrolmentOf(secret, user.email);
  }

  private async turnOn(
    tx: DbOrTx,
    user: UserRecord,
    sealedSecret: string,
    step: number,
    context: RequestContext,
    firmId?: string,
  ): Promise<string[]> {
    const codes = newRecoveryCodes();
    await repo.enable(tx, user.id, sealedSecret, step);
    await repo.replaceRecoveryCodes(tx, user.id, codes.map(recoveryCodeHash));
    await audit(tx, context, {
      action: 'mfa_enabled',
      outcome: 'success',
      firmId,
      userId: user.id,
      details: { replaced: Boolean(user.totpEnabledAt) },
    });
    return codes;
  }

  private async signIn(
    tx: DbOrTx,
    user: UserRecord,
    context: RequestContext,
    method: 'totp' | 'recovery_code' | 'passkey',
  ): Promise<SignedIn> {
    const session = await this.sessions.issue(tx, user, context);
    await audit(tx, context, {
      action: 'login',
      outcome: 'success',
      firmId: session.firmId,
      userId: user.id,
      details: { sessionId: session.sessionId, secondStep: method },
    });
    return { session, user: await sessionUserOf(tx, user, session.firmId), userId: user.id };
  }

  private enabledNotice(user: UserRecord) {
    this.notice(
      user,
      'Two-step sign-in is on',
      'Two-step sign-in was just turned on for your Sentinel account: signing in now asks for a code from your authenticator app. Keep your recovery codes somewhere safe.',
    );
  }

  notice(user: UserRecord, title: string, text: string) {
    this.mailer.dispatch(
      securityNoticeMail(
        user.email,
        user.firstName,
        title,
        text,
        `${this.config.publicUrl}/settings?tab=security`,
      ),
    );
  }
}
