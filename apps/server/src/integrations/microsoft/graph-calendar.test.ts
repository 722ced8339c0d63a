import { CALENDAR_COLOURS, calendarEvent } from '@sentinel/shared';
import { describe, expect, it, vi } from 'vitest';
import {
  graphCalendar,
  graphEventBody,
  graphMove,
  graphZone,
  normaliseGraphEvent,
  type GraphEvent,
} from './graph-calendar';

const base: GraphEvent = {
  id: 'AAMkAD=',
  subject: 'Mediation session',
  start: { dateTime: '2026-11-23T15:00:00.0000000', timeZone: 'UTC' },
  end: { dateTime: '2026-11-23T17:30:00.1234567', timeZone: 'UTC' },
  isAllDay: false,
  webLink: 'https://outlook.office365.com/owa/?itemid=AAMkAD%3D',
};

describe('normaliseGraphEvent', () => {
  it('reads UTC times with seven fractional digits as instants, with the defaults', () => {
    const event = normaliseGraphEvent(base);
    expect(event).toEqual({
      id: 'AAMkAD=',
      title: 'Mediation session',
      start: '2026-11-23T15:00:00.000Z',
      end: '2026-11-23T17:30:00.123Z',
      allDay: false,
      color: CALENDAR_COLOURS.microsoft,
      source: 'microsoft',
      description: '',
      location: 'No location',
      attendees: [],
      reminders: [],
      editable: true,
      conferenceUrl: null,
      htmlLink: 'https://outlook.office365.com/owa/?itemid=AAMkAD%3D',
    });
    expect(() =>
      calendarEvent.parse({ ...event, case: null, deadline: null, eventType: null }),
    ).not.toThrow();
    // No timeZone: UTC.
    expect(normaliseGraphEvent({ ...base, start: { dateTime: '2026-11-23T15:00:00.0000000' } })?.start).toBe(
      '2026-11-23T15:00:00.000Z',
    );
  });

  it('converts an IANA zone across daylight saving time (Berlin: +02:00 in summer, +01:00 in winter)', () => {
    const summer = normaliseGraphEvent({
      ...base,
      start: { dateTime: '2026-07-15T10:00:00.0000000', timeZone: 'Europe/Berlin' },
      end: { dateTime: '2026-07-15T11:00:00.0000000', timeZone: 'Europe/Berlin' },
    });
    expect(summer).toMatchObject({ start: '2026-07-15T08:00:00.000Z', end: '2026-07-15T09:00:00.000Z' });
    const winter = normaliseGraphEvent({
      ...base,
      start: { dateTime: '2026-12-15T10:00:00.0000000', timeZone: 'Europe/Berlin' },
      end: { dateTime: '2026-12-15T11:00:00.0000000', timeZone: 'Europe/Berlin' },
    });
    expect(winter).toMatchObject({ start: '2026-12-15T09:00:00.000Z', end: '2026-12-15T10:00:00.000Z' });
    // The night the clocks go back (25 Oct 2026): 01:30 UTC+2 … 03:30 UTC+1 is three hours.
    const change = normaliseGraphEvent({
      ...base,
      start: { dateTime: '2026-10-25T01:30:00', timeZone: 'Europe/Berlin' },
      end: { dateTime: '2026-10-25T03:30:00', timeZone: 'Europe/Berlin' },
    });
    expect(change).toMatchObject({ start: '2026-10-24T23:30:00.000Z', end: '2026-10-25T02:30:00.000Z' });
  });

  it('reads Windows zone names, and an unknown zone as UTC', () => {
    expect(graphZone('Pacific Standard Time')).toBe('America/Los_Angeles');
    expect(graphZone('Europe/Berlin')).toBe('Europe/Berlin');
    expect(graphZone('tzone://Microsoft/Custom')).toBe('UTC');
    expect(graphZone(undefined)).toBe('UTC');
    expect(
      normaliseGraphEvent({
        ...base,
        start: { dateTime: '2026-11-23T09:00:00.0000000', timeZone: 'Pacific Standard Time' },
        end: { dateTime: '2026-11-23T10:00:00.0000000', timeZone: 'Nowhere Standard Time' },
      }),
    ).toMatchObject({ start: '2026-11-23T17:00:00.000Z', end: '2026-11-23T17:00:00.000Z' });
  });

  it('keeps all-day events as dates with the exclusive end', () => {
    expect(
      normaliseGraphEvent({
        ...base,
        isAllDay: true,
        start: { dateTime: '2026-12-01T00:00:00.0000000', timeZone: 'W. Europe Standard Time' },
        end: { dateTime: '2026-12-02T00:00:00.0000000', timeZone: 'W. Europe Standard Time' },
      }),
    ).toMatchObject({ start: '2026-12-01', end: '2026-12-02', allDay: true });
    expect(
      normaliseGraphEvent({ ...base, isAllDay: true, start: { dateTime: '2026-12-31T00:00:00' }, end: null }),
    ).toMatchObject({ start: '2026-12-31', end: '2027-01-01' });
  });

  it('drops events without an id or start, and cancelled ones; titles an untitled one', () => {
    expect(normaliseGraphEvent({ ...base, id: undefined })).toBeNull();
    expect(normaliseGraphEvent({ ...base, start: null })).toBeNull();
    expect(normaliseGraphEvent({ ...base, start: { dateTime: 'not a time', timeZone: 'UTC' } })).toBeNull();
    expect(normaliseGraphEvent({ ...base, isCancelled: true })).toBeNull();
    expect(normaliseGraphEvent({ ...base, subject: null })?.title).toBe('Untitled Event');
    expect(normaliseGraphEvent({ ...base, subject: '', title: 'From title' })?.title).toBe('From title');
  });

  it('reads the three location shapes', () => {
    const location = (value: GraphEvent['location'], locations?: GraphEvent['locations']) =>
      normaliseGraphEvent({ ...base, location: value, locations })?.location;
    expect(location({ displayName: 'Mediator’s office, Suite 400' })).toBe('Mediator’s office, Suite 400');
    expect(
      location({
        displayName: '',
        address: {
          street: '200 Main St',
          city: 'Springfield',
          state: 'IL',
          countryOrRegion: 'United States',
        },
      }),
    ).toBe('200 Main St, Springfield, IL, United States');
    expect(location('Courtroom 4B')).toBe('Courtroom 4B');
    expect(location({ displayName: '', address: {} })).toBe('No location');
    expect(location(null, [{ displayName: 'Room 12' }])).toBe('Room 12');
    expect(location(undefined)).toBe('No location');
  });

  it('maps the attendees’ responses', () => {
    const attendee = (address: string, response: string, name: string | null = null) => ({
      emailAddress: { name, address },
      type: 'required',
      status: { response, time: '0001-01-01T00:00:00Z' },
    });
    const event = normaliseGraphEvent({
      ...base,
      attendees: [
        attendee('me@firm.example', 'organizer', 'Avery Stone'),
        attendee('a@x.example', 'accepted'),
        attendee('d@x.example', 'declined'),
        attendee('t@x.example', 'tentativelyAccepted'),
        attendee('n@x.example', 'none'),
        attendee('r@x.example', 'notResponded'),
        { emailAddress: { name: 'No address' } },
      ],
    });
    expect(event?.attendees).toEqual([
      { name: 'Avery Stone', email: 'me@firm.example', status: 'organizer' },
      { name: null, email: 'a@x.example', status: 'accepted' },
      { name: null, email: 'd@x.example', status: 'declined' },
      { name: null, email: 't@x.example', status: 'tentative' },
      { name: null, email: 'n@x.example', status: 'needsAction' },
      { name: null, email: 'r@x.example', status: 'needsAction' },
    ]);
  });

  it('takes HTML bodies raw, text bodies or the preview as text, the join URL and a matching reminder', () => {
    const html = '<html><body><p>Agenda</p><script>x()</script></body></html>';
    expect(normaliseGraphEvent({ ...base, body: { contentType: 'html', content: html } })?.description).toBe(
      html,
    );
    expect(
      normaliseGraphEvent({
        ...base,
        body: { contentType: 'text', content: 'Plain agenda' },
        bodyPreview: 'Plain',
      })?.description,
    ).toBe('Plain agenda');
    expect(normaliseGraphEvent({ ...base, body: null, bodyPreview: 'Preview only' })?.description).toBe(
      'Preview only',
    );
    expect(
      normaliseGraphEvent({
        ...base,
        onlineMeeting: { joinUrl: 'https://teams.microsoft.com/l/meetup-join/1' },
        onlineMeetingUrl: 'https://legacy.example',
      })?.conferenceUrl,
    ).toBe('https://teams.microsoft.com/l/meetup-join/1');
    expect(normaliseGraphEvent({ ...base, onlineMeetingUrl: 'https://legacy.example' })?.conferenceUrl).toBe(
      'https://legacy.example',
    );
    expect(
      normaliseGraphEvent({ ...base, isReminderOn: true, reminderMinutesBeforeStart: 60 })?.reminders,
    ).toEqual(['1 hour before']);
    expect(
      normaliseGraphEvent({ ...base, isReminderOn: true, reminderMinutesBeforeStart: 18 })?.reminders,
    ).toEqual([]);
    expect(
      normaliseGraphEvent({ ...base, isReminderOn: false, reminderMinutesBeforeStart: 15 })?.reminders,
    ).toEqual([]);
  });
});

describe('graphEventBody and graphMove', () => {
  it('writes timed events in UTC, read in the zone the client named', () => {
    expect(
      graphEventBody({
        subject: 'Status conference',
        body: { contentType: 'HTML', content: '<p>Judge Alvarez</p>' },
        location: { displayName: 'Courtroom 4B' },
        start: { dateTime: '2026-07-01T09:00', timeZone: 'America/Chicago' },
        end: { dateTime: '2026-07-01T10:00:00.000Z' },
        attendees: [{ emailAddress: { address: 'clerk@court.example' } }],
      }),
    ).toEqual({
      subject: 'Status conference',
      body: { contentType: 'html', content: '<p>Judge Alvarez</p>' },
      location: { displayName: 'Courtroom 4B' },
      start: { dateTime: '2026-07-01T14:00:00', timeZone: 'UTC' },
      end: { dateTime: '2026-07-01T14:00:00', timeZone: 'UTC' },
      isAllDay: false,
      attendees: [{ emailAddress: { address: 'clerk@court.example' }, type: 'required' }],
    });
  });

  it('writes all-day events as midnights with an exclusive end of at least a day', () => {
    expect(
      graphEventBody({
        subject: 'Trial prep',
        start: { dateTime: '2026-12-01T08:00:00', timeZone: 'Europe/Berlin' },
        end: { dateTime: '2026-12-01T08:00:00', timeZone: 'Europe/Berlin' },
        isAllDay: true,
      }),
    ).toMatchObject({
      start: { dateTime: '2026-12-01T00:00:00', timeZone: 'UTC' },
      end: { dateTime: '2026-12-02T00:00:00', timeZone: 'UTC' },
      isAllDay: true,
    });
    expect(graphMove({ start: '2026-12-01', end: '2026-12-03', allDay: true })).toEqual({
      start: { dateTime: '2026-12-01T00:00:00', timeZone: 'UTC' },
      end: { dateTime: '2026-12-03T00:00:00', timeZone: 'UTC' },
      isAllDay: true,
    });
    expect(
      graphMove({ start: '2026-12-01T09:30:00-05:00', end: '2026-12-01T10:00:00Z', allDay: false }),
    ).toEqual({
      start: { dateTime: '2026-12-01T14:30:00', timeZone: 'UTC' },
      end: { dateTime: '2026-12-01T14:30:00', timeZone: 'UTC' },
      isAllDay: false,
    });
  });
});

describe('graphCalendar.list', () => {
  it('follows nextLink, counts a non-array value as empty, skips cancelled, and asks for UTC', async () => {
    const calls: { url: string; prefer: string | null }[] = [];
    const pages = [
      {
        value: { not: 'an array' },
        '@odata.nextLink': 'https://graph.test/v1.0/me/calendarView?$skiptoken=2',
      },
      { value: [base, { ...base, id: 'cancelled', isCancelled: true }, { id: 'no-start' }] },
    ];
    const fetchStub = vi.fn(async (url: string | URL, init?: RequestInit) => {
      calls.push({ url: String(url), prefer: new Headers(init?.headers).get('prefer') });
      return new Response(JSON.stringify(pages[calls.length - 1]), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    });
    vi.stubGlobal('fetch', fetchStub);
    try {
      const adapter = graphCalendar(
        { authorize: '', token: '', graph: 'https://graph.test/v1.0', compose: '' },
        { sleep: async () => {} },
      );
      const events = await adapter.list(async () => 'token', {
        start: new Date('2026-11-01T00:00:00Z'),
        end: new Date('2026-12-01T00:00:00Z'),
      });
      expect(events.map((event) => event.id)).toEqual(['AAMkAD=']);
      const first = new URL(calls[0]!.url);
      expect(first.pathname).toBe('/v1.0/me/calendarView');
      expect(first.searchParams.get('startDateTime')).toBe('2026-11-01T00:00:00.000Z');
      expect(first.searchParams.get('endDateTime')).toBe('2026-12-01T00:00:00.000Z');
      expect(first.searchParams.get('$top')).toBe('500');
      expect(first.searchParams.get('$orderby')).toBe('start/dateTime');
      expect(calls[1]!.url).toBe('https://graph.test/v1.0/me/calendarView?$skiptoken=2');
      expect(calls.every((call) => call.prefer === 'outlook.timezone="UTC"')).toBe(true);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
