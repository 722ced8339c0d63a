import { schema } from '@sentinel/db';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { useTestContext } from '../test/helpers';

const TOKEN = 'metrics-token-0123456789abcdef';

describe('GET /metrics without METRICS_TOKEN: this machine only', () => {
  const ctx = useTestContext();
  const scrape = (options: { remoteAddress?: string; headers?: Record<string, string> } = {}) =>
    ctx.app.inject({ method: 'GET', url: '/metrics', ...options });

  it('answers Prometheus text with the request, job, database, live-channel and process metrics', async () => {
    const response = await scrape();
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    for (const name of [
      'http_request_duration_seconds',
      'sentinel_jobs',
      'sentinel_jobs_oldest_wait_seconds',
      'sentinel_database_info',
      'sentinel_live_connections',
      'sentinel_live_frames_sent',
      'process_cpu_user_seconds_total',
      'process_resident_memory_bytes',
      'nodejs_eventloop_lag_seconds',
    ]) {
      expect(response.body).toContain(`# TYPE ${name} `);
    }
    if (ctx.database.kind === 'postgres') {
      expect(response.body).toContain('sentinel_database_info{kind="postgres",pooled="true"} 1');
      expect(response.body).toMatch(/^sentinel_db_pool_connections\{state="total"\} \d+$/m);
      expect(response.body).toMatch(/^sentinel_db_pool_connections\{state="idle"\} \d+$/m);
      expect(response.body).toMatch(/^sentinel_db_pool_waiting \d+$/m);
      expect(response.body).toContain('sentinel_db_pool_max 5');
    } else {
      // PGlite is one in-process connection: no pool to report.
      expect(response.body).toContain('sentinel_database_info{kind="embedded",pooled="false"} 1');
      expect(response.body).not.toContain('sentinel_db_pool_connections');
    }
  });

  it('counts a request under its method, route pattern and status class', async () => {
    const id = '00000000-0000-4000-8000-000000000000';
    await ctx.app.inject({ method: 'GET', url: '/api/health' });
    await ctx.app.inject({ method: 'GET', url: `/api/cases/${id}` });
    await ctx.app.inject({ method: 'GET', url: `/api/cases/${id}` });
    const body = (await scrape()).body;
    expect(body).toContain(
      'http_request_duration_seconds_count{method="GET",route="/api/health",status_class="2xx"} 1',
    );
    expect(body).toContain(
      'http_request_duration_seconds_count{method="GET",route="/api/cases/:id",status_class="4xx"} 2',
    );
    expect(body).toMatch(
      /^http_request_duration_seconds_bucket\{le="\+Inf",method="GET",route="\/api\/health",status_class="2xx"\} 1$/m,
    );
    expect(body).not.toContain(id);
  });

  it('shows the queue depth and how long the oldest due job has waited', async () => {
    const db = ctx.database.db;
    await db.insert(schema.jobs).values([
      { kind: 'metrics.test', payload: {}, runAt: new Date(Date.now() - 90_000) },
      { kind: 'metrics.test', payload: {}, runAt: new Date(Date.now() + 3_600_000) },
      { kind: 'metrics.test', payload: {}, status: 'running' },
    ]);
    const body = (await scrape()).body;
    expect(body).toContain('sentinel_jobs{status="queued"} 2');
    expect(body).toContain('sentinel_jobs{status="running"} 1');
    const wait = Number(/^sentinel_jobs_oldest_wait_seconds ([\d.]+)$/m.exec(body)?.[1]);
    expect(wait).toBeGreaterThanOrEqual(90);
    expect(wait).toBeLessThan(150);
  });

  it('is not part of the API: the OpenAPI document leaves it out', async () => {
    const document = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(Object.keys(document.paths)).toContain('/api/health');
    expect(Object.keys(document.paths)).not.toContain('/metrics');
  });

  it('answers 404 to another machine, and to a request a proxy forwarded', async () => {
    const remote = await scrape({ remoteAddress: '203.0.113.7' });
    expect(remote.statusCode).toBe(404);
    expect(remote.body).not.toContain('http_request_duration_seconds');
    expect((await scrape({ headers: { 'x-forwarded-for': '203.0.113.7' } })).statusCode).toBe(404);
    expect((await scrape({ headers: { forwarded: 'for=203.0.113.7' } })).statusCode).toBe(404);
  });
});

describe('GET /metrics with METRICS_TOKEN', () => {
  const ctx = useTestContext({ METRICS_TOKEN: TOKEN });

  it('answers 401 without the token or with a wrong one, from anywhere', async () => {
    const scrape = (headers: Record<string, string>) =>
      ctx.app.inject({ method: 'GET', url: '/metrics', headers });
    expect((await scrape({})).statusCode).toBe(401);
    expect((await scrape({ authorization: `Bearer ${TOKEN.slice(0, -1)}x` })).statusCode).toBe(401);
    expect((await scrape({ authorization: TOKEN })).statusCode).toBe(401);
  });

  it('answers the bearer of the token, from another machine too', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/metrics',
      remoteAddress: '203.0.113.7',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('# TYPE http_request_duration_seconds histogram');
  });

  it('refuses a token too short to be secret at boot', () => {
    expect(() => loadConfig({ NODE_ENV: 'test', METRICS_TOKEN: 'short' })).toThrow(
      /METRICS_TOKEN: must be at least 16 characters/,
    );
  });
});
