import { attorneyDashboardResponse } from '@sentinel/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestContext } from '../../platform/request-context';
import { routeOptions } from '../auth/access';
import { principalOf } from '../auth/auth.guard';

/** GET /api/dashboard/attorney. The client dashboard reads the case endpoints. */
export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  const { dashboard } = app.services;
  app.get(
    '/attorney',
    routeOptions('dashboard', ['attorney'], { response: { 200: attorneyDashboardResponse } }),
    async (request) => dashboard.attorney(principalOf(request), requestContext(request)),
  );
};
