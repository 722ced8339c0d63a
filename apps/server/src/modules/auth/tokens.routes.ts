import { logoutResponse, MESSAGES, refreshResponse, verifyResponse } from '@sentinel/shared';
import type { FastifyRouteSchemaDef } from 'fastify/types/schema';
import { serializerCompiler, type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { audit } from '../../platform/audit';
import { unauthorized } from '../../platform/errors';
import { requestContext } from '../../platform/request-context';
import { routeOptions } from './access';
import { accountOf } from './auth.guard';
import { sessionUserOf } from './principal';

/**
 * GET /api/tokens/verify's answer, checked and written by the app's zod serialiser like every
 * route's, but once per remembered user rather than on every call: `sessions.sessionUser` hands
 * back the same object for as long as it remembers the session (five seconds, or until the
 * session changes), and every page load asks. The text is kept beside that object (a WeakMap:
 * it goes when the object does), so a user read afresh is checked and written afresh. Nothing
 * mutates a remembered user (the guard's caches share it between requests already).
 */
const verifySerializer = (route: FastifyRouteSchemaDef<unknown>) => {
  const serialize = serializerCompiler(route as Parameters<typeof serializerCompiler>[0]);
  if (String(route.httpStatus) !== '200') return serialize;
  const written = new WeakMap<object, string>();
  return (data: { success?: unknown; user?: unknown }) => {
    const { user } = data;
    if (data.success !== true || typeof user !== 'object' || user === null || Object.keys(data).length !== 2)
      return serialize(data);
    let text = written.get(user);
    if (text === undefined) {
      text = serialize(data);
      written.set(user, text);
    }
    return text;
  };
};

/** GET /api/tokens/verify, POST /api/tokens/refresh and /logout (spec §7). */
export const tokensRoutes: FastifyPluginAsyncZod = async (app) => {
  const { sessions } = app.services;
  const cookie = app.refreshCookie;

  app.get(
    '/verify',
    {
      ...routeOptions('tokens', 'account', { response: { 200: verifyResponse } }),
      serializerCompiler: verifySerializer,
    },
    async (request) => ({ success: true as const, user: await sessions.sessionUser(accountOf(request)) }),
  );

  app.post(
    '/refresh',
    {
      ...routeOptions('tokens', 'public', { response: { 200: refreshResponse } }),
      preHandler: app.refuseCrossSite,
    },
    async (request, reply) => {
      const presented = cookie.read(request);
      if (!presented) throw unauthorized(MESSAGES.sessionExpired);
      const outcome = await sessions.refresh(presented, requestContext(request));
      if (!outcome.ok) {
        cookie.clear(reply);
        throw unauthorized(MESSAGES.sessionExpired);
      }
      cookie.set(reply, outcome.session.refreshToken, outcome.session.refreshMaxAge);
      return {
        token: outcome.session.accessToken,
        expiresIn: outcome.session.expiresIn,
        user: await sessionUserOf(app.db, outcome.user, outcome.session.firmId),
      };
    },
  );

  app.post(
    '/logout',
    {
      ...routeOptions('tokens', 'public', { response: { 200: logoutResponse } }),
      preHandler: app.refuseCrossSite,
    },
    async (request, reply) => {
      const presented = cookie.read(request);
      const owner = presented ? await sessions.revokeByRefreshToken(presented, 'logout') : null;
      // An access token sent along dies with its session too, not only at its expiry.
      const bearer = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
      const claims = bearer ? app.accessTokens.verify(bearer) : null;
      if (claims) await sessions.revoke(app.db, claims.sessionId, 'logout');
      cookie.clear(reply);
      if (owner) {
        await audit(app.db, requestContext(request), { action: 'logout', outcome: 'success', ...owner });
      }
      return { success: true as const };
    },
  );
};
