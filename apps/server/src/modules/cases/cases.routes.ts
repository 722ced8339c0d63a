import {
  addCaseMemberRequest,
  applyCaseFieldSuggestionRequest,
  caseFieldSuggestionsResponse,
  caseResponse,
  createCaseRequest,
  listCasesQuery,
  listCasesResponse,
  removeCaseMemberRequest,
  updateCaseRequest,
} from '@sentinel/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requestContext } from '../../platform/request-context';
import { routeOptions } from '../auth/access';
import { principalOf } from '../auth/auth.guard';

const attorneys = ['attorney'] as const;
const idParams = z.object({ id: z.uuid() });
const memberResponse = caseResponse.extend({ message: z.string() });

/**
 * /api/cases: the case list, the case page and its team. Reads are open to anyone signed in: the
 * service shows each role only the cases it may see, others answer 404.
 */
export const casesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { cases } = app.services;

  app.get(
    '/cases',
    routeOptions('cases', 'session', { querystring: listCasesQuery, response: { 200: listCasesResponse } }),
    async (request) => cases.list(principalOf(request), request.query, requestContext(request)),
  );

  app.post(
    '/cases',
    routeOptions('cases', attorneys, { body: createCaseRequest, response: { 201: caseResponse } }),
    async (request, reply) =>
      reply.status(201).send(await cases.create(principalOf(request), request.body, requestContext(request))),
  );

  app.get(
    '/cases/:id',
    routeOptions('cases', 'session', { params: idParams, response: { 200: caseResponse } }),
    async (request) => cases.get(principalOf(request), request.params.id, requestContext(request)),
  );

  app.patch(
    '/cases/:id',
    routeOptions('cases', attorneys, {
      params: idParams,
      body: updateCaseRequest,
      response: { 200: caseResponse },
    }),
    async (request) =>
      cases.update(principalOf(request), request.params.id, request.body, requestContext(request)),
  );

  // Issue 14: the case's empty claim fields, filled from its analysed documents when the attorney confirms.
  app.get(
    '/cases/:id/field-suggestions',
    routeOptions('cases', attorneys, { params: idParams, response: { 200: caseFieldSuggestionsResponse } }),
    async (request) => cases.fieldSuggestions(principalOf(request), request.params.id),
  );

  app.post(
    '/cases/:id/field-suggestions/apply',
    routeOptions('cases', attorneys, {
      params: idParams,
      body: applyCaseFieldSuggestionRequest,
      response: { 200: caseResponse },
    }),
    async (request) =>
      cases.applyFieldSuggestion(
        principalOf(request),
        request.params.id,
        request.body,
        requestContext(request),
      ),
  );

  app.post(
    '/cases/:id/members',
    routeOptions('cases', attorneys, {
      params: idParams,
      body: addCaseMemberRequest,
      response: { 201: memberResponse },
    }),
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
    routeOptions('cases', attorneys, {
      params: idParams,
      body: removeCaseMemberRequest,
      response: { 200: memberResponse },
    }),
    async (request) =>
      cases.removeMember(
        principalOf(request),
        request.params.id,
        request.body.userId,
        requestContext(request),
      ),
  );
};
