import { Writable } from 'node:stream';
import { connect } from 'node:net';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { ConfigError, loadConfig } from '../config';
import { login, makeUser, useTestContext } from '../test/helpers';

const ctx = useTestContext();

describe('error answers', () => {
  it('answers unknown API paths with the JSON error shape and the security headers', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/no-such-thing' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      error: 'Not found',
      message: 'Not found',
      code: 'NOT_FOUND',
      requestId: response.headers['x-request-id'],
    });
    // A JSON answer: the API set (OWASP REST), with a CSP that allows nothing.
    expect(response.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    expect(response.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(response.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['x-powered-by']).toBeUndefined();
  });

  it('gives pages the strict document CSP (no inline script) and the rest of the document set', async () => {
    const docs = await ctx.app.inject({ method: 'GET', url: '/api/docs' });
    // The API docs set their own static CSP (@fastify/swagger-ui staticCSP): still no inline script.
    expect(docs.headers['content-security-policy']).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    expect(docs.headers['x-content-type-options']).toBe('nosniff');

    for (const url of ['/attorney/dashboard', '/login']) {
      const response = await ctx.app.inject({ method: 'GET', url });
      const csp = response.headers['content-security-policy'];
      expect(csp, url).toContain("script-src 'self'");
      expect(csp, url).not.toMatch(/script-src[^;]*'unsafe-inline'/);
      expect(csp, url).toContain("object-src 'none'");
      expect(csp, url).toContain("frame-ancestors 'none'");
      expect(response.headers['x-content-type-options'], url).toBe('nosniff');
      expect(response.headers['x-frame-options'], url).toBe('DENY');
      expect(response.headers['x-request-id'], url).toBeTruthy();
    }
  });

  it('answers malformed JSON, wrong content types and oversized bodies with 4xx, never 500', async () => {
    const rawLogin = (contentType: string, payload: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { 'content-type': contentType },
        payload,
      });
    const malformed = await rawLogin('application/json', '{"email": ');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ code: 'BAD_REQUEST', error: 'Malformed JSON body' });

    const wrongType = await rawLogin('text/plain', 'email=a');
    expect(wrongType.statusCode).toBe(415);
    expect(wrongType.json().code).toBe('UNSUPPORTED_MEDIA_TYPE');

    const huge = await rawLogin(
      'application/json',
      JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(2 * 1024 * 1024) }),
    );
    expect(huge.statusCode).toBe(413);
    expect(huge.json().code).toBe('PAYLOAD_TOO_LARGE');

    const pollution = await rawLogin(
      'application/json',
      '{"__proto__": {"admin": true}, "email": "a@b.co", "password": "x"}',
    );
    expect(pollution.statusCode).toBeLessThan(500);
    expect(({} as Record<string, unknown>).admin).toBeUndefined();
  });

  it('lists every field problem in details and names the first in error', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'nope' },
    });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(body.details.map((d: { path: string }) => d.path).sort()).toEqual(['email', 'password']);
  });

  it('answers TRACE with 404 and serves the OpenAPI document', async () => {
    expect((await ctx.app.inject({ method: 'TRACE', url: '/' })).statusCode).toBe(404);
    const docs = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(docs.statusCode).toBe(200);
    expect(Object.keys(docs.json().paths)).toEqual(
      expect.arrayContaining(['/api/auth/login', '/api/tokens/refresh', '/api/profile/']),
    );
  });
});

describe('health', () => {
  it('answers /api/health and /api/ready', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/health' })).json()).toEqual({ status: 'ok' });
    expect((await ctx.app.inject({ method: 'GET', url: '/api/ready' })).json()).toEqual({
      status: 'ok',
      database: 'ok',
    });
  });
});

describe('audit trail', () => {
  it('refuses to change or delete audit rows', async () => {
    const user = await makeUser(ctx);
    await login(ctx, user.email, user.password);
    await expect(ctx.database.db.execute(sql`update audit_log set outcome = 'success'`)).rejects.toThrow();
    await expect(ctx.database.db.execute(sql`delete from audit_log`)).rejects.toThrow();
  });
});

describe('configuration', () => {
  it('lists every bad variable in one error', () => {
    try {
      loadConfig({
        PORT: 'eighty',
        DATABASE_URL: 'mysql://x',
        LOGIN_LIMIT_PER_IP: 'lots',
        NODE_ENV: 'production',
      });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const problems = (error as ConfigError).problems.join('\n');
      for (const name of ['PORT', 'DATABASE_URL', 'LOGIN_LIMIT_PER_IP', 'APP_SECRET', 'PUBLIC_URL']) {
        expect(problems).toContain(name);
      }
    }
  });
});

describe('production defaults', () => {
  const production = {
    NODE_ENV: 'production',
    APP_SECRET: 'x'.repeat(48),
    PUBLIC_URL: 'https://claims.example',
  };
  it('seeds no demo firm and serves no API docs unless asked', () => {
    expect(loadConfig(production)).toMatchObject({ demoSeed: 'never', serveApiDocs: false });
    expect(loadConfig({ ...production, DEMO_SEED: 'always', SERVE_API_DOCS: 'true' })).toMatchObject({
      demoSeed: 'always',
      serveApiDocs: true,
    });
    expect(loadConfig({ NODE_ENV: 'development' })).toMatchObject({ demoSeed: 'auto', serveApiDocs: true });
  });
});

describe('graceful shutdown', () => {
  it('finishes in-flight requests and answers 503 to new ones while closing', async () => {
    const quiet = new Writable({ write: (_chunk, _encoding, callback) => callback() });
    const app = await buildApp({ config: ctx.config, database: ctx.database, logStream: quiet });
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    app.get('/api/test/slow', { config: { access: 'public' } }, async () => {
      await gate;
      return { done: true };
    });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = app.server.address() as { port: number };

    const socket = connect(port, '127.0.0.1');
    let received = '';
    socket.on('data', (chunk) => (received += chunk.toString()));
    await new Promise((resolve) => socket.once('connect', resolve));
    socket.write('GET /api/test/slow HTTP/1.1\r\nHost: x\r\n\r\n');
    await new Promise((resolve) => setTimeout(resolve, 100));

    const closing = app.close();
    socket.write('GET /api/health HTTP/1.1\r\nHost: x\r\n\r\n');
    await new Promise((resolve) => setTimeout(resolve, 100));
    release();
    await closing;
    await new Promise((resolve) => setTimeout(resolve, 50));
    socket.destroy();

    const statuses = [...received.matchAll(/HTTP\/1\.1 (\d{3})/g)].map((m) => Number(m[1]));
    expect(statuses[0]).toBe(200);
    expect(received).toContain('{"done":true}');
    expect(statuses[1]).toBe(503);
  });
});
