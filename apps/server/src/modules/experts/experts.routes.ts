import {
  createExpertRequest,
  EXPERT_MESSAGES,
  engageExpertRequest,
  expertActionResponse,
  expertDeletedResponse,
  expertDetailResponse,
  listExpertsQuery,
  listExpertsResponse,
  myAvailabilityResponse,
  myExpertResponse,
  updateEngagementRequest,
  updateExpertRequest,
  updateMyAvailabilityRequest,
} from '@sentinel/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requestContext } from '../../platform/request-context';
import { routeOptions } from '../auth/access';
import { principalOf } from '../auth/auth.guard';

const attorneys = ['attorney'] as const;
const expertWitnesses = ['expert-witness'] as const;
const idParams = z.object({ id: z.uuid(EXPERT_MESSAGES.unknownExpert) });
const engagementParams = idParams.extend({ caseId: z.uuid(EXPERT_MESSAGES.unknownCase) });

/**
 * The Expert Witness Directory (issue 13): attorneys keep the firm's experts and engage them on
 * cases; an expert-witness user reads and sets the availability of their own entry (/experts/me).
 */
export const expertsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { experts } = app.services;

  app.get(
    '/experts',
    routeOptions('experts', attorneys, {
      querystring: listExpertsQuery,
      response: { 200: listExpertsResponse },
    }),
    async (request) => experts.list(principalOf(request), request.query, requestContext(request)),
  );

  app.post(
    '/experts',
    routeOptions('experts', attorneys, {
      body: createExpertRequest,
      response: { 201: expertActionResponse },
    }),
    async (request, reply) =>
      reply
        .status(201)
        .send(await experts.create(principalOf(request), request.body, requestContext(request))),
  );

  app.get(
    '/experts/me',
    routeOptions('experts', expertWitnesses, { response: { 200: myExpertResponse } }),
    async (request) => experts.mine(principalOf(request)),
  );

  app.put(
    '/experts/me/availability',
    routeOptions('experts', expertWitnesses, {
      body: updateMyAvailabilityRequest,
      response: { 200: myAvailabilityResponse },
    }),
    async (request) =>
      experts.setMyAvailability(principalOf(request), request.body.availability, requestContext(request)),
  );

  app.get(
    '/experts/:id',
    routeOptions('experts', attorneys, { params: idParams, response: { 200: expertDetailResponse } }),
    async (request) => experts.get(principalOf(request), request.params.id, requestContext(request)),
  );

  app.patch(
    '/experts/:id',
    routeOptions('experts', attorneys, {
      params: idParams,
      body: updateExpertRequest,
      response: { 200: expertActionResponse },
    }),
    async (request) =>
      experts.update(principalOf(request), request.params.id, request.body, requestContext(request)),
  );

  app.delete(
    '/experts/:id',
    routeOptions('experts', attorneys, { params: idParams, response: { 200: expertDeletedResponse } }),
    async (request) => experts.remove(principalOf(request), request.params.id, requestContext(request)),
  );

  app.post(
    '/experts/:id/engagements',
    routeOptions('experts', attorneys, {
      params: idParams,
      body: engageExpertRequest,
      response: { 201: expertActionResponse },
    }),
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await experts.engage(
            principalOf(request),
            request.params.id,
            request.body,
            requestContext(request),
          ),
        ),
  );

  app.patch(
    '/experts/:id/engagements/:caseId',
    routeOptions('experts', attorneys, {
      params: engagementParams,
      body: updateEngagementRequest,
      response: { 200: expertActionResponse },
    }),
    async (request) =>
      experts.updateEngagement(
        principalOf(request),
        request.params.id,
        request.params.caseId,
        request.body,
        requestContext(request),
      ),
  );

  app.delete(
    '/experts/:id/engagements/:caseId',
    routeOptions('experts', attorneys, { params: engagementParams, response: { 200: expertActionResponse } }),
    async (request) =>
      experts.endEngagement(
        principalOf(request),
        request.params.id,
        request.params.caseId,
        requestContext(request),
      ),
  );
};
