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

/** The link that finishes a sign-up (docs/decisions/0010): it works once, for 24 hours. */
export function verifyEmailMail(to: string, firstName: string, link: string): OutgoingMail {
  const subject = 'Finish creating your Sentinel account';
  const intro =
    'Someone — we hope you — signed up for Sentinel with this e-mail address. Open this link within 24 hours and enter the password you chose to finish creating your account:';
  const ignore =
    'The link works once. If you did not sign up, ignore this e-mail: no account is created without it.';
  return {
    to,
    subject,
    text: `Hello ${firstName},\n\n${intro}\n\n${link}\n\n${ignore}\n`,
    html: mailLayout(
      subject,
      `<p>Hello ${escapeHtml(firstName)},</p><p>${escapeHtml(intro)}</p><p><a href="${escapeHtml(link)}">Verify my e-mail</a></p><p>${escapeHtml(ignore)}</p>`,
    ),
  };
}

/**
 * To the owner of an address someone tried to sign up with: it has an account already. Sent
 * instead of a verification link, so sign-up answers the same for every address.
 */
export function signUpAttemptMail(
  to: string,
  firstName: string,
  links: { signIn: string; reset: string },
): OutgoingMail {
  const subject = 'Someone tried to sign up with your e-mail';
  const body =
    'Someone tried to create a Sentinel account with this e-mail address, which already has one. Nothing was changed.';
  const next =
    'If it was you, sign in, or reset your password if you have forgotten it. If not, ignore this e-mail.';
  return {
    to,
    subject,
    text: `Hello ${firstName},\n\n${body}\n\n${next}\n\nSign in: ${links.signIn}\nReset your password: ${links.reset}\n`,
    html: mailLayout(
      subject,
      `<p>Hello ${escapeHtml(firstName)},</p><p>${escapeHtml(body)}</p><p>${escapeHtml(next)}</p><p><a href="${escapeHtml(links.signIn)}">Sign in</a> · <a href="${escapeHtml(links.reset)}">Reset your password</a></p>`,
    ),
  };
}
