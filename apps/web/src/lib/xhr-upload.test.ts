import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type FakeXhr, installFakeXhr, nextXhr } from '@/testing/fake-xhr';
import { json, mockFetch } from '@/testing/fetch-mock';
import { makeJwt, signIn } from '@/testing/session';
import { authorizedXhrUpload, setSessionLostHandler } from './api-client';

const REFRESH = 'POST /api/tokens/refresh';
const PATH = '/api/document/upload/single';

beforeEach(() => {
  installFakeXhr();
  setSessionLostHandler(vi.fn());
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const form = () => {
  const body = new FormData();
  body.append('file', new File(['x'], 'a.txt'));
  return body;
};

describe('authorizedXhrUpload', () => {
  it('sends the bearer token with credentials and the timeout, reports progress and resolves 2xx', async () => {
    const token = signIn();
    const progress: Array<[number, number]> = [];
    const answer = authorizedXhrUpload<{ data: string }>(PATH, form(), {
      timeoutMs: 300_000,
      onProgress: ({ loaded, total }) => progress.push([loaded, total]),
    });
    const xhr = await nextXhr();
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe(PATH);
    expect(xhr.headers.Authorization).toBe(`Bearer ${token}`);
    expect(xhr.withCredentials).toBe(true);
    expect(xhr.timeout).toBe(300_000);
    xhr.progress(10, 40);
    xhr.progress(40, 40);
    xhr.respond(200, { data: 'ok' });
    await expect(answer).resolves.toEqual({ status: 200, body: { data: 'ok' } });
    expect(progress).toEqual([
      [10, 40],
      [40, 40],
    ]);
  });

  it('refreshes a token that expires within 30 s before sending', async () => {
    signIn(undefined, makeJwt(10));
    const fresh = makeJwt(900);
    mockFetch({ [REFRESH]: () => json(200, { token: fresh }) });
    const answer = authorizedXhrUpload(PATH, form());
    const xhr = await nextXhr();
    expect(xhr.headers.Authorization).toBe(`Bearer ${fresh}`);
    xhr.respond(200, { data: 1 });
    await answer;
  });

  it('after a 401 refreshes once and sends again with the new token', async () => {
    const old = signIn();
    const fresh = makeJwt(900);
    const { callsTo } = mockFetch({ [REFRESH]: () => json(200, { token: fresh }) });
    const answer = authorizedXhrUpload(PATH, form());
    const first = await nextXhr();
    expect(first.headers.Authorization).toBe(`Bearer ${old}`);
    first.respond(401, { error: 'Authentication required', code: 'UNAUTHORIZED' });
    const second = await nextXhr();
    expect(second.headers.Authorization).toBe(`Bearer ${fresh}`);
    second.respond(200, { data: 1 });
    await expect(answer).resolves.toMatchObject({ status: 200 });
    expect(callsTo(REFRESH)).toHaveLength(1);
  });

  it('rejects an error answer as an ApiError with the server message and code', async () => {
    signIn();
    const answer = authorizedXhrUpload(PATH, form());
    (await nextXhr()).respond(413, { error: 'Too big', code: 'PAYLOAD_TOO_LARGE' });
    await expect(answer).rejects.toMatchObject({
      status: 413,
      code: 'PAYLOAD_TOO_LARGE',
      serverMessage: 'Too big',
    });
  });

  it('rejects a network failure and a timeout with status 0, and a cancel as an AbortError', async () => {
    signIn();
    const failing = authorizedXhrUpload(PATH, form());
    const xhr = await nextXhr();
    xhr.onerror?.();
    await expect(failing).rejects.toMatchObject({ status: 0, code: 'NETWORK_ERROR' });

    const slow = authorizedXhrUpload(PATH, form(), { timeoutMs: 5 });
    (await nextXhr()).ontimeout?.();
    await expect(slow).rejects.toMatchObject({ status: 0, message: 'The upload timed out' });

    const controller = new AbortController();
    const cancelled = authorizedXhrUpload(PATH, form(), { signal: controller.signal });
    const sent: FakeXhr = await nextXhr();
    controller.abort();
    await expect(cancelled).rejects.toMatchObject({ name: 'AbortError' });
    expect(sent.aborted).toBe(true);
  });
});
