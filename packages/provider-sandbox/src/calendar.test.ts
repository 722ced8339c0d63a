import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxEndpoints, startProviderSandbox } from './sandbox';
import { GMAIL_SCOPES, GOOGLE_CLIENT, GRAPH_SCOPES, MICROSOFT_CLIENT, getJson } from './test-support';

const NOW = new Date('2026-11-20T15:00:00Z');
let server: Awaited<ReturnType<typeof startProviderSandbox>>;
let endpoints: ReturnType<typeof sandboxEndpoints>;

beforeAll(async () => {
  server = await startProviderSandbox({
    clients: { google: [GOOGLE_CLIENT], microsoft: [MICROSOFT_CLIENT] },
    now: () => NOW,
    seed: {
      google: [
        {
          email: 'cal@firm.example',
          name: 'Cal Endar',
          events: [
            {
              title: 'EUO – Nguyen',
              start: '2026-11-23T15:00:00Z',
              end: '2026-11-23T17:00:00Z',
              location: 'Office',
            },
            { title: 'Filing deadline', start: '2026-11-25', end: '2026-11-26', allDay: true },
            { title: 'Old meeting', start: '2026-10-01T10:00:00Z', end: '2026-10-01T11:00:00Z' },
            {
              id: 'meetcall01',
              title: 'Call with co-counsel',
              start: '2026-10-02T10:00:00Z',
              end: '2026-10-02T10:30:00Z',
              conferenceUrl: 'https://meet.google.com/abc-defg-hij',
            },
          ],
        },
      ],
      microsoft: [
        {
          email: 'cal@firm-ms.example',
          name: 'Cal Endar',
          events: [
            {
              title: 'Re-inspection',
              start: '2026-11-24T15:00:00Z',
              end: '2026-11-24T16:00:00Z',
              attendees: [{ email: 'adjuster@carrier.example', name: 'Dana', response: 'tentative' }],
            },
            {
              id: 'teams-call',
              title: 'Client call',
              start: '2026-10-02T10:00:00Z',
              end: '2026-10-02T10:30:00Z',
              conferenceUrl: 'https://teams.microsoft.com/l/meetup-join/19%3ameeting_abc',
            },
          ],
        },
      ],
    },
  });
  endpoints = sandboxEndpoints(server.url);
});
afterAll(() => server.close());

const send = async (
  method: string,
  url: string,
  token: string,
  body?: unknown,
  headers: Record<string, string> = {},
) => {
  const response = await fetch(url, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...headers,
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : undefined };
};

describe('Google Calendar', () => {
  it('lists a window, pages to a nextSyncToken, inserts, patches, deletes (204 then 410) and syncs changes', async () => {
    const token = server.sandbox.issueGrant('google', {
      clientId: GOOGLE_CLIENT.clientId,
      email: 'cal@firm.example',
      scopes: GMAIL_SCOPES,
    }).accessToken;
    const events = `${endpoints.google.calendar}/calendars/primary/events`;
    const window = await getJson(
      `${events}?timeMin=2026-11-20T00:00:00Z&timeMax=2026-12-20T00:00:00Z&singleEvents=true&orderBy=startTime&maxResults=1`,
      token,
    );
    expect(window.status).toBe(200);
    expect(window.body.kind).toBe('calendar#events');
    expect(window.body.items[0]).toMatchObject({
      kind: 'calendar#event',
      summary: 'EUO – Nguyen',
      status: 'confirmed',
      start: { dateTime: '2026-11-23T15:00:00Z' },
      location: 'Office',
    });
    expect(window.body.nextSyncToken).toBeUndefined();
    const second = await getJson(
      `${events}?timeMin=2026-11-20T00:00:00Z&timeMax=2026-12-20T00:00:00Z&singleEvents=true&orderBy=startTime&maxResults=1&pageToken=${window.body.nextPageToken}`,
      token,
    );
    expect(second.body.items[0]).toMatchObject({
      summary: 'Filing deadline',
      start: { date: '2026-11-25' },
      end: { date: '2026-11-26' },
    });

    const full = await getJson(events, token);
    expect(full.body.items).toHaveLength(4);
    const syncToken = full.body.nextSyncToken as string;
    expect(syncToken).toEqual(expect.any(String));
    expect((await getJson(`${events}?orderBy=startTime`, token)).status).toBe(400);

    const inserted = await send('POST', events, token, {
      summary: 'Call with client',
      start: { dateTime: '2026-11-27T10:00:00', timeZone: 'America/New_York' },
      end: { dateTime: '2026-11-27T10:30:00-05:00' },
      attendees: [{ email: 'linh@client.example' }],
    });
    expect(inserted.status).toBe(200);
    expect(inserted.body).toMatchObject({
      summary: 'Call with client',
      start: { dateTime: '2026-11-27T10:00:00-05:00', timeZone: 'America/New_York' },
      attendees: [{ email: 'linh@client.example', responseStatus: 'needsAction' }],
    });
    const id = inserted.body.id as string;
    const patched = await send('PATCH', `${events}/${id}`, token, { summary: 'Call with Linh' });
    expect(patched.body).toMatchObject({ id, summary: 'Call with Linh' });

    const changes = await getJson(`${events}?syncToken=${encodeURIComponent(syncToken)}`, token);
    expect(changes.body.items.map((item: { id: string }) => item.id)).toEqual([id]);
    const nextSync = changes.body.nextSyncToken as string;

    expect((await send('DELETE', `${events}/${id}`, token)).status).toBe(204);
    expect((await send('DELETE', `${events}/${id}`, token)).status).toBe(410);
    expect((await send('DELETE', `${events}/nope`, token)).status).toBe(404);
    const deleted = await getJson(`${events}?syncToken=${encodeURIComponent(nextSync)}`, token);
    expect(deleted.body.items).toEqual([expect.objectContaining({ id, status: 'cancelled' })]);

    expect((await send('POST', events, token, { summary: 'No times' })).status).toBe(400);

    server.sandbox.expireSyncState('google', 'cal@firm.example');
    const gone = await getJson(`${events}?syncToken=${encodeURIComponent(nextSync)}`, token);
    expect(gone.status).toBe(410);
    expect(gone.body.error).toMatchObject({
      code: 410,
      message: 'Sync token is no longer valid, a full sync is required.',
      status: 'GONE',
      errors: [expect.objectContaining({ reason: 'fullSyncRequired' })],
    });
  });

  it('inserts with a client-chosen base32hex id (409 when taken, 400 when malformed) and renders a Meet link', async () => {
    const token = server.sandbox.issueGrant('google', {
      clientId: GOOGLE_CLIENT.clientId,
      email: 'cal@firm.example',
      scopes: GMAIL_SCOPES,
    }).accessToken;
    const events = `${endpoints.google.calendar}/calendars/primary/events`;
    const body = {
      id: '0123456789abcdefghijklmnopqrstuv',
      summary: 'With an id',
      start: { dateTime: '2026-12-02T10:00:00Z' },
      end: { dateTime: '2026-12-02T11:00:00Z' },
    };
    const inserted = await send('POST', events, token, body);
    expect(inserted.status).toBe(200);
    expect(inserted.body.id).toBe(body.id);
    expect((await send('POST', events, token, body)).status).toBe(409);
    expect((await send('POST', events, token, { ...body, id: 'Not-Base32hex!' })).status).toBe(400);
    expect((await send('DELETE', `${events}/${body.id}`, token)).status).toBe(204);

    const meet = await getJson(`${events}/meetcall01`, token);
    expect(meet.body).toMatchObject({
      hangoutLink: 'https://meet.google.com/abc-defg-hij',
      conferenceData: {
        conferenceSolution: { key: { type: 'hangoutsMeet' } },
        entryPoints: expect.arrayContaining([
          expect.objectContaining({ entryPointType: 'video', uri: 'https://meet.google.com/abc-defg-hij' }),
        ]),
      },
    });
    const moved = await send('PATCH', `${events}/meetcall01`, token, {
      start: { dateTime: '2026-10-02T11:00:00Z', date: null },
      end: { dateTime: '2026-10-02T11:30:00Z', date: null },
    });
    expect(moved.body).toMatchObject({
      start: { dateTime: '2026-10-02T11:00:00Z' },
      hangoutLink: 'https://meet.google.com/abc-defg-hij',
    });
  });

  it('needs a calendar scope', async () => {
    const token = server.sandbox.issueGrant('google', {
      clientId: GOOGLE_CLIENT.clientId,
      email: 'cal@firm.example',
      scopes: ['https://www.googleapis.com/auth/gmail.readonly'],
    }).accessToken;
    expect((await getJson(`${endpoints.google.calendar}/calendars/primary/events`, token)).status).toBe(403);
  });
});

describe('Graph calendar', () => {
  it('renders calendarView in UTC or the preferred zone, creates (201), patches and deletes (204)', async () => {
    const token = server.sandbox.issueGrant('microsoft', {
      clientId: MICROSOFT_CLIENT.clientId,
      email: 'cal@firm-ms.example',
      scopes: GRAPH_SCOPES,
    }).accessToken;
    const graph = endpoints.microsoft.graph;
    const view = `${graph}/me/calendarView?startDateTime=2026-11-20T00:00:00Z&endDateTime=2026-12-20T00:00:00Z`;
    const utc = await getJson(view, token);
    expect(utc.body.value[0]).toMatchObject({
      subject: 'Re-inspection',
      start: { dateTime: '2026-11-24T15:00:00.0000000', timeZone: 'UTC' },
      attendees: [
        {
          status: { response: 'tentativelyAccepted' },
          emailAddress: { address: 'adjuster@carrier.example' },
        },
      ],
    });
    const pacific = await getJson(view, token, { prefer: 'outlook.timezone="Pacific Standard Time"' });
    expect(pacific.body.value[0].start).toEqual({
      dateTime: '2026-11-24T07:00:00.0000000',
      timeZone: 'Pacific Standard Time',
    });
    const berlin = await getJson(view, token, { prefer: 'outlook.timezone="Europe/Berlin"' });
    expect(berlin.body.value[0].start).toEqual({
      dateTime: '2026-11-24T16:00:00.0000000',
      timeZone: 'Europe/Berlin',
    });
    expect((await getJson(`${graph}/me/calendarView`, token)).status).toBe(400);

    const created = await send('POST', `${graph}/me/events`, token, {
      subject: 'Mediation',
      body: { contentType: 'html', content: '<p>Bring the file</p>' },
      start: { dateTime: '2026-12-01T09:00:00', timeZone: 'Eastern Standard Time' },
      end: { dateTime: '2026-12-01T12:00:00', timeZone: 'Eastern Standard Time' },
      location: { displayName: 'Mediation Center' },
      attendees: [{ emailAddress: { address: 'linh@client.example', name: 'Linh' }, type: 'required' }],
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      subject: 'Mediation',
      start: { dateTime: '2026-12-01T14:00:00.0000000', timeZone: 'UTC' },
    });
    const id = created.body.id as string;
    const patched = await send('PATCH', `${graph}/me/events/${encodeURIComponent(id)}`, token, {
      subject: 'Mediation (moved)',
    });
    expect(patched.body.subject).toBe('Mediation (moved)');

    let url: string | undefined = `${view}&$top=1`;
    const subjects: string[] = [];
    while (url) {
      const page: Awaited<ReturnType<typeof getJson>> = await getJson(url, token);
      subjects.push(...page.body.value.map((event: { subject: string }) => event.subject));
      url = page.body['@odata.nextLink'];
    }
    expect(subjects).toEqual(['Re-inspection', 'Mediation (moved)']);

    expect((await send('DELETE', `${graph}/me/events/${encodeURIComponent(id)}`, token)).status).toBe(204);
    const again = await send('DELETE', `${graph}/me/events/${encodeURIComponent(id)}`, token);
    expect(again.status).toBe(404);
    expect(again.body.error.code).toBe('ErrorItemNotFound');
  });

  it('creates all-day events from midnights only, and renders a Teams meeting', async () => {
    const token = server.sandbox.issueGrant('microsoft', {
      clientId: MICROSOFT_CLIENT.clientId,
      email: 'cal@firm-ms.example',
      scopes: GRAPH_SCOPES,
    }).accessToken;
    const graph = endpoints.microsoft.graph;
    const allDay = await send('POST', `${graph}/me/events`, token, {
      subject: 'Trial prep',
      isAllDay: true,
      start: { dateTime: '2026-12-03T00:00:00', timeZone: 'UTC' },
      end: { dateTime: '2026-12-04T00:00:00', timeZone: 'UTC' },
    });
    expect(allDay.status).toBe(201);
    expect(allDay.body).toMatchObject({
      isAllDay: true,
      start: { dateTime: '2026-12-03T00:00:00.0000000' },
      end: { dateTime: '2026-12-04T00:00:00.0000000' },
    });
    const notMidnight = await send('POST', `${graph}/me/events`, token, {
      subject: 'Trial prep',
      isAllDay: true,
      start: { dateTime: '2026-12-03T09:00:00', timeZone: 'UTC' },
      end: { dateTime: '2026-12-04T00:00:00', timeZone: 'UTC' },
    });
    expect(notMidnight.status).toBe(400);
    expect(
      (await send('DELETE', `${graph}/me/events/${encodeURIComponent(allDay.body.id)}`, token)).status,
    ).toBe(204);

    const teams = await getJson(`${graph}/me/events/teams-call`, token);
    expect(teams.body).toMatchObject({
      isOnlineMeeting: true,
      onlineMeetingProvider: 'teamsForBusiness',
      onlineMeeting: { joinUrl: 'https://teams.microsoft.com/l/meetup-join/19%3ameeting_abc' },
    });
  });
});

describe('If-Match on event changes (as Google and Graph answer it)', () => {
  it('Google: a patch or delete naming another etag is 412 conditionNotMet and changes nothing; the current etag or * goes through', async () => {
    const token = server.sandbox.issueGrant('google', {
      clientId: GOOGLE_CLIENT.clientId,
      email: 'cal@firm.example',
      scopes: GMAIL_SCOPES,
    }).accessToken;
    const events = `${endpoints.google.calendar}/calendars/primary/events`;
    const made = await send('POST', events, token, {
      summary: 'Appraisal panel',
      start: { dateTime: '2026-12-01T15:00:00Z' },
      end: { dateTime: '2026-12-01T16:00:00Z' },
    });
    const url = `${events}/${made.body.id}`;
    const first = made.body.etag as string;
    const patched = await send(
      'PATCH',
      url,
      token,
      { summary: 'Appraisal panel (moved)' },
      { 'if-match': first },
    );
    expect(patched.status).toBe(200);
    expect(patched.body.etag).not.toBe(first);
    const stale = await send('PATCH', url, token, { summary: 'Lost update' }, { 'if-match': first });
    expect(stale.status).toBe(412);
    expect(stale.body.error).toMatchObject({ code: 412, errors: [{ reason: 'conditionNotMet' }] });
    expect((await send('DELETE', url, token, undefined, { 'if-match': first })).status).toBe(412);
    expect((await getJson(url, token)).body.summary).toBe('Appraisal panel (moved)');
    expect((await send('PATCH', url, token, { location: 'Room 2' }, { 'if-match': '*' })).status).toBe(200);
    const now = (await getJson(url, token)).body.etag as string;
    expect((await send('DELETE', url, token, undefined, { 'if-match': now })).status).toBe(204);
  });

  it('Graph: a patch or delete naming another @odata.etag is 412 ErrorIrresolvableConflict and changes nothing', async () => {
    const token = server.sandbox.issueGrant('microsoft', {
      clientId: MICROSOFT_CLIENT.clientId,
      email: 'cal@firm-ms.example',
      scopes: GRAPH_SCOPES,
    }).accessToken;
    const made = await send('POST', `${endpoints.microsoft.graph}/me/events`, token, {
      subject: 'Appraisal panel',
      start: { dateTime: '2026-12-01T15:00:00', timeZone: 'UTC' },
      end: { dateTime: '2026-12-01T16:00:00', timeZone: 'UTC' },
    });
    const url = `${endpoints.microsoft.graph}/me/events/${made.body.id}`;
    const first = made.body['@odata.etag'] as string;
    expect(first).toMatch(/^W\/"/);
    const patched = await send('PATCH', url, token, { subject: 'Moved' }, { 'if-match': first });
    expect(patched.status).toBe(200);
    expect(patched.body['@odata.etag']).not.toBe(first);
    const stale = await send('PATCH', url, token, { subject: 'Lost update' }, { 'if-match': first });
    expect(stale.status).toBe(412);
    expect(stale.body.error.code).toBe('ErrorIrresolvableConflict');
    expect((await send('DELETE', url, token, undefined, { 'if-match': first })).status).toBe(412);
    expect((await getJson(url, token)).body.subject).toBe('Moved');
    const now = patched.body['@odata.etag'] as string;
    expect((await send('DELETE', url, token, undefined, { 'if-match': now })).status).toBe(204);
  });
});
