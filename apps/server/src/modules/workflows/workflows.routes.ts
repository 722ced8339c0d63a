import {
  createDocumentRequestRequest,
  createWorkflowRequest,
  documentRequestResponse,
  documentRequestsResponse,
  updateDocumentRequestRequest,
  updateWorkflowRequest,
  workflowResponse,
  workflowRunsResponse,
  workflowsResponse,
} from '@sentinel/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requestContext } from '../../platform/request-context';
import { routeOptions } from '../auth/access';
import { principalOf } from '../auth/auth.guard';

const attorneys = ['attorney'] as const;
const params = z.object({ id: z.uuid('Unknown workflow') });
const caseParams = z.object({ id: z.uuid('Unknown case') });
const requestParams = caseParams.extend({ requestId: z.uuid('Unknown document request') });
const messageResponse = z.object({ message: z.string() });

/**
 * Workflow Automation (issue 13): attorneys only. Another firm's workflow answers 404. The documents
 * a workflow or an attorney asked of a client are read by whoever may see the case (the client's
 * checklist); attorneys ask for one, mark it received, reopen or withdraw it.
 */
export const workflowsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { workflows } = app.services;

  app.get(
    '/workflows',
    routeOptions('workflows', attorneys, { response: { 200: workflowsResponse } }),
    async (request) => workflows.list(principalOf(request), requestContext(request)),
  );

  app.post(
    '/workflows',
    routeOptions('workflows', attorneys, {
      body: createWorkflowRequest,
      response: { 201: workflowResponse },
    }),
    async (request, reply) =>
      reply
        .status(201)
        .send(await workflows.create(principalOf(request), request.body, requestContext(request))),
  );

  app.patch(
    '/workflows/:id',
    routeOptions('workflows', attorneys, {
      params,
      body: updateWorkflowRequest,
      response: { 200: workflowResponse },
    }),
    async (request) =>
      workflows.update(principalOf(request), request.params.id, request.body, requestContext(request)),
  );

  app.delete(
    '/workflows/:id',
    routeOptions('workflows', attorneys, { params, response: { 200: messageResponse } }),
    async (request) => workflows.remove(principalOf(request), request.params.id, requestContext(request)),
  );

  app.post(
    '/workflows/:id/pause',
    routeOptions('workflows', attorneys, { params, response: { 200: workflowResponse } }),
    async (request) => workflows.pause(principalOf(request), request.params.id, requestContext(request)),
  );

  app.post(
    '/workflows/:id/resume',
    routeOptions('workflows', attorneys, { params, response: { 200: workflowResponse } }),
    async (request) => workflows.resume(principalOf(request), request.params.id, requestContext(request)),
  );

  app.get(
    '/workflows/:id/runs',
    routeOptions('workflows', attorneys, { params, response: { 200: workflowRunsResponse } }),
    async (request) => workflows.runs(principalOf(request), request.params.id),
  );

  app.get(
    '/cases/:id/document-requests',
    routeOptions('workflows', 'session', { params: caseParams, response: { 200: documentRequestsResponse } }),
    async (request) => workflows.documentRequests(principalOf(request), request.params.id),
  );

  app.post(
    '/cases/:id/document-requests',
    routeOptions('workflows', attorneys, {
      params: caseParams,
      body: createDocumentRequestRequest,
      response: { 201: documentRequestResponse },
    }),
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await workflows.requestDocument(
            principalOf(request),
            request.params.id,
            request.body,
            requestContext(request),
          ),
        ),
  );

  app.patch(
    '/cases/:id/document-requests/:requestId',
    routeOptions('workflows', attorneys, {
      params: requestParams,
      body: updateDocumentRequestRequest,
      response: { 200: documentRequestResponse },
    }),
    async (request) =>
      workflows.updateDocumentRequest(
        principalOf(request),
        request.params.id,
        request.params.requestId,
        request.body,
        requestContext(request),
      ),
  );
};
