import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * The refresh token's cookie: httpOnly, SameSite=Strict, scoped to /api/tokens. Over HTTPS it is
 * Secure and carries the __Secure- prefix; on plain-http development URLs browsers would drop a
 * Secure cookie, so it is neither.
 */
export function refreshCookie(publicUrl: string) {
  const secure = new URL(publicUrl).protocol === 'https:';
  const name = secure ? '__Secure-sentinel_refresh' : 'sentinel_refresh';
  const base = { httpOnly: true, sameSite: 'strict' as const, secure, path: '/api/tokens' };
  return {
    name,
    read: (request: FastifyRequest): string | undefined => request.cookies[name] || undefined,
    set: (reply: FastifyReply, token: string, maxAgeSeconds: number) =>
      reply.setCookie(name, token, { ...base, maxAge: maxAgeSeconds }),
    clear: (reply: FastifyReply) => reply.clearCookie(name, base),
  };
}
export type RefreshCookie = ReturnType<typeof refreshCookie>;
