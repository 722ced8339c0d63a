import { healthResponse, readyResponse } from '@sentinel/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../platform/errors';
import { errorSchemas } from '../../platform/openapi';

/** GET /api/health (the process serves) and GET /api/ready (and its database answers). */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    { config: { access: 'public' }, schema: { tags: ['health'], response: { 200: healthResponse } } },
    async () => ({
      status: 'ok' as const,
    }),
  );

  app.get(
    '/ready',
    {
      config: { access: 'public' },
      schema: { tags: ['health'], response: { 200: readyResponse, ...errorSchemas } },
    },
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
