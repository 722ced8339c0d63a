import type { FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyRequest {
    /** The Idempotency-Key row this request claimed (set by platform/idempotency.ts). */
    idempotencyKeyId?: string;
  }
}

/** What services may know about the request that called them (never the request itself). */
export interface RequestContext {
  ip: string;
  userAgent: string | null;
  requestId: string;
  /** The Idempotency-Key row the request claimed: its audited change marks it (platform/idempotency.ts). */
  idempotencyKeyId?: string;
}

export const requestContext = (request: FastifyRequest): RequestContext => ({
  ip: request.ip,
  userAgent: request.headers['user-agent']?.slice(0, 500) ?? null,
  requestId: request.id,
  idempotencyKeyId: request.idempotencyKeyId,
});
