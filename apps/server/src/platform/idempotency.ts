import { createHash } from 'node:crypto';
import type { Database } from '@sentinel/db';
import { MESSAGES } from '@sentinel/shared';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  RouteHandlerMethod,
  RouteOptions,
} from 'fastify';
import { AppError, badRequest } from './errors';
import { idempotencyRepository } from './idempotency-keys';
import type { SecretBox } from './secret-box';

/**
 * Idempotency keys for writes (reference row 42; IETF draft-ietf-httpapi-idempotency-key-header).
 *
 * A POST or PATCH of a firm's data sent with `Idempotency-Key: "<uuid>"` runs once per person and
 * key. The key is claimed before the route runs; a retry with the same key and the same request
 * gets the first answer again (`Idempotent-Replayed: true`); with another request, 422; while the
 * first still runs, 409 with Retry-After. Keys live 24 hours (the privacy clean-up forgets them).
 *
 * The write and the key's `committed_at` commit together: a change is audited inside its own
 * transaction, and the audit (platform/audit.ts) marks the request's key in the same transaction.
 * So a write whose answer was lost (a 503 as the database restarted, a server killed after the
 * commit) is known to have happened: a retry gets 409 "already carried out" instead of a second
 * copy, and a write that did not commit leaves its key free again.
 * Kept answers are sealed with the server's secret box: they may hold what the route answered.
 */

/** The request header (case-insensitive, as every header). */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
/** Sent with an answer that is the replay of the first request's. */
export const REPLAYED_HEADER = 'idempotent-replayed';
/** A run's key is renewed this often while it goes (its lease: idempotency-keys.ts). */
const RENEW_MS = 10_000;
/** A key a failed run could not let go (the database away) is tried again each second, 30 times. */
const RELEASE_RETRY_MS = 1_000;
const RELEASE_ATTEMPTS = 30;
/** Answers larger than this are not kept: a retry learns the write was done, not its answer. */
const MAX_KEPT_ANSWER = 1024 * 1024;
/** Answers that say "not now" rather than "no": the key is let go, so a retry runs the write. */
const retryable = (status: number) => status >= 500 || status === 408 || status === 429;

/** The Structured Field string of the draft (`"…"`), or the bare token many clients send. */
const KEY_PATTERN = /^(?:"([\x21\x23-\x5b\x5d-\x7e]{1,255})"|([\x21\x23-\x5b\x5d-\x7e]{1,255}))$/;

interface KeptAnswer {
  contentType?: string;
  location?: string;
  etag?: string;
  body: string;
}

/** The header's key, or a 400 for one that is not 1-255 visible characters (or sent twice). */
function keyOf(header: string | string[]): string {
  const match = typeof header === 'string' ? KEY_PATTERN.exec(header.trim()) : null;
  if (!match) throw badRequest(MESSAGES.idempotencyKeyInvalid);
  return (match[1] ?? match[2])!;
}

/**
 * What the key promises to repeat: the method, the path and query, the firm acted in, and the body
 * as validated. An upload's bytes are streamed to the route, so for an upload it is the route alone.
 */
function fingerprintOf(request: FastifyRequest): string {
  const body = request.isMultipart() ? 'multipart' : (request.body ?? null);
  return createHash('sha256')
    .update(JSON.stringify([request.method, request.url, request.principal?.firmId ?? null, body]))
    .digest('hex');
}

const keyed = (route: RouteOptions): boolean => {
  const access = route.config?.access;
  const methods = [route.method].flat();
  return (
    route.url.startsWith('/api/') &&
    methods.every((method) => method === 'POST' || method === 'PATCH') &&
    access !== undefined &&
    access !== 'public' &&
    access !== 'account'
  );
};

/**
 * Installs idempotency keys on the firm's write routes (POST and PATCH of routes that act in a
 * firm). Register before the routes: the route's handler is wrapped as it is registered.
 */
export function registerIdempotency(app: FastifyInstance, db: Database, box: SecretBox): void {
  const answerFrom = (reply: FastifyReply, status: number, answer: KeptAnswer) => {
    reply.code(status).header(REPLAYED_HEADER, 'true');
    if (answer.contentType) reply.type(answer.contentType);
    if (answer.location) reply.header('location', answer.location);
    if (answer.etag) reply.header('etag', answer.etag);
    return answer.body;
  };

  const releaseLater = (id: string, attempt = 1) => {
    setTimeout(() => {
      idempotencyRepository.release(db, id).catch(() => {
        if (attempt < RELEASE_ATTEMPTS) releaseLater(id, attempt + 1);
      });
    }, RELEASE_RETRY_MS).unref();
  };

  app.addHook('onRoute', (route: RouteOptions) => {
    if (!keyed(route)) return;
    const handler = route.handler as RouteHandlerMethod;
    route.handler = async function idempotent(this: FastifyInstance, request, reply) {
      const header = request.headers[IDEMPOTENCY_KEY_HEADER];
      if (header === undefined) return handler.call(this, request, reply);
      const key = keyOf(header);
      const userId = request.account!.userId;
      const outcome = await idempotencyRepository.claim(db, userId, key, fingerprintOf(request));
      switch (outcome.kind) {
        case 'reused':
          throw new AppError('IDEMPOTENCY_KEY_REUSED', MESSAGES.idempotencyKeyReused);
        case 'in-use':
          throw new AppError('IDEMPOTENCY_KEY_IN_USE', MESSAGES.idempotencyKeyInUse, undefined, 1);
        case 'answer-lost':
          throw new AppError('CONFLICT', MESSAGES.idempotencyAnswerLost);
        case 'replay':
          return answerFrom(reply, outcome.status, JSON.parse(box.open(outcome.sealed)) as KeptAnswer);
        case 'claimed':
          break;
      }
      const id = outcome.id;
      request.idempotencyKeyId = id;
      const renewal = setInterval(() => {
        idempotencyRepository.renew(db, id).catch((err: unknown) => {
          request.log.warn({ err }, 'idempotency key lease not renewed');
        });
      }, RENEW_MS).unref();
      try {
        return await handler.call(this, request, reply);
      } finally {
        clearInterval(renewal);
      }
    };
  });

  // The answer, as it leaves, is kept for the key (or the key let go after a server error). The
  // client gets its answer even if keeping it fails: the key then stays as committed or expires.
  app.addHook('onSend', async (request, reply, payload) => {
    const id = request.idempotencyKeyId;
    if (!id) return payload;
    request.idempotencyKeyId = undefined;
    try {
      if (retryable(reply.statusCode)) {
        // Not awaited: when the database is away (the usual cause of a 503) the answer must not
        // wait for it. Should it fail, it is tried again as the database comes back, so a retry
        // is not kept waiting for the whole lease (409 IDEMPOTENCY_KEY_IN_USE until then).
        idempotencyRepository.release(db, id).catch((err: unknown) => {
          request.log.warn({ err }, 'idempotency key not released yet');
          releaseLater(id);
        });
        return payload;
      }
      // Routes answer JSON as text; anything else (a stream, bytes) is not kept.
      const body = typeof payload === 'string' ? payload : null;
      const keep = body !== null && Buffer.byteLength(body) <= MAX_KEPT_ANSWER;
      const answer: KeptAnswer | null = keep
        ? {
            body,
            contentType: reply.getHeader('content-type')?.toString(),
            location: reply.getHeader('location')?.toString(),
            etag: reply.getHeader('etag')?.toString(),
          }
        : null;
      await idempotencyRepository.complete(
        db,
        id,
        keep ? reply.statusCode : null,
        answer ? box.seal(JSON.stringify(answer)) : null,
      );
    } catch (err) {
      request.log.warn({ err }, 'idempotency key answer not kept');
    }
    return payload;
  });
}
