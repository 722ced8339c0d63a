import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { cancelCalendarReload } from '@/features/calendar/api/events';
import { cancelProactiveRefresh } from '@/lib/api-client';
import { writeRetryDelaysMs } from '@/lib/api-client/request';
import { queryClient } from '@/lib/query-client';
import { clearSession } from '@/lib/session-store';
import { installFakeWebSocket } from '@/testing/fake-websocket';
import { fakeMatchMedia } from '@/testing/media';

// Lazy route modules are transformed on first use, which can take seconds on a cold run.
configure({ asyncUtilTimeout: 30_000 });

// jsdom lacks matchMedia; sonner and responsive code read it.
if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', { writable: true, value: fakeMatchMedia(false) });
}

// jsdom does not scroll; React Router's ScrollRestoration calls it.
window.scrollTo = () => {};

// The live channel (lib/live.ts) opens a WebSocket whenever the session shell is on screen; no
// test reaches a server, so each gets a fake one (tests of the channel drive it).
beforeEach(() => {
  installFakeWebSocket();
  // A write answered 503 is sent again at once (its own tests set real pauses).
  writeRetryDelaysMs.splice(0, writeRetryDelaysMs.length, 0, 0, 0);
});

afterEach(() => {
  cleanup();
  cancelProactiveRefresh();
  cancelCalendarReload();
  queryClient.clear();
  // The access token lives in module memory, which outlasts a test: forget it with the storage.
  clearSession();
  localStorage.clear();
  sessionStorage.clear();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});
