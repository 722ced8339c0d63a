import { createLeadRequest, createLeadResponse, MESSAGES } from '@sentinel/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestContext } from '../../platform/request-context';
import { routeOptions } from '../auth/access';

/** POST /api/leads: the landing page's free-trial form. A repeated e-mail refreshes its lead. */
export const leadsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { leads } = app.services;
  app.post(
    '/',
    routeOptions('leads', 'public', { body: createLeadRequest, response: { 201: createLeadResponse } }),
    async (request, reply) => {
      await leads.request(request.body.email, requestContext(request));
      return reply.status(201).send({ success: true as const, message: MESSAGES.leadThanks });
    },
  );
};
