import { MESSAGES, STORAGE_KEYS } from '@sentinel/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch } from '@/testing/fetch-mock';
import { getSessionSnapshot } from '@/lib/session-store';
import { attorney, lovelaceLaw, makeJwt, signIn } from '@/testing/session';
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
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe(fresh);
  });

  it('refreshes with the cookie only: no Authorization header', async () => {
    localStorage.setItem(STORAGE_KEYS.token, 'not-a-jwt');
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

  it('serialises refreshes across tabs with navigator.locks and reuses a token another tab stored', async () => {
    const stale = makeJwt(5);
    const fromOtherTab = makeJwt(900);
    signIn(undefined, stale);
    const request = vi.fn(async (_name: string, callback: () => Promise<string>) => {
      // While this tab waited for the lock, another tab refreshed.
      localStorage.setItem(STORAGE_KEYS.token, fromOtherTab);
      return callback();
    });
    vi.stubGlobal('navigator', { ...navigator, locks: { request } });
    const { callsTo } = mockFetch({ [VERIFY]: () => json(200, { success: true }) });

    await api.get('/api/tokens/verify');

    expect(request).toHaveBeenCalledTimes(1);
    expect(request.mock.calls[0]?.[0]).toBe('sentinel-token-refresh');
    expect(callsTo(REFRESH)).toHaveLength(0);
    expect(callsTo(VERIFY)[0]?.headers.get('Authorization')).toBe(`Bearer ${fromOtherTab}`);
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

    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
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
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
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
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe(fresh);
  });
});
