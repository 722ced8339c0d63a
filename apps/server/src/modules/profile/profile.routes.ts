import { firmPeopleResponse, profileResponse, updateProfileRequest } from '@sentinel/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorSchemas } from '../../platform/openapi';
import { requestContext } from '../../platform/request-context';
import { principalOf } from '../auth/auth.guard';

/** GET and PATCH /api/profile (Settings → Profile). */
export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  const { profile } = app.services;

  app.get(
    '/',
    {
      config: { access: 'session' },
      schema: {
        tags: ['profile'],
        security: [{ bearer: [] }],
        response: { 200: profileResponse, ...errorSchemas },
      },
    },
    async (request) => profile.get(principalOf(request)),
  );

  app.patch(
    '/',
    {
      config: { access: 'session' },
      schema: {
        tags: ['profile'],
        security: [{ bearer: [] }],
        body: updateProfileRequest,
        response: { 200: profileResponse, ...errorSchemas },
      },
    },
    async (request) =>
      profile.renameFirm(principalOf(request), request.body.firmName, requestContext(request)),
  );
};

/** GET /api/firm/people: the firm's attorneys and case team members (not clients). */
export const firmRoutes: FastifyPluginAsyncZod = async (app) => {
  const { profile } = app.services;
  app.get(
    '/people',
    {
      config: { access: ['attorney'] },
      schema: {
        tags: ['profile'],
        security: [{ bearer: [] }],
        response: { 200: firmPeopleResponse, ...errorSchemas },
      },
    },
    async (request) => profile.people(principalOf(request), requestContext(request)),
  );
};
