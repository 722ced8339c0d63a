import {
  firmSecurity,
  firmSecurityRequest,
  firmMemberParams,
  firmMembersResponse,
  firmPeopleResponse,
  removeFirmMemberResponse,
} from '@sentinel/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestContext } from '../../platform/request-context';
import { routeOptions } from '../auth/access';
import { principalOf } from '../auth/auth.guard';

/**
 * GET /api/firm/people: the firm's attorneys and case team members (not clients), to choose from.
 * GET /api/firm/members and DELETE /api/firm/members/{userId}: Settings → Team.
 * GET and PUT /api/firm/security: whether the firm's attorneys must use two-step sign-in.
 */
export const firmRoutes: FastifyPluginAsyncZod = async (app) => {
  const { firm, mfa } = app.services;
  app.get(
    '/people',
    routeOptions('profile', ['attorney'], { response: { 200: firmPeopleResponse } }),
    async (request) => firm.people(principalOf(request), requestContext(request)),
  );

  app.get(
    '/members',
    routeOptions('profile', ['attorney'], { response: { 200: firmMembersResponse } }),
    async (request) => ({ data: await firm.members(principalOf(request)) }),
  );

  app.delete(
    '/members/:userId',
    routeOptions('profile', ['attorney'], {
      params: firmMemberParams,
      response: { 200: removeFirmMemberResponse },
    }),
    async (request) =>
      firm.removeMember(principalOf(request), request.params.userId, requestContext(request)),
  );

  app.get(
    '/security',
    routeOptions('profile', ['attorney'], { response: { 200: firmSecurity } }),
    async (request) => mfa.firmSecurity(principalOf(request)),
  );

  app.put(
    '/security',
    routeOptions('profile', ['attorney'], { body: firmSecurityRequest, response: { 200: firmSecurity } }),
    async (request) =>
      mfa.setFirmRequirement(
        principalOf(request),
        request.body.requireMfaForAttorneys,
        requestContext(request),
      ),
  );
};
