import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { deriveKey, randomToken } from '../../platform/crypto';

/** How long a device stays known after its last sign-in. */
const DEVICE_COOKIE_DAYS = 180;

/**
 * Device cookies (OWASP, "Slow Down Online Guessing Attacks with Device Cookies"): a browser that
 * has signed in to an account gets a cookie naming that account and a random device id, signed
 * with a key derived from APP_SECRET for this purpose. Sign-in and password-reset limits then
 * count that device's failures apart from everyone else's, so strangers guessing an account's
 * password never hold up its owner on a device they have used before. httpOnly, SameSite=Strict,
 * sent only to /api/auth; Secure with the __Secure- prefix over HTTPS.
 */
export function deviceCookies(secret: string, publicUrl: string) {
  const key = deriveKey(secret, 'device-cookies');
  const secure = new URL(publicUrl).protocol === 'https:';
  const name = secure ? '__Secure-sentinel_device' : 'sentinel_device';
  const base = { httpOnly: true, sameSite: 'strict' as const, secure, path: '/api/auth' };
  const sign = (userId: string, deviceId: string) =>
    createHmac('sha256', key).update(`${userId}.${deviceId}`).digest('base64url');

  return {
    name,
    /** The request's device id if its cookie is genuine and names this account; else undefined. */
    deviceOf(request: FastifyRequest, userId: string): string | undefined {
      const [owner, deviceId, signature] = (request.cookies[name] ?? '').split('.');
      if (!owner || !deviceId || !signature || owner !== userId) return undefined;
      const expected = Buffer.from(sign(owner, deviceId));
      const given = Buffer.from(signature);
      return given.length === expected.length && timingSafeEqual(given, expected) ? deviceId : undefined;
    },
    /** A new device id for this account after a sign-in (a new one each time, as OWASP advises). */
    issue(reply: FastifyReply, userId: string): void {
      const deviceId = randomToken(18);
      reply.setCookie(name, `${userId}.${deviceId}.${sign(userId, deviceId)}`, {
        ...base,
        maxAge: DEVICE_COOKIE_DAYS * 86_400,
      });
    },
  };
}
export type DeviceCookies = ReturnType<typeof deviceCookies>;
