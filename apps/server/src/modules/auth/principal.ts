import type { SessionUser, UserType } from '@sentinel/shared';
import type { UserRecord } from './auth.repository';

/** The signed-in user as every route sees it (set by the auth guard, handed to services). */
export interface Principal {
  userId: string;
  firmId: string;
  sessionId: string;
  userType: UserType;
  email: string;
  firstName: string;
  lastName: string;
}

/** A user as the API shows the signed-in user (spec §3 field names). */
export const toSessionUser = (
  user: Pick<UserRecord, 'id' | 'email' | 'firstName' | 'lastName' | 'userType'>,
): SessionUser => ({
  userId: user.id,
  email: user.email,
  first_name: user.firstName,
  last_name: user.lastName,
  userType: user.userType as UserType,
});
