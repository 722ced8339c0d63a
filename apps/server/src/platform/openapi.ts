import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { errorResponse } from '@sentinel/shared';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { errorStatuses } from './errors';

/** The error answers every route may give, for its `response` schema (and so the OpenAPI document). */
export const errorSchemas = Object.fromEntries(
  errorStatuses.map((status) => [status, errorResponse]),
) as Record<(typeof errorStatuses)[number], typeof errorResponse>;

/** OpenAPI generated from the route schemas, browsable at /api/docs. */
export async function registerOpenApi(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Sentinel API',
        version: '0.1.0',
        description:
          'Claims operating system API. Every POST and PATCH that acts in a firm accepts an ' +
          '`Idempotency-Key` header (a UUID; kept 24 hours per person): a retry with the same key and ' +
          'request answers the first answer again (`Idempotent-Replayed: true`), one while the first ' +
          'still runs 409 `IDEMPOTENCY_KEY_IN_USE`, one with another request 422 `IDEMPOTENCY_KEY_REUSED`.',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
}
