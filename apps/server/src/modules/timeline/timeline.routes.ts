import {
  addStageRequest,
  caseTimelineResponse,
  timelineCasesResponse,
  updateStageRequest,
} from '@sentinel/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requestContext } from '../../platform/request-context';
import { routeOptions } from '../auth/access';
import { principalOf } from '../auth/auth.guard';

const attorneys = ['attorney'] as const;
const caseParams = z.object({ id: z.uuid('Unknown case') });
const stageParams = caseParams.extend({ stageId: z.uuid('Unknown stage') });

/**
 * Case Timeline & Progress (issue 12). Everyone in a firm reads the timelines of the cases they may
 * see (another case answers 404); attorneys change the stages, and each change answers the new
 * timeline.
 */
export const timelineRoutes: FastifyPluginAsyncZod = async (app) => {
  const { timeline } = app.services;

  app.get(
    '/timeline',
    routeOptions('timeline', 'session', { response: { 200: timelineCasesResponse } }),
    async (request) => timeline.cases(principalOf(request), requestContext(request)),
  );

  app.get(
    '/cases/:id/timeline',
    routeOptions('timeline', 'session', { params: caseParams, response: { 200: caseTimelineResponse } }),
    async (request) => timeline.view(principalOf(request), request.params.id, requestContext(request)),
  );

  app.post(
    '/cases/:id/stages',
    routeOptions('timeline', attorneys, {
      params: caseParams,
      body: addStageRequest,
      response: { 201: caseTimelineResponse },
    }),
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await timeline.addStage(
            principalOf(request),
            request.params.id,
            request.body,
            requestContext(request),
          ),
        ),
  );

  app.patch(
    '/cases/:id/stages/:stageId',
    routeOptions('timeline', attorneys, {
      params: stageParams,
      body: updateStageRequest,
      response: { 200: caseTimelineResponse },
    }),
    async (request) =>
      timeline.updateStage(
        principalOf(request),
        request.params.id,
        request.params.stageId,
        request.body,
        requestContext(request),
      ),
  );

  app.delete(
    '/cases/:id/stages/:stageId',
    routeOptions('timeline', attorneys, { params: stageParams, response: { 200: caseTimelineResponse } }),
    async (request) =>
      timeline.removeStage(
        principalOf(request),
        request.params.id,
        request.params.stageId,
        requestContext(request),
      ),
  );
};
