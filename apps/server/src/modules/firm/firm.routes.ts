import { firmPeopleResponse } from '@sentinel/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestContext } from '../../platform/request-context';
import { routeOptions } from '../auth/access';
import { principalOf } from '../auth/auth.guard';

/** GET /api/firm/people: the firm's attorneys and case team members (not clients). */
export const firmRoutes: FastifyPluginAsyncZod = async (app) => {
  const { firm } = app.services;
  app.get(
    '/people',
    routeOptions('profile', ['attorney'], { response: { 200: firmPeopleResponse } }),
    async (request) => firm.people(principalOf(request), requestContext(request)),
  );
};
