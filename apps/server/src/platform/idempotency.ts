import { createHash } from 'node:crypto';
import { schema, type Database, type DbOrTx } from '@sentinel/db';
import { MESSAGES } from '@sentinel/shared';
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  RouteHandlerMethod,
  RouteOptions,
} from 'fastify';
import { AppError, badRequest } from './errors';
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
/** How long a key is kept: the draft asks for the expiry to be published (docs/security.md). */
export const IDEMPOTENCY_KEY_HOURS = 24;
/** A run holds its key this long, renewed while it goes; a crashed run's key is free after it. */
const LEASE_SECONDS = 30;
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
  body: string;
}

type Outcome =
  | { kind: 'claimed'; id: string }
  | { kind: 'replay'; status: number; sealed: string }
  | { kind: 'in-use' }
  | { kind: 'reused' }
  | { kind: 'answer-lost' };

declare module 'fastify' {
  interface FastifyRequest {
    /** The key this request claimed (its row's id), read by `requestContext` for the audit. */
    idempotencyKeyId?: string;
  }
}

const { idempotencyKeys } = schema;
const leaseEnd = sql`now() + make_interval(secs => ${LEASE_SECONDS})`;

export const idempotencyRepository = {
  async claim(db: Database, userId: string, key: string, fingerprint: string): Promise<Outcome> {
    const [inserted] = await db
      .insert(idempotencyKeys)
      .values({ userId, key, fingerprint, lockedUntil: leaseEnd })
      .onConflictDoNothing()
      .returning({ id: idempotencyKeys.id });
    if (inserted) return { kind: 'claimed', id: inserted.id };

    const [row] = await db
      .select({
        id: idempotencyKeys.id,
        fingerprint: idempotencyKeys.fingerprint,
        expired: sql<boolean>`${idempotencyKeys.createdAt} < now() - make_interval(hours => ${IDEMPOTENCY_KEY_HOURS})`,
        committed: sql<boolean>`${idempotencyKeys.committedAt} is not null`,
        completed: sql<boolean>`${idempotencyKeys.completedAt} is not null`,
        locked: sql<boolean>`${idempotencyKeys.lockedUntil} > now()`,
        status: idempotencyKeys.responseStatus,
        response: idempotencyKeys.response,
      })
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
    if (row?.expired) {
      // Kept past its 24 hours (the hourly clean-up has not run yet): forgotten, the key is new.
      const [renewed] = await db
        .update(idempotencyKeys)
        .set({
          fingerprint,
          lockedUntil: leaseEnd,
          committedAt: null,
          completedAt: null,
          responseStatus: null,
          response: null,
          createdAt: sql`now()`,
        })
        .where(
          and(
            eq(idempotencyKeys.id, row.id),
            lt(idempotencyKeys.createdAt, sql`now() - make_interval(hours => ${IDEMPOTENCY_KEY_HOURS})`),
          ),
        )
        .returning({ id: idempotencyKeys.id });
      return renewed ? { kind: 'claimed', id: renewed.id } : { kind: 'in-use' };
    }
    // Released between the two statements (the first run failed): the next try claims it.
    if (!row) return { kind: 'in-use' };
    if (row.fingerprint !== fingerprint) return { kind: 'reused' };
    if (row.completed)
      return row.response && row.status
        ? { kind: 'replay', status: row.status, sealed: row.response }
        : { kind: 'answer-lost' };
    if (row.locked) return { kind: 'in-use' };
    if (row.committed) return { kind: 'answer-lost' };
    // The first run ended without committing and without answering (its server died): take over.
    const [taken] = await db
      .update(idempotencyKeys)
      .set({ lockedUntil: leaseEnd })
      .where(
        and(
          eq(idempotencyKeys.id, row.id),
          sql`${idempotencyKeys.lockedUntil} <= now()`,
          isNull(idempotencyKeys.committedAt),
          isNull(idempotencyKeys.completedAt),
        ),
      )
      .returning({ id: idempotencyKeys.id });
    return taken ? { kind: 'claimed', id: taken.id } : { kind: 'in-use' };
  },

  async markCommitted(tx: DbOrTx, id: string): Promise<void> {
    await tx
      .update(idempotencyKeys)
      .set({ committedAt: sql`coalesce(${idempotencyKeys.committedAt}, now())` })
      .where(eq(idempotencyKeys.id, id));
  },

  async renew(db: Database, id: string): Promise<void> {
    await db
      .update(idempotencyKeys)
      .set({ lockedUntil: leaseEnd })
      .where(and(eq(idempotencyKeys.id, id), isNull(idempotencyKeys.completedAt)));
  },

  /** The answer is kept (sealed) for the key's retries; null when it cannot be replayed. */
  async complete(db: Database, id: string, status: number | null, sealed: string | null): Promise<void> {
    await db
      .update(idempotencyKeys)
      .set({ completedAt: sql`now()`, responseStatus: status, response: sealed })
      .where(eq(idempotencyKeys.id, id));
  },

  /**
   * After a server error (or a 408/429): a key whose write did not commit is let go, so the retry runs; one whose
   * write did commit stays, as carried out with its answer lost.
   */
  async release(db: Database, id: string): Promise<void> {
    const released = await db
      .delete(idempotencyKeys)
      .where(and(eq(idempotencyKeys.id, id), isNull(idempotencyKeys.committedAt)))
      .returning({ id: idempotencyKeys.id });
    if (released.length === 0) await this.complete(db, id, null, null);
  },

  /** Keys past their 24 hours, with the answers they kept (run by the hourly privacy clean-up). */
  async forgetExpired(db: Database): Promise<number> {
    const gone = await db
      .delete(idempotencyKeys)
      .where(lt(idempotencyKeys.createdAt, sql`now() - make_interval(hours => ${IDEMPOTENCY_KEY_HOURS})`))
      .returning({ id: idempotencyKeys.id });
    return gone.length;
  },
};

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
