import {
  messagingSettings,
  profileResponse,
  timeZoneBody,
  timeZoneResponse,
  updateProfileRequest,
} from '@sentinel/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestContext } from '../../platform/request-context';
import { routeOptions } from '../auth/access';
import { accountOf, principalOf } from '../auth/auth.guard';

/** GET and PATCH /api/profile (Settings → Profile), the calendar's time zone, and the away reply and digest. */
export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  const { profile } = app.services;

  app.get('/', routeOptions('profile', 'account', { response: { 200: profileResponse } }), async (request) =>
    profile.get(accountOf(request)),
  );

  app.patch(
    '/',
    routeOptions('profile', 'session', { body: updateProfileRequest, response: { 200: profileResponse } }),
    async (request) =>
      profile.renameFirm(principalOf(request), request.body.firmName, requestContext(request)),
  );

  app.get(
    '/messaging',
    routeOptions('profile', 'account', { response: { 200: messagingSettings } }),
    async (request) => profile.messaging(accountOf(request)),
  );

  app.put(
    '/messaging',
    routeOptions('profile', 'account', { body: messagingSettings, response: { 200: messagingSettings } }),
    async (request) => profile.setMessaging(accountOf(request), request.body, requestContext(request)),
  );

  app.put(
    '/time-zone',
    routeOptions('profile', 'account', { body: timeZoneBody, response: { 200: timeZoneResponse } }),
    async (request) => {
      const account = accountOf(request);
      const answer = await profile.setTimeZone(account, request.body.timeZone, requestContext(request));
      // The session's cached account carries the zone: the next request reads the new one.
      app.services.sessions.forget(account.sessionId);
      return answer;
    },
  );
};
