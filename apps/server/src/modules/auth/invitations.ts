import { randomInt } from 'node:crypto';
import { hashPassword, type DbOrTx, type schema } from '@sentinel/db';
import { MESSAGES } from '@sentinel/shared';
import { AppError, isUniqueViolation } from '../../platform/errors';
import type { OutgoingMail } from '../../platform/mailer';
import { escapeHtml, mailLayout } from './auth.emails';
import { authRepository, type UserRecord } from './auth.repository';

/**
 * Inviting someone into a firm (a client from the directory, a team member from a case): an
 * account with a random temporary password that works for 72 hours, and an e-mail that says where
 * to sign in with it. At the first sign-in the user chooses a password of their own
 * (`AuthService.changeTemporaryPassword`).
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

type InvitedAccount = Omit<typeof schema.users.$inferInsert, 'passwordHash' | 'temporaryPasswordExpiresAt'>;

/**
 * Creates the invited user's account with a temporary password, in the caller's transaction. An
 * e-mail that already has an account answers 409; so does one taken by a concurrent invitation,
 * once the caller passes its transaction's failure through `rethrowEmailTaken`.
 */
export async function createInvitedAccount(
  tx: DbOrTx,
  values: InvitedAccount,
): Promise<{ user: UserRecord; temporaryPassword: string }> {
  if (await authRepository.findUserByEmail(tx, values.email)) throw emailTaken();
  const credentials = await temporaryCredentials();
  const user = await authRepository.createUser(tx, {
    ...values,
    passwordHash: credentials.passwordHash,
    temporaryPasswordExpiresAt: credentials.expiresAt,
  });
  return { user, temporaryPassword: credentials.password };
}

/** Two invitations of one e-mail at the same moment: the unique index decides, and the loser gets 409. */
export function rethrowEmailTaken(error: unknown): never {
  if (isUniqueViolation(error)) throw emailTaken();
  throw error;
}

const emailTaken = () => new AppError('CONFLICT', MESSAGES.emailTaken);

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
