import { z } from 'zod';
import { USER_TYPES } from '../user-types';
import { sessionUser } from './auth';

/**
 * One person, many firms (issue 9). A person has one account and a membership in each firm they
 * work with, holding the user type they have there. The session acts in one firm at a time.
 */

/**
 * pending: a firm added an existing account, which has not answered yet; active: the person works
 * in the firm; declined: they said no; ended: removed by an attorney, left, or (clients)
 * deactivated.
 */
export const MEMBERSHIP_STATUSES = ['pending', 'active', 'declined', 'ended'] as const;
export type MembershipStatus = (typeof MEMBERSHIP_STATUSES)[number];

/** A firm the signed-in person works in, or has been invited to. */
export const myMembership = z.object({
  id: z.string(),
  firmId: z.string(),
  firmName: z.string(),
  userType: z.enum(USER_TYPES),
  status: z.enum(['pending', 'active']),
  /** Who added them (an attorney of that firm), when known. */
  invitedBy: z.string().nullable(),
  /** When the firm added them. */
  createdAt: z.string(),
  /** Whether this is the firm the session acts in. */
  current: z.boolean(),
});
export type MyMembership = z.infer<typeof myMembership>;

// GET /api/memberships: the caller's firms and pending invitations (never anyone else's)
export const myMembershipsResponse = z.object({ data: z.array(myMembership) });
export type MyMembershipsResponse = z.infer<typeof myMembershipsResponse>;

export const membershipParams = z.object({ id: z.uuid({ error: 'Unknown membership' }) });

/**
 * The answer of everything that changes which firm the session acts in (switching, accepting an
 * invitation, leaving): a new access token for the session's firm, the user as that firm sees
 * them, and the memberships now.
 */
export const sessionChangeResponse = z.object({
  message: z.string(),
  token: z.string(),
  expiresIn: z.number(),
  user: sessionUser,
  memberships: z.array(myMembership),
});
export type SessionChangeResponse = z.infer<typeof sessionChangeResponse>;

// POST /api/auth/switch-firm
export const switchFirmRequest = z.object({ firmId: z.uuid({ error: 'Choose a firm' }) });
export type SwitchFirmRequest = z.infer<typeof switchFirmRequest>;

/** A person of the active firm as its attorneys manage them (Settings → Team). */
export const firmMember = z.object({
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  userType: z.enum(USER_TYPES),
  status: z.enum(['pending', 'active']),
  createdAt: z.string(),
  /** Whether this is the signed-in attorney (they leave rather than remove themselves). */
  self: z.boolean(),
});
export type FirmMember = z.infer<typeof firmMember>;

// GET /api/firm/members: the firm's people other than clients (clients are in the directory)
export const firmMembersResponse = z.object({ data: z.array(firmMember) });
export type FirmMembersResponse = z.infer<typeof firmMembersResponse>;

export const firmMemberParams = z.object({ userId: z.uuid({ error: 'Unknown person' }) });

// DELETE /api/firm/members/{userId}
export const removeFirmMemberResponse = z.object({ message: z.string(), data: z.array(firmMember) });
export type RemoveFirmMemberResponse = z.infer<typeof removeFirmMemberResponse>;
