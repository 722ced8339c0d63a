import { healthResponse, readyResponse } from '@sentinel/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../platform/errors';
import { routeOptions } from '../auth/access';

/** GET /api/health (the process serves) and GET /api/ready (and its database answers). */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    routeOptions('health', 'public', { response: { 200: healthResponse } }, { errors: false }),
    async () => ({
      status: 'ok' as const,
    }),
  );

  app.get(
    '/ready',
    routeOptions('health', 'public', { response: { 200: readyResponse } }),
    async (request) => {
      try {
        await app.database.query('select 1');
      } catch (err) {
        request.log.warn({ err }, 'readiness check failed');
        throw new AppError('UNAVAILABLE', 'Database unavailable');
      }
      return { status: 'ok' as const, database: 'ok' as const };
    },
  );
};
