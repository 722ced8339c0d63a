import {
  caseDeadlinesResponse,
  claimFactsBody,
  deadlineReviewBody,
  keyDateBody,
  KEY_DATE_KINDS,
} from '@sentinel/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requestContext } from '../../platform/request-context';
import { routeOptions } from '../auth/access';
import { principalOf } from '../auth/auth.guard';

const attorneys = ['attorney'] as const;
/** The case's team reads its deadlines; a client sees their own duties in their timeline. */
const team = ['attorney', 'restoration-contractor', 'public-adjuster', 'expert-witness'] as const;
const caseParams = z.object({ id: z.uuid('Unknown case') });
const keyDateParams = caseParams.extend({ kind: z.enum(KEY_DATE_KINDS, { error: 'Unknown key date' }) });
const ruleParams = caseParams.extend({ ruleId: z.string().regex(/^[A-Z]{2}-\d{2}$/, 'Unknown deadline') });
const response = { 200: caseDeadlinesResponse };

/**
 * The claim deadline engine on a case (issue 16): GET the facts, key dates, suggestions and
 * computed deadlines; attorneys set the facts, set or remove a key date, and review a deadline
 * (met, missed, waived, or a date of their own with a reason). Each change answers the new view.
 */
export const deadlinesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deadlines } = app.services;

  app.get(
    '/cases/:id/deadlines',
    routeOptions('deadlines', team, { params: caseParams, response }),
    async (request) => deadlines.view(principalOf(request), request.params.id),
  );

  app.put(
    '/cases/:id/deadlines/facts',
    routeOptions('deadlines', attorneys, { params: caseParams, body: claimFactsBody, response }),
    async (request) =>
      deadlines.setFacts(principalOf(request), request.params.id, request.body, requestContext(request)),
  );

  app.put(
    '/cases/:id/key-dates/:kind',
    routeOptions('deadlines', attorneys, { params: keyDateParams, body: keyDateBody, response }),
    async (request) =>
      deadlines.setKeyDate(
        principalOf(request),
        request.params.id,
        request.params.kind,
        request.body,
        requestContext(request),
      ),
  );

  app.delete(
    '/cases/:id/key-dates/:kind',
    routeOptions('deadlines', attorneys, { params: keyDateParams, response }),
    async (request) =>
      deadlines.removeKeyDate(
        principalOf(request),
        request.params.id,
        request.params.kind,
        requestContext(request),
      ),
  );

  app.put(
    '/cases/:id/deadlines/:ruleId/review',
    routeOptions('deadlines', attorneys, { params: ruleParams, body: deadlineReviewBody, response }),
    async (request) =>
      deadlines.review(
        principalOf(request),
        request.params.id,
        request.params.ruleId,
        request.body,
        requestContext(request),
      ),
  );
};
