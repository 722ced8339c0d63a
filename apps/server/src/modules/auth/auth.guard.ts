import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AccessTokens } from '../../platform/access-tokens';
import { unauthorized } from '../../platform/errors';
import { actingPrincipal, type Account, type Principal } from './principal';
import type { SessionsService } from './sessions.service';

/**
 * The first hook of every authenticated route: a valid Bearer access token whose session still
 * stands, issued for the firm the session acts in now (a token from before a firm switch, or of a
 * firm whose membership ended, is refused). It sets `request.account` and, when the session acts in
 * a firm, `request.principal`; services take those, never the request.
 */
export function createAuthGuard(tokens: AccessTokens, sessions: SessionsService) {
  return async function authenticate(request: FastifyRequest, _reply: FastifyReply) {
    const header = request.headers.authorization;
    const match = header ? /^Bearer ([A-Za-z0-9_\-.]+)$/.exec(header) : null;
    if (!match) throw unauthorized();
    const claims = tokens.verify(match[1]!);
    if (!claims) throw unauthorized();
    const account = await sessions.accountFor(claims.sessionId, claims.userId);
    if (!account || (account.firm?.firmId ?? null) !== claims.firmId) throw unauthorized();
    request.account = account;
    request.principal = actingPrincipal(account) ?? undefined;
  };
}

/** The signed-in person of an authenticated route, with or without a firm. */
export function accountOf(request: FastifyRequest): Account {
  if (!request.account) throw unauthorized();
  return request.account;
}

/** The principal of a firm-scoped route (its guards ran: the session acts in a firm). */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw unauthorized();
  return request.principal;
}
