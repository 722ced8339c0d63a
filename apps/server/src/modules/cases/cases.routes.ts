import {
  addCaseMemberRequest,
  caseResponse,
  createCaseRequest,
  listCasesQuery,
  listCasesResponse,
  removeCaseMemberRequest,
  updateCaseRequest,
} from '@sentinel/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorSchemas } from '../../platform/openapi';
import { requestContext } from '../../platform/request-context';
import { principalOf } from '../auth/auth.guard';

const attorneys = { access: ['attorney'] as const };
// Anyone signed in: the service shows each role only the cases it may see, others answer 404.
const signedIn = { access: 'session' as const };
const idParams = z.object({ id: z.uuid() });
const security = [{ bearer: [] }];
const memberResponse = caseResponse.extend({ message: z.string() });

/** /api/cases: the case list, the case page and its team. */
export const casesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { cases } = app.services;
  const schema = <T extends object>(extra: T) => ({ tags: ['cases'], security, ...extra });

  app.get(
    '/cases',
    {
      config: signedIn,
      schema: schema({ querystring: listCasesQuery, response: { 200: listCasesResponse, ...errorSchemas } }),
    },
    async (request) => cases.list(principalOf(request), request.query, requestContext(request)),
  );

  app.post(
    '/cases',
    {
      config: attorneys,
      schema: schema({ body: createCaseRequest, response: { 201: caseResponse, ...errorSchemas } }),
    },
    async (request, reply) =>
      reply.status(201).send(await cases.create(principalOf(request), request.body, requestContext(request))),
  );

  app.get(
    '/cases/:id',
    {
      config: signedIn,
      schema: schema({ params: idParams, response: { 200: caseResponse, ...errorSchemas } }),
    },
    async (request) => cases.get(principalOf(request), request.params.id, requestContext(request)),
  );

  app.patch(
    '/cases/:id',
    {
      config: attorneys,
      schema: schema({
        params: idParams,
        body: updateCaseRequest,
        response: { 200: caseResponse, ...errorSchemas },
      }),
    },
    async (request) =>
      cases.update(principalOf(request), request.params.id, request.body, requestContext(request)),
  );

  app.post(
    '/cases/:id/members',
    {
      config: attorneys,
      schema: schema({
        params: idParams,
        body: addCaseMemberRequest,
        response: { 201: memberResponse, ...errorSchemas },
      }),
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await cases.addMember(
            principalOf(request),
            request.params.id,
            request.body,
            requestContext(request),
          ),
        ),
  );

  app.delete(
    '/cases/:id/members',
    {
      config: attorneys,
      schema: schema({
        params: idParams,
        body: removeCaseMemberRequest,
        response: { 200: memberResponse, ...errorSchemas },
      }),
    },
    async (request) =>
      cases.removeMember(
        principalOf(request),
        request.params.id,
        request.body.userId,
        requestContext(request),
      ),
  );
};
