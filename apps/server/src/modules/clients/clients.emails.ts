import type { OutgoingMail } from '../../platform/mailer';
import { escapeHtml, mailLayout } from '../auth/auth.emails';

/** The invitation a new client receives: where to sign in, and a temporary password. */
export function clientInvitationMail(input: {
  to: string;
  firstName: string;
  firmName: string;
  invitedBy: string;
  signInLink: string;
  temporaryPassword: string;
  validHours: number;
}): OutgoingMail {
  const { to, firstName, firmName, invitedBy, signInLink, temporaryPassword, validHours } = input;
  const subject = `${firmName} invited you to Sentinel`;
  return {
    to,
    subject,
    text: `Hello ${firstName},\n\n${invitedBy} of ${firmName} has opened your claim file in Sentinel, where you can follow your case, share documents and message your case team.\n\nSign in at ${signInLink}\nE-mail: ${to}\nTemporary password: ${temporaryPassword}\n\nThe temporary password works for ${validHours} hours. When you sign in you will choose a password of your own.\n`,
    html: mailLayout(
      subject,
      `<p>Hello ${escapeHtml(firstName)},</p><p>${escapeHtml(invitedBy)} of ${escapeHtml(firmName)} has opened your claim file in Sentinel, where you can follow your case, share documents and message your case team.</p><p><a href="${escapeHtml(signInLink)}">Sign in to Sentinel</a></p><p>E-mail: ${escapeHtml(to)}<br>Temporary password: <code>${escapeHtml(temporaryPassword)}</code></p><p>The temporary password works for ${validHours} hours. When you sign in you will choose a password of your own.</p>`,
    ),
  };
}
