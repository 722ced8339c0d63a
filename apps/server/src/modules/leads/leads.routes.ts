import { sql } from 'drizzle-orm';
import { schema } from '@sentinel/db';
import { createLeadRequest, createLeadResponse, MESSAGES } from '@sentinel/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../platform/errors';
import { errorSchemas } from '../../platform/openapi';

/** POST /api/leads: the landing page's free-trial form. A repeated e-mail refreshes its lead. */
export const leadsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/',
    {
      config: { access: 'public' },
      schema: {
        tags: ['leads'],
        body: createLeadRequest,
        response: { 201: createLeadResponse, ...errorSchemas },
      },
    },
    async (request, reply) => {
      const limit = await app.throttle.hit(`leads:ip:${request.ip}`, app.config.limits.leadsPerIp);
      if (!limit.allowed)
        throw new AppError('RATE_LIMITED', MESSAGES.tooManyRequests, undefined, limit.retryAfter);
      await app.db
        .insert(schema.leads)
        .values({ email: request.body.email.toLowerCase(), ip: request.ip })
        .onConflictDoUpdate({ target: schema.leads.email, set: { lastRequestedAt: sql`now()` } });
      return reply.status(201).send({ success: true as const, message: MESSAGES.leadThanks });
    },
  );
};
