import { sandboxEndpoints, startProviderSandbox, type ProviderSandbox } from '@sentinel/provider-sandbox';
import type { Provider } from '@sentinel/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokenSource } from '../test/provider-sandbox';
import { createProviderAdapters } from './index';
import { ProviderError, type ProviderAdapters } from './provider';

const google = { clientId: 'sentinel-google', clientSecret: 'google-secret' };
const microsoft = { clientId: 'sentinel-microsoft', clientSecret: 'microsoft-secret' };
const GOOGLE_BOX = 'ana@gmail.example';
const GRAPH_BOX = 'ana@outlook.example';
const DAY = 86_400_000;
/** Whole hours from now, so the seeded events fall inside a window around today. */
const hour = Math.floor(Date.now() / 3_600_000) * 3_600_000;
const at = (days: number, hours = 0) => new Date(hour + days * DAY + hours * 3_600_000);
const dateOf = (date: Date) => date.toISOString().slice(0, 10);
const range = { start: at(-7), end: at(30) };

let sandbox: ProviderSandbox;
let close: () => Promise<void>;
let url: string;
/** Waits the adapters were asked to make (the retry's sleep is injected); `onSleep` runs in it. */
const waits: number[] = [];
let onSleep = () => {};
let adapters: Record<Provider, ProviderAdapters>;

beforeAll(async () => {
  ({ sandbox, close, url } = await startProviderSandbox({
    clients: { google: [google], microsoft: [microsoft] },
    seed: {
      google: [
        {
          email: GOOGLE_BOX,
          name: 'Ana Rivera',
          events: [
            {
              title: 'Deposition of the adjuster',
              start: at(3),
              end: at(3, 3),
              location: 'Court reporter’s office',
              description: '<p>Bring the <b>estimate</b></p>',
              attendees: [
                { email: 'dana@carrier.example', name: 'Dana Whitfield', response: 'accepted' },
                { email: 'co@counsel.example', response: 'tentative' },
              ],
              conferenceUrl: 'https://meet.google.com/abc-defg-hij',
            },
            { title: 'Appraisal panel', start: dateOf(at(5)), end: dateOf(at(6)), allDay: true },
            { title: 'Long ago', start: at(-60), end: at(-60, 1) },
          ],
        },
      ],
      microsoft: [
        {
          email: GRAPH_BOX,
          name: 'Ana Rivera',
          events: [
            {
              title: 'Mediation session',
              start: at(4),
              end: at(4, 4),
              location: 'Mediation Center, 200 Main St',
              attendees: [{ email: 'mediator@adr.example', name: 'Pat Mediator', response: 'tentative' }],
              conferenceUrl: 'https://teams.microsoft.com/l/meetup-join/abc',
            },
          ],
        },
      ],
    },
    admin: true,
    port: 0,
  }));
  const endpoints = sandboxEndpoints(url);
  adapters = createProviderAdapters(
    {
      google: { endpoints: endpoints.google, credentials: google },
      microsoft: { endpoints: endpoints.microsoft, credentials: microsoft },
    },
    {
      sleep: async (ms) => {
        waits.push(ms);
        onSleep();
      },
    },
  ) as Record<Provider, ProviderAdapters>;
});
afterAll(() => close?.());

const grant = (provider: Provider) => {
  const adapter = adapters[provider];
  const email = provider === 'google' ? GOOGLE_BOX : GRAPH_BOX;
  const client = provider === 'google' ? google : microsoft;
  return tokenSource(
    adapter.oauth,
    sandbox.issueGrant(provider, { clientId: client.clientId, email, scopes: adapter.oauth.scopes }),
  ).source;
};

describe('Google Calendar adapter against the sandbox', () => {
  it('lists the window with instances in order, normalised', async () => {
    const calendar = adapters.google.calendar;
    sandbox.clearRequests();
    const events = await calendar.list(grant('google'), range);
    expect(events.map((event) => event.title)).toEqual(['Deposition of the adjuster', 'Appraisal panel']);
    expect(events[0]).toMatchObject({
      start: at(3).toISOString(),
      end: at(3, 3).toISOString(),
      allDay: false,
      source: 'google',
      color: '#1a73e8',
      location: 'Court reporter’s office',
      description: '<p>Bring the <b>estimate</b></p>',
      conferenceUrl: 'https://meet.google.com/abc-defg-hij',
      attendees: [
        { name: 'Dana Whitfield', email: 'dana@carrier.example', status: 'accepted' },
        { name: null, email: 'co@counsel.example', status: 'tentative' },
      ],
      editable: true,
    });
    expect(events[0]!.htmlLink).toMatch(/\/google\/calendar\/event\?eid=/);
    expect(events[1]).toMatchObject({ start: dateOf(at(5)), end: dateOf(at(6)), allDay: true });
    expect(sandbox.requests.map((request) => [request.method, request.path, request.status])).toEqual([
      ['GET', '/google/calendar/v3/calendars/primary/events', 200],
    ]);
  });

  it('creates timed and all-day events, moves one, deletes it twice (410 is fine) and reports an unknown one', async () => {
    const calendar = adapters.google.calendar;
    const token = grant('google');
    const timed = await calendar.create(token, {
      summary: '',
      description: '<p>Agenda</p>',
      location: '902 Ridge Road, Springfield',
      start: { dateTime: at(10).toISOString() },
      end: { dateTime: at(10, 1).toISOString() },
      attendees: [{ email: 'engineer@structural.example' }],
    });
    expect(timed).toMatchObject({
      title: 'Untitled Event',
      start: at(10).toISOString(),
      end: at(10, 1).toISOString(),
      allDay: false,
      location: '902 Ridge Road, Springfield',
      attendees: [{ email: 'engineer@structural.example', status: 'needsAction' }],
    });
    expect(timed.id).toMatch(/^[a-v0-9]{32}$/);
    const allDay = await calendar.create(token, {
      summary: 'Appraisal day two',
      start: { date: dateOf(at(12)) },
      end: { date: dateOf(at(13)) },
    });
    expect(allDay).toMatchObject({ start: dateOf(at(12)), end: dateOf(at(13)), allDay: true });

    const moved = await calendar.update(token, timed.id, {
      start: at(11, 2).toISOString(),
      end: at(11, 3).toISOString(),
      allDay: false,
    });
    expect(moved).toMatchObject({
      id: timed.id,
      start: at(11, 2).toISOString(),
      end: at(11, 3).toISOString(),
    });
    const toAllDay = await calendar.update(token, timed.id, {
      start: dateOf(at(14)),
      end: dateOf(at(15)),
      allDay: true,
    });
    expect(toAllDay).toMatchObject({ start: dateOf(at(14)), end: dateOf(at(15)), allDay: true });

    const titles = (await calendar.list(token, range)).map((event) => event.title);
    expect(titles).toEqual(
      expect.arrayContaining(['Untitled Event', 'Appraisal day two', 'Deposition of the adjuster']),
    );

    sandbox.clearRequests();
    await calendar.delete(token, timed.id);
    await calendar.delete(token, timed.id);
    await calendar.delete(token, allDay.id);
    expect(sandbox.requests.map((request) => [request.method, request.status])).toEqual([
      ['DELETE', 204],
      ['DELETE', 410],
      ['DELETE', 204],
    ]);
    expect((await calendar.list(token, range)).map((event) => event.id)).not.toContain(timed.id);
    const unknown = await calendar.delete(token, 'nosuchevent').catch((error: unknown) => error);
    expect(unknown).toBeInstanceOf(ProviderError);
    expect(unknown).toMatchObject({ status: 404 });
  });

  it('waits as long as a 429 Retry-After asks, then succeeds', async () => {
    sandbox.faults.set({ rate429: 1, retryAfterSeconds: 3, provider: 'google' });
    waits.length = 0;
    onSleep = () => sandbox.faults.reset();
    try {
      const events = await adapters.google.calendar.list(grant('google'), range);
      expect(events.length).toBeGreaterThanOrEqual(2);
      expect(waits).toEqual([3000]);
    } finally {
      onSleep = () => {};
      sandbox.faults.reset();
    }
  });

  it('refreshes once when the access token is refused', async () => {
    const adapter = adapters.google;
    const { source, counts } = tokenSource(
      adapter.oauth,
      sandbox.issueGrant('google', {
        clientId: google.clientId,
        email: GOOGLE_BOX,
        scopes: adapter.oauth.scopes,
      }),
    );
    sandbox.expireAccessTokens('google', GOOGLE_BOX);
    expect((await adapter.calendar.list(source, range)).length).toBeGreaterThanOrEqual(2);
    expect(counts.refreshes).toBe(1);
  });
});

describe('Graph calendar adapter against the sandbox', () => {
  it('lists calendarView in UTC, normalised', async () => {
    sandbox.clearRequests();
    const events = await adapters.microsoft.calendar.list(grant('microsoft'), range);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      title: 'Mediation session',
      start: at(4).toISOString(),
      end: at(4, 4).toISOString(),
      allDay: false,
      source: 'microsoft',
      color: '#166534',
      location: 'Mediation Center, 200 Main St',
      attendees: [{ name: 'Pat Mediator', email: 'mediator@adr.example', status: 'tentative' }],
      conferenceUrl: 'https://teams.microsoft.com/l/meetup-join/abc',
      reminders: ['15 minutes before'],
      editable: true,
    });
    expect(events[0]!.htmlLink).toMatch(/\/owa\/\?itemid=/);
    expect(sandbox.requests.map((request) => [request.method, request.path, request.status])).toEqual([
      ['GET', '/microsoft/graph/v1.0/me/calendarView', 200],
    ]);
  });

  it('creates timed (from a zone) and all-day events, moves one, deletes it, then 404', async () => {
    const calendar = adapters.microsoft.calendar;
    const token = grant('microsoft');
    const timed = await calendar.create(token, {
      subject: 'Status conference',
      body: { contentType: 'HTML', content: '<p>Judge Alvarez</p>' },
      location: { displayName: 'Courtroom 4B' },
      start: { dateTime: '2027-01-12T09:00:00', timeZone: 'America/Chicago' },
      end: { dateTime: '2027-01-12T09:30:00', timeZone: 'America/Chicago' },
      attendees: [{ emailAddress: { address: 'clerk@court.example' }, type: 'required' }],
    });
    expect(timed).toMatchObject({
      title: 'Status conference',
      start: '2027-01-12T15:00:00.000Z',
      end: '2027-01-12T15:30:00.000Z',
      description: '<p>Judge Alvarez</p>',
      location: 'Courtroom 4B',
      attendees: [{ email: 'clerk@court.example', status: 'needsAction' }],
    });
    const allDay = await calendar.create(token, {
      subject: '',
      start: { dateTime: `${dateOf(at(8))}T00:00:00.000Z` },
      end: { dateTime: `${dateOf(at(8))}T00:00:00.000Z` },
      isAllDay: true,
    });
    expect(allDay).toMatchObject({
      title: 'Untitled Event',
      start: dateOf(at(8)),
      end: dateOf(at(9)),
      allDay: true,
    });

    const moved = await calendar.update(token, timed.id, {
      start: at(9, 1).toISOString(),
      end: at(9, 2).toISOString(),
      allDay: false,
    });
    expect(moved).toMatchObject({ id: timed.id, start: at(9, 1).toISOString(), allDay: false });
    const listed = await calendar.list(token, range);
    expect(listed.map((event) => event.title)).toEqual([
      'Mediation session',
      'Untitled Event',
      'Status conference',
    ]);

    await calendar.delete(token, timed.id);
    await calendar.delete(token, allDay.id);
    const again = await calendar.delete(token, timed.id).catch((error: unknown) => error);
    expect(again).toBeInstanceOf(ProviderError);
    expect(again).toMatchObject({ status: 404, code: 'ErrorItemNotFound' });
  });

  it('waits as long as a 429 Retry-After asks, then creates once', async () => {
    sandbox.faults.set({ rate429: 1, retryAfterSeconds: 2, provider: 'microsoft' });
    waits.length = 0;
    onSleep = () => sandbox.faults.reset();
    const token = grant('microsoft');
    try {
      const created = await adapters.microsoft.calendar.create(token, {
        subject: 'Client meeting',
        start: { dateTime: at(6).toISOString() },
        end: { dateTime: at(6, 1).toISOString() },
      });
      expect(waits).toEqual([2000]);
      const listed = await adapters.microsoft.calendar.list(token, range);
      expect(listed.filter((event) => event.title === 'Client meeting')).toHaveLength(1);
      await adapters.microsoft.calendar.delete(token, created.id);
    } finally {
      onSleep = () => {};
      sandbox.faults.reset();
    }
  });
});
