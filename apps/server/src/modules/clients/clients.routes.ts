import {
  clientActionResponse,
  clientDetailResponse,
  createClientRequest,
  createClientResponse,
  listClientsQuery,
  listClientsResponse,
} from '@sentinel/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requestContext } from '../../platform/request-context';
import { routeOptions } from '../auth/access';
import { principalOf } from '../auth/auth.guard';

const attorneys = ['attorney'] as const;
const idParams = z.object({ id: z.uuid() });

/**
 * The client directory: POST /api/client/new and GET /api/client/{userId}/clients as spec §7
 * has them, and /api/clients/{id} (+ /invitation, /deactivate) for the client page: one client of
 * the caller's firm, named in the path.
 */
export const clientsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { clients } = app.services;

  app.post(
    '/client/new',
    routeOptions('clients', attorneys, {
      body: createClientRequest,
      response: { 201: createClientResponse },
    }),
    async (request, reply) =>
      reply
        .status(201)
        .send(await clients.create(principalOf(request), request.body, requestContext(request))),
  );

  app.get(
    '/client/:userId/clients',
    routeOptions('clients', attorneys, {
      params: z.object({ userId: z.uuid() }),
      querystring: listClientsQuery,
      response: { 200: listClientsResponse },
    }),
    async (request) =>
      clients.list(principalOf(request), request.params.userId, request.query, requestContext(request)),
  );

  app.get(
    '/clients/:id',
    routeOptions('clients', attorneys, { params: idParams, response: { 200: clientDetailResponse } }),
    async (request) => clients.get(principalOf(request), request.params.id, requestContext(request)),
  );
  app.post(
    '/clients/:id/invitation',
    routeOptions('clients', attorneys, { params: idParams, response: { 200: clientActionResponse } }),
    async (request) =>
      clients.resendInvitation(principalOf(request), request.params.id, requestContext(request)),
  );
  app.post(
    '/clients/:id/deactivate',
    routeOptions('clients', attorneys, { params: idParams, response: { 200: clientActionResponse } }),
    async (request) => clients.deactivate(principalOf(request), request.params.id, requestContext(request)),
  );
};
