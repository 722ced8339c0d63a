import { and, eq, inArray } from 'drizzle-orm';
import ICAL from 'ical.js';
import { schema } from '@sentinel/db';
import { createCase, createClient } from '@sentinel/db/factories';
import { type CalendarEvent, CALENDAR_MESSAGES } from '@sentinel/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestContext,
  login,
  makeUser,
  outbox,
  TEST_PUBLIC_URL,
  type TestContext,
} from '../../test/helpers';
import { connectSandboxAccount, startTestSandbox } from '../../test/provider-sandbox';
import { REMINDER_MAIL_JOB } from './reminders';

let ctx: TestContext;
let sandbox: Awaited<ReturnType<typeof startTestSandbox>>;

type Person = { id: string; email: string; firmId: string; token: string };
let attorney: Person;
let expert: Person;
let outsider: Person;
let foreign: Person;
let caseId: string;
let otherCaseId: string;

const GOOGLE = 'dana.ruiz@ruizlaw.example';
const MICROSOFT = 'druiz@ruizlaw.onmicrosoft.example';

async function person(userType: 'attorney' | 'expert-witness', firmId?: string): Promise<Person> {
  const user = await makeUser(ctx, { userType, firmId });
  return { ...user, token: (await login(ctx, user.email, user.password)).body.token };
}

const api = (
  token: string,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE' | 'PUT',
  url: string,
  payload?: object,
) => ctx.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

const list = async (token: string, provider: string, start: string, end: string) => {
  const response = await api(token, 'GET', `/api/calendar/events/${provider}?start=${start}&end=${end}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { data: CalendarEvent[]; status: string };
};

const create = async (token: string, body: Record<string, unknown>) => {
  const response = await api(token, 'POST', '/api/calendar/events/sentinel', body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as CalendarEvent;
};

beforeAll(async () => {
  sandbox = await startTestSandbox({
    google: [
      {
        email: GOOGLE,
        name: 'Dana Ruiz',
        events: [
          {
            title: 'Deposition of the field adjuster',
            start: '2027-12-06T15:00:00Z',
            end: '2027-12-06T17:00:00Z',
            location: 'Esquire, 1 SE 3rd Ave',
            attendees: [{ email: 'reporter@esquire.example', name: 'Court Reporter', response: 'accepted' }],
          },
        ],
      },
    ],
    microsoft: [
      {
        email: MICROSOFT,
        name: 'Dana Ruiz',
        events: [{ title: 'Mediation', start: '2027-12-08T14:00:00Z', end: '2027-12-08T22:00:00Z' }],
      },
    ],
  });
  ctx = await createTestContext({ PROVIDER_SANDBOX_URL: sandbox.url });
  attorney = await person('attorney');
  expert = await person('expert-witness', attorney.firmId);
  outsider = await person('expert-witness', attorney.firmId);
  foreign = await person('attorney');
  const client = await createClient(ctx.database.db, {
    firmId: attorney.firmId,
    firstName: 'Lena',
    lastName: 'Park',
    email: 'lena.park@example.com',
  });
  caseId = (
    await createCase(ctx.database.db, {
      firmId: attorney.firmId,
      clientId: client.id,
      title: 'Park Roof Loss',
      leadAttorneyId: attorney.id,
      dueDate: '2027-03-15',
    })
  ).id;
  otherCaseId = (
    await createCase(ctx.database.db, { firmId: attorney.firmId, clientId: client.id, title: 'Park Fence' })
  ).id;
  await ctx.database.db
    .insert(schema.caseMembers)
    .values({ caseId, userId: expert.id, firmId: attorney.firmId, role: 'expert' });
  const zone = await api(attorney.token, 'PUT', '/api/profile/time-zone', { timeZone: 'America/New_York' });
  expect(zone.statusCode, zone.body).toBe(200);
});
afterAll(async () => {
  await ctx.close();
  await sandbox.close();
});

describe('Sentinel calendar', () => {
  it('creates an event from the spec payload and lists it in its range, with case, attendees and reminders', async () => {
    const event = await create(attorney.token, {
      title: 'Client Meeting - Park Roof Loss',
      description: 'Walk through the estimate',
      location: '200 S Biscayne Blvd',
      start: '2027-03-02T10:00',
      end: '2027-03-02T11:00',
      allDay: false,
      eventType: 'meeting',
      relatedCase: caseId,
      attendees: ['lena.park@example.com', 'outside.counsel@example.org', 'lena.park@example.com'],
      reminders: ['15 minutes before', '1 day before'],
    });
    // 10:00 in New York in March (before the clocks change on the 14th) is 15:00 UTC.
    expect(event).toMatchObject({
      start: '2027-03-02T15:00:00.000Z',
      end: '2027-03-02T16:00:00.000Z',
      source: 'sentinel',
      eventType: 'meeting',
      case: { id: caseId, title: 'Park Roof Loss' },
      reminders: ['15 minutes before', '1 day before'],
      editable: true,
    });
    expect(event.attendees.map((a) => a.email)).toEqual([
      'lena.park@example.com',
      'outside.counsel@example.org',
    ]);
    const { data } = await list(attorney.token, 'sentinel', '2027-03-01T00:00:00Z', '2027-04-01T00:00:00Z');
    expect(data.map((e) => e.id)).toContain(event.id);
    expect(
      (await list(attorney.token, 'sentinel', '2027-04-01', '2027-05-01')).data.map((e) => e.id),
    ).not.toContain(event.id);
    // The attendees who are not users got an invitation with the event as iCalendar.
    const invitation = (await outbox(ctx)).find((m) => m.to.includes('outside.counsel@example.org'));
    expect(invitation?.raw).toMatch(/^Subject: .*Invitation/m);
    expect(invitation?.raw).toContain('text/calendar');
    expect(invitation?.raw).toMatch(/method=REQUEST/i);
  });

  it('uses the spec defaults: an empty title is Untitled Event; all-day dates come back as dates', async () => {
    const event = await create(attorney.token, { start: '2027-03-03', end: '2027-03-05', allDay: true });
    expect(event).toMatchObject({
      title: 'Untitled Event',
      start: '2027-03-03',
      end: '2027-03-05',
      allDay: true,
    });
    expect(event.location).toBe('No location');
  });

  it('lists an event that began long before the range (a three-week trial) and one that began just before it', async () => {
    const trial = await create(attorney.token, {
      title: 'Trial',
      start: '2027-04-05',
      end: '2027-04-26',
      allDay: true,
      eventType: 'court',
    });
    const overnight = await create(attorney.token, {
      title: 'Overnight site watch',
      start: '2027-04-18T20:00',
      end: '2027-04-19T06:00',
    });
    const ids = (await list(attorney.token, 'sentinel', '2027-04-19', '2027-04-20')).data.map((e) => e.id);
    expect(ids).toEqual(expect.arrayContaining([trial.id, overnight.id]));
    expect(
      (await list(attorney.token, 'sentinel', '2027-04-27', '2027-05-01')).data.map((e) => e.id),
    ).not.toContain(trial.id);
  });

  it('keeps the wall-clock time across a daylight-saving change, created and moved', async () => {
    const before = await create(attorney.token, {
      title: 'Before',
      start: '2027-03-12T10:00',
      end: '2027-03-12T11:00',
    });
    const after = await create(attorney.token, {
      title: 'After',
      start: '2027-03-15T10:00',
      end: '2027-03-15T11:00',
    });
    expect(before.start).toBe('2027-03-12T15:00:00.000Z'); // EST, UTC−5
    expect(after.start).toBe('2027-03-15T14:00:00.000Z'); // EDT, UTC−4
    const moved = await api(attorney.token, 'PATCH', `/api/calendar/events/sentinel/${before.id}`, {
      start: '2027-03-16T10:00',
      end: '2027-03-16T11:00',
      timeZone: 'America/New_York',
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().data.start).toBe('2027-03-16T14:00:00.000Z');
  });

  it('refuses bad input with a clear message and writes nothing', async () => {
    const count = async () => (await ctx.database.db.select().from(schema.calendarEvents)).length;
    const before = await count();
    const cases: Array<[Record<string, unknown>, string]> = [
      [
        { title: 'Backwards', start: '2027-03-20T11:00', end: '2027-03-20T10:00' },
        CALENDAR_MESSAGES.eventEndBeforeStart,
      ],
      [{ title: 'No end', start: '2027-03-20T11:00' }, ''],
      [{ title: 'Bad date', start: '2027-13-40T11:00', end: '2027-13-40T12:00' }, ''],
      [
        { title: 'Bad case', start: '2027-03-20T10:00', end: '2027-03-20T11:00', relatedCase: foreign.id },
        CALENDAR_MESSAGES.eventCaseNotFound,
      ],
      [
        {
          title: 'Bad attendee',
          start: '2027-03-20T10:00',
          end: '2027-03-20T11:00',
          attendees: ['not-an-address'],
        },
        '',
      ],
      [
        {
          title: 'Bad reminder',
          start: '2027-03-20T10:00',
          end: '2027-03-20T11:00',
          reminders: ['2 minutes before'],
        },
        '',
      ],
      [
        { title: 'Bad zone', start: '2027-03-20T10:00', end: '2027-03-20T11:00', timeZone: 'Mars/Olympus' },
        '',
      ],
    ];
    for (const [body, message] of cases) {
      const response = await api(attorney.token, 'POST', '/api/calendar/events/sentinel', body);
      expect([400, 404], JSON.stringify(body)).toContain(response.statusCode);
      if (message) expect(response.json().error).toBe(message);
    }
    expect(await count()).toBe(before);
    const range = await api(
      attorney.token,
      'GET',
      '/api/calendar/events/sentinel?start=2027-05-01&end=2027-04-01',
    );
    expect(range.statusCode).toBe(400);
    expect(range.json().error).toBe(CALENDAR_MESSAGES.calendarRangeInvalid);
  });

  it('shows an invited colleague the event but not the case they may not see', async () => {
    const event = await create(attorney.token, {
      title: 'Appraisal panel call',
      start: '2027-03-24T14:00',
      end: '2027-03-24T15:00',
      eventType: 'meeting',
      relatedCase: caseId,
      attendees: [outsider.email],
    });
    const invited = (await list(outsider.token, 'sentinel', '2027-03-24', '2027-03-25')).data;
    expect(invited.map((e) => [e.id, e.case])).toEqual([[event.id, null]]);
    const opened = await api(outsider.token, 'PATCH', `/api/calendar/events/sentinel/${event.id}`, {
      title: 'x',
    });
    expect(opened.statusCode).toBe(400);
    // The team sees the case.
    const team = (await list(expert.token, 'sentinel', '2027-03-24', '2027-03-25')).data;
    expect(team.find((e) => e.id === event.id)?.case?.title).toBe('Park Roof Loss');
    await api(attorney.token, 'DELETE', `/api/calendar/events/sentinel/${event.id}`);
  });

  it('shows case events to the case team, not to others; only the owner changes them', async () => {
    const event = await create(attorney.token, {
      title: 'Property Inspection - Park Roof Loss',
      start: '2027-03-22T14:00',
      end: '2027-03-22T16:00',
      eventType: 'inspection',
      relatedCase: caseId,
    });
    const own = await create(attorney.token, {
      title: 'Dentist',
      start: '2027-03-22T08:00',
      end: '2027-03-22T09:00',
    });
    const seen = (await list(expert.token, 'sentinel', '2027-03-22', '2027-03-23')).data;
    expect(seen.map((e) => e.id)).toContain(event.id);
    expect(seen.map((e) => e.id)).not.toContain(own.id);
    expect(seen.find((e) => e.id === event.id)?.editable).toBe(false);
    expect(
      (await list(outsider.token, 'sentinel', '2027-03-22', '2027-03-23')).data.map((e) => e.id),
    ).not.toContain(event.id);
    // Another firm's attorney: nothing, and 404 for every change.
    expect((await list(foreign.token, 'sentinel', '2027-03-22', '2027-03-23')).data).toEqual([]);
    for (const [token, method] of [
      [foreign.token, 'DELETE'],
      [outsider.token, 'DELETE'],
      [foreign.token, 'PATCH'],
    ] as const) {
      const response = await api(
        token,
        method,
        `/api/calendar/events/sentinel/${event.id}`,
        method === 'PATCH' ? { title: 'x' } : undefined,
      );
      expect(response.statusCode).toBe(404);
    }
    // The team member sees it but may not change it.
    const teamDelete = await api(expert.token, 'DELETE', `/api/calendar/events/sentinel/${event.id}`);
    expect(teamDelete.statusCode).toBe(400);
    expect(teamDelete.json().error).toBe(CALENDAR_MESSAGES.eventNotYours);
    // §7's userId: anyone else's gives nothing.
    const other = await api(
      attorney.token,
      'GET',
      `/api/calendar/events/sentinel?userId=${expert.id}&start=2027-03-22&end=2027-03-23`,
    );
    expect(other.json().data).toEqual([]);
    // The case page lists the case's events.
    const caseEvents = await api(expert.token, 'GET', `/api/calendar/cases/${caseId}/events`);
    expect(caseEvents.statusCode).toBe(200);
    expect(caseEvents.json().data.map((e: CalendarEvent) => e.id)).toContain(event.id);
    expect((await api(outsider.token, 'GET', `/api/calendar/cases/${caseId}/events`)).statusCode).toBe(404);
    // The owner deletes it: gone for everyone.
    const deleted = await api(attorney.token, 'DELETE', `/api/calendar/events/sentinel/${event.id}`);
    expect(deleted.json()).toEqual({ id: event.id, deleted: true });
    expect(
      (await list(expert.token, 'sentinel', '2027-03-22', '2027-03-23')).data.map((e) => e.id),
    ).not.toContain(event.id);
  });

  it('shows case due dates and the deadlines document analysis found as read-only deadline events', async () => {
    await ctx.database.db.insert(schema.documents).values({
      firmId: attorney.firmId,
      caseId: otherCaseId,
      fileName: 'reservation-of-rights.pdf',
      contentType: 'application/pdf',
      sizeBytes: 10,
      sha256: 'x'.repeat(64),
      storageKey: `k-${Date.now()}`,
      uploadedById: attorney.id,
      analysisStatus: 'completed',
      analysis: {
        entities: {
          dates: [
            { date: '2027-03-18', kind: 'deadline', text: 'sworn proof of loss within 60 days' },
            { date: '2027-03-19', kind: 'letter', text: 'letter date' },
          ],
        },
      },
    });
    const { data } = await list(attorney.token, 'sentinel', '2027-03-01', '2027-04-01');
    const deadlines = data.filter((e) => e.deadline);
    expect(deadlines.map((e) => [e.start, e.end, e.allDay, e.editable, e.eventType])).toEqual([
      ['2027-03-15', '2027-03-16', true, false, 'deadline'],
      ['2027-03-18', '2027-03-19', true, false, 'deadline'],
    ]);
    expect(deadlines[1]!.title).toContain('sworn proof of loss within 60 days');
    // A week in New York ends at its Sunday midnight there, 04:00 UTC: the Monday deadline is not in it.
    const week = await list(attorney.token, 'sentinel', '2027-03-08T05:00:00Z', '2027-03-15T04:00:00Z');
    expect(week.data.filter((e) => e.deadline)).toEqual([]);
    const nextWeek = await list(attorney.token, 'sentinel', '2027-03-15T04:00:00Z', '2027-03-22T04:00:00Z');
    expect(nextWeek.data.filter((e) => e.deadline).map((e) => e.start)).toEqual(['2027-03-15', '2027-03-18']);
    expect(deadlines[1]!.case?.id).toBe(otherCaseId);
    // The expert is not on the other case: only the due date of their own case.
    const team = (await list(expert.token, 'sentinel', '2027-03-01', '2027-04-01')).data.filter(
      (e) => e.deadline,
    );
    expect(team.map((e) => e.case?.id)).toEqual([caseId]);
    // Read-only.
    const attempt = await api(attorney.token, 'DELETE', `/api/calendar/events/sentinel/${deadlines[0]!.id}`);
    expect(attempt.statusCode).toBe(400);
    expect(attempt.json().error).toBe(CALENDAR_MESSAGES.eventReadOnly);
  });
});

describe('reminders', () => {
  // The reminders of the events above (March 2027) are not these tests' business.
  beforeAll(() => ctx.app.services.reminders.deliverDue(new Date('2027-05-01T00:00:00Z')));

  it('are delivered at their time, in the app and by e-mail, once; missed ones after downtime arrive marked late', async () => {
    const event = await create(attorney.token, {
      title: 'Deposition - Carrier adjuster',
      start: '2027-06-01T10:00',
      end: '2027-06-01T12:00',
      eventType: 'deposition',
      reminders: ['15 minutes before', '1 day before'],
    });
    const start = new Date(event.start).getTime();
    const reminders = ctx.app.services.reminders;
    const mine = () =>
      ctx.database.db
        .select()
        .from(schema.notifications)
        .where(
          and(eq(schema.notifications.userId, attorney.id), eq(schema.notifications.kind, 'event_reminder')),
        );
    const before = (await mine()).length;
    expect(await reminders.deliverDue(new Date(start - 25 * 3_600_000))).toBe(0);
    expect(await reminders.deliverDue(new Date(start - 24 * 3_600_000 + 30_000))).toBe(1);
    expect(await reminders.deliverDue(new Date(start - 24 * 3_600_000 + 60_000))).toBe(0);
    let notes = await mine();
    expect(notes.length).toBe(before + 1);
    expect(notes.at(-1)).toMatchObject({
      title: 'Deposition - Carrier adjuster starts in 1 day',
      late: false,
    });
    // The server was down through the 15-minute reminder: it goes out once, late.
    expect(await reminders.deliverDue(new Date(start + 3_600_000))).toBe(1);
    notes = await mine();
    expect(notes.at(-1)).toMatchObject({
      title: 'Deposition - Carrier adjuster starts in 15 minutes',
      late: true,
    });
    // The e-mails go out through the job queue.
    await ctx.app.jobs.drain();
    const mails = (await outbox(ctx)).filter(
      (m) => m.to.includes(attorney.email) && m.subject.includes('Carrier adjuster'),
    );
    expect(mails.map((m) => m.subject).sort()).toEqual([
      'Late reminder: Deposition - Carrier adjuster (in 15 minutes)',
      'Reminder: Deposition - Carrier adjuster (in 1 day)',
    ]);
    const inApp = await api(attorney.token, 'GET', '/api/notifications');
    expect(
      inApp
        .json()
        .data.some((n: { title: string; late: boolean }) => n.late && n.title.includes('15 minutes')),
    ).toBe(true);
  });

  it('a moved event reminds again at its new time; a deleted one never', async () => {
    const event = await create(attorney.token, {
      title: 'Moved call',
      start: '2027-07-01T10:00',
      end: '2027-07-01T10:30',
      reminders: ['1 hour before'],
    });
    const start = new Date(event.start).getTime();
    expect(await ctx.app.services.reminders.deliverDue(new Date(start - 3_600_000))).toBe(1);
    await api(attorney.token, 'PATCH', `/api/calendar/events/sentinel/${event.id}`, {
      start: '2027-07-02T10:00',
      end: '2027-07-02T10:30',
    });
    expect(await ctx.app.services.reminders.deliverDue(new Date(start + 86_400_000 - 3_600_000))).toBe(1);
    const gone = await create(attorney.token, {
      title: 'Cancelled call',
      start: '2027-07-03T10:00',
      end: '2027-07-03T10:30',
      reminders: ['1 hour before'],
    });
    await api(attorney.token, 'DELETE', `/api/calendar/events/sentinel/${gone.id}`);
    expect(await ctx.app.services.reminders.deliverDue(new Date(new Date(gone.start).getTime()))).toBe(0);
  });

  it('are delivered exactly once when several servers scan the same database at once', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 40; i += 1) {
      const event = await create(attorney.token, {
        title: `Hearing ${i}`,
        start: `2027-08-0${1 + (i % 5)}T${String(8 + (i % 9)).padStart(2, '0')}:00`,
        end: `2027-08-0${1 + (i % 5)}T${String(9 + (i % 9)).padStart(2, '0')}:00`,
        reminders: ['15 minutes before', '30 minutes before', '1 hour before'],
      });
      ids.push(event.id);
    }
    const now = new Date('2027-08-10T00:00:00Z');
    const results = await Promise.all([1, 2, 3, 4].map(() => ctx.app.services.reminders.deliverDue(now)));
    expect(results.reduce((a, b) => a + b, 0)).toBe(120);
    const [reminderRows, jobs] = await Promise.all([
      ctx.database.db
        .select()
        .from(schema.calendarReminders)
        .where(inArray(schema.calendarReminders.eventId, ids)),
      ctx.database.db.select().from(schema.jobs).where(eq(schema.jobs.kind, REMINDER_MAIL_JOB)),
    ]);
    expect(reminderRows.every((r) => r.deliveredAt && r.late)).toBe(true);
    const notified = await ctx.database.db
      .select()
      .from(schema.notifications)
      .where(eq(schema.notifications.userId, attorney.id));
    const hearingNotes = notified.filter((n) => n.title.startsWith('Hearing '));
    expect(hearingNotes.length).toBe(120);
    expect(new Set(hearingNotes.map((n) => n.sourceKey)).size).toBe(120);
    expect(jobs.filter((j) => ids.includes(String(j.payload.eventId))).length).toBe(120);
  });
});

describe('subscription feed', () => {
  it('serves the calendar as RFC 5545 that parses back: stable UIDs, times, all-day, alarms; regenerating kills the old link', async () => {
    const timed = await create(attorney.token, {
      title: 'Mediation; Park, Lena',
      description: 'Line one\nLine two',
      start: '2027-01-12T09:00',
      end: '2027-01-12T17:00',
      reminders: ['15 minutes before', '1 day before'],
    });
    const allDay = await create(attorney.token, {
      title: 'Appraisal panel',
      start: '2027-01-14',
      end: '2027-01-15',
      allDay: true,
    });
    const feed = await api(attorney.token, 'GET', '/api/calendar/feed');
    expect(feed.statusCode).toBe(200);
    const { httpUrl, webcalUrl } = feed.json() as { httpUrl: string; webcalUrl: string };
    expect(webcalUrl.startsWith('webcal://')).toBe(true);
    expect((await api(attorney.token, 'GET', '/api/calendar/feed')).json().httpUrl).toBe(httpUrl);
    const path = httpUrl.replace(TEST_PUBLIC_URL, '');
    const fetched = await ctx.app.inject({ method: 'GET', url: path });
    expect(fetched.statusCode).toBe(200);
    expect(fetched.headers['content-type']).toContain('text/calendar');
    const parse = (text: string) =>
      new ICAL.Component(ICAL.parse(text) as unknown[])
        .getAllSubcomponents('vevent')
        .map((v) => new ICAL.Event(v));
    const events = parse(fetched.body);
    const mediation = events.find((e) => e.uid === `${timed.id}@sentinel`)!;
    expect(mediation.summary).toBe('Mediation; Park, Lena');
    expect(mediation.description).toBe('Line one\nLine two');
    expect(mediation.startDate.toJSDate().toISOString()).toBe('2027-01-12T14:00:00.000Z');
    expect(mediation.endDate.toJSDate().toISOString()).toBe('2027-01-12T22:00:00.000Z');
    const triggers = mediation.component
      .getAllSubcomponents('valarm')
      .map((alarm) => String(alarm.getFirstPropertyValue('trigger')))
      .sort();
    expect(triggers).toEqual(['-P1D', '-PT15M']);
    const panel = events.find((e) => e.uid === `${allDay.id}@sentinel`)!;
    expect(panel.startDate.isDate).toBe(true);
    expect(panel.startDate.toString()).toBe('2027-01-14');
    expect(panel.endDate.toString()).toBe('2027-01-15');
    // A second fetch has the same UIDs.
    const again = parse((await ctx.app.inject({ method: 'GET', url: path })).body).map((e) => e.uid);
    expect(again.sort()).toEqual(events.map((e) => e.uid).sort());
    // Another person's feed never holds the attorney's own events.
    const expertFeed = (await api(expert.token, 'GET', '/api/calendar/feed'))
      .json()
      .httpUrl.replace(TEST_PUBLIC_URL, '');
    expect((await ctx.app.inject({ method: 'GET', url: expertFeed })).body).not.toContain(timed.id);
    // Regenerate: the old link is dead.
    const renewed = await api(attorney.token, 'POST', '/api/calendar/feed');
    expect(renewed.json().httpUrl).not.toBe(httpUrl);
    expect((await ctx.app.inject({ method: 'GET', url: path })).statusCode).toBe(404);
    expect(
      (await ctx.app.inject({ method: 'GET', url: renewed.json().httpUrl.replace(TEST_PUBLIC_URL, '') }))
        .statusCode,
    ).toBe(200);
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/calendar/feed/not-a-real-token-at-all-000000.ics' }))
        .statusCode,
    ).toBe(404);
  });
});

describe('Google and Outlook calendars', () => {
  it('answers not_connected, with no events, before a provider is connected', async () => {
    for (const provider of ['google', 'microsoft'])
      expect(await list(attorney.token, provider, '2027-12-01', '2028-01-01')).toEqual({
        data: [],
        source: provider,
        status: 'not_connected',
      });
  });

  it('reads, creates (googleEvent / microsoftEvent), moves and deletes through the providers', async () => {
    await connectSandboxAccount(ctx, sandbox, attorney.id, 'google', GOOGLE);
    await connectSandboxAccount(ctx, sandbox, attorney.id, 'microsoft', MICROSOFT);
    const google = await list(attorney.token, 'google', '2027-12-01', '2028-01-01');
    expect(google.status).toBe('ok');
    expect(google.data.find((e) => e.title === 'Deposition of the field adjuster')).toMatchObject({
      start: '2027-12-06T15:00:00.000Z',
      source: 'google',
      color: '#1a73e8',
      attendees: [{ email: 'reporter@esquire.example', status: 'accepted' }],
    });
    const outlook = await list(attorney.token, 'microsoft', '2027-12-01', '2028-01-01');
    expect(outlook.data.find((e) => e.title === 'Mediation')).toMatchObject({
      start: '2027-12-08T14:00:00.000Z',
      source: 'microsoft',
      color: '#166534',
    });

    const created = await api(attorney.token, 'POST', '/api/calendar/events/google', {
      summary: 'Expert site visit',
      description: 'Bring moisture meter',
      location: '12 Palm Ave',
      start: { dateTime: '2027-12-10T14:00:00Z' },
      end: { dateTime: '2027-12-10T15:00:00Z' },
      attendees: [{ email: 'engineer@example.com' }],
    });
    expect(created.statusCode, created.body).toBe(201);
    const googleId = created.json().data.id;
    const outlookCreated = await api(attorney.token, 'POST', '/api/calendar/events/outlook', {
      subject: 'Expert site visit',
      body: { contentType: 'HTML', content: '<p>Bring moisture meter</p>' },
      location: { displayName: '12 Palm Ave' },
      start: { dateTime: '2027-12-10T14:00:00.000Z', timeZone: 'UTC' },
      end: { dateTime: '2027-12-10T15:00:00.000Z', timeZone: 'UTC' },
      attendees: [{ emailAddress: { address: 'engineer@example.com' }, type: 'required' }],
    });
    expect(outlookCreated.statusCode, outlookCreated.body).toBe(201);
    const outlookId = outlookCreated.json().data.id;
    expect(
      (await list(attorney.token, 'google', '2027-12-10', '2027-12-11')).data.map((e) => e.id),
    ).toContain(googleId);
    expect(
      (await list(attorney.token, 'microsoft', '2027-12-10', '2027-12-11')).data.map((e) => e.id),
    ).toContain(outlookId);

    const moved = await api(attorney.token, 'PATCH', `/api/calendar/events/google/${googleId}`, {
      start: '2027-12-11T14:00:00Z',
      end: '2027-12-11T15:00:00Z',
      allDay: false,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().data.start).toBe('2027-12-11T14:00:00.000Z');

    for (const [provider, id] of [
      ['google', googleId],
      ['microsoft', outlookId],
    ] as const) {
      const deleted = await api(
        attorney.token,
        'DELETE',
        `/api/calendar/events/${provider}/${encodeURIComponent(id)}`,
      );
      expect(deleted.statusCode, deleted.body).toBe(200);
      expect(
        (await list(attorney.token, provider, '2027-12-01', '2028-01-01')).data.map((e) => e.id),
      ).not.toContain(id);
    }
    const unknown = await api(attorney.token, 'DELETE', '/api/calendar/events/microsoft/AAMkNoSuchEvent');
    expect(unknown.statusCode).toBe(404);
  });

  it('one provider failing leaves the others answering', async () => {
    sandbox.sandbox.faults.set({ rate5xx: 1, provider: 'microsoft', retryAfterSeconds: 0 });
    try {
      const failing = await api(
        attorney.token,
        'GET',
        '/api/calendar/events/microsoft?start=2027-12-01&end=2028-01-01',
      );
      expect(failing.statusCode).toBe(503);
      expect(failing.json().error).toBe('Outlook Calendar did not answer. Try again in a moment.');
      expect((await list(attorney.token, 'google', '2027-12-01', '2028-01-01')).status).toBe('ok');
      expect((await list(attorney.token, 'sentinel', '2027-12-01', '2028-01-01')).status).toBe('ok');
    } finally {
      sandbox.sandbox.faults.reset();
    }
  });

  it('refuses a provider payload that is not the spec shape, and writes nothing there', async () => {
    const before = sandbox.sandbox.requests.filter((r) => r.method === 'POST').length;
    const bad = await api(attorney.token, 'POST', '/api/calendar/events/google', {
      summary: 'x',
      start: { date: '2027-12-10', dateTime: '2027-12-10T10:00:00Z' },
      end: { date: '2027-12-11' },
    });
    expect(bad.statusCode).toBe(400);
    expect(sandbox.sandbox.requests.filter((r) => r.method === 'POST').length).toBe(before);
  });
});
