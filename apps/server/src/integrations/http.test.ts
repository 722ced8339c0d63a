import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { formPost, parseProviderError, providerFetch, providerJson, retryAfterMs } from './http';
import { ProviderError } from './provider';

type Handler = (req: IncomingMessage, res: ServerResponse, body: string) => void;

let server: Server;
let base: string;
let handler: Handler;
let hits: { url: string; authorization?: string; body: string }[];

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      hits.push({ url: req.url ?? '', authorization: req.headers.authorization, body });
      handler(req, res, body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  hits = [];
});

/** Records the waits instead of waiting. */
function recorder() {
  const waits: number[] = [];
  return { waits, sleep: async (ms: number) => void waits.push(ms) };
}

function json(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

const SECRET = 'ya29.a0-secret-access-token';
const REFRESH = '1//0refresh-token-secret';

describe('providerFetch', () => {
  it('retries 429 honouring Retry-After in seconds, then returns the answer', async () => {
    let count = 0;
    handler = (_req, res) => {
      count += 1;
      if (count <= 3) json(res, 429, { error: { code: 429, message: 'Slow down' } }, { 'retry-after': '2' });
      else json(res, 200, { ok: true });
    };
    const { waits, sleep } = recorder();
    const body = await providerJson<{ ok: boolean }>(`${base}/x`, {}, { sleep });
    expect(body).toEqual({ ok: true });
    expect(hits).toHaveLength(4);
    expect(waits).toEqual([2000, 2000, 2000]);
  });

  it('gives up at once when the provider asks to wait past the budget of a request a person waits on', async () => {
    handler = (_req, res) =>
      json(res, 429, { error: { code: 429, message: 'Slow down' } }, { 'retry-after': '4' });
    const { waits, sleep } = recorder();
    const failure = await providerJson(`${base}/x`, {}, { sleep, waitBudgetMs: 10_000 }).catch(
      (e: unknown) => e,
    );
    expect(failure).toBeInstanceOf(ProviderError);
    expect((failure as ProviderError).transient).toBe(true);
    // Two waits of 4 s fit in 10 s; a third would not, so no fourth request is made.
    expect(waits).toEqual([4000, 4000]);
    expect(hits).toHaveLength(3);
  });

  it('caps a Retry-After given as an HTTP date', async () => {
    let count = 0;
    handler = (_req, res) => {
      count += 1;
      if (count === 1) json(res, 503, {}, { 'retry-after': new Date(Date.now() + 3_600_000).toUTCString() });
      else json(res, 200, { ok: true });
    };
    const { waits, sleep } = recorder();
    await providerJson(`${base}/x`, {}, { sleep, maxDelayMs: 60_000 });
    expect(waits).toEqual([60_000]);
  });

  it('backs off exponentially with full jitter on 503 and gives up as a transient ProviderError', async () => {
    handler = (_req, res) => json(res, 503, { error: { code: 'ServiceUnavailable', message: 'Try later' } });
    const { waits, sleep } = recorder();
    const error = await providerFetch(`${base}/x`, {}, { sleep, random: () => 0.5, attempts: 4 }).catch(
      (e) => e,
    );
    expect(error).toBeInstanceOf(ProviderError);
    expect(error).toMatchObject({
      status: 503,
      code: 'ServiceUnavailable',
      description: 'Try later',
      transient: true,
    });
    expect(hits).toHaveLength(4);
    expect(waits).toEqual([250, 500, 1000]);
  });

  it('does not retry a 4xx and reads the OAuth error body without echoing the request', async () => {
    handler = (_req, res) =>
      json(res, 400, { error: 'invalid_grant', error_description: 'Token has been expired or revoked.' });
    const { waits, sleep } = recorder();
    const error = await providerFetch(
      `${base}/token?token=${SECRET}`,
      {
        ...formPost({ grant_type: 'refresh_token', refresh_token: REFRESH }),
        headers: { authorization: `Bearer ${SECRET}` },
      },
      { sleep },
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderError);
    expect(error).toMatchObject({ status: 400, code: 'invalid_grant', transient: false });
    expect((error as Error).message).toBe('400 invalid_grant: Token has been expired or revoked.');
    const everything = `${(error as Error).message} ${(error as Error).stack} ${JSON.stringify(error)}`;
    expect(everything).not.toContain(SECRET);
    expect(everything).not.toContain(REFRESH);
    expect(hits).toHaveLength(1);
    expect(hits[0]!.body).toBe(`grant_type=refresh_token&refresh_token=${encodeURIComponent(REFRESH)}`);
    expect(waits).toEqual([]);
  });

  it('reads Graph and Google API error bodies', async () => {
    handler = (_req, res) =>
      json(res, 410, {
        error: { code: 'SyncStateNotFound', message: 'The sync state is gone.', innerError: {} },
      });
    await expect(providerFetch(`${base}/x`)).rejects.toMatchObject({
      status: 410,
      code: 'SyncStateNotFound',
    });
    handler = (_req, res) =>
      json(res, 404, {
        error: { code: 404, message: 'Requested entity was not found.', status: 'NOT_FOUND' },
      });
    await expect(providerFetch(`${base}/x`)).rejects.toMatchObject({
      status: 404,
      code: 'NOT_FOUND',
      description: 'Requested entity was not found.',
    });
  });

  it('retries only 429 when the request is not idempotent', async () => {
    handler = (_req, res) => json(res, 500, { error: 'server_error' });
    const { sleep } = recorder();
    await expect(
      providerFetch(`${base}/x`, { method: 'POST' }, { sleep, idempotent: false }),
    ).rejects.toMatchObject({
      status: 500,
      transient: true,
    });
    expect(hits).toHaveLength(1);
  });

  it('retries network failures and times out slow answers', async () => {
    const { waits, sleep } = recorder();
    await expect(providerFetch('http://127.0.0.1:1/x', {}, { sleep, attempts: 3 })).rejects.toMatchObject({
      status: 0,
      code: 'network_error',
      transient: true,
    });
    expect(waits).toHaveLength(2);

    handler = (_req, res) => setTimeout(() => json(res, 200, {}), 500);
    await expect(
      providerFetch(`${base}/slow`, {}, { sleep, attempts: 2, timeoutMs: 50 }),
    ).rejects.toMatchObject({
      code: 'timeout',
      transient: true,
    });
    expect(hits.length).toBeGreaterThanOrEqual(1);
  });
});

describe('retryAfterMs and parseProviderError', () => {
  it('reads seconds and dates', () => {
    expect(retryAfterMs('0')).toBe(0);
    expect(retryAfterMs('7')).toBe(7000);
    expect(retryAfterMs('Wed, 21 Oct 2015 07:28:10 GMT', Date.parse('Wed, 21 Oct 2015 07:28:00 GMT'))).toBe(
      10_000,
    );
    expect(retryAfterMs('soon')).toBeNull();
    expect(retryAfterMs(null)).toBeNull();
  });

  it('drops Microsoft trace lines from a description', () => {
    const body = JSON.stringify({
      error: 'invalid_grant',
      error_description:
        'AADSTS70008: The provided authorization code or refresh token has expired.\r\nTrace ID: 1\r\nCorrelation ID: 2\r\nTimestamp: 2026-01-01',
      error_codes: [70008],
    });
    expect(parseProviderError(400, body)).toEqual({
      code: 'invalid_grant',
      description: 'AADSTS70008: The provided authorization code or refresh token has expired.',
    });
  });

  it('copes with bodies that are not JSON', () => {
    expect(parseProviderError(502, '<html>Bad gateway</html>')).toEqual({
      code: 'http_502',
      description: 'Provider unavailable',
    });
  });
});
