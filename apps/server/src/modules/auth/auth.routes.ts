import {
  changePasswordRequest,
  changeTempPasswordRequest,
  changeTempPasswordResponse,
  forgotPasswordRequest,
  loginRequest,
  loginResponse,
  MESSAGES,
  registerRequest,
  registerResponse,
  resendVerificationRequest,
  verifyEmailRequest,
  verifyEmailResponse,
  resetPasswordRequest,
  successMessageResponse,
} from '@sentinel/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestContext } from '../../platform/request-context';
import { routeOptions } from './access';
import { accountOf } from './auth.guard';

/** POST /api/auth/* (spec §7). */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { auth } = app.services;
  const cookie = app.refreshCookie;
  const devices = app.deviceCookies;

  app.post(
    '/login',
    routeOptions('auth', 'public', { body: loginRequest, response: { 200: loginResponse } }),
    async (request, reply) => {
      const outcome = await auth.login(
        request.body.email,
        request.body.password,
        requestContext(request),
        (userId) => devices.deviceOf(request, userId),
      );
      if (outcome.kind === 'session') {
        cookie.set(reply, outcome.session.refreshToken, outcome.session.refreshMaxAge);
        devices.issue(reply, outcome.body.user!.userId);
      }
      return outcome.body;
    },
  );

  // Sign-up answers the same for every address; the session comes with the e-mail's link.
  app.post(
    '/register',
    routeOptions('auth', 'public', { body: registerRequest, response: { 202: registerResponse } }),
    async (request, reply) => {
      await auth.register(request.body, requestContext(request));
      return reply.status(202).send({ success: true as const, message: MESSAGES.signUpCheckEmail });
    },
  );

  app.post(
    '/verify-email',
    routeOptions('auth', 'public', { body: verifyEmailRequest, response: { 200: verifyEmailResponse } }),
    async (request, reply) => {
      const { user, session, signedUpAs } = await auth.verifyEmail(request.body, requestContext(request));
      cookie.set(reply, session.refreshToken, session.refreshMaxAge);
      devices.issue(reply, user.userId);
      return {
        success: true as const,
        token: session.accessToken,
        expiresIn: session.expiresIn,
        user,
        signedUpAs,
      };
    },
  );

  app.post(
    '/resend-verification',
    routeOptions('auth', 'public', {
      body: resendVerificationRequest,
      response: { 200: successMessageResponse },
    }),
    async (request) => {
      await auth.resendVerification(request.body, requestContext(request));
      return { success: true as const, message: MESSAGES.signUpLinkResent };
    },
  );

  app.post(
    '/forgot-password',
    routeOptions('auth', 'public', {
      body: forgotPasswordRequest,
      response: { 200: successMessageResponse },
    }),
    async (request) => {
      await auth.requestPasswordReset(request.body.email, requestContext(request), (userId) =>
        devices.deviceOf(request, userId),
      );
      return { success: true as const, message: MESSAGES.resetLinkSent };
    },
  );

  app.post(
    '/reset-password',
    routeOptions('auth', 'public', { body: resetPasswordRequest, response: { 200: successMessageResponse } }),
    async (request) => {
      await auth.resetPassword(request.body.token, request.body.newPassword, requestContext(request));
      return { success: true as const, message: MESSAGES.passwordResetDone };
    },
  );

  app.post(
    '/change-password',
    routeOptions('auth', 'account', {
      body: changePasswordRequest,
      response: { 200: successMessageResponse },
    }),
    async (request) => {
      await auth.changePassword(accountOf(request), request.body, requestContext(request));
      return { success: true as const, message: MESSAGES.passwordUpdated };
    },
  );

  app.post(
    '/change-temp-password',
    routeOptions('auth', 'public', {
      body: changeTempPasswordRequest,
      response: { 200: changeTempPasswordResponse },
    }),
    async (request, reply) => {
      const outcome = await auth.changeTemporaryPassword(request.body, requestContext(request));
      if ('secondStep' in outcome)
        return { success: true as const, message: MESSAGES.passwordUpdated, ...outcome.secondStep };
      cookie.set(reply, outcome.session.refreshToken, outcome.session.refreshMaxAge);
      return {
        success: true as const,
        message: MESSAGES.passwordUpdated,
        token: outcome.session.accessToken,
        expiresIn: outcome.session.expiresIn,
        user: outcome.user,
      };
    },
  );
};
