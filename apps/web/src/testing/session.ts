import type { SessionUser } from '@sentinel/shared';
import { saveSession } from '@/lib/session-store';

/** An unsigned JWT whose `exp` is `secondsFromNow` ahead (the browser never checks signatures). */
export function makeJwt(secondsFromNow: number, claims: Record<string, unknown> = {}): string {
  const encode = (value: object) =>
    btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  const exp = Math.floor(Date.now() / 1000) + secondsFromNow;
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode({ sub: 'user-1', exp, ...claims })}.signature`;
}

export const attorney: SessionUser = {
  userId: 'user-1',
  email: 'ada@lovelace-law.test',
  first_name: 'Ada',
  last_name: 'Lovelace',
  userType: 'attorney',
};

export const propertyOwner: SessionUser = {
  userId: 'user-2',
  email: 'grace@example.test',
  first_name: 'Grace',
  last_name: 'Hopper',
  userType: 'client',
};

/** Stores a session whose token is valid for another 15 minutes. */
export function signIn(user: SessionUser = attorney, token = makeJwt(15 * 60)): string {
  saveSession(token, user);
  return token;
}
