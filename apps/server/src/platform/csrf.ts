import { MESSAGES } from '@sentinel/shared';
import type { FastifyRequest } from 'fastify';
import { AppError } from './errors';

/**
 * The refresh and logout endpoints act on a cookie, so a browser would send it along with a
 * forged cross-site request. They refuse requests a browser marks as cross-site (Fetch Metadata),
 * or whose Origin is neither the public URL nor the host the request was sent to. Clients that
 * send neither header (scripts, tests) are not browsers and carry no ambient cookie risk.
 */
export function createCrossSiteGuard(publicUrl: string) {
  const publicOrigin = new URL(publicUrl).origin;
  return async function refuseCrossSite(request: FastifyRequest) {
    const site = request.headers['sec-fetch-site'];
    if (site !== undefined && site !== 'same-origin' && site !== 'none') {
      throw new AppError('CROSS_SITE_REQUEST', MESSAGES.crossSiteRefused);
    }
    const origin = request.headers.origin;
    if (origin !== undefined) {
      const ownOrigin = `${request.protocol}://${request.host}`;
      if (origin !== publicOrigin && origin !== ownOrigin) {
        throw new AppError('CROSS_SITE_REQUEST', MESSAGES.crossSiteRefused);
      }
    }
  };
}
