import type { MyMembership, SessionChangeResponse, SessionFirm, SessionUser } from '@sentinel/shared';
import { json } from '@/testing/fetch-mock';
import { attorney, lovelaceLaw, makeJwt } from '@/testing/session';

/** Test data of the firms feature (unit tests only). */

export const morganReyes: SessionFirm = {
  id: '0b7c3c52-8d1e-4c55-9a57-3a3f1d0c0002',
  name: 'Morgan & Reyes',
  userType: 'public-adjuster',
};

/** Ada, attorney at Lovelace Law and public adjuster at Morgan & Reyes, acting in Lovelace Law. */
export const twoFirmAttorney: SessionUser = {
  ...attorney,
  firms: [lovelaceLaw, morganReyes],
};

/** The same person after switching to Morgan & Reyes. */
export const inMorganReyes: SessionUser = {
  ...twoFirmAttorney,
  userType: 'public-adjuster',
  firm: morganReyes,
};

export const membershipOf = (firm: SessionFirm, overrides: Partial<MyMembership> = {}): MyMembership => ({
  id: `m-${firm.id}`,
  firmId: firm.id,
  firmName: firm.name,
  userType: firm.userType,
  status: 'active',
  invitedBy: null,
  createdAt: '2026-03-02T10:00:00.000Z',
  current: false,
  ...overrides,
});

/** A SessionChangeResponse answer with a fresh token (returned as `token` for assertions). */
export function sessionChange(user: SessionUser, memberships: MyMembership[], message: string) {
  const token = makeJwt(900, { firm: user.firm?.id ?? null });
  const body: SessionChangeResponse = { message, token, expiresIn: 900, user, memberships };
  return { token, body, respond: () => json(200, body) };
}

export const membershipsAnswer = (rows: MyMembership[]) => () => json(200, { data: rows });
