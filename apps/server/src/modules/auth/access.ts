import { MESSAGES, type UserType } from '@sentinel/shared';
import type { FastifyInstance, FastifyRequest, onRequestHookHandler, RouteOptions } from 'fastify';
import type { z } from 'zod';
import { audit } from '../../platform/audit';
import { forbidden } from '../../platform/errors';
import { errorSchemas } from '../../platform/openapi';
import { requestContext } from '../../platform/request-context';

/**
 * Who may call a route, declared on every /api route as `config: { access }`:
 * - 'public': anyone (sign-in, sign-up, health, the landing form, the cookie endpoints);
 * - 'account': any signed-in person, acting in a firm or not yet in one (their memberships,
 *   switching firm, their password and profile);
 * - 'session': a signed-in person acting in a firm; the service then scopes what they see to that
 *   firm, their cases and their type there (403 'not a member of a firm yet' without a firm);
 * - a list of user types: only those, by their type in the firm the session acts in (others get
 *   403, and an authz_denied audit row).
 * A route without a declaration cannot be registered: the server refuses to start.
 */
export type Access = 'public' | 'account' | 'session' | readonly UserType[];

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
}

/** What a route validates and answers (the zod schemas fastify-type-provider-zod reads). */
interface RouteSchema {
  params?: z.ZodType;
  querystring?: z.ZodType;
  body?: z.ZodType;
  consumes?: string[];
  response?: Record<number, z.ZodType>;
}

const BEARER = [{ bearer: [] as string[] }];

/**
 * The options of an /api route: its access (`config.access`) and its schema, tagged for the
 * OpenAPI document, whose `security` follows from the access (a public route has none). The
 * error answers every route may give are added to the responses it declares, unless
 * `errors: false` (the health check declares only 200). A route that streams bytes declares none.
 */
export function routeOptions<const S extends RouteSchema>(
  tag: string,
  access: Access,
  schema: S,
  { errors = true }: { errors?: boolean } = {},
) {
  const { response, ...rest } = schema;
  return {
    config: { access },
    schema: {
      tags: [tag],
      ...(access === 'public' ? {} : { security: BEARER }),
      ...rest,
      ...(response && {
        response: (errors ? { ...response, ...errorSchemas } : response) as NonNullable<S['response']> &
          typeof errorSchemas,
      }),
    },
  };
}

/** The access of every /api route, as registered (the authorisation table test reads it). */
export type RouteAccess = { method: string; url: string; access: Access };

const governed = (url: string) => url.startsWith('/api/') && !url.startsWith('/api/docs');

/**
 * Installs the one authorisation layer: for each route as it is registered, the access
 * declaration becomes its first onRequest hooks (authenticate, then the role check), so that
 * nobody learns anything of a route, not even how it validates a body, before being let in; and
 * audits the 404s that signed-in people get for objects by id. Register this before any route.
 */
export function installAccessControl(app: FastifyInstance): RouteAccess[] {
  const catalogue: RouteAccess[] = [];
  app.addHook('onRoute', (route: RouteOptions) => {
    if (!governed(route.url)) return;
    const access = route.config?.access;
    const methods = [route.method].flat();
    if (access === undefined) {
      throw new Error(`${methods.join(',')} ${route.url} declares no access (config.access)`);
    }
    for (const method of methods) {
      if (method !== 'HEAD') catalogue.push({ method, url: route.url, access });
    }
    if (access === 'public') return;
    const routeName = `${methods.join(',')} ${route.url}`;
    const guards: onRequestHookHandler[] = [app.authenticate as onRequestHookHandler];
    if (access !== 'account') guards.push(roleCheck(app, access === 'session' ? null : access, routeName));
    const existing = route.onRequest ? [route.onRequest].flat() : [];
    route.onRequest = [...guards, ...existing];
  });
  // A signed-in person asking for an object by id that answers 404 — another firm's, or none —
  // leaves an audit row, so probing other firms' ids shows in the trail.
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url;
    if (reply.statusCode !== 404 || !request.account || !route?.includes(':') || !governed(route)) return;
    await audit(app.db, requestContext(request), {
      action: 'object_not_found',
      outcome: 'failure',
      firmId: request.principal?.firmId,
      userId: request.account.userId,
      details: { route: `${request.method} ${route}`, params: request.params as Record<string, unknown> },
    }).catch((err: unknown) => request.log.warn({ err }, 'not-found audit row not written'));
  });
  return catalogue;
}

/** A firm to act in, and (unless `allowed` is null) one of the allowed types there. */
function roleCheck(app: FastifyInstance, allowed: readonly UserType[] | null, routeName: string) {
  return async function requireRole(request: FastifyRequest) {
    const principal = request.principal;
    if (principal && (!allowed || allowed.includes(principal.userType))) return;
    await audit(app.db, requestContext(request), {
      action: 'authz_denied',
      outcome: 'failure',
      firmId: principal?.firmId,
      userId: request.account?.userId,
      details: { route: routeName, ...(principal ? {} : { reason: 'no_firm' }) },
    });
    throw forbidden(principal ? undefined : MESSAGES.noFirmYet);
  };
}
