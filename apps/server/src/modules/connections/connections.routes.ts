import {
  integrationsResponse,
  microsoftConfigResponse,
  oauthCallbackBody,
  oauthCallbackResponse,
  oauthConnectResponse,
  oauthStatusResponse,
  providerNotConfigured,
  providerParams,
  successResponse,
  tokenDeleteQuery,
  tokenLookupQuery,
  tokenLookupResponse,
  tokenStoreBody,
} from '@sentinel/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../platform/errors';
import { requestContext } from '../../platform/request-context';
import { routeOptions } from '../auth/access';
import { accountOf } from '../auth/auth.guard';

/**
 * Spec §7 /api/oauth/*: connect, callback, status, the Microsoft client id, and the Integrations
 * tab's list. A person's connections are theirs, whichever firm they act in ('account').
 */
export const oauthRoutes: FastifyPluginAsyncZod = async (app) => {
  const { connections } = app.services;

  app.get(
    '/connect/:provider',
    routeOptions('oauth', 'account', { params: providerParams, response: { 200: oauthConnectResponse } }),
    async (request) => ({ url: await connections.connectUrl(accountOf(request), request.params.provider) }),
  );

  app.post(
    '/callback',
    routeOptions('oauth', 'account', { body: oauthCallbackBody, response: { 200: oauthCallbackResponse } }),
    async (request) => connections.complete(accountOf(request), request.body, requestContext(request)),
  );

  app.get(
    '/status',
    routeOptions('oauth', 'account', { response: { 200: oauthStatusResponse } }),
    async (request) => connections.status(accountOf(request).userId),
  );

  app.get(
    '/connections',
    routeOptions('oauth', 'account', { response: { 200: integrationsResponse } }),
    async (request) => ({ data: await connections.integrations(accountOf(request).userId) }),
  );

  app.get(
    '/config/microsoft',
    routeOptions('oauth', 'account', { response: { 200: microsoftConfigResponse } }),
    async () => {
      const clientId = app.providers.microsoftClientId;
      if (!clientId) throw new AppError('UNAVAILABLE', providerNotConfigured('microsoft'));
      return { clientId };
    },
  );
};

/** Spec §7 GET /api/tokens/get, POST /api/tokens/store, DELETE /api/tokens/delete: the caller's own only. */
export const providerTokensRoutes: FastifyPluginAsyncZod = async (app) => {
  const { connections } = app.services;

  app.get(
    '/get',
    routeOptions('oauth', 'account', {
      querystring: tokenLookupQuery,
      response: { 200: tokenLookupResponse },
    }),
    async (request) => connections.lookup(accountOf(request), request.query.userId, request.query.provider),
  );

  app.post(
    '/store',
    routeOptions('oauth', 'account', { body: tokenStoreBody, response: { 200: successResponse } }),
    async (request) => {
      await connections.store(accountOf(request), request.body, requestContext(request));
      return { success: true as const };
    },
  );

  app.delete(
    '/delete',
    routeOptions('oauth', 'account', { querystring: tokenDeleteQuery, response: { 200: successResponse } }),
    async (request) => {
      const { userId, provider } = request.query;
      await connections.disconnect(accountOf(request), userId, provider, requestContext(request));
      return { success: true as const };
    },
  );
};
