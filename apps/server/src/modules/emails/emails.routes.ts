import {
  attachmentParams,
  attachmentSaveBody,
  attachmentSaveResponse,
  emailDetailQuery,
  emailDetailResponse,
  emailParams,
  emailPatchBody,
  emailPatchResponse,
  inboxParams,
  inboxQuery,
  inboxResponse,
  syncResponse,
} from '@sentinel/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestContext } from '../../platform/request-context';
import { routeOptions } from '../auth/access';
import { principalOf } from '../auth/auth.guard';

/**
 * Spec §7 GET /api/emails/inbox/{provider} (plus 'all', paging and filters), the reader, read
 * state and filing (PATCH), saving an attachment into a case, and Sync. Every role has a mailbox;
 * each person sees only their own.
 */
export const emailsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { emails } = app.services;

  app.get(
    '/inbox/:provider',
    routeOptions('emails', 'session', {
      params: inboxParams,
      querystring: inboxQuery,
      response: { 200: inboxResponse },
    }),
    async (request) => emails.inbox(principalOf(request), request.params.provider, request.query),
  );

  app.post(
    '/sync',
    routeOptions('emails', 'session', { response: { 202: syncResponse } }),
    async (request, reply) => {
      reply.code(202);
      return { queued: await emails.syncNow(principalOf(request)) };
    },
  );

  app.get(
    '/:id',
    routeOptions('emails', 'session', {
      params: emailParams,
      querystring: emailDetailQuery,
      response: { 200: emailDetailResponse },
    }),
    async (request) => ({
      data: await emails.detail(
        principalOf(request),
        request.params.id,
        request.query.remoteImages === 'true',
      ),
    }),
  );

  app.patch(
    '/:id',
    routeOptions('emails', 'session', {
      params: emailParams,
      body: emailPatchBody,
      response: { 200: emailPatchResponse },
    }),
    async (request) => ({
      data: await emails.patch(
        principalOf(request),
        request.params.id,
        request.body,
        requestContext(request),
      ),
    }),
  );

  app.post(
    '/:id/attachments/:attachmentId/save',
    routeOptions('emails', 'session', {
      params: attachmentParams,
      body: attachmentSaveBody,
      response: { 201: attachmentSaveResponse },
    }),
    async (request, reply) => {
      const { id, attachmentId } = request.params;
      const saved = await emails.saveAttachment(
        principalOf(request),
        id,
        attachmentId,
        request.body.caseId,
        requestContext(request),
      );
      reply.code(201);
      return saved;
    },
  );
};
