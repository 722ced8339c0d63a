import type { OutgoingMail } from '../../platform/mailer';
import { escapeHtml, mailLayout } from '../auth/auth.emails';

/** The values a workflow's texts may name ({{client.firstName}}, {{case.number}}, …). */
export type PlaceholderValues = Record<string, string>;

/**
 * Fills `{{name}}` placeholders with plain text. An unknown placeholder is left as written, so a
 * typo shows in the result rather than vanishing. The result is text: HTML is escaped after.
 */
export const fillPlaceholders = (template: string, values: PlaceholderValues): string =>
  template.replace(/\{\{\s*([a-zA-Z]+\.[a-zA-Z]+)\s*\}\}/g, (whole, key: string) => values[key] ?? whole);

/** A workflow's e-mail: the filled text as written, and the same escaped, line breaks kept, as HTML. */
export function workflowMail(input: {
  to: string;
  subject: string;
  body: string;
  firmName: string;
}): OutgoingMail {
  const paragraphs = input.body
    .split(/\n{2,}/)
    .map((part) => `<p>${escapeHtml(part).replace(/\n/g, '<br>')}</p>`)
    .join('');
  return {
    to: input.to,
    subject: input.subject.replace(/[\r\n]+/g, ' '),
    text: `${input.body}\n\n— ${input.firmName}, sent by Sentinel\n`,
    html: mailLayout(input.subject, paragraphs),
  };
}
