import {
  membershipParams,
  myMembershipsResponse,
  sessionChangeResponse,
  switchFirmRequest,
} from '@sentinel/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestContext } from '../../platform/request-context';
import { routeOptions } from '../auth/access';
import { accountOf } from '../auth/auth.guard';

/**
 * GET /api/memberships, POST /api/memberships/{id}/accept|decline|leave and
 * POST /api/auth/switch-firm: a person's own firms. Open to anyone signed in, with or without a
 * firm (someone who signed up waits here for their first invitation).
 */
export const membershipsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { memberships } = app.services;

  app.get(
    '/memberships',
    routeOptions('memberships', 'account', { response: { 200: myMembershipsResponse } }),
    async (request) => ({ data: await memberships.mine(accountOf(request)) }),
  );

  for (const action of ['accept', 'decline', 'leave'] as const) {
    app.post(
      `/memberships/:id/${action}`,
      routeOptions('memberships', 'account', {
        params: membershipParams,
        response: { 200: sessionChangeResponse },
      }),
      async (request) => memberships[action](accountOf(request), request.params.id, requestContext(request)),
    );
  }

  app.post(
    '/auth/switch-firm',
    routeOptions('memberships', 'account', {
      body: switchFirmRequest,
      response: { 200: sessionChangeResponse },
    }),
    async (request) =>
      memberships.switchFirm(accountOf(request), request.body.firmId, requestContext(request)),
  );
};
