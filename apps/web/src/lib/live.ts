import { LIVE_CLOSE_UNAUTHORISED, liveServerFrame, type LiveServerFrame } from '@sentinel/shared';
import { useEffect, useRef } from 'react';
import { getValidAccessToken, refreshAccessToken } from './api-client/refresh';
import { getAccessToken, subscribeToSession } from './session-store';

/**
 * What subscribers hear: the server's frames, 'ready' marked `resumed` when it follows a
 * reconnection (the subscriber then catches up on what it may have missed while disconnected).
 */
export type LiveEvent = Exclude<LiveServerFrame, { type: 'ready' }> | { type: 'ready'; resumed: boolean };
export type LiveListener = (event: LiveEvent) => void;

/** The parts of the browser a connection uses; tests pass fakes. */
export interface LiveDeps {
  createSocket: (url: string) => WebSocket;
  url: () => string;
  /** The stored token, refreshed first when it is about to expire. */
  getToken: () => Promise<string>;
  /** A new token after the server refused `stale` (close 4401). */
  refreshToken: (stale: string | null) => Promise<string>;
  /** The tab's token now (it changes when the app refreshes it). */
  storedToken: () => string | null;
  onTokenChange: (listener: () => void) => () => void;
  random: () => number;
}

/** Reconnection backoff: 0.5 s doubling to 10 s, each wait between half and all of that. */
export const RECONNECT_BASE_MS = 500;
export const RECONNECT_MAX_MS = 10_000;

export const reconnectDelay = (attempt: number, random: () => number) =>
  Math.round(Math.min(RECONNECT_MAX_MS, RECONNECT_BASE_MS * 2 ** attempt) * (0.5 + random() / 2));

// WebSocket.readyState values (fakes in tests have no static constants).
const CONNECTING = 0;
const OPEN = 1;

const liveUrl = () => `${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}/api/live`;

const browserDeps: LiveDeps = {
  createSocket: (url) => new WebSocket(url),
  url: liveUrl,
  getToken: getValidAccessToken,
  refreshToken: refreshAccessToken,
  storedToken: getAccessToken,
  onTokenChange: subscribeToSession,
  random: Math.random,
};

/**
 * One WebSocket to /api/live while anyone holds it started. The first frame is the access token;
 * after every rotation of the token the new one is sent on the open socket, so the server never
 * closes it for an expired token. A 4401 close (token refused) gets a fresh token as the API
 * client would and reconnects; any other close reconnects with backoff. Frames are checked against
 * the shared schema; anything else is ignored.
 */
export class LiveConnection {
  private readonly deps: LiveDeps;
  private readonly listeners = new Set<LiveListener>();
  private holders = 0;
  private socket: WebSocket | null = null;
  private sentToken: string | null = null;
  private readyOnSocket = false;
  private everReady = false;
  private attempt = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private unsubscribeToken: (() => void) | null = null;
  /** Bumped by every connect and stop, so a late answer of an older one does nothing. */
  private generation = 0;

  constructor(deps: Partial<LiveDeps> = {}) {
    this.deps = { ...browserDeps, ...deps };
  }

  /** Holds the connection open; the returned function lets go (the last one closes it). */
  start(): () => void {
    this.holders += 1;
    if (this.holders === 1) {
      this.unsubscribeToken = this.deps.onTokenChange(() => this.onTokenChange());
      void this.connect();
    }
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.holders -= 1;
      if (this.holders === 0) this.stop();
    };
  }

  subscribe(listener: LiveListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Whether the server has accepted the token on the open socket. */
  get ready(): boolean {
    return this.readyOnSocket;
  }

  private stop(): void {
    this.generation += 1;
    clearTimeout(this.timer);
    this.timer = undefined;
    this.unsubscribeToken?.();
    this.unsubscribeToken = null;
    this.closeSocket();
    this.everReady = false;
    this.attempt = 0;
  }

  private closeSocket(): void {
    const socket = this.socket;
    this.socket = null;
    this.readyOnSocket = false;
    this.sentToken = null;
    if (!socket) return;
    socket.onopen = socket.onmessage = socket.onclose = socket.onerror = null;
    if (socket.readyState === CONNECTING || socket.readyState === OPEN) socket.close();
  }

  private async connect(fresh?: Promise<string>): Promise<void> {
    const generation = ++this.generation;
    this.closeSocket();
    let token: string;
    try {
      token = await (fresh ?? this.deps.getToken());
    } catch {
      // No token: the API client has ended the session (and gone to /login), or the network is
      // down; in the second case try again later.
      if (generation === this.generation && this.deps.storedToken()) this.scheduleReconnect();
      return;
    }
    if (generation !== this.generation) return;
    const socket = this.deps.createSocket(this.deps.url());
    this.socket = socket;
    // The token may have rotated while the socket opened.
    socket.onopen = () => this.send(this.deps.storedToken() ?? token);
    socket.onmessage = (event: MessageEvent) => this.onFrame(event.data);
    socket.onclose = (event: CloseEvent) => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.readyOnSocket = false;
      const refused = event.code === LIVE_CLOSE_UNAUTHORISED;
      const stale = this.sentToken;
      this.sentToken = null;
      // A refused token is renewed (at once the first time; a refusal in a row waits first).
      const renew = refused ? () => this.deps.refreshToken(stale) : undefined;
      if (renew && this.attempt === 0) {
        this.attempt = 1;
        void this.connect(renew());
      } else {
        this.scheduleReconnect(renew);
      }
    };
  }

  private scheduleReconnect(renew?: () => Promise<string>): void {
    clearTimeout(this.timer);
    const delay = reconnectDelay(this.attempt, this.deps.random);
    this.attempt += 1;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      if (this.holders > 0) void this.connect(renew?.());
    }, delay);
  }

  private send(token: string): void {
    if (!this.socket || this.socket.readyState !== OPEN) return;
    this.sentToken = token;
    this.socket.send(JSON.stringify({ type: 'auth', token }));
  }

  private onTokenChange(): void {
    const token = this.deps.storedToken();
    if (!token) {
      // Logged out (here or in another tab): nothing may arrive for the old session.
      this.closeSocket();
      clearTimeout(this.timer);
      return;
    }
    if (this.socket && this.sentToken !== null && token !== this.sentToken) this.send(token);
    else if (!this.socket && this.timer === undefined && this.holders > 0) void this.connect();
  }

  private onFrame(data: unknown): void {
    if (typeof data !== 'string') return;
    let parsed: unknown;
    try {
      parsed = JSON.parse(data);
    } catch {
      return;
    }
    const frame = liveServerFrame.safeParse(parsed);
    if (!frame.success) return;
    if (frame.data.type === 'ready') {
      // A 'ready' also answers each re-sent token; only the first on a socket is news.
      if (this.readyOnSocket) return;
      this.readyOnSocket = true;
      this.attempt = 0;
      const resumed = this.everReady;
      this.everReady = true;
      this.emit({ type: 'ready', resumed });
      return;
    }
    this.emit(frame.data);
  }

  private emit(event: LiveEvent): void {
    for (const listener of [...this.listeners]) {
      try {
        listener(event);
      } catch (error) {
        console.error('A live listener failed', error);
      }
    }
  }
}

/** The app's one connection. */
export const live = new LiveConnection();

/** Keeps the live connection open while mounted (the app shell, while signed in). */
export function useLiveConnection(enabled = true): void {
  useEffect(() => (enabled ? live.start() : undefined), [enabled]);
}

/** Calls `listener` with every live event while mounted; the latest listener is used. */
export function useLiveEvents(listener: LiveListener): void {
  const latest = useRef(listener);
  useEffect(() => {
    latest.current = listener;
  });
  useEffect(() => live.subscribe((event) => latest.current(event)), []);
}
