import { analyticsQuery, analyticsResponse } from '@sentinel/shared';
import contentDisposition from 'content-disposition';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestContext } from '../../platform/request-context';
import { routeOptions } from '../auth/access';
import { principalOf } from '../auth/auth.guard';

const attorneys = ['attorney'] as const;

/**
 * Firm Analytics (issue 13): the firm's figures for a period, and the same figures with the top
 * cases as a CSV download. Attorneys only.
 */
export const analyticsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { analytics } = app.services;

  app.get(
    '/analytics',
    routeOptions('analytics', attorneys, {
      querystring: analyticsQuery,
      response: { 200: analyticsResponse },
    }),
    async (request) => analytics.figures(principalOf(request), request.query.period, requestContext(request)),
  );

  // Text, not JSON: no response schema (the error answers are the central handler's as ever).
  app.get(
    '/analytics/export.csv',
    routeOptions('analytics', attorneys, { querystring: analyticsQuery }),
    async (request, reply) => {
      const { fileName, csv } = await analytics.exportCsv(
        principalOf(request),
        request.query.period,
        requestContext(request),
      );
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', contentDisposition(fileName))
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );
};
