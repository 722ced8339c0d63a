import type { DbOrTx } from '@sentinel/db';
import type { SessionFirm, SessionUser, UserType } from '@sentinel/shared';
import { membershipsRepository } from '../memberships/memberships.repository';
import type { UserRecord } from './auth.repository';

/** A signed-in person, whether or not the session acts in a firm (set by the auth guard). */
export interface Account {
  userId: string;
  sessionId: string;
  email: string;
  firstName: string;
  lastName: string;
  /** IANA time zone of the person's calendar; null until first set (issue 11). */
  timeZone: string | null;
  /** The firm the session acts in, with the person's type there; null before they have one. */
  firm: { firmId: string; userType: UserType } | null;
}

/**
 * A signed-in person acting in a firm, as every firm-scoped route sees them and hands to services:
 * the firm the session acts in and the type the person has there (issue 9).
 */
export interface Principal extends Account {
  firmId: string;
  userType: UserType;
}

/** The principal of an account acting in a firm, or null without one. */
export const actingPrincipal = (account: Account): Principal | null =>
  account.firm ? { ...account, firmId: account.firm.firmId, userType: account.firm.userType } : null;

type Person = Pick<UserRecord, 'id' | 'email' | 'firstName' | 'lastName' | 'timeZone'>;

/** The person's active and pending memberships, as `membershipsRepository.ofUser` reads them. */
export type MembershipRows = Awaited<ReturnType<typeof membershipsRepository.ofUser>>;

/**
 * The signed-in user as the API shows them (spec §3 field names), acting in `firmId`: their type
 * there, the firms they work in (the switcher) and how many invitations wait for an answer.
 */
export async function sessionUserOf(db: DbOrTx, person: Person, firmId: string | null): Promise<SessionUser> {
  return sessionUserFrom(person, firmId, await membershipsRepository.ofUser(db, person.id));
}

/** `sessionUserOf` from memberships already read. */
export function sessionUserFrom(person: Person, firmId: string | null, rows: MembershipRows): SessionUser {
  const firms: SessionFirm[] = rows
    .filter((row) => row.status === 'active')
    .map((row) => ({ id: row.firmId, name: row.firmName, userType: row.userType as UserType }));
  const firm = firms.find((candidate) => candidate.id === firmId) ?? null;
  return {
    userId: person.id,
    email: person.email,
    first_name: person.firstName,
    last_name: person.lastName,
    userType: firm?.userType ?? null,
    firm,
    firms,
    invitations: rows.filter((row) => row.status === 'pending').length,
    timeZone: person.timeZone ?? null,
  };
}
