import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import type { Database, DbOrTx } from '@sentinel/db';
import {
  SECURITY_MESSAGES,
  type MfaStepUpRequest,
  type Passkey,
  type PasskeyAdded,
  type PasskeyAssertion,
  type PasskeyAttestation,
  type WebauthnOptions,
} from '@sentinel/shared';
import { audit } from '../../platform/audit';
import { sha256 } from '../../platform/crypto';
import { AppError, badRequest, isUniqueViolation, notFound } from '../../platform/errors';
import type { RequestContext } from '../../platform/request-context';
import { mfaRepository } from './mfa.repository';
import type { UserRecord } from './auth.repository';
import { deviceName } from './device-name';
import { passkeysRepository as repo, type PasskeyPurpose, type PasskeyRecord } from './passkeys.repository';
import type { Account } from './principal';
import { newRecoveryCodes, recoveryCodeHash } from './totp';

/** What passkeys borrow from two-step sign-in (MfaService): its step-up, the person, its notices. */
export interface SecondStepHost {
  stepUp(account: Account, input: MfaStepUpRequest, context: RequestContext): Promise<UserRecord>;
  userOf(account: Pick<Account, 'userId'>): Promise<UserRecord>;
  notice(user: UserRecord, title: string, text: string): void;
}

/** A challenge handed to the browser answers for 5 minutes, once. */
const CHALLENGE_TTL_MS = 5 * 60 * 1000;
/** As many passkeys as anyone reasonably has (phones, laptops, security keys). */
const MAX_PASSKEYS = 20;

/**
 * The relying party of the passkeys: the public URL's host name and origin. Browsers refuse an IP
 * address as RP ID, so on a loopback address (development, the end-to-end journeys) passkeys are
 * for `localhost` at the same port; the app answers there too.
 */
export function relyingParty(publicUrl: string): { rpID: string; origin: string } {
  const url = new URL(publicUrl);
  if (url.hostname === '127.0.0.1' || url.hostname === '[::1]') url.hostname = 'localhost';
  return { rpID: url.hostname, origin: url.origin };
}

/** The challenge a browser signed, read from its client data (null when unreadable). */
function signedChallenge(clientDataJSON: string): string | null {
  try {
    const data = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8')) as unknown;
    const challenge = (data as { challenge?: unknown } | null)?.challenge;
    return typeof challenge === 'string' && challenge.length > 0 && challenge.length <= 200
      ? challenge
      : null;
  } catch {
    return null;
  }
}

const bytesOf = (base64url: string) => new Uint8Array(Buffer.from(base64url, 'base64url'));

export const passkeyOf = (row: PasskeyRecord): Passkey => ({
  id: row.id,
  name: row.name,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
});

/**
 * Passkeys (WebAuthn, with @simplewebauthn/server) as a second step of sign-in, beside the
 * authenticator app: adding one in Settings → Security after a step-up, and checking one at a
 * sign-in or a step-up. Challenges are kept only as hashes, for one person and purpose, 5 minutes,
 * and are used up by the first answer that names them, right or wrong.
 */
export class PasskeyService {
  private readonly rp: { rpID: string; origin: string };

  constructor(
    private readonly db: Database,
    publicUrl: string,
    private readonly mfa: SecondStepHost,
  ) {
    this.rp = relyingParty(publicUrl);
  }

  count(db: DbOrTx, userId: string): Promise<number> {
    return repo.count(db, userId);
  }

  /** Options for navigator.credentials.get() with the person's passkeys, for a purpose. */
  async assertionOptions(
    tx: DbOrTx,
    userId: string,
    purpose: Exclude<PasskeyPurpose, 'register'>,
    mfaChallengeId?: string,
  ): Promise<WebauthnOptions | null> {
    const credentials = await repo.list(tx, userId);
    if (credentials.length === 0) return null;
    const options = await generateAuthenticationOptions({
      rpID: this.rp.rpID,
      allowCredentials: credentials.map((c) => ({ id: c.credentialId, transports: c.transports })),
      userVerification: 'preferred',
      timeout: CHALLENGE_TTL_MS,
    });
    await repo.createChallenge(tx, {
      userId,
      purpose,
      challengeHash: sha256(options.challenge),
      mfaChallengeId,
      expiresAt: new Date(Date.now() + CHALLENGE_TTL_MS),
    });
    return options as unknown as WebauthnOptions;
  }

  /**
   * Whether a passkey answer is right: its challenge is a live one of this person, purpose (and
   * sign-in), now used up; the credential is theirs; the signature, origin and RP ID hold; and the
   * signature counter moved forward (a regression is a cloned authenticator: refused).
   */
  async checkAssertion(
    tx: DbOrTx,
    userId: string,
    purpose: Exclude<PasskeyPurpose, 'register'>,
    assertion: PasskeyAssertion,
    mfaChallengeId?: string,
  ): Promise<boolean> {
    const challenge = signedChallenge(assertion.response.clientDataJSON);
    if (!challenge) return false;
    const live = await repo.consumeChallenge(tx, {
      userId,
      purpose,
      challengeHash: sha256(challenge),
      mfaChallengeId,
    });
    if (!live) return false;
    const credential = await repo.findOwnCredential(tx, userId, assertion.id);
    if (!credential) return false;
    try {
      const { verified, authenticationInfo } = await verifyAuthenticationResponse({
        response: assertion,
        expectedChallenge: challenge,
        expectedOrigin: this.rp.origin,
        expectedRPID: this.rp.rpID,
        credential: {
          id: credential.credentialId,
          publicKey: bytesOf(credential.publicKey),
          counter: credential.counter,
          transports: credential.transports,
        },
        requireUserVerification: false,
      });
      return verified && (await repo.recordUse(tx, credential.id, authenticationInfo.newCounter));
    } catch {
      // A bad signature, another origin, a counter gone back: the library throws.
      return false;
    }
  }

  // Settings → Security

  async list(account: Account): Promise<Passkey[]> {
    return (await repo.list(this.db, account.userId)).map(passkeyOf);
  }

  /** Options for navigator.credentials.create(), after the step-up (as for the authenticator app). */
  async registrationOptions(
    account: Account,
    stepUp: MfaStepUpRequest,
    context: RequestContext,
  ): Promise<WebauthnOptions> {
    const user = await this.mfa.stepUp(account, stepUp, context);
    const existing = await repo.list(this.db, user.id);
    if (existing.length >= MAX_PASSKEYS) throw new AppError('CONFLICT', SECURITY_MESSAGES.passkeyLimit);
    const options = await generateRegistrationOptions({
      rpName: 'Sentinel',
      rpID: this.rp.rpID,
      userName: user.email,
      userDisplayName: `${user.firstName} ${user.lastName}`.trim(),
      userID: new Uint8Array(Buffer.from(user.id.replaceAll('-', ''), 'hex')),
      attestationType: 'none',
      excludeCredentials: existing.map((c) => ({ id: c.credentialId, transports: c.transports })),
      authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
      timeout: CHALLENGE_TTL_MS,
    });
    await repo.createChallenge(this.db, {
      userId: user.id,
      purpose: 'register',
      challengeHash: sha256(options.challenge),
      expiresAt: new Date(Date.now() + CHALLENGE_TTL_MS),
    });
    return options as unknown as WebauthnOptions;
  }

  /**
   * The new passkey's answer to those options. The first second step of an account (no app, no
   * passkey) turns two-step sign-in on and answers ten recovery codes, shown once.
   */
  async add(
    account: Account,
    input: { name?: string; response: PasskeyAttestation },
    context: RequestContext,
  ): Promise<PasskeyAdded> {
    const challenge = signedChallenge(input.response.response.clientDataJSON);
    const live =
      challenge !== null &&
      (await repo.consumeChallenge(this.db, {
        userId: account.userId,
        purpose: 'register',
        challengeHash: sha256(challenge),
      }));
    if (!live) throw badRequest(SECURITY_MESSAGES.passkeyInvalid);
    let credential;
    try {
      const verification = await verifyRegistrationResponse({
        response: input.response,
        expectedChallenge: challenge,
        expectedOrigin: this.rp.origin,
        expectedRPID: this.rp.rpID,
        requireUserVerification: false,
      });
      if (!verification.verified) throw badRequest(SECURITY_MESSAGES.passkeyInvalid);
      credential = verification.registrationInfo.credential;
    } catch (error) {
      if (error instanceof AppError) throw error;
      throw badRequest(SECURITY_MESSAGES.passkeyInvalid);
    }
    if (await repo.credentialTaken(this.db, credential.id))
      throw new AppError('CONFLICT', SECURITY_MESSAGES.passkeyAlreadyAdded);
    const user = await this.mfa.userOf(account);
    const outcome = await this.db
      .transaction(async (tx) => {
        const firstFactor = !user.totpEnabledAt && (await repo.count(tx, user.id)) === 0;
        const row = await repo.insert(tx, {
          userId: user.id,
          credentialId: credential.id,
          publicKey: Buffer.from(credential.publicKey).toString('base64url'),
          counter: credential.counter,
          transports: input.response.response.transports ?? credential.transports ?? [],
          name: input.name ?? deviceName(context.userAgent),
        });
        const recoveryCodes = firstFactor ? newRecoveryCodes() : undefined;
        if (recoveryCodes)
          await mfaRepository.replaceRecoveryCodes(tx, user.id, recoveryCodes.map(recoveryCodeHash));
        await audit(tx, context, {
          action: 'passkey_added',
          outcome: 'success',
          firmId: account.firm?.firmId,
          userId: user.id,
          details: { passkeyId: row.id, firstSecondStep: firstFactor },
        });
        return { passkey: passkeyOf(row), ...(recoveryCodes && { recoveryCodes }) };
      })
      .catch((error: unknown) => {
        if (isUniqueViolation(error)) throw new AppError('CONFLICT', SECURITY_MESSAGES.passkeyAlreadyAdded);
        throw error;
      });
    this.mfa.notice(
      user,
      'A passkey was added',
      `A passkey named “${outcome.passkey.name}” was just added to your Sentinel account. It now signs you in as the second step${outcome.recoveryCodes ? ': two-step sign-in is on. Keep your recovery codes somewhere safe.' : '.'}`,
    );
    return outcome;
  }

  async rename(account: Account, id: string, name: string): Promise<Passkey> {
    const row = await repo.rename(this.db, account.userId, id, name);
    if (!row) throw notFound();
    return passkeyOf(row);
  }

  /**
   * Removes a passkey, after the step-up. The last second step of someone whose firm requires one
   * stays; removing the last one otherwise turns two-step sign-in off (and ends the recovery codes).
   */
  async remove(
    account: Account,
    id: string,
    stepUp: MfaStepUpRequest,
    context: RequestContext,
  ): Promise<void> {
    const own = (await repo.list(this.db, account.userId)).find((row) => row.id === id);
    if (!own) throw notFound();
    const user = await this.mfa.stepUp(account, stepUp, context);
    const last = !user.totpEnabledAt && (await repo.count(this.db, user.id)) === 1;
    if (last && (await mfaRepository.requiredByFirm(this.db, user.id)))
      throw new AppError('CONFLICT', SECURITY_MESSAGES.lastFactorRequiredByFirm);
    await this.db.transaction(async (tx) => {
      if (!(await repo.remove(tx, user.id, id))) throw notFound();
      if (last) await mfaRepository.disable(tx, user.id);
      await audit(tx, context, {
        action: 'passkey_removed',
        outcome: 'success',
        firmId: account.firm?.firmId,
        userId: user.id,
        details: { passkeyId: id, lastSecondStep: last },
      });
    });
    this.mfa.notice(
      user,
      'A passkey was removed',
      `The passkey named “${own.name}” was just removed from your Sentinel account.${last ? ' Two-step sign-in is now off: your password alone signs you in.' : ''}`,
    );
  }
}
