import { logoutResponse, MESSAGES, refreshResponse, verifyResponse } from '@sentinel/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { audit } from '../../platform/audit';
import { unauthorized } from '../../platform/errors';
import { errorSchemas } from '../../platform/openapi';
import { requestContext } from '../../platform/request-context';
import { principalOf } from './auth.guard';
import { toSessionUser } from './principal';

/** GET /api/tokens/verify, POST /api/tokens/refresh and /logout (spec §7). */
export const tokensRoutes: FastifyPluginAsyncZod = async (app) => {
  const { sessions } = app.services;
  const cookie = app.refreshCookie;

  app.get(
    '/verify',
    {
      config: { access: 'session' },
      schema: {
        tags: ['tokens'],
        security: [{ bearer: [] }],
        response: { 200: verifyResponse, ...errorSchemas },
      },
    },
    async (request) => {
      const principal = principalOf(request);
      return { success: true as const, user: toSessionUser({ ...principal, id: principal.userId }) };
    },
  );

  app.post(
    '/refresh',
    {
      config: { access: 'public' },
      preHandler: app.refuseCrossSite,
      schema: { tags: ['tokens'], response: { 200: refreshResponse, ...errorSchemas } },
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
      return { token: outcome.session.accessToken, expiresIn: outcome.session.expiresIn };
    },
  );

  app.post(
    '/logout',
    {
      config: { access: 'public' },
      preHandler: app.refuseCrossSite,
      schema: { tags: ['tokens'], response: { 200: logoutResponse, ...errorSchemas } },
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
