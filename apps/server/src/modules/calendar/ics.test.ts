import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { buildCancellation, buildFeed, buildInvitation, type IcsEvent } from './ics';

const NOW = new Date('2026-11-20T08:30:00Z');

const timed: IcsEvent = {
  uid: '7d0c6a52-4c1e-4f7e-9a43-1b2f3c4d5e6f@sentinel',
  title: 'Deposition - Smith v. Acme',
  description: 'Bring the estimate',
  location: 'Courtroom 4',
  start: new Date('2026-12-01T15:00:00Z'),
  end: new Date('2026-12-01T16:30:00Z'),
  allDay: false,
  reminderMinutes: [15, 24 * 60],
  sequence: 0,
  created: new Date('2026-11-01T10:00:00Z'),
  lastModified: new Date('2026-11-02T11:00:00Z'),
  url: 'http://sentinel.test/calendar?event=7d0c6a52',
  categories: ['Deposition'],
  organizer: { name: 'Ann Attorney', email: 'ann@firm.example' },
  attendees: [
    { email: 'adjuster@carrier.example', name: 'Pat Adjuster', status: 'needsAction' },
    { email: 'expert@lab.example', status: 'accepted' },
  ],
};

const allDay: IcsEvent = {
  ...timed,
  uid: 'all-day-1@sentinel',
  title: 'Filing Deadline - Smith v. Acme',
  start: new Date('2026-12-01T00:00:00Z'),
  end: new Date('2026-12-03T00:00:00Z'),
  allDay: true,
  reminderMinutes: [],
  organizer: null,
  attendees: [],
};

/** The calendar component parsed back with ical.js. */
const parse = (text: string) => new ICAL.Component(ICAL.parse(text));
const vevents = (text: string) => parse(text).getAllSubcomponents('vevent');
const firstEvent = (text: string) => {
  const [vevent] = vevents(text);
  if (!vevent) throw new Error('no VEVENT');
  return vevent;
};

/** Each physical line of the text, without its CRLF. */
const linesOf = (text: string) => text.split('\r\n').slice(0, -1);

describe('buildFeed', () => {
  const feed = buildFeed({ name: 'Sentinel — Ann Attorney', events: [timed, allDay], now: NOW });

  it('publishes a named calendar with the product id and a refresh hint', () => {
    const cal = parse(feed);
    expect(cal.getFirstPropertyValue('version')).toBe('2.0');
    expect(cal.getFirstPropertyValue('prodid')).toBe('-//Sentinel//Claims Calendar//EN');
    expect(cal.getFirstPropertyValue('method')).toBe('PUBLISH');
    expect(cal.getFirstPropertyValue('x-wr-calname')).toBe('Sentinel — Ann Attorney');
    expect(feed).toContain('\r\nX-PUBLISHED-TTL:PT15M\r\n');
    expect(feed).toContain('\r\nREFRESH-INTERVAL;VALUE=DURATION:PT15M\r\n');
    expect(vevents(feed)).toHaveLength(2);
  });

  it('keeps each UID as given and stable across two builds, with a DTSTAMP', () => {
    const again = buildFeed({ name: 'Sentinel', events: [timed, allDay], now: new Date() });
    const uids = (text: string) => vevents(text).map((vevent) => vevent.getFirstPropertyValue('uid'));
    expect(uids(feed)).toEqual([timed.uid, allDay.uid]);
    expect(uids(again)).toEqual(uids(feed));
    for (const vevent of vevents(feed)) {
      const stamp = vevent.getFirstPropertyValue('dtstamp') as ICAL.Time;
      expect(stamp.toJSDate().toISOString()).toBe(NOW.toISOString());
    }
    expect(feed).toContain('\r\nDTSTAMP:20261120T083000Z\r\n');
  });

  it('writes timed events as UTC instants', () => {
    const event = new ICAL.Event(firstEvent(feed));
    expect(event.startDate.isDate).toBe(false);
    expect(event.startDate.zone?.tzid).toBe('UTC');
    expect(event.startDate.toJSDate().toISOString()).toBe('2026-12-01T15:00:00.000Z');
    expect(event.endDate.toJSDate().toISOString()).toBe('2026-12-01T16:30:00.000Z');
    expect(feed).toContain('\r\nDTSTART:20261201T150000Z\r\n');
    expect(feed).toContain('\r\nDTEND:20261201T163000Z\r\n');
  });

  it('writes all-day events as dates with an exclusive end, read in UTC', () => {
    const [, vevent] = vevents(feed);
    const event = new ICAL.Event(vevent);
    expect(event.startDate.isDate).toBe(true);
    expect(event.endDate.isDate).toBe(true);
    expect(event.startDate.toString()).toBe('2026-12-01');
    expect(event.endDate.toString()).toBe('2026-12-03');
    expect(feed).toContain('\r\nDTSTART;VALUE=DATE:20261201\r\n');
    expect(feed).toContain('\r\nDTEND;VALUE=DATE:20261203\r\n');
  });

  it('writes one DISPLAY alarm per reminder, triggered before the start', () => {
    const alarms = firstEvent(feed).getAllSubcomponents('valarm');
    expect(alarms).toHaveLength(2);
    expect(alarms.map((alarm) => alarm.getFirstPropertyValue('action'))).toEqual(['DISPLAY', 'DISPLAY']);
    expect(alarms.map((alarm) => String(alarm.getFirstPropertyValue('trigger')))).toEqual(['-PT15M', '-P1D']);
    for (const alarm of alarms) expect(alarm.getFirstPropertyValue('description')).toBe(timed.title);
    const [, vevent] = vevents(feed);
    expect(vevent?.getAllSubcomponents('valarm')).toHaveLength(0);
  });

  it('carries sequence, created, last-modified, URL and categories', () => {
    const vevent = firstEvent(feed);
    expect(vevent.getFirstPropertyValue('sequence')).toBe(0);
    expect((vevent.getFirstPropertyValue('created') as ICAL.Time).toJSDate()).toEqual(timed.created);
    expect((vevent.getFirstPropertyValue('last-modified') as ICAL.Time).toJSDate()).toEqual(
      timed.lastModified,
    );
    expect(vevent.getFirstPropertyValue('url')).toBe(timed.url);
    expect(vevent.getFirstPropertyValue('categories')).toBe('Deposition');
    expect(vevent.getFirstPropertyValue('status')).toBe('CONFIRMED');
  });

  it('escapes commas, semicolons, backslashes and newlines in text', () => {
    const tricky: IcsEvent = {
      ...timed,
      title: 'Smith, Jones; and C:\\claims',
      description: 'Line one\nLine two, with; all\\three',
      location: '1 Main St, Suite 4; Rear',
    };
    const text = buildFeed({ name: 'Sentinel', events: [tricky], now: NOW });
    expect(text).toContain('SUMMARY:Smith\\, Jones\\; and C:\\\\claims\r\n');
    expect(text).toContain('LOCATION:1 Main St\\, Suite 4\\; Rear\r\n');
    const event = new ICAL.Event(firstEvent(text));
    expect(event.summary).toBe(tricky.title);
    expect(event.description).toBe(tricky.description);
    expect(event.location).toBe(tricky.location);
  });

  it('ends every line with CRLF and folds lines longer than 75 octets', () => {
    const long: IcsEvent = { ...timed, description: 'Roof and interior water damage. '.repeat(20) };
    const text = buildFeed({ name: 'Sentinel', events: [long], now: NOW });
    expect(text.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    const lines = linesOf(text);
    for (const line of lines) expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
    expect(lines.some((line) => line.startsWith(' '))).toBe(true);
    expect(new ICAL.Event(firstEvent(text)).description).toBe(long.description);
  });

  it('folds non-ASCII and emoji text without splitting a UTF-8 sequence', () => {
    const description = 'Schaden am Dach — Ölfleck, Überschwemmung 🌧️🏠💧 ✓ 日本語のテキスト '.repeat(6);
    const text = buildFeed({ name: 'Sentinel', events: [{ ...timed, description }], now: NOW });
    const bytes = Buffer.from(text, 'utf8');
    // Decoding the bytes strictly proves no sequence was cut; each line fits in 75 octets.
    expect(new TextDecoder('utf-8', { fatal: true }).decode(bytes)).toBe(text);
    for (const line of linesOf(text)) {
      expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
      expect(line).not.toContain('\uFFFD');
      // No line starts or ends inside a surrogate pair.
      expect(line).not.toMatch(/^ ?[\uDC00-\uDFFF]|[\uD800-\uDBFF]$/);
    }
    expect(new ICAL.Event(firstEvent(text)).description).toBe(description);
  });
});

describe('buildInvitation', () => {
  const text = buildInvitation({ event: timed, now: NOW });

  it('is a REQUEST with the organizer and attendees asked to reply', () => {
    expect(parse(text).getFirstPropertyValue('method')).toBe('REQUEST');
    const vevent = firstEvent(text);
    expect(vevent.getFirstPropertyValue('uid')).toBe(timed.uid);
    const organizer = vevent.getFirstProperty('organizer');
    expect(organizer?.getFirstValue()).toBe('mailto:ann@firm.example');
    expect(organizer?.getParameter('cn')).toBe('Ann Attorney');
    const attendees = vevent.getAllProperties('attendee');
    expect(attendees).toHaveLength(2);
    const [pending, accepted] = attendees;
    expect(String(pending?.getFirstValue()).toLowerCase()).toBe('mailto:adjuster@carrier.example');
    expect(pending?.getParameter('partstat')).toBe('NEEDS-ACTION');
    expect(pending?.getParameter('rsvp')).toBe('TRUE');
    expect(pending?.getParameter('cn')).toBe('Pat Adjuster');
    expect(accepted?.getParameter('partstat')).toBe('ACCEPTED');
    expect(text).toMatch(/ATTENDEE;ROLE=REQ-PARTICIPANT;PARTSTAT=NEEDS-ACTION;RSVP=TRUE/);
    expect(new ICAL.Event(vevent).startDate.toJSDate()).toEqual(timed.start);
  });
});

describe('buildCancellation', () => {
  it('is a CANCEL of the same UID, cancelled, with the sequence given and no alarms', () => {
    const text = buildCancellation({ event: { ...timed, sequence: 3 }, now: NOW });
    expect(parse(text).getFirstPropertyValue('method')).toBe('CANCEL');
    const vevent = firstEvent(text);
    expect(vevent.getFirstPropertyValue('uid')).toBe(timed.uid);
    expect(vevent.getFirstPropertyValue('status')).toBe('CANCELLED');
    expect(vevent.getFirstPropertyValue('sequence')).toBe(3);
    expect(vevent.getFirstProperty('organizer')?.getFirstValue()).toBe('mailto:ann@firm.example');
    expect(vevent.getAllProperties('attendee')).toHaveLength(2);
    expect(vevent.getAllSubcomponents('valarm')).toHaveLength(0);
    expect(vevent.getFirstPropertyValue('dtstamp')).toBeTruthy();
  });
});
