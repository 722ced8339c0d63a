import { randomInt } from 'node:crypto';
import { hashPassword, type DbOrTx } from '@sentinel/db';
import { MESSAGES, type MembershipStatus, type UserType } from '@sentinel/shared';
import { audit } from '../../platform/audit';
import { AppError, isUniqueViolation } from '../../platform/errors';
import type { OutgoingMail } from '../../platform/mailer';
import type { RequestContext } from '../../platform/request-context';
import { LIVE_STATUSES, membershipsRepository } from '../memberships/memberships.repository';
import { escapeHtml, mailLayout } from './auth.emails';
import { authRepository } from './auth.repository';
import { signUpsRepository } from './sign-ups.repository';

/**
 * Inviting someone into a firm (a client from the directory, a team member from a case). A new
 * person gets an account with a random temporary password that works for 72 hours, and an e-mail
 * that says where to sign in with it; at the first sign-in they choose a password of their own
 * (`AuthService.changeTemporaryPassword`). A person who has an account gets a pending membership.
 */

/** How long an invited user's temporary password works (issue 3: 72 hours). */
const TEMPORARY_PASSWORD_HOURS = 72;
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';

/** 16 unambiguous characters in four groups, always with an upper-case letter and a digit (§5). */
function temporaryPassword(): string {
  for (;;) {
    const chars = Array.from({ length: 16 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
    if (/\d/.test(chars) && /[A-Z]/.test(chars)) return chars.match(/.{4}/g)!.join('-');
  }
}

/** A new temporary password, its hash and its expiry (for a new account or a new invitation). */
export async function temporaryCredentials() {
  const password = temporaryPassword();
  return {
    password,
    passwordHash: await hashPassword(password),
    expiresAt: new Date(Date.now() + TEMPORARY_PASSWORD_HOURS * 3600 * 1000),
  };
}

export interface FirmInvitation {
  firmId: string;
  invitedById: string;
  userType: UserType;
  email: string;
  firstName: string;
  lastName: string;
  companyName?: string | null;
  phone?: string | null;
  /** The inviting request, for the audit row of sign-ups the invitation ends. */
  context: RequestContext;
}

/**
 * Adds a person to a firm, in the caller's transaction (issue 9). A new e-mail gets an account with
 * a temporary password and an active membership: the invitation e-mail carries the password. An
 * e-mail that has an account gets a pending membership, which the person accepts or declines when
 * they next sign in: the firm learns nothing of their other firms, and its answer is the same as
 * for a new e-mail. Someone already in the firm (pending or active) answers 409; someone who left,
 * was removed or declined is asked again. A sign-up of the address still waiting for its e-mail to
 * be verified holds nothing: the invitation makes the account and ends that sign-up (audited), so
 * typing someone's address at sign-up cannot keep them from being invited. When another firm
 * invites the same new address at the same moment, the later one waits for the first and then
 * invites the account it made: the answer never tells one firm of another's invitation.
 */
export async function inviteToFirm(
  tx: DbOrTx,
  invitation: FirmInvitation,
): Promise<{ userId: string; temporaryPassword: string | null }> {
  const { firmId, invitedById, userType, email, firstName, lastName } = invitation;
  let existing = await authRepository.findUserByEmail(tx, email);
  if (!existing) {
    const credentials = await temporaryCredentials();
    const user = await authRepository.createUserIfAbsent(tx, {
      email,
      firstName,
      lastName,
      companyName: invitation.companyName ?? null,
      phone: invitation.phone ?? null,
      passwordHash: credentials.passwordHash,
      temporaryPasswordExpiresAt: credentials.expiresAt,
    });
    if (user) {
      const superseded = await signUpsRepository.supersede(tx, email);
      if (superseded > 0)
        await audit(tx, invitation.context, {
          action: 'signup_superseded',
          outcome: 'success',
          firmId,
          userId: user.id,
          details: { email, signUps: superseded, invitedById },
        });
      await membershipsRepository.insert(tx, {
        firmId,
        userId: user.id,
        userType,
        status: 'active',
        invitedById,
        respondedAt: new Date(),
      });
      return { userId: user.id, temporaryPassword: credentials.password };
    }
    // Someone else's transaction made the account meanwhile (the insert waited for it): invite it.
    existing = await authRepository.findUserByEmail(tx, email);
    if (!existing) throw new AppError('CONFLICT', MESSAGES.tryAgain);
  }
  const invitedAs = {
    firstName,
    lastName,
    phone: invitation.phone ?? null,
    companyName: invitation.companyName ?? null,
  };
  const membership = await membershipsRepository.find(tx, firmId, existing.id);
  if (membership && LIVE_STATUSES.includes(membership.status as MembershipStatus)) {
    throw new AppError('CONFLICT', MESSAGES.alreadyInFirm);
  }
  if (membership) {
    await membershipsRepository.reopen(tx, membership.id, {
      userType,
      status: 'pending',
      invitedById,
      invitedAs,
    });
  } else {
    await membershipsRepository.insert(tx, {
      firmId,
      userId: existing.id,
      userType,
      status: 'pending',
      invitedById,
      invitedAs,
    });
  }
  return { userId: existing.id, temporaryPassword: null };
}

/**
 * Two invitations of one new e-mail at the same moment: the unique index decides, and the loser
 * is asked to try again (its second try finds the account).
 */
export function rethrowEmailTaken(error: unknown): never {
  if (isUniqueViolation(error)) throw new AppError('CONFLICT', MESSAGES.tryAgain);
  throw error;
}

/** The e-mail to someone who has an account and was added to a firm: sign in to accept. */
export function addedToFirmMail(input: {
  to: string;
  firstName: string;
  subject: string;
  intro: string;
  signInLink: string;
}): OutgoingMail {
  const { to, firstName, subject, intro, signInLink } = input;
  const next = 'Sign in to accept or decline. Until you accept, the firm sees nothing of your account.';
  return {
    to,
    subject,
    text: `Hello ${firstName},\n\n${intro}\n\n${next}\n\nSign in at ${signInLink}\n`,
    html: mailLayout(
      subject,
      `<p>Hello ${escapeHtml(firstName)},</p><p>${escapeHtml(intro)}</p><p>${escapeHtml(next)}</p><p><a href="${escapeHtml(signInLink)}">Sign in to Sentinel</a></p>`,
    ),
  };
}

/** The invitation e-mail: why (the intro), where to sign in, and the temporary password. */
export function invitationMail(input: {
  to: string;
  firstName: string;
  subject: string;
  intro: string;
  signInLink: string;
  temporaryPassword: string;
}): OutgoingMail {
  const { to, firstName, subject, intro, signInLink, temporaryPassword } = input;
  const validity = `The temporary password works for ${TEMPORARY_PASSWORD_HOURS} hours. When you sign in you will choose a password of your own.`;
  return {
    to,
    subject,
    text: `Hello ${firstName},\n\n${intro}\n\nSign in at ${signInLink}\nE-mail: ${to}\nTemporary password: ${temporaryPassword}\n\n${validity}\n`,
    html: mailLayout(
      subject,
      `<p>Hello ${escapeHtml(firstName)},</p><p>${escapeHtml(intro)}</p><p><a href="${escapeHtml(signInLink)}">Sign in to Sentinel</a></p><p>E-mail: ${escapeHtml(to)}<br>Temporary password: <code>${escapeHtml(temporaryPassword)}</code></p><p>${validity}</p>`,
    ),
  };
}
