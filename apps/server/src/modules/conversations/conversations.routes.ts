import {
  conversationDetailResponse,
  conversationParams,
  conversationResponse,
  conversationsQuery,
  conversationsResponse,
  directConversationRequest,
  editMessageRequest,
  messageParams,
  messagePeopleResponse,
  messageResponse,
  messagesQuery,
  messagesResponse,
  readConversationRequest,
  sendMessageRequest,
  unreadMessagesResponse,
} from '@sentinel/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requestContext } from '../../platform/request-context';
import { routeOptions } from '../auth/access';
import { principalOf } from '../auth/auth.guard';

const TAG = 'conversations';

/**
 * /api/conversations (issue 12): the conversations a person may read in the firm the session acts
 * in, their messages, read marks, and direct conversations an attorney opens. Everyone with a
 * firm; what each sees follows the case rules, and anything else answers 404.
 */
export const conversationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { conversations } = app.services;

  app.get(
    '/',
    routeOptions(TAG, 'session', {
      querystring: conversationsQuery,
      response: { 200: conversationsResponse },
    }),
    async (request) => conversations.list(principalOf(request), request.query.caseId),
  );

  app.get(
    '/unread',
    routeOptions(TAG, 'session', { response: { 200: unreadMessagesResponse } }),
    async (request) => conversations.unread(principalOf(request)),
  );

  app.get(
    '/people',
    routeOptions(TAG, ['attorney'], { response: { 200: messagePeopleResponse } }),
    async (request) => ({ data: await conversations.people(principalOf(request)) }),
  );

  app.post(
    '/direct',
    routeOptions(TAG, ['attorney'], {
      body: directConversationRequest,
      response: { 200: conversationResponse },
    }),
    async (request) => ({
      conversation: await conversations.direct(
        principalOf(request),
        request.body.userId,
        requestContext(request),
      ),
    }),
  );

  app.get(
    '/:id',
    routeOptions(TAG, 'session', {
      params: conversationParams,
      response: { 200: conversationDetailResponse },
    }),
    async (request) => conversations.detail(principalOf(request), request.params.id),
  );

  app.get(
    '/:id/messages',
    routeOptions(TAG, 'session', {
      params: conversationParams,
      querystring: messagesQuery,
      response: { 200: messagesResponse },
    }),
    async (request) => conversations.messages(principalOf(request), request.params.id, request.query),
  );

  app.post(
    '/:id/messages',
    routeOptions(TAG, 'session', {
      params: conversationParams,
      body: sendMessageRequest,
      response: { 201: messageResponse },
    }),
    async (request, reply) => {
      const message = await conversations.send(
        principalOf(request),
        request.params.id,
        request.body,
        requestContext(request),
      );
      return reply.code(201).send({ message });
    },
  );

  app.patch(
    '/:id/messages/:messageId',
    routeOptions(TAG, 'session', {
      params: messageParams,
      body: editMessageRequest,
      response: { 200: messageResponse },
    }),
    async (request) => ({
      message: await conversations.edit(
        principalOf(request),
        request.params.id,
        request.params.messageId,
        request.body.body,
        requestContext(request),
      ),
    }),
  );

  app.delete(
    '/:id/messages/:messageId',
    routeOptions(TAG, 'session', { params: messageParams, response: { 200: messageResponse } }),
    async (request) => ({
      message: await conversations.remove(
        principalOf(request),
        request.params.id,
        request.params.messageId,
        requestContext(request),
      ),
    }),
  );

  app.post(
    '/:id/read',
    routeOptions(TAG, 'session', {
      params: conversationParams,
      body: readConversationRequest,
      response: { 204: z.null() },
    }),
    async (request, reply) => {
      await conversations.markRead(principalOf(request), request.params.id, request.body.seq);
      return reply.code(204).send();
    },
  );
};
