import {
  listNegotiationsQuery,
  listNegotiationsResponse,
  negotiationCasesResponse,
  negotiationResponse,
  NEGOTIATION_STATUSES,
  recordNegotiationActionRequest,
  startNegotiationRequest,
  updateNegotiationRequest,
} from '@sentinel/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requestContext } from '../../platform/request-context';
import { routeOptions } from '../auth/access';
import { principalOf } from '../auth/auth.guard';

const attorneys = ['attorney'] as const;
const idParams = z.object({ id: z.uuid('Unknown negotiation') });
const caseParams = z.object({ id: z.uuid('Unknown case') });
const caseNegotiationResponse = z.object({
  data: z.object({ id: z.string(), status: z.enum(NEGOTIATION_STATUSES) }).nullable(),
});

/**
 * /api/negotiations (issue 13): the firm's negotiations with carriers. Attorneys only; another
 * firm's negotiation or case answers 404. Every change answers the negotiation as it now is.
 */
export const negotiationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { negotiations } = app.services;

  app.get(
    '/negotiations',
    routeOptions('negotiations', attorneys, {
      querystring: listNegotiationsQuery,
      response: { 200: listNegotiationsResponse },
    }),
    async (request) => negotiations.list(principalOf(request), request.query, requestContext(request)),
  );

  app.get(
    '/negotiations/cases',
    routeOptions('negotiations', attorneys, { response: { 200: negotiationCasesResponse } }),
    async (request) => negotiations.cases(principalOf(request)),
  );

  app.post(
    '/negotiations',
    routeOptions('negotiations', attorneys, {
      body: startNegotiationRequest,
      response: { 201: negotiationResponse },
    }),
    async (request, reply) =>
      reply
        .status(201)
        .send(await negotiations.start(principalOf(request), request.body, requestContext(request))),
  );

  app.get(
    '/negotiations/:id',
    routeOptions('negotiations', attorneys, { params: idParams, response: { 200: negotiationResponse } }),
    async (request) => negotiations.get(principalOf(request), request.params.id, requestContext(request)),
  );

  app.patch(
    '/negotiations/:id',
    routeOptions('negotiations', attorneys, {
      params: idParams,
      body: updateNegotiationRequest,
      response: { 200: negotiationResponse },
    }),
    async (request) =>
      negotiations.update(principalOf(request), request.params.id, request.body, requestContext(request)),
  );

  app.post(
    '/negotiations/:id/actions',
    routeOptions('negotiations', attorneys, {
      params: idParams,
      body: recordNegotiationActionRequest,
      response: { 201: negotiationResponse },
    }),
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await negotiations.record(
            principalOf(request),
            request.params.id,
            request.body,
            requestContext(request),
          ),
        ),
  );

  app.get(
    '/cases/:id/negotiation',
    routeOptions('negotiations', attorneys, {
      params: caseParams,
      response: { 200: caseNegotiationResponse },
    }),
    async (request) => negotiations.ofCase(principalOf(request), request.params.id),
  );
};
