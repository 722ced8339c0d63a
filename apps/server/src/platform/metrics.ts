import { timingSafeEqual } from 'node:crypto';
import type { DatabaseHandle } from '@sentinel/db';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { notFound, unauthorized } from './errors';
import type { JobQueue } from './jobs';
import type { LiveHub } from './realtime';

/**
 * GET /metrics in the Prometheus text format: requests by method, route pattern and status class
 * (a latency histogram, whose _count is the request rate), the job queue's depth and the wait of
 * its oldest due job, the database pool's use, and the process's own metrics (CPU, memory, event
 * loop, GC). Each app has its own registry (tests build many apps in one process).
 *
 * Who may read it: with METRICS_TOKEN set, a request bearing `Authorization: Bearer <token>`
 * (else 401); without it, only a request made on this machine — a loopback peer that no proxy
 * forwarded (no Forwarded / X-Forwarded-For header) — and everyone else gets the ordinary 404.
 */
export function registerMetrics(
  app: FastifyInstance,
  sources: {
    database: Pick<DatabaseHandle, 'kind' | 'poolStats'>;
    jobs: Pick<JobQueue, 'stats'>;
    live: Pick<LiveHub, 'stats'>;
    token?: string;
  },
) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const requests = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method, route pattern and status class (its _count is the request count)',
    labelNames: ['method', 'route', 'status_class'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  // A callback hook, not an async one: no promise per request.
  app.addHook('onResponse', (request, reply, done) => {
    requests.observe(
      {
        method: request.method,
        // The pattern (/api/cases/:id), never the path: ids would make a series per object.
        route: request.routeOptions.url ?? 'unmatched',
        status_class:
          STATUS_CLASSES[Math.floor(reply.statusCode / 100)] ?? `${Math.floor(reply.statusCode / 100)}xx`,
      },
      reply.elapsedTime / 1000,
    );
    done();
  });

  // Both job gauges are collected together in a scrape: they share one query.
  let pending: ReturnType<JobQueue['stats']> | undefined;
  const jobStats = () => (pending ??= sources.jobs.stats().finally(() => (pending = undefined)));
  new Gauge({
    name: 'sentinel_jobs',
    help: 'Background jobs waiting (queued) and in hand (running)',
    labelNames: ['status'] as const,
    registers: [registry],
    async collect() {
      const stats = await jobStats();
      this.set({ status: 'queued' }, stats.queued);
      this.set({ status: 'running' }, stats.running);
    },
  });
  new Gauge({
    name: 'sentinel_jobs_oldest_wait_seconds',
    help: 'How long the oldest due queued job has waited to be taken (0 when none waits)',
    registers: [registry],
    async collect() {
      this.set((await jobStats()).oldestWaitSeconds);
    },
  });

  const { database } = sources;
  new Gauge({
    name: 'sentinel_database_info',
    help: 'The database in use: postgres (a node-postgres pool) or embedded (PGlite: one in-process connection, no pool)',
    labelNames: ['kind', 'pooled'] as const,
    registers: [registry],
  }).set({ kind: database.kind, pooled: String(Boolean(database.poolStats)) }, 1);
  const poolStats = database.poolStats;
  if (poolStats) {
    new Gauge({
      name: 'sentinel_db_pool_connections',
      help: 'Connections of the database pool: all open (total) and unused (idle)',
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        const stats = poolStats();
        this.set({ state: 'total' }, stats.total);
        this.set({ state: 'idle' }, stats.idle);
      },
    });
    new Gauge({
      name: 'sentinel_db_pool_waiting',
      help: 'Queries waiting for a connection of the database pool',
      registers: [registry],
      collect() {
        this.set(poolStats().waiting);
      },
    });
    new Gauge({
      name: 'sentinel_db_pool_max',
      help: 'The size of the database pool',
      registers: [registry],
    }).set(poolStats().max);
  }

  new Gauge({
    name: 'sentinel_live_connections',
    help: 'Open live-channel connections (WebSockets) on this instance',
    registers: [registry],
    collect() {
      this.set(sources.live.stats().connections);
    },
  });
  new Gauge({
    name: 'sentinel_live_frames_sent',
    help: 'Live frames this instance has sent since it started',
    registers: [registry],
    collect() {
      this.set(sources.live.stats().delivered);
    },
  });

  // Not part of the product's API: left out of the OpenAPI document.
  app.get('/metrics', { logLevel: 'warn', schema: { hide: true } }, async (request, reply) => {
    refuseUnlessAllowed(request, sources.token);
    return reply.type(registry.contentType).send(await registry.metrics());
  });
}

const STATUS_CLASSES = ['0xx', '1xx', '2xx', '3xx', '4xx', '5xx'];

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

function refuseUnlessAllowed(request: FastifyRequest, token: string | undefined) {
  if (token) {
    const given = Buffer.from(/^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '');
    const expected = Buffer.from(token);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw unauthorized();
    return;
  }
  const forwarded =
    request.headers['x-forwarded-for'] !== undefined || request.headers.forwarded !== undefined;
  if (forwarded || !LOOPBACK.has(request.socket.remoteAddress ?? '')) throw notFound();
}
