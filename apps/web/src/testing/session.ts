import type { SessionFirm, SessionUser } from '@sentinel/shared';
import { getSessionSnapshot, removeAccessToken, saveSession } from '@/lib/session-store';

/** An unsigned JWT whose `exp` is `secondsFromNow` ahead (the browser never checks signatures). */
export function makeJwt(secondsFromNow: number, claims: Record<string, unknown> = {}): string {
  const encode = (value: object) =>
    btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  const exp = Math.floor(Date.now() / 1000) + secondsFromNow;
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode({ sub: 'user-1', exp, ...claims })}.signature`;
}

export const lovelaceLaw: SessionFirm = {
  id: '0b7c3c52-8d1e-4c55-9a57-3a3f1d0c0001',
  name: 'Lovelace Law',
  userType: 'attorney',
};

/** An attorney working in one firm. */
export const attorney: SessionUser = {
  userId: 'user-1',
  email: 'ada@lovelace-law.test',
  first_name: 'Ada',
  last_name: 'Lovelace',
  userType: 'attorney',
  firm: lovelaceLaw,
  firms: [lovelaceLaw],
  invitations: 0,
  timeZone: 'America/New_York',
};

/** A property owner, the client of one firm. */
export const propertyOwner: SessionUser = {
  userId: 'user-2',
  email: 'grace@example.test',
  first_name: 'Grace',
  last_name: 'Hopper',
  userType: 'client',
  firm: { ...lovelaceLaw, userType: 'client' },
  firms: [{ ...lovelaceLaw, userType: 'client' }],
  invitations: 0,
  timeZone: 'America/New_York',
};

/** Someone who signed up and belongs to no firm yet (issue 9): the waiting screen. */
export const firmless: SessionUser = {
  userId: 'user-3',
  email: 'hedy@example.test',
  first_name: 'Hedy',
  last_name: 'Lamarr',
  userType: null,
  firm: null,
  firms: [],
  invitations: 0,
  timeZone: 'America/New_York',
};

/** Keeps a session (token in memory, user in storage) whose token is valid for 15 minutes. */
export function signIn(user: SessionUser = attorney, token = makeJwt(15 * 60)): string {
  saveSession(token, user);
  return token;
}

/** What a reload (or a new tab) starts from: the stored user, no token in memory. */
export function reloadPage(): void {
  removeAccessToken();
}

/** Every key and value of localStorage and sessionStorage, to show that none holds a token. */
export function browserStorageText(): string {
  const entries = [localStorage, sessionStorage].flatMap((storage) =>
    Array.from({ length: storage.length }, (_, i) => {
      const key = storage.key(i) ?? '';
      return `${key}=${storage.getItem(key) ?? ''}`;
    }),
  );
  return entries.join('\n');
}

/** A JWT anywhere in a text (three base64url parts, the first a JSON object). */
export const JWT_PATTERN = /eyJ[\w-]+\.[\w-]+\.[\w-]+/;

/**
 * The stored session as the server's SessionUser (what GET /api/tokens/verify would answer for
 * the stored token): tests whose session changes (a firm switch) answer the check with it.
 */
export function storedUser(): SessionUser {
  const session = getSessionSnapshot();
  if (!session) throw new Error('No stored session');
  return {
    userId: session.userId,
    email: session.email,
    first_name: session.firstName,
    last_name: session.lastName,
    userType: session.userType,
    firm: session.firm,
    firms: session.firms,
    invitations: session.invitations,
    timeZone: session.timeZone,
  };
}
