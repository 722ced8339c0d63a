import { FIRM_STORAGE_KEYS } from '@sentinel/shared';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { json, mockFetch, verifiedAs } from '@/testing/fetch-mock';
import { preloadRoutes, renderApp } from '@/testing/render-app';
import { attorney, signIn } from '@/testing/session';

const noZone = { ...attorney, timeZone: null };

/** The browser says it is in Berlin. */
function browserInBerlin() {
  const real = Intl.DateTimeFormat.prototype.resolvedOptions;
  vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockImplementation(function (
    this: Intl.DateTimeFormat,
  ) {
    return { ...real.call(this), timeZone: 'Europe/Berlin' };
  });
}

const handlers = (user: typeof attorney) => ({
  ...verifiedAs(user),
  'GET /api/notifications': () => json(200, { data: [], unread: 0 }),
  'PUT /api/profile/time-zone': () => json(200, { timeZone: 'Europe/Berlin' }),
});

describe('first sign-in time zone', () => {
  beforeAll(preloadRoutes, 120_000);
  afterEach(() => vi.restoreAllMocks());

  it("saves the browser's zone once when the person has none, and stores it", async () => {
    browserInBerlin();
    signIn(noZone);
    const { callsTo } = mockFetch(handlers(noZone));
    renderApp('/settings?tab=password');

    await waitFor(() => expect(localStorage.getItem(FIRM_STORAGE_KEYS.timeZone)).toBe('Europe/Berlin'));
    expect(callsTo('PUT /api/profile/time-zone')).toHaveLength(1);
    expect(callsTo('PUT /api/profile/time-zone')[0]?.body).toEqual({ timeZone: 'Europe/Berlin' });
    // Sent once, not again as the page settles.
    await screen.findByRole('tab', { name: 'Calendar' });
    expect(callsTo('PUT /api/profile/time-zone')).toHaveLength(1);
  });

  it('sends nothing when the person already has a zone', async () => {
    browserInBerlin();
    signIn(attorney);
    const { callsTo } = mockFetch(handlers(attorney));
    renderApp('/settings?tab=password');
    await screen.findByRole('tab', { name: 'Calendar' });
    await waitFor(() => expect(callsTo('GET /api/tokens/verify')).toHaveLength(1));
    expect(callsTo('PUT /api/profile/time-zone')).toHaveLength(0);
    expect(localStorage.getItem(FIRM_STORAGE_KEYS.timeZone)).toBe('America/New_York');
  });
});
