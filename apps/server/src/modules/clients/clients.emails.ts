import type { OutgoingMail } from '../../platform/mailer';
import { addedToFirmMail, invitationMail } from '../auth/invitations';

/** The invitation a new client receives: where to sign in, and a temporary password. */
export function clientInvitationMail(input: {
  to: string;
  firstName: string;
  firmName: string;
  invitedBy: string;
  signInLink: string;
  temporaryPassword: string;
}): OutgoingMail {
  const { firmName, invitedBy, ...rest } = input;
  return invitationMail({
    ...rest,
    subject: `${firmName} invited you to Sentinel`,
    intro: `${invitedBy} of ${firmName} has opened your claim file in Sentinel, where you can follow your case, share documents and message your case team.`,
  });
}

/** Tells someone who has an account that a firm added them as its client: they accept at sign-in. */
export function clientJoinMail(input: {
  to: string;
  firstName: string;
  firmName: string;
  invitedBy: string;
  signInLink: string;
}): OutgoingMail {
  const { firmName, invitedBy, ...rest } = input;
  return addedToFirmMail({
    ...rest,
    subject: `${firmName} has added you as a client in Sentinel`,
    intro: `${invitedBy} of ${firmName} has opened your claim file in Sentinel, where you can follow your case, share documents and message your case team.`,
  });
}
