import { LIVE_CLOSE_UNAUTHORISED, type Message } from '@sentinel/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeWebSocket } from '@/testing/fake-websocket';
import { LiveConnection, reconnectDelay, type LiveEvent } from './live';

const message: Message = {
  id: 'm-1',
  seq: 1,
  changeSeq: 1,
  conversationId: 'c-1',
  sender: { userId: 'u-2', name: 'Grace Hopper', userType: 'client' },
  kind: 'text',
  body: 'Hello',
  createdAt: '2026-03-01T10:00:00.000Z',
  editedAt: null,
  deletedAt: null,
  documents: [],
};

/** A connection on fakes: the stored token, its change listeners, the refresh. */
function setUp() {
  let stored: string | null = 'token-1';
  const tokenListeners = new Set<() => void>();
  const refreshToken = vi.fn(async (_stale: string | null) => {
    stored = `refreshed-${refreshToken.mock.calls.length}`;
    return stored;
  });
  const connection = new LiveConnection({
    createSocket: (url) => new FakeWebSocket(url) as unknown as WebSocket,
    url: () => 'ws://app.test/api/live',
    getToken: async () => stored ?? Promise.reject(new Error('no token')),
    refreshToken,
    storedToken: () => stored,
    onTokenChange: (listener) => {
      tokenListeners.add(listener);
      return () => tokenListeners.delete(listener);
    },
    // The longest wait of each step, so the tests know the delays exactly.
    random: () => 1,
  });
  const events: LiveEvent[] = [];
  connection.subscribe((event) => events.push(event));
  return {
    connection,
    events,
    refreshToken,
    /** The app stores a new token (a refresh, a firm switch) or removes it (logout). */
    storeToken: (token: string | null) => {
      stored = token;
      for (const listener of tokenListeners) listener();
    },
  };
}

const socket = () => FakeWebSocket.latest!;
/** Lets the awaited token resolve and the socket be created. */
const settle = () => vi.advanceTimersByTimeAsync(0);

describe('the live connection (lib/live.ts)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('sends the token first, reports ready, and passes on the frames the schema accepts', async () => {
    const { connection, events } = setUp();
    const stop = connection.start();
    await settle();
    expect(FakeWebSocket.all).toHaveLength(1);
    expect(socket().url).toBe('ws://app.test/api/live');
    socket().serverOpens();
    expect(socket().sent).toEqual([{ type: 'auth', token: 'token-1' }]);

    socket().serverSends({ type: 'ready' });
    socket().serverSends({ type: 'message', message });
    socket().serverSends({ type: 'read', conversationId: 'c-1', userId: 'u-2', seq: 1 });
    socket().serverSends({ type: 'notification' });
    socket().serverSends('not json');
    socket().serverSends(JSON.stringify({ type: 'message', message: { id: 'x' } }));
    socket().serverSends(JSON.stringify({ type: 'unknown' }));

    expect(events).toEqual([
      { type: 'ready', resumed: false },
      { type: 'message', message },
      { type: 'read', conversationId: 'c-1', userId: 'u-2', seq: 1 },
      { type: 'notification' },
    ]);
    expect(connection.ready).toBe(true);
    stop();
    expect(socket().readyState).toBe(FakeWebSocket.CLOSED);
  });

  it('sends each new token on the open socket, and a second ready is not news', async () => {
    const { connection, events, storeToken } = setUp();
    connection.start();
    await settle();
    socket().serverOpens();
    socket().serverSends({ type: 'ready' });

    storeToken('token-2');
    storeToken('token-2'); // other stored keys changing: nothing to send
    expect(socket().sent).toEqual([
      { type: 'auth', token: 'token-1' },
      { type: 'auth', token: 'token-2' },
    ]);
    socket().serverSends({ type: 'ready' });
    expect(events).toEqual([{ type: 'ready', resumed: false }]);
    expect(FakeWebSocket.all).toHaveLength(1);
  });

  it('reconnects with backoff (0.5 s doubling to 10 s) and marks the next ready as resumed', async () => {
    const { connection, events } = setUp();
    connection.start();
    await settle();
    socket().serverOpens();
    socket().serverSends({ type: 'ready' });

    // Dropped: waits, and each failure in a row waits longer.
    socket().serverCloses(1006);
    await vi.advanceTimersByTimeAsync(499);
    expect(FakeWebSocket.all).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(FakeWebSocket.all).toHaveLength(2);
    socket().serverCloses(1006);
    await vi.advanceTimersByTimeAsync(999);
    expect(FakeWebSocket.all).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(FakeWebSocket.all).toHaveLength(3);

    socket().serverOpens();
    expect(socket().sent).toEqual([{ type: 'auth', token: 'token-1' }]);
    socket().serverSends({ type: 'ready' });
    expect(events).toEqual([
      { type: 'ready', resumed: false },
      { type: 'ready', resumed: true },
    ]);

    // A ready resets the backoff.
    socket().serverCloses(1001);
    await vi.advanceTimersByTimeAsync(500);
    expect(FakeWebSocket.all).toHaveLength(4);
  });

  it('caps the wait at 10 s, with jitter between half and all of it', () => {
    expect([0, 1, 2, 3, 4, 5, 6].map((attempt) => reconnectDelay(attempt, () => 1))).toEqual([
      500, 1000, 2000, 4000, 8000, 10_000, 10_000,
    ]);
    expect(reconnectDelay(0, () => 0)).toBe(250);
    expect(reconnectDelay(10, () => 0)).toBe(5000);
  });

  it('on 4401 gets a fresh token at once and reconnects with it; a refusal in a row waits', async () => {
    const { connection, events, refreshToken } = setUp();
    connection.start();
    await settle();
    socket().serverOpens();
    socket().serverSends({ type: 'ready' });

    socket().serverCloses(LIVE_CLOSE_UNAUTHORISED);
    await settle();
    expect(refreshToken).toHaveBeenCalledWith('token-1');
    expect(FakeWebSocket.all).toHaveLength(2);
    socket().serverOpens();
    expect(socket().sent).toEqual([{ type: 'auth', token: 'refreshed-1' }]);

    // Refused again before any ready: a new token, but only after the backoff.
    socket().serverCloses(LIVE_CLOSE_UNAUTHORISED);
    await settle();
    expect(FakeWebSocket.all).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1000);
    expect(refreshToken).toHaveBeenCalledTimes(2);
    expect(refreshToken).toHaveBeenLastCalledWith('refreshed-1');
    expect(FakeWebSocket.all).toHaveLength(3);
    socket().serverOpens();
    expect(socket().sent).toEqual([{ type: 'auth', token: 'refreshed-2' }]);
    socket().serverSends({ type: 'ready' });
    expect(events.at(-1)).toEqual({ type: 'ready', resumed: true });
  });

  it('stops when the refresh fails (the API client has ended the session)', async () => {
    const { connection, refreshToken, storeToken } = setUp();
    refreshToken.mockImplementationOnce(async () => {
      storeToken(null);
      throw new Error('refresh refused');
    });
    connection.start();
    await settle();
    socket().serverOpens();
    socket().serverCloses(LIVE_CLOSE_UNAUTHORISED);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(FakeWebSocket.all).toHaveLength(1);
  });

  it('closes on logout, reconnects at the next sign-in, and stays closed once released', async () => {
    const { connection, storeToken } = setUp();
    const stop = connection.start();
    await settle();
    socket().serverOpens();
    storeToken(null);
    expect(socket().readyState).toBe(FakeWebSocket.CLOSED);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(FakeWebSocket.all).toHaveLength(1);

    storeToken('token-9');
    await settle();
    expect(FakeWebSocket.all).toHaveLength(2);
    socket().serverOpens();
    expect(socket().sent).toEqual([{ type: 'auth', token: 'token-9' }]);

    stop();
    expect(socket().readyState).toBe(FakeWebSocket.CLOSED);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(FakeWebSocket.all).toHaveLength(2);
  });

  it('keeps one socket for several holders and closes it with the last', async () => {
    const { connection } = setUp();
    const first = connection.start();
    const second = connection.start();
    await settle();
    expect(FakeWebSocket.all).toHaveLength(1);
    first();
    first();
    expect(socket().readyState).not.toBe(FakeWebSocket.CLOSED);
    second();
    expect(socket().readyState).toBe(FakeWebSocket.CLOSED);
  });
});
