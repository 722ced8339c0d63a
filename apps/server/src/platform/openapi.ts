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
      info: { title: 'Sentinel API', version: '0.1.0', description: 'Claims operating system API' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
}
