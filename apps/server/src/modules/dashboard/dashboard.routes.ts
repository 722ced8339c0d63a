import { attorneyDashboardResponse } from '@sentinel/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorSchemas } from '../../platform/openapi';
import { requestContext } from '../../platform/request-context';
import { principalOf } from '../auth/auth.guard';

/** GET /api/dashboard/attorney. The client dashboard reads the case endpoints. */
export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  const { dashboard } = app.services;
  app.get(
    '/attorney',
    {
      config: { access: ['attorney'] },
      schema: {
        tags: ['dashboard'],
        security: [{ bearer: [] }],
        response: { 200: attorneyDashboardResponse, ...errorSchemas },
      },
    },
    async (request) => dashboard.attorney(principalOf(request), requestContext(request)),
  );
};
