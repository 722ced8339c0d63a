import { MESSAGES } from '@sentinel/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch } from '@/testing/fetch-mock';
import { getAccessToken, getSessionSnapshot } from '@/lib/session-store';
import { attorney, browserStorageText, lovelaceLaw, makeJwt, reloadPage, signIn } from '@/testing/session';
import { writeRetryDelaysMs } from './api-client/request';
import {
  api,
  ApiError,
  scheduleProactiveRefresh,
  setFirmChangedHandler,
  setSessionLostHandler,
} from './api-client';

const VERIFY = 'GET /api/tokens/verify';
const REFRESH = 'POST /api/tokens/refresh';

let sessionLost: ReturnType<typeof vi.fn>;
let firmChanged: ReturnType<typeof vi.fn>;

beforeEach(() => {
  sessionLost = vi.fn();
  setSessionLostHandler(sessionLost);
  firmChanged = vi.fn();
  setFirmChangedHandler(firmChanged);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('requests', () => {
  it('sends the stored token as a bearer token, with credentials', async () => {
    const token = signIn();
    const { callsTo } = mockFetch({ [VERIFY]: () => json(200, { success: true }) });

    await api.get('/api/tokens/verify');

    const [call] = callsTo(VERIFY);
    expect(call?.headers.get('Authorization')).toBe(`Bearer ${token}`);
    expect(call?.credentials).toBe('include');
  });

  it('decodes an error answer into an ApiError with status, code, text and Retry-After', async () => {
    mockFetch({
      'POST /api/auth/login': () =>
        json(
          429,
          { error: 'Too many attempts. Please wait and try again.', code: 'RATE_LIMITED', requestId: 'r1' },
          { 'Retry-After': '42' },
        ),
    });

    const error = await api
      .post('/api/auth/login', { email: 'a@b.co', password: 'x' }, { auth: false })
      .catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 429,
      code: 'RATE_LIMITED',
      serverMessage: 'Too many attempts. Please wait and try again.',
      retryAfter: 42,
      requestId: 'r1',
    });
  });

  it('turns a failed connection into a NETWORK_ERROR ApiError with status 0', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));

    const error = await api
      .post('/api/auth/forgot-password', { email: 'a@b.co' }, { auth: false })
      .catch((e: unknown) => e);

    expect(error).toMatchObject({ status: 0, code: 'NETWORK_ERROR', serverMessage: undefined });
  });

  it('does not send a token or refresh for public calls', async () => {
    const { calls } = mockFetch({
      'POST /api/auth/login': () =>
        json(401, { error: 'Invalid email or password', code: 'INVALID_CREDENTIALS' }),
    });

    await expect(api.post('/api/auth/login', {}, { auth: false })).rejects.toMatchObject({ status: 401 });

    expect(calls.map((c) => c.key)).toEqual(['POST /api/auth/login']);
    expect(calls[0]?.headers.has('Authorization')).toBe(false);
  });
});

describe('writes sent again with their Idempotency-Key', () => {
  const CREATE = 'POST /api/client/new';

  it('gives every write its own key, kept across its tries; reads get none', async () => {
    signIn();
    let answers = 0;
    const { callsTo } = mockFetch({
      [CREATE]: () => (++answers === 1 ? json(503, { code: 'UNAVAILABLE' }) : json(201, { data: 1 })),
      'GET /api/client/u1/clients': () => json(503, { code: 'UNAVAILABLE' }),
    });

    await expect(api.post('/api/client/new', { a: 1 })).resolves.toEqual({ data: 1 });
    await api.post('/api/client/new', { a: 1 });
    await expect(api.get('/api/client/u1/clients')).rejects.toMatchObject({ status: 503 });

    const [first, retry, second] = callsTo(CREATE).map((call) => call.headers.get('Idempotency-Key'));
    expect(first).toMatch(/^[0-9a-f-]{32,36}$/);
    expect(retry).toBe(first);
    expect(second).not.toBe(first);
    // A read is not sent again and carries no key.
    expect(callsTo('GET /api/client/u1/clients')).toHaveLength(1);
    expect(callsTo('GET /api/client/u1/clients')[0]?.headers.has('Idempotency-Key')).toBe(false);
  });

  it('sends a write that got no answer again after the pauses, then gives up with the last error', async () => {
    vi.useFakeTimers();
    writeRetryDelaysMs.splice(0, writeRetryDelaysMs.length, 500, 2000, 4000);
    signIn();
    const fetchMock = vi.fn().mockRejectedValue(new TypeError('Failed to fetch'));
    vi.stubGlobal('fetch', fetchMock);

    const outcome = api.patch('/api/case/c1', { title: 'x' }).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(499);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(2000);
    expect(fetchMock).toHaveBeenCalledTimes(3);
    await vi.advanceTimersByTimeAsync(4000);
    expect(fetchMock).toHaveBeenCalledTimes(4);
    expect(await outcome).toMatchObject({ status: 0, code: 'NETWORK_ERROR' });
    vi.useRealTimers();
  });

  it('sends a write again while the server still runs its first try (409 IDEMPOTENCY_KEY_IN_USE)', async () => {
    signIn();
    let answers = 0;
    const { callsTo } = mockFetch({
      [CREATE]: () =>
        ++answers < 3
          ? json(409, { error: 'Still running', code: 'IDEMPOTENCY_KEY_IN_USE' }, { 'Retry-After': '1' })
          : json(201, { data: 2 }, { 'Idempotent-Replayed': 'true' }),
    });

    await expect(api.post('/api/client/new', {})).resolves.toEqual({ data: 2 });
    expect(new Set(callsTo(CREATE).map((call) => call.headers.get('Idempotency-Key'))).size).toBe(1);
    expect(callsTo(CREATE)).toHaveLength(3);
  });

  it('does not send a write again after an answer that is not 503', async () => {
    signIn();
    const { callsTo } = mockFetch({
      [CREATE]: () => json(409, { error: 'Taken', code: 'CONFLICT' }),
    });

    await expect(api.post('/api/client/new', {})).rejects.toMatchObject({ status: 409 });
    expect(callsTo(CREATE)).toHaveLength(1);
  });
});

describe('token refresh', () => {
  it('runs exactly one refresh for concurrent requests when the token expires within 30 s', async () => {
    signIn(undefined, makeJwt(10));
    const fresh = makeJwt(900);
    const { callsTo } = mockFetch({
      [REFRESH]: async () => {
        await new Promise((resolve) => setTimeout(resolve, 20));
        return json(200, { token: fresh, expiresIn: 900 });
      },
      [VERIFY]: () => json(200, { success: true }),
    });

    await Promise.all(Array.from({ length: 5 }, () => api.get('/api/tokens/verify')));

    expect(callsTo(REFRESH)).toHaveLength(1);
    const verifies = callsTo(VERIFY);
    expect(verifies).toHaveLength(5);
    for (const call of verifies) expect(call.headers.get('Authorization')).toBe(`Bearer ${fresh}`);
    expect(getAccessToken()).toBe(fresh);
    expect(browserStorageText()).not.toContain(fresh);
  });

  it('after a reload (no token in memory) the first calls share one refresh from the cookie', async () => {
    signIn();
    reloadPage();
    const fresh = makeJwt(900);
    const { calls } = mockFetch({
      [REFRESH]: async () => {
        await new Promise((resolve) => setTimeout(resolve, 20));
        return json(200, { token: fresh, expiresIn: 900, user: attorney });
      },
      [VERIFY]: () => json(200, { success: true }),
    });

    await Promise.all(Array.from({ length: 3 }, () => api.get('/api/tokens/verify')));

    expect(calls.map((c) => c.key)).toEqual([REFRESH, VERIFY, VERIFY, VERIFY]);
    expect(calls[1]?.headers.get('Authorization')).toBe(`Bearer ${fresh}`);
    expect(getAccessToken()).toBe(fresh);
    expect(firmChanged).not.toHaveBeenCalled();
  });

  it('refreshes with the cookie only: no Authorization header', async () => {
    signIn(undefined, 'not-a-jwt');
    const { callsTo } = mockFetch({
      [REFRESH]: () => json(200, { token: makeJwt(900), expiresIn: 900 }),
      [VERIFY]: () => json(200, { success: true }),
    });

    await api.get('/api/tokens/verify');

    const [refresh] = callsTo(REFRESH);
    expect(refresh?.headers.has('Authorization')).toBe(false);
    expect(refresh?.credentials).toBe('include');
  });

  it('does not refresh a token that is valid for more than 30 s', async () => {
    signIn(undefined, makeJwt(31 + 5));
    const { callsTo } = mockFetch({ [VERIFY]: () => json(200, { success: true }) });

    await api.get('/api/tokens/verify');

    expect(callsTo(REFRESH)).toHaveLength(0);
  });

  it('uses a token this tab was given while it waited for the refresh lock', async () => {
    const stale = makeJwt(5);
    const switched = makeJwt(900);
    signIn(undefined, stale);
    const request = vi.fn(async (_name: string, callback: () => Promise<string>) => {
      // While this tab waited for the lock, a change of firm gave it a new token.
      signIn(attorney, switched);
      return callback();
    });
    vi.stubGlobal('navigator', { ...navigator, locks: { request } });
    const { callsTo } = mockFetch({ [VERIFY]: () => json(200, { success: true }) });

    await api.get('/api/tokens/verify');

    expect(request).toHaveBeenCalledTimes(1);
    expect(request.mock.calls[0]?.[0]).toBe('sentinel-token-refresh');
    expect(callsTo(REFRESH)).toHaveLength(0);
    expect(callsTo(VERIFY)[0]?.headers.get('Authorization')).toBe(`Bearer ${switched}`);
  });

  it('after a 401 refreshes once and retries once with the new token', async () => {
    const old = signIn();
    const fresh = makeJwt(900);
    let verifyCalls = 0;
    const { callsTo } = mockFetch({
      [VERIFY]: () =>
        ++verifyCalls === 1
          ? json(401, { error: 'Authentication required', code: 'UNAUTHORIZED' })
          : json(200, { success: true }),
      [REFRESH]: () => json(200, { token: fresh, expiresIn: 900 }),
    });

    await expect(api.get('/api/tokens/verify')).resolves.toEqual({ success: true });

    const verifies = callsTo(VERIFY);
    expect(verifies.map((c) => c.headers.get('Authorization'))).toEqual([`Bearer ${old}`, `Bearer ${fresh}`]);
    expect(callsTo(REFRESH)).toHaveLength(1);
  });

  it('does not loop when the retry answers 401 again', async () => {
    signIn();
    const { callsTo } = mockFetch({
      [VERIFY]: () => json(401, { error: 'Authentication required', code: 'UNAUTHORIZED' }),
      [REFRESH]: () => json(200, { token: makeJwt(900), expiresIn: 900 }),
    });

    await expect(api.get('/api/tokens/verify')).rejects.toMatchObject({ status: 401, code: 'UNAUTHORIZED' });

    expect(callsTo(VERIFY)).toHaveLength(2);
    expect(callsTo(REFRESH)).toHaveLength(1);
  });

  it('when the refresh fails, removes the token and sends the user to the login page', async () => {
    signIn(undefined, makeJwt(3));
    const { callsTo } = mockFetch({
      [REFRESH]: () => json(401, { error: 'Authentication required', code: 'UNAUTHORIZED' }),
    });

    await expect(api.get('/api/tokens/verify')).rejects.toMatchObject({ status: 401 });

    expect(getAccessToken()).toBeNull();
    expect(sessionLost).toHaveBeenCalledTimes(1);
    expect(callsTo(VERIFY)).toHaveLength(0);
  });

  it('stores the user a refresh answers, and leaves the page alone while the firm is the same', async () => {
    signIn(attorney, makeJwt(3));
    const fresh = makeJwt(900);
    mockFetch({
      [REFRESH]: () => json(200, { token: fresh, expiresIn: 900, user: { ...attorney, invitations: 2 } }),
      [VERIFY]: () => json(200, { success: true }),
    });

    await api.get('/api/tokens/verify');

    expect(getSessionSnapshot()).toMatchObject({ token: fresh, invitations: 2, firm: lovelaceLaw });
    expect(firmChanged).not.toHaveBeenCalled();
  });

  it('when a refresh answers another firm than the page shows, runs the firm-changed handler', async () => {
    signIn(attorney, makeJwt(3));
    const other = { id: 'firm-2', name: 'Morgan & Reyes', userType: 'public-adjuster' as const };
    mockFetch({
      [REFRESH]: () =>
        json(200, {
          token: makeJwt(900),
          expiresIn: 900,
          user: { ...attorney, userType: 'public-adjuster', firm: other, firms: [other] },
        }),
      [VERIFY]: () => json(200, { success: true }),
    });

    await api.get('/api/tokens/verify');

    expect(getSessionSnapshot()).toMatchObject({ userType: 'public-adjuster', firm: other });
    expect(firmChanged).toHaveBeenCalledTimes(1);
  });

  it('fails with the spec text when the refresh answer has no token', async () => {
    signIn(undefined, makeJwt(3));
    mockFetch({ [REFRESH]: () => json(200, { expiresIn: 900 }) });

    await expect(api.get('/api/tokens/verify')).rejects.toThrow(MESSAGES.noTokenFromRefresh);
    expect(getAccessToken()).toBeNull();
  });

  it('refreshes proactively 30 s before the token expires', async () => {
    vi.useFakeTimers();
    signIn(undefined, makeJwt(120));
    const fresh = makeJwt(900);
    const { callsTo } = mockFetch({ [REFRESH]: () => json(200, { token: fresh, expiresIn: 900 }) });

    scheduleProactiveRefresh();
    await vi.advanceTimersByTimeAsync(89_000);
    expect(callsTo(REFRESH)).toHaveLength(0);

    await vi.advanceTimersByTimeAsync(1_500);
    expect(callsTo(REFRESH)).toHaveLength(1);
    expect(getAccessToken()).toBe(fresh);
  });
});

describe('two tabs opened at once', () => {
  /**
   * Another tab: its own module graph (its own token in memory and its own single flight) over
   * this window's storage, fetch and navigator, as two tabs share storage, cookies and locks.
   */
  async function openTab() {
    vi.resetModules();
    const client = await import('./api-client');
    const store = await import('./session-store');
    client.setSessionLostHandler(sessionLost);
    client.setFirmChangedHandler(firmChanged);
    return { api: client.api, getAccessToken: store.getAccessToken };
  }

  /** Web Locks as a browser grants them: one holder of a name at a time, in the order asked. */
  function webLocks() {
    const tails = new Map<string, Promise<unknown>>();
    return {
      request: vi.fn((name: string, callback: () => Promise<unknown>) => {
        const run = (tails.get(name) ?? Promise.resolve()).then(callback);
        tails.set(
          name,
          run.catch(() => undefined),
        );
        return run;
      }),
    };
  }

  /**
   * The server's refresh over the one cookie the tabs share: each use rotates it, and a rotated
   * one presented again ends the session (401 from then on), as sessions.service.ts does.
   */
  function rotatingRefreshCookie() {
    let cookie = 1;
    let ended = false;
    const used: number[] = [];
    const handler = async () => {
      const presented = cookie; // what the browser sends with the request
      await new Promise((resolve) => setTimeout(resolve, 20));
      if (ended || used.includes(presented)) {
        ended = true;
        return json(401, { error: MESSAGES.sessionExpired, code: 'UNAUTHORIZED' });
      }
      used.push(presented);
      cookie += 1;
      return json(200, { token: makeJwt(900, { jti: `t${presented}` }), expiresIn: 900, user: attorney });
    };
    return { handler, used, ended: () => ended };
  }

  beforeEach(() => {
    // The user both tabs find in storage; neither has a token yet.
    signIn(attorney);
    reloadPage();
  });

  it('restore the session one after the other under the Web Lock: each presents a fresh cookie', async () => {
    vi.stubGlobal('navigator', { ...navigator, locks: webLocks() });
    const server = rotatingRefreshCookie();
    const { callsTo } = mockFetch({
      [REFRESH]: server.handler,
      [VERIFY]: () => json(200, { success: true }),
    });
    const [first, second] = [await openTab(), await openTab()];

    await Promise.all([first.api.get('/api/tokens/verify'), second.api.get('/api/tokens/verify')]);

    expect(server.used).toEqual([1, 2]);
    expect(server.ended()).toBe(false);
    expect(sessionLost).not.toHaveBeenCalled();
    expect(first.getAccessToken()).not.toBe(second.getAccessToken());
    expect(
      callsTo(VERIFY)
        .map((call) => call.headers.get('Authorization'))
        .sort(),
    ).toEqual([first.getAccessToken(), second.getAccessToken()].map((token) => `Bearer ${token}`).sort());
  });

  it('without the lock would present one cookie twice and end the session (why the lock is there)', async () => {
    vi.stubGlobal('navigator', { ...navigator, locks: undefined });
    const server = rotatingRefreshCookie();
    mockFetch({ [REFRESH]: server.handler, [VERIFY]: () => json(200, { success: true }) });
    const [first, second] = [await openTab(), await openTab()];

    const outcomes = await Promise.allSettled([
      first.api.get('/api/tokens/verify'),
      second.api.get('/api/tokens/verify'),
    ]);

    expect(outcomes.map((outcome) => outcome.status).sort()).toEqual(['fulfilled', 'rejected']);
    expect(server.ended()).toBe(true);
  });
});
