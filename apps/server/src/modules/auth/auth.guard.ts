import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AccessTokens } from '../../platform/access-tokens';
import { unauthorized } from '../../platform/errors';
import type { Principal } from './principal';
import type { SessionsService } from './sessions.service';

/**
 * The preHandler every authenticated route declares: a valid Bearer access token whose session
 * still stands. It sets `request.principal`; services take the principal, never the request.
 */
export function createAuthGuard(tokens: AccessTokens, sessions: SessionsService) {
  return async function authenticate(request: FastifyRequest, _reply: FastifyReply) {
    const header = request.headers.authorization;
    const match = header ? /^Bearer ([A-Za-z0-9_\-.]+)$/.exec(header) : null;
    if (!match) throw unauthorized();
    const claims = tokens.verify(match[1]!);
    if (!claims) throw unauthorized();
    const principal = await sessions.principalFor(claims.sessionId, claims.userId);
    if (!principal) throw unauthorized();
    request.principal = principal;
  };
}

/** The principal of an authenticated route (its guard ran, so it is set). */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw unauthorized();
  return request.principal;
}
