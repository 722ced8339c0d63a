import {
  accountSessionParams,
  accountSessionsResponse,
  loginResponse,
  mfaEnableRequest,
  mfaEnrolConfirmRequest,
  mfaEnrolment,
  mfaStatus,
  mfaStepUpRequest,
  mfaTicketRequest,
  mfaVerifyRequest,
  recoveryCodesResponse,
  SECURITY_MESSAGES,
  signedOutResponse,
  successMessageResponse,
  webauthnOptions,
} from '@sentinel/shared';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestContext } from '../../platform/request-context';
import { routeOptions } from './access';
import { accountOf } from './auth.guard';
import type { SignedIn } from './mfa.service';
import { passkeyRoutes } from './passkeys.routes';

/**
 * Two-step sign-in and the sessions list, under /api/auth (issue 15):
 * - the second step of a sign-in (public, by the ticket the login answered): /mfa/verify,
 *   /mfa/passkey/options, /mfa/enrolment and /mfa/enrolment/confirm;
 * - passkeys (passkeys.routes.ts): /passkeys…;
 * - Settings → Security (the signed-in person): /mfa, /mfa/setup, /mfa/enable,
 *   /mfa/recovery-codes, /mfa/disable, /sessions.
 */
export const securityRoutes: FastifyPluginAsyncZod = async (app) => {
  const { mfa } = app.services;

  /** The session a second step gives, as a login gives it: cookies, and the login's answer. */
  const signedIn = (reply: FastifyReply, { session, user, userId }: SignedIn) => {
    app.refreshCookie.set(reply, session.refreshToken, session.refreshMaxAge);
    app.deviceCookies.issue(reply, userId);
    return { token: session.accessToken, expiresIn: session.expiresIn, user };
  };

  app.post(
    '/mfa/verify',
    routeOptions('auth', 'public', { body: mfaVerifyRequest, response: { 200: loginResponse } }),
    async (request, reply) => signedIn(reply, await mfa.verify(request.body, requestContext(request))),
  );

  app.post(
    '/mfa/passkey/options',
    routeOptions('auth', 'public', { body: mfaTicketRequest, response: { 200: webauthnOptions } }),
    async (request) => mfa.passkeyOptionsFor(request.body.ticket),
  );

  await app.register(passkeyRoutes);

  app.post(
    '/mfa/enrolment',
    routeOptions('auth', 'public', { body: mfaTicketRequest, response: { 200: mfaEnrolment } }),
    async (request) => mfa.startEnrolment(request.body.ticket),
  );

  app.post(
    '/mfa/enrolment/confirm',
    routeOptions('auth', 'public', {
      body: mfaEnrolConfirmRequest,
      response: { 200: loginResponse.extend(recoveryCodesResponse.shape) },
    }),
    async (request, reply) => {
      const outcome = await mfa.confirmEnrolment(request.body, requestContext(request));
      return { ...signedIn(reply, outcome), recoveryCodes: outcome.recoveryCodes };
    },
  );

  app.get('/mfa', routeOptions('auth', 'account', { response: { 200: mfaStatus } }), async (request) =>
    mfa.status(accountOf(request)),
  );

  app.post(
    '/mfa/setup',
    routeOptions('auth', 'account', { body: mfaStepUpRequest, response: { 200: mfaEnrolment } }),
    async (request) => mfa.setup(accountOf(request), request.body, requestContext(request)),
  );

  app.post(
    '/mfa/enable',
    routeOptions('auth', 'account', { body: mfaEnableRequest, response: { 200: recoveryCodesResponse } }),
    async (request) => ({
      recoveryCodes: await mfa.enable(accountOf(request), request.body.code, requestContext(request)),
    }),
  );

  app.post(
    '/mfa/recovery-codes',
    routeOptions('auth', 'account', { body: mfaStepUpRequest, response: { 200: recoveryCodesResponse } }),
    async (request) => ({
      recoveryCodes: await mfa.regenerateRecoveryCodes(
        accountOf(request),
        request.body,
        requestContext(request),
      ),
    }),
  );

  app.post(
    '/mfa/disable',
    routeOptions('auth', 'account', { body: mfaStepUpRequest, response: { 200: successMessageResponse } }),
    async (request) => {
      const { passkeysRemain } = await mfa.disable(accountOf(request), request.body, requestContext(request));
      return {
        success: true as const,
        message: passkeysRemain ? SECURITY_MESSAGES.appRemovedPasskeysRemain : SECURITY_MESSAGES.disabled,
      };
    },
  );

  app.get(
    '/sessions',
    routeOptions('auth', 'account', { response: { 200: accountSessionsResponse } }),
    async (request) => ({ data: await mfa.listSessions(accountOf(request)) }),
  );

  app.delete(
    '/sessions/:id',
    routeOptions('auth', 'account', {
      params: accountSessionParams,
      response: { 200: successMessageResponse },
    }),
    async (request) => {
      await mfa.endSession(accountOf(request), request.params.id, requestContext(request));
      return { success: true as const, message: SECURITY_MESSAGES.sessionEnded };
    },
  );

  app.post(
    '/sessions/sign-out-others',
    routeOptions('auth', 'account', { response: { 200: signedOutResponse } }),
    async (request) => {
      const ended = await mfa.endOtherSessions(accountOf(request), requestContext(request));
      return { success: true as const, message: SECURITY_MESSAGES.otherSessionsEnded(ended), ended };
    },
  );
};
