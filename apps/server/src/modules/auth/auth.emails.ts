import type { OutgoingMail } from '../../platform/mailer';

export const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

export const mailLayout = (title: string, body: string) => `<!doctype html>
<html><body style="font-family:Arial,sans-serif;color:#0f172a;max-width:560px;margin:0 auto;padding:24px">
<h1 style="font-size:20px">${escapeHtml(title)}</h1>${body}
<p style="color:#64748b;font-size:12px">Sentinel — claims operating system</p></body></html>`;

export function passwordResetMail(to: string, firstName: string, link: string): OutgoingMail {
  return {
    to,
    subject: 'Reset your Sentinel password',
    text: `Hello ${firstName},\n\nSomeone asked to reset the password of your Sentinel account. Open this link within one hour to choose a new password:\n\n${link}\n\nThe link works once. If you did not ask for this, ignore this e-mail: your password stays as it is.\n`,
    html: mailLayout(
      'Reset your Sentinel password',
      `<p>Hello ${escapeHtml(firstName)},</p><p>Someone asked to reset the password of your Sentinel account. Open this link within one hour to choose a new password:</p><p><a href="${escapeHtml(link)}">Reset my password</a></p><p>The link works once. If you did not ask for this, ignore this e-mail: your password stays as it is.</p>`,
    ),
  };
}

export function passwordChangedMail(to: string, firstName: string, signInLink: string): OutgoingMail {
  return {
    to,
    subject: 'Your Sentinel password was changed',
    text: `Hello ${firstName},\n\nThe password of your Sentinel account was just changed and every other session was signed out.\nIf this was not you, reset your password now at ${signInLink} and tell your firm.\n`,
    html: mailLayout(
      'Your Sentinel password was changed',
      `<p>Hello ${escapeHtml(firstName)},</p><p>The password of your Sentinel account was just changed and every other session was signed out.</p><p>If this was not you, <a href="${escapeHtml(signInLink)}">reset your password now</a> and tell your firm.</p>`,
    ),
  };
}
