import { CALENDAR_COLOURS, calendarEvent } from '@sentinel/shared';
import { describe, expect, it } from 'vitest';
import { googleMove, normaliseGoogleEvent, type GoogleCalendarEvent } from './calendar';

const timed: GoogleCalendarEvent = {
  id: 'evt1',
  status: 'confirmed',
  htmlLink: 'https://www.google.com/calendar/event?eid=abc',
  summary: 'Deposition – adjuster',
  start: { dateTime: '2026-11-23T10:00:00+02:00', timeZone: 'Europe/Athens' },
  end: { dateTime: '2026-11-23T12:30:00+02:00', timeZone: 'Europe/Athens' },
};

describe('normaliseGoogleEvent', () => {
  it('turns a dateTime with an offset into a UTC instant, with the defaults', () => {
    const event = normaliseGoogleEvent(timed);
    expect(event).toEqual({
      id: 'evt1',
      title: 'Deposition – adjuster',
      start: '2026-11-23T08:00:00.000Z',
      end: '2026-11-23T10:30:00.000Z',
      allDay: false,
      color: CALENDAR_COLOURS.google,
      source: 'google',
      description: '',
      location: 'No location',
      attendees: [],
      reminders: [],
      editable: true,
      conferenceUrl: null,
      htmlLink: 'https://www.google.com/calendar/event?eid=abc',
    });
    // It is the screen's shape once the service adds what only Sentinel knows.
    expect(() =>
      calendarEvent.parse({ ...event, case: null, deadline: null, eventType: null }),
    ).not.toThrow();
  });

  it('keeps all-day dates with the exclusive end Google gives', () => {
    const event = normaliseGoogleEvent({
      id: 'day',
      summary: 'Appraisal panel',
      start: { date: '2026-12-01' },
      end: { date: '2026-12-03' },
    });
    expect(event).toMatchObject({ start: '2026-12-01', end: '2026-12-03', allDay: true });
  });

  it('fills a missing end: a day for all-day, the start for a timed event', () => {
    expect(normaliseGoogleEvent({ id: 'a', start: { date: '2026-12-31' } })).toMatchObject({
      start: '2026-12-31',
      end: '2027-01-01',
      allDay: true,
    });
    expect(normaliseGoogleEvent({ id: 't', start: { dateTime: '2026-11-23T15:00:00Z' } })).toMatchObject({
      start: '2026-11-23T15:00:00.000Z',
      end: '2026-11-23T15:00:00.000Z',
    });
  });

  it('reads a dateTime without an offset in its timeZone', () => {
    expect(
      normaliseGoogleEvent({
        id: 'z',
        start: { dateTime: '2026-07-01T10:00:00', timeZone: 'America/New_York' },
        end: { dateTime: '2026-07-01T11:00:00', timeZone: 'America/New_York' },
      }),
    ).toMatchObject({ start: '2026-07-01T14:00:00.000Z', end: '2026-07-01T15:00:00.000Z' });
  });

  it("calls an event without a summary 'Untitled Event'", () => {
    expect(normaliseGoogleEvent({ ...timed, summary: undefined })?.title).toBe('Untitled Event');
    expect(normaliseGoogleEvent({ ...timed, summary: '   ' })?.title).toBe('Untitled Event');
  });

  it('drops events without an id or a start, and cancelled ones', () => {
    expect(normaliseGoogleEvent({ ...timed, id: undefined })).toBeNull();
    expect(normaliseGoogleEvent({ ...timed, start: undefined })).toBeNull();
    expect(normaliseGoogleEvent({ ...timed, start: { timeZone: 'UTC' } })).toBeNull();
    expect(normaliseGoogleEvent({ ...timed, start: { dateTime: 'tomorrow' } })).toBeNull();
    expect(normaliseGoogleEvent({ id: 'gone', status: 'cancelled' })).toBeNull();
  });

  it('takes the Meet link, or else the video entry point, never the phone one', () => {
    const entryPoints = [
      { entryPointType: 'phone', uri: 'tel:+1-555-0100' },
      { entryPointType: 'video', uri: 'https://zoom.example/j/123' },
    ];
    expect(normaliseGoogleEvent({ ...timed, conferenceData: { entryPoints } })?.conferenceUrl).toBe(
      'https://zoom.example/j/123',
    );
    expect(
      normaliseGoogleEvent({
        ...timed,
        hangoutLink: 'https://meet.google.com/abc-defg-hij',
        conferenceData: { entryPoints },
      })?.conferenceUrl,
    ).toBe('https://meet.google.com/abc-defg-hij');
    expect(
      normaliseGoogleEvent({ ...timed, conferenceData: { entryPoints: [entryPoints[0]!] } })?.conferenceUrl,
    ).toBeNull();
  });

  it('maps attendees: the organizer as organizer, self by its response, unknown responses awaiting', () => {
    const event = normaliseGoogleEvent({
      ...timed,
      attendees: [
        { email: 'me@firm.example', organizer: true, self: true, responseStatus: 'accepted' },
        { email: 'dana@carrier.example', displayName: 'Dana Whitfield', responseStatus: 'tentative' },
        { email: 'co@counsel.example', self: true, responseStatus: 'declined' },
        { email: 'new@client.example', responseStatus: 'weird' },
        { displayName: 'No address' },
      ],
    });
    expect(event?.attendees).toEqual([
      { name: null, email: 'me@firm.example', status: 'organizer' },
      { name: 'Dana Whitfield', email: 'dana@carrier.example', status: 'tentative' },
      { name: null, email: 'co@counsel.example', status: 'declined' },
      { name: null, email: 'new@client.example', status: 'needsAction' },
    ]);
  });

  it('keeps the description raw (the service sanitises) and the location as given', () => {
    const description = '<p>Bring the <b>estimate</b></p><img src=x onerror=alert(1)>';
    expect(
      normaliseGoogleEvent({ ...timed, description, location: '14 Alder Court, Springfield' }),
    ).toMatchObject({ description, location: '14 Alder Court, Springfield' });
  });

  it('keeps only reminder overrides that are choices of the dialog', () => {
    expect(
      normaliseGoogleEvent({
        ...timed,
        reminders: {
          useDefault: false,
          overrides: [
            { method: 'popup', minutes: 10 },
            { method: 'popup', minutes: 30 },
            { method: 'email', minutes: 1440 },
            { method: 'popup', minutes: 30 },
          ],
        },
      })?.reminders,
    ).toEqual(['30 minutes before', '1 day before']);
    expect(normaliseGoogleEvent({ ...timed, reminders: { useDefault: true } })?.reminders).toEqual([]);
  });
});

describe('googleMove', () => {
  it('writes dates for all-day (clearing dateTime) and UTC instants otherwise', () => {
    expect(googleMove({ start: '2026-12-01', end: '2026-12-02', allDay: true })).toEqual({
      start: { date: '2026-12-01', dateTime: null },
      end: { date: '2026-12-02', dateTime: null },
    });
    expect(googleMove({ start: '2026-12-01', end: '2026-12-01', allDay: true }).end.date).toBe('2026-12-02');
    expect(
      googleMove({ start: '2026-12-01T10:00:00+01:00', end: '2026-12-01T11:00:00+01:00', allDay: false }),
    ).toEqual({
      start: { dateTime: '2026-12-01T09:00:00.000Z', date: null },
      end: { dateTime: '2026-12-01T10:00:00.000Z', date: null },
    });
    expect(() => googleMove({ start: 'soon', end: 'later', allDay: false })).toThrow(RangeError);
  });
});
