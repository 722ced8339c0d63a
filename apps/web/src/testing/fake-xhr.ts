import { act } from '@testing-library/react';
import { vi } from 'vitest';

/**
 * Replaces XMLHttpRequest with a scripted one: each send() is recorded, and the test decides
 * when progress happens and what the answer is.
 */
export class FakeXhr {
  static sent: FakeXhr[] = [];
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: FormData | null = null;
  withCredentials = false;
  timeout = 0;
  status = 0;
  responseText = '';
  aborted = false;
  upload: {
    onprogress: ((event: { loaded: number; total: number; lengthComputable: boolean }) => void) | null;
  } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  onabort: (() => void) | null = null;

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  getResponseHeader() {
    return null;
  }
  send(body: FormData) {
    this.body = body;
    FakeXhr.sent.push(this);
  }
  abort() {
    this.aborted = true;
    this.onabort?.();
  }
  /** The multipart fields sent besides the file. */
  fields(): Record<string, string> {
    const out: Record<string, string> = {};
    this.body?.forEach((value, name) => {
      if (typeof value === 'string') out[name] = value;
    });
    return out;
  }
  progress(loaded: number, total: number) {
    act(() => this.upload.onprogress?.({ loaded, total, lengthComputable: true }));
  }
  respond(status: number, body?: unknown) {
    this.status = status;
    this.responseText = body === undefined ? '' : JSON.stringify(body);
    act(() => this.onload?.());
  }
}

export function installFakeXhr() {
  FakeXhr.sent = [];
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return FakeXhr;
}

/** The upload waits for a token first: this resolves once the request has been sent. */
export async function nextXhr(): Promise<FakeXhr> {
  await vi.waitFor(() => {
    if (FakeXhr.sent.length === 0) throw new Error('no upload sent yet');
  });
  return FakeXhr.sent.shift()!;
}
