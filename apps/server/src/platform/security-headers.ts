import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/**
 * Headers for JSON answers under /api (OWASP REST Security Cheat Sheet): never cached, never
 * framed, never sniffed, and a CSP that allows nothing should one ever be opened as a document.
 * Each response header costs measurable time in Node's HTTP layer, so the API carries these and
 * no more.
 */
const API_HEADERS = {
  'cache-control': 'no-store',
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
  'cross-origin-resource-policy': 'same-origin',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
};

/** Pages and assets (the web app, the API docs) get Helmet's full set. */
const isApiCall = (url: string) => url.startsWith('/api/') && !url.startsWith('/api/docs');

/**
 * Security headers on every answer, errors and 404s included, plus the request id. Documents get
 * a strict CSP with no inline script (styles may be inline: the UI's toast and dialog libraries
 * set them), nosniff, no referrer, no framing, HSTS for a year.
 *
 * Helmet itself, built once (@fastify/helmet rebuilds the middleware, re-parsing the CSP, on every
 * request).
 */
export function registerSecurityHeaders(app: FastifyInstance) {
  const documentHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
      },
    },
    strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: true },
    referrerPolicy: { policy: 'no-referrer' },
    crossOriginEmbedderPolicy: false,
    frameguard: { action: 'deny' },
  });

  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    if (isApiCall(request.url)) {
      reply.headers(API_HEADERS);
      done();
    } else {
      documentHeaders(request.raw, reply.raw, (error) => done(error as Error | undefined));
    }
  });
}
