import type { OutgoingMail } from '../../platform/mailer';
import { escapeHtml, mailLayout } from './auth.emails';

/** A change to how the person signs in, told to their mailbox so that one they did not make shows. */
export function securityNoticeMail(
  to: string,
  firstName: string,
  title: string,
  what: string,
  settingsLink: string,
): OutgoingMail {
  const ending = 'If this was not you, change your password now and tell your firm.';
  return {
    to,
    subject: title,
    text: `Hello ${firstName},\n\n${what}\n\n${ending}\nSettings → Security: ${settingsLink}\n`,
    html: mailLayout(
      title,
      `<p>Hello ${escapeHtml(firstName)},</p><p>${escapeHtml(what)}</p><p>${escapeHtml(ending)}</p><p><a href="${escapeHtml(settingsLink)}">Settings → Security</a></p>`,
    ),
  };
}
