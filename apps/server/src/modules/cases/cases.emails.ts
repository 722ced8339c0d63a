import type { OutgoingMail } from '../../platform/mailer';
import { escapeHtml, mailLayout } from '../auth/auth.emails';
import { addedToFirmMail, invitationMail } from '../auth/invitations';

/** Who is told, by whom, and of which case and role. */
interface CaseMemberMail {
  to: string;
  firstName: string;
  firmName: string;
  invitedBy: string;
  roleLabel: string;
  caseLabel: string;
}

/** The invitation someone receives when an attorney adds them to a case's team by e-mail. */
export function caseMemberInvitationMail(
  input: CaseMemberMail & { signInLink: string; temporaryPassword: string },
): OutgoingMail {
  const { firmName, invitedBy, roleLabel, caseLabel, ...rest } = input;
  return invitationMail({
    ...rest,
    subject: `${firmName} added you to a case in Sentinel`,
    intro: `${invitedBy} of ${firmName} added you as ${roleLabel} to the case ${caseLabel} in Sentinel, where the case team shares documents, deadlines and messages.`,
  });
}

/** Tells an existing account holder they were added to a case. */
export function caseMemberAddedMail(input: CaseMemberMail & { caseLink: string }): OutgoingMail {
  const { to, firstName, firmName, invitedBy, roleLabel, caseLabel, caseLink } = input;
  const subject = `You were added to ${caseLabel}`;
  const intro = `${invitedBy} of ${firmName} added you as ${roleLabel} to the case ${caseLabel}.`;
  return {
    to,
    subject,
    text: `Hello ${firstName},\n\n${intro}\n\nOpen the case: ${caseLink}\n`,
    html: mailLayout(
      subject,
      `<p>Hello ${escapeHtml(firstName)},</p><p>${escapeHtml(intro)}</p><p><a href="${escapeHtml(caseLink)}">Open the case</a></p>`,
    ),
  };
}

/**
 * Tells someone who has an account that a firm added them to a case: they accept the firm's
 * invitation when they sign in (issue 9: "Morgan & Reyes has added you to case CASE-2026-004").
 */
export function caseMemberJoinMail(
  input: CaseMemberMail & { caseNumber: string; signInLink: string },
): OutgoingMail {
  const { firmName, invitedBy, roleLabel, caseLabel, caseNumber, ...rest } = input;
  return addedToFirmMail({
    ...rest,
    subject: `${firmName} has added you to case ${caseNumber}`,
    intro: `${invitedBy} of ${firmName} added you as ${roleLabel} to the case ${caseLabel} in Sentinel, where the case team shares documents, deadlines and messages.`,
  });
}
