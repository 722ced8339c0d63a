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
import { errorSchemas } from '../../platform/openapi';
import { requestContext } from '../../platform/request-context';
import { principalOf } from '../auth/auth.guard';

const attorneys = { access: ['attorney'] as const };
const idParams = z.object({ id: z.uuid() });
const security = [{ bearer: [] }];

/**
 * The client directory: POST /api/client/new and GET /api/client/{userId}/clients as spec §7
 * has them, and /api/clients/{id} (+ /invitation, /deactivate) for the client page.
 */
export const clientsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { clients } = app.services;

  app.post(
    '/client/new',
    {
      config: attorneys,
      schema: {
        tags: ['clients'],
        security,
        body: createClientRequest,
        response: { 201: createClientResponse, ...errorSchemas },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await clients.create(principalOf(request), request.body, requestContext(request))),
  );

  app.get(
    '/client/:userId/clients',
    {
      config: attorneys,
      schema: {
        tags: ['clients'],
        security,
        params: z.object({ userId: z.uuid() }),
        querystring: listClientsQuery,
        response: { 200: listClientsResponse, ...errorSchemas },
      },
    },
    async (request) =>
      clients.list(principalOf(request), request.params.userId, request.query, requestContext(request)),
  );

  /** The client page's routes: one client of the caller's firm, named in the path. */
  const oneClient = <R extends z.ZodType>(response: R) => ({
    config: attorneys,
    schema: { tags: ['clients'], security, params: idParams, response: { 200: response, ...errorSchemas } },
  });

  app.get('/clients/:id', oneClient(clientDetailResponse), async (request) =>
    clients.get(principalOf(request), request.params.id, requestContext(request)),
  );
  app.post('/clients/:id/invitation', oneClient(clientActionResponse), async (request) =>
    clients.resendInvitation(principalOf(request), request.params.id, requestContext(request)),
  );
  app.post('/clients/:id/deactivate', oneClient(clientActionResponse), async (request) =>
    clients.deactivate(principalOf(request), request.params.id, requestContext(request)),
  );
};
