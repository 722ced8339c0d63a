import type { OutgoingMail } from '../../platform/mailer';
import { escapeHtml, mailLayout } from '../auth/auth.emails';

export interface DigestItem {
  title: string;
  body: string;
  /** Absolute link into the app, or null. */
  link: string | null;
}

/** What stayed unread in the bell for 15 minutes (issue 12), with a link to each and to the settings. */
export function digestMail(input: {
  to: string;
  firstName: string;
  items: DigestItem[];
  settingsLink: string;
}): OutgoingMail {
  const { to, firstName, items, settingsLink } = input;
  const count = items.length;
  const subject = `You have ${count} unread notification${count === 1 ? '' : 's'} in Sentinel`;
  return {
    to,
    subject,
    text: [
      `Hello ${firstName},`,
      '',
      `${count === 1 ? 'This has' : 'These have'} waited for you in Sentinel for 15 minutes or more:`,
      '',
      ...items.flatMap((item) => [
        `- ${item.title}`,
        `  ${item.body}`,
        ...(item.link ? [`  ${item.link}`] : []),
        '',
      ]),
      `To stop these e-mails, turn off the digest under Settings: ${settingsLink}`,
      '',
    ].join('\n'),
    html: mailLayout(
      subject,
      `<p>Hello ${escapeHtml(firstName)},</p><p>${count === 1 ? 'This has' : 'These have'} waited for you in Sentinel for 15 minutes or more:</p><ul>${items
        .map(
          (item) =>
            `<li><strong>${item.link ? `<a href="${escapeHtml(item.link)}">${escapeHtml(item.title)}</a>` : escapeHtml(item.title)}</strong><br>${escapeHtml(item.body)}</li>`,
        )
        .join('')}</ul><p><a href="${escapeHtml(settingsLink)}">Turn off these e-mails</a></p>`,
    ),
  };
}
