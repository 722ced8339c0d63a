import { notificationParams, notificationsResponse } from '@sentinel/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { routeOptions } from '../auth/access';
import { accountOf } from '../auth/auth.guard';

/**
 * GET /api/notifications, POST /api/notifications/{id}/read and POST /api/notifications/read-all:
 * the bell in the top bar. Anyone signed in, with or without a firm; each sees only their own.
 */
export const notificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { notifications } = app.services;

  app.get(
    '/',
    routeOptions('notifications', 'account', { response: { 200: notificationsResponse } }),
    async (request) => notifications.list(accountOf(request)),
  );

  app.post(
    '/:id/read',
    routeOptions('notifications', 'account', { params: notificationParams, response: { 204: z.null() } }),
    async (request, reply) => {
      await notifications.markRead(accountOf(request), request.params.id);
      return reply.code(204).send();
    },
  );

  app.post(
    '/read-all',
    routeOptions('notifications', 'account', { response: { 204: z.null() } }),
    async (request, reply) => {
      await notifications.markAllRead(accountOf(request));
      return reply.code(204).send();
    },
  );
};
