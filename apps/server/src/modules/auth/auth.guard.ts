import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AccessTokens } from '../../platform/access-tokens';
import { unauthorized } from '../../platform/errors';
import type { Account, Principal } from './principal';
import type { SessionsService } from './sessions.service';

/** What a Bearer token may hold (a JWT's base64url parts and dots). */
const TOKEN = /^[A-Za-z0-9_\-.]+$/;

/**
 * The first hook of every authenticated route: a valid Bearer access token whose session still
 * stands, issued for the firm the session acts in now (a token from before a firm switch, or of a
 * firm whose membership ended, is refused). It sets `request.account` and, when the session acts in
 * a firm, `request.principal`; services take those, never the request.
 */
export function createAuthGuard(tokens: AccessTokens, sessions: SessionsService) {
  return async function authenticate(request: FastifyRequest, _reply: FastifyReply) {
    const header = request.headers.authorization;
    const token = header?.startsWith('Bearer ') ? header.slice(7) : '';
    if (!TOKEN.test(token)) throw unauthorized();
    const claims = tokens.verify(token);
    if (!claims) throw unauthorized();
    let standing = sessions.remembered(claims.sessionId, claims.userId);
    if (standing === undefined) standing = await sessions.standing(claims.sessionId, claims.userId);
    if (!standing || (standing.account.firm?.firmId ?? null) !== claims.firmId) throw unauthorized();
    request.account = standing.account;
    request.principal = standing.principal ?? undefined;
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
