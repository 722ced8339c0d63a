import type { LiveServerFrame } from '@sentinel/shared';
import { vi } from 'vitest';

/**
 * A WebSocket that never touches the network: tests open it, read what the app sent and play the
 * server's part (`serverSends`, `serverCloses`). Every instance is kept in `FakeWebSocket.all`.
 */
export class FakeWebSocket {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSING = 2;
  static readonly CLOSED = 3;
  static all: FakeWebSocket[] = [];

  readyState = FakeWebSocket.CONNECTING;
  readonly sent: unknown[] = [];
  onopen: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;

  constructor(readonly url: string) {
    FakeWebSocket.all.push(this);
  }

  /** The newest socket. */
  static get latest(): FakeWebSocket | undefined {
    return FakeWebSocket.all.at(-1);
  }

  send(data: string): void {
    this.sent.push(JSON.parse(data) as unknown);
  }

  close(code = 1000): void {
    if (this.readyState === FakeWebSocket.CLOSED) return;
    this.readyState = FakeWebSocket.CLOSED;
    this.onclose?.({ code } as CloseEvent);
  }

  /** The server accepts the connection. */
  serverOpens(): void {
    this.readyState = FakeWebSocket.OPEN;
    this.onopen?.(new Event('open'));
  }

  serverSends(frame: LiveServerFrame | string): void {
    const data = typeof frame === 'string' ? frame : JSON.stringify(frame);
    this.onmessage?.({ data } as MessageEvent);
  }

  serverCloses(code = 1006): void {
    this.readyState = FakeWebSocket.CLOSED;
    this.onclose?.({ code } as CloseEvent);
  }
}

/** Replaces the global WebSocket with the fake (undone by vi.unstubAllGlobals after each test). */
export function installFakeWebSocket(): typeof FakeWebSocket {
  FakeWebSocket.all = [];
  vi.stubGlobal('WebSocket', FakeWebSocket);
  return FakeWebSocket;
}
