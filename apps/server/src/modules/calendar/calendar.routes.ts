import {
  calendarDeleteResponse,
  calendarEventParams,
  calendarEventPatch,
  calendarEventResponse,
  calendarEventsQuery,
  calendarEventsResponse,
  calendarFeedResponse,
  calendarProviderParam,
  calendarEvent,
  googleEventBody,
  microsoftEventBody,
  sentinelEventBody,
  CALENDAR_MESSAGES,
} from '@sentinel/shared';
import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest, notFound } from '../../platform/errors';
import { requestContext } from '../../platform/request-context';
import { routeOptions } from '../auth/access';
import { principalOf } from '../auth/auth.guard';
import { readIfMatch } from './versions';

/** If-Match for a provider, checked as ours is and sent on as it came (the provider compares it). */
const providerIfMatch = (header: string | string[] | undefined) =>
  readIfMatch(header) === undefined ? undefined : [header].flat().join(', ');

/** Smaller answers are sent as they are (compressing them saves less than it costs). */
const GZIP_FROM_BYTES = 1024;

const providerParams = z.object({ provider: calendarProviderParam });
const caseParams = z.object({ caseId: z.string().uuid('Unknown case') });
const feedParams = z.object({ file: z.string().max(200) });

/**
 * Spec §7 /api/calendar/events/{provider} (GET with userId plus the range, POST, DELETE; PATCH
 * for moves and edits) for sentinel, google and microsoft (outlook accepted as the spec's save
 * value); the events of a case; the secret subscription feed. Every role has a calendar.
 * PATCH and DELETE take `If-Match` with the event's `etag` (409 when it changed since): compared
 * here for Sentinel's events, by Google or Microsoft for theirs.
 */
export const calendarRoutes: FastifyPluginAsyncZod = async (app) => {
  const { calendar, providerCalendars } = app.services;

  app.get(
    '/events/:provider',
    routeOptions('calendar', 'session', {
      params: providerParams,
      querystring: calendarEventsQuery,
      response: { 200: calendarEventsResponse },
    }),
    async (request, reply) => {
      const principal = principalOf(request);
      const { provider } = request.params;
      if (provider !== 'sentinel') return providerCalendars.list(principal, provider, request.query);
      // Written by the schema already (the service keeps answers as sent): Fastify sends the
      // bytes as they are; compressed when the browser takes gzip (a busy month is 1.3 MB).
      const answer = await calendar.list(principal, request.query);
      reply.type('application/json; charset=utf-8').header('vary', 'accept-encoding');
      const gzip = negotiate(request.headers['accept-encoding'] ?? '', ['gzip']) === 'gzip';
      if (!gzip || answer.json.length < GZIP_FROM_BYTES) return answer.json;
      reply.header('content-encoding', 'gzip');
      return answer.gzip();
    },
  );

  app.post(
    '/events/sentinel',
    routeOptions('calendar', 'session', {
      body: sentinelEventBody,
      response: { 201: calendarEventResponse },
    }),
    async (request, reply) => {
      const data = await calendar.create(principalOf(request), request.body, requestContext(request));
      if (data.etag) reply.header('etag', data.etag);
      reply.code(201);
      return { data };
    },
  );

  app.post(
    '/events/google',
    routeOptions('calendar', 'session', { body: googleEventBody, response: { 201: calendarEventResponse } }),
    async (request, reply) => {
      reply.code(201);
      return { data: await providerCalendars.create(principalOf(request), 'google', request.body) };
    },
  );

  for (const path of ['/events/microsoft', '/events/outlook'])
    app.post(
      path,
      routeOptions('calendar', 'session', {
        body: microsoftEventBody,
        response: { 201: calendarEventResponse },
      }),
      async (request, reply) => {
        reply.code(201);
        return { data: await providerCalendars.create(principalOf(request), 'microsoft', request.body) };
      },
    );

  app.patch(
    '/events/:provider/:eventId',
    routeOptions('calendar', 'session', {
      params: calendarEventParams,
      body: calendarEventPatch,
      response: { 200: calendarEventResponse },
    }),
    async (request, reply) => {
      const principal = principalOf(request);
      const { provider, eventId } = request.params;
      if (provider === 'sentinel') {
        if (eventId.startsWith('deadline-')) throw badRequest(CALENDAR_MESSAGES.eventReadOnly);
        if (!/^[0-9a-f-]{36}$/i.test(eventId)) throw notFound(CALENDAR_MESSAGES.eventNotFound);
        const ifMatch = readIfMatch(request.headers['if-match']);
        const data = await calendar.update(
          principal,
          eventId,
          request.body,
          requestContext(request),
          ifMatch,
        );
        if (data.etag) reply.header('etag', data.etag);
        return { data };
      }
      const { start, end, allDay } = request.body;
      if (!start || !end) throw badRequest('A move needs the new start and end');
      return {
        data: await providerCalendars.move(
          principal,
          provider,
          eventId,
          { start, end, allDay: allDay ?? false },
          providerIfMatch(request.headers['if-match']),
        ),
      };
    },
  );

  app.delete(
    '/events/:provider/:eventId',
    routeOptions('calendar', 'session', {
      params: calendarEventParams,
      response: { 200: calendarDeleteResponse },
    }),
    async (request) => {
      const principal = principalOf(request);
      const { provider, eventId } = request.params;
      if (provider !== 'sentinel')
        return providerCalendars.remove(
          principal,
          provider,
          eventId,
          providerIfMatch(request.headers['if-match']),
        );
      if (eventId.startsWith('deadline-')) throw badRequest(CALENDAR_MESSAGES.eventReadOnly);
      if (!/^[0-9a-f-]{36}$/i.test(eventId)) throw notFound(CALENDAR_MESSAGES.eventNotFound);
      const ifMatch = readIfMatch(request.headers['if-match']);
      return calendar.remove(principal, eventId, requestContext(request), ifMatch);
    },
  );

  app.get(
    '/cases/:caseId/events',
    routeOptions('calendar', 'session', {
      params: caseParams,
      response: { 200: z.object({ data: z.array(calendarEvent) }) },
    }),
    async (request) => ({ data: await calendar.ofCase(principalOf(request), request.params.caseId) }),
  );

  app.get(
    '/feed',
    routeOptions('calendar', 'session', { response: { 200: calendarFeedResponse } }),
    async (request) => calendar.feed(principalOf(request), requestContext(request)),
  );

  app.post(
    '/feed',
    routeOptions('calendar', 'session', { response: { 200: calendarFeedResponse } }),
    async (request) => calendar.regenerateFeed(principalOf(request), requestContext(request)),
  );

  // The subscription itself: phone and desktop calendars fetch it without a session; the secret
  // token in the path is the credential (only its hash is stored).
  app.get(
    '/feed/:file',
    routeOptions('calendar', 'public', { params: feedParams }, { errors: false }),
    async (request, reply) => {
      const token = request.params.file.replace(/\.ics$/, '');
      const ics = await calendar.feedIcs(token);
      if (ics === null) throw notFound();
      return reply
        .header('content-type', 'text/calendar; charset=utf-8')
        .header('content-disposition', 'inline; filename="sentinel.ics"')
        .header('cache-control', 'private, max-age=300')
        .send(ics);
    },
  );
};
