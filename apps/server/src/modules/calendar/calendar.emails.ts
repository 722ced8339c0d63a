import type { OutgoingMail } from '../../platform/mailer';
import { escapeHtml, mailLayout } from '../auth/auth.emails';

interface EventFacts {
  title: string;
  /** "Tue 1 Dec 2026, 10:00 – 11:00 EST" in the recipient's (or organizer's) zone. */
  when: string;
  location: string | null;
  caseLabel: string | null;
}

const factLines = (event: EventFacts) =>
  [
    `When: ${event.when}`,
    event.location ? `Where: ${event.location}` : null,
    event.caseLabel ? `Case: ${event.caseLabel}` : null,
  ].filter((line): line is string => line !== null);

const factHtml = (event: EventFacts) =>
  `<ul>${factLines(event)
    .map((line) => `<li>${escapeHtml(line)}</li>`)
    .join('')}</ul>`;

/** A reminder of one's own event (issue 11), sent when the reminder fires; `late` after downtime. */
export function reminderMail(input: {
  to: string;
  firstName: string;
  event: EventFacts;
  /** "in 15 minutes", "in 1 week" */
  lead: string;
  /** "starts", or "is due" for a deadline */
  verb: string;
  late: boolean;
  link: string;
}): OutgoingMail {
  const { to, firstName, event, lead, verb, late, link } = input;
  const subject = `${late ? 'Late reminder' : 'Reminder'}: ${event.title} (${lead})`;
  const lateNote = late
    ? 'Sentinel could not send this reminder on time; it is sent now so that you still have it.'
    : null;
  return {
    to,
    subject,
    text: [
      `Hello ${firstName},`,
      '',
      `${event.title} ${verb} ${lead}.`,
      ...factLines(event),
      ...(lateNote ? ['', lateNote] : []),
      '',
      `Open your calendar: ${link}`,
      '',
    ].join('\n'),
    html: mailLayout(
      subject,
      `<p>Hello ${escapeHtml(firstName)},</p><p><strong>${escapeHtml(event.title)}</strong> ${escapeHtml(verb)} ${escapeHtml(lead)}.</p>${factHtml(event)}${
        lateNote ? `<p>${escapeHtml(lateNote)}</p>` : ''
      }<p><a href="${escapeHtml(link)}">Open your calendar</a></p>`,
    ),
  };
}

/** An invitation to a Sentinel event, with the event as an iCalendar REQUEST. */
export function invitationMail(input: {
  to: string;
  organizer: string;
  event: EventFacts;
  description: string;
  ics: string;
}): OutgoingMail {
  const { to, organizer, event, description, ics } = input;
  const subject = `Invitation: ${event.title} — ${event.when}`;
  return {
    to,
    subject,
    text: [
      `${organizer} invited you to ${event.title}.`,
      ...factLines(event),
      ...(description ? ['', description] : []),
      '',
      'The invitation is attached; open it to add the event to your calendar.',
      '',
    ].join('\n'),
    html: mailLayout(
      subject,
      `<p>${escapeHtml(organizer)} invited you to <strong>${escapeHtml(event.title)}</strong>.</p>${factHtml(event)}${
        description ? `<p>${escapeHtml(description).replace(/\n/g, '<br>')}</p>` : ''
      }<p>The invitation is attached; open it to add the event to your calendar.</p>`,
    ),
    icalEvent: { method: 'REQUEST', filename: 'invitation.ics', content: ics },
  };
}

/** Tells the invited that an event was cancelled (iCalendar CANCEL). */
export function cancellationMail(input: {
  to: string;
  organizer: string;
  event: EventFacts;
  ics: string;
}): OutgoingMail {
  const { to, organizer, event, ics } = input;
  const subject = `Cancelled: ${event.title} — ${event.when}`;
  return {
    to,
    subject,
    text: `${organizer} cancelled ${event.title}.\n${factLines(event).join('\n')}\n`,
    html: mailLayout(
      subject,
      `<p>${escapeHtml(organizer)} cancelled <strong>${escapeHtml(event.title)}</strong>.</p>${factHtml(event)}`,
    ),
    icalEvent: { method: 'CANCEL', filename: 'cancel.ics', content: ics },
  };
}
