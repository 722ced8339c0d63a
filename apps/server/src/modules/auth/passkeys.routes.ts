import {
  mfaStepUpRequest,
  passkey,
  passkeyAddRequest,
  passkeyAdded,
  passkeyParams,
  passkeyRenameRequest,
  passkeysResponse,
  SECURITY_MESSAGES,
  successMessageResponse,
  webauthnOptions,
} from '@sentinel/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestContext } from '../../platform/request-context';
import { routeOptions } from './access';
import { accountOf } from './auth.guard';

/**
 * Passkeys in Settings → Security, under /api/auth (issue 15): the signed-in person's own; another
 * person's passkey id answers 404. Adding and removing one take the step-up of two-step sign-in.
 */
export const passkeyRoutes: FastifyPluginAsyncZod = async (app) => {
  const { mfa } = app.services;

  app.get(
    '/passkeys',
    routeOptions('auth', 'account', { response: { 200: passkeysResponse } }),
    async (request) => ({
      data: await mfa.passkeys.list(accountOf(request)),
    }),
  );

  app.post(
    '/passkeys/options',
    routeOptions('auth', 'account', { body: mfaStepUpRequest, response: { 200: webauthnOptions } }),
    async (request) =>
      mfa.passkeys.registrationOptions(accountOf(request), request.body, requestContext(request)),
  );

  app.post(
    '/passkeys',
    routeOptions('auth', 'account', { body: passkeyAddRequest, response: { 201: passkeyAdded } }),
    async (request, reply) => {
      reply.code(201);
      return mfa.passkeys.add(accountOf(request), request.body, requestContext(request));
    },
  );

  app.post(
    '/passkeys/step-up/options',
    routeOptions('auth', 'account', { response: { 200: webauthnOptions } }),
    async (request) => mfa.passkeyStepUpOptions(accountOf(request)),
  );

  app.patch(
    '/passkeys/:id',
    routeOptions('auth', 'account', {
      params: passkeyParams,
      body: passkeyRenameRequest,
      response: { 200: passkey },
    }),
    async (request) => mfa.passkeys.rename(accountOf(request), request.params.id, request.body.name),
  );

  app.post(
    '/passkeys/:id/remove',
    routeOptions('auth', 'account', {
      params: passkeyParams,
      body: mfaStepUpRequest,
      response: { 200: successMessageResponse },
    }),
    async (request) => {
      await mfa.passkeys.remove(accountOf(request), request.params.id, request.body, requestContext(request));
      return { success: true as const, message: SECURITY_MESSAGES.passkeyRemoved };
    },
  );
};
