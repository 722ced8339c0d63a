import { and, eq, isNotNull } from 'drizzle-orm';
import { writePdf } from '@sentinel/analyzer/fixtures/pdf-writer';
import { RULES_FINGERPRINT } from '@sentinel/deadlines';
import { schema } from '@sentinel/db';
import { createClient } from '@sentinel/db/factories';
import {
  CALENDAR_COLOURS,
  DEADLINE_MESSAGES,
  type CalendarEvent,
  type CaseDeadlinesResponse,
} from '@sentinel/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestContext, login, makeUser, type TestContext } from '../../test/helpers';
import { addDays } from '../calendar/times';
import { DEADLINES_RESYNC_JOB } from './resync';

let ctx: TestContext;
type Person = { id: string; email: string; firmId: string; token: string };
let attorney: Person;
let partner: Person;
let expert: Person;
let client: Person;
let foreign: Person;

const FLORIDA = {
  propertyState: 'FL',
  policyKind: 'homeowners',
  policyEffectiveDate: '2023-06-01',
  stateOfEmergency: false,
  surplusLines: false,
  catastropheExtensionDays: 0,
};
/** Today as the server judges it for people without a time zone (UTC). */
const today = () => new Date().toISOString().slice(0, 10);

const api = (
  token: string,
  method: 'GET' | 'PUT' | 'DELETE' | 'PATCH' | 'POST',
  url: string,
  payload?: object,
) => ctx.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

async function ok(response: Awaited<ReturnType<typeof api>>) {
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as CaseDeadlinesResponse;
}

async function newCase(title: string, leadAttorneyId = attorney.id) {
  const response = await api(attorney.token, 'POST', '/api/cases', {
    title,
    clientId: client.id,
    leadAttorneyId,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data.id as string;
}

const setFacts = (caseId: string, facts: object = FLORIDA, token = attorney.token) =>
  api(token, 'PUT', `/api/cases/${caseId}/deadlines/facts`, facts);
const setDate = (caseId: string, kind: string, date: string, documentId: string | null = null) =>
  api(attorney.token, 'PUT', `/api/cases/${caseId}/key-dates/${kind}`, { date, documentId });
const view = async (caseId: string, token = attorney.token) =>
  ok(await api(token, 'GET', `/api/cases/${caseId}/deadlines`));

/** The engine's events of a case on a person's calendar, over the range given. */
async function ruleEvents(token: string, caseId: string, start: string, end: string) {
  const response = await api(token, 'GET', `/api/calendar/events/sentinel?start=${start}&end=${end}`);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json().data as CalendarEvent[]).filter(
    (event) => event.deadline?.kind === 'rule' && event.case?.id === caseId,
  );
}

async function remindersOf(eventId: string) {
  return ctx.database.db
    .select()
    .from(schema.calendarReminders)
    .where(eq(schema.calendarReminders.eventId, eventId));
}

beforeAll(async () => {
  ctx = await createTestContext();
  const person = async (userType: 'attorney' | 'expert-witness', firmId?: string) => {
    const user = await makeUser(ctx, { userType, firmId });
    return { ...user, token: (await login(ctx, user.email, user.password)).body.token as string };
  };
  attorney = await person('attorney');
  partner = await person('attorney', attorney.firmId);
  expert = await person('expert-witness', attorney.firmId);
  foreign = await person('attorney');
  const owner = await createClient(ctx.database.db, { firmId: attorney.firmId });
  client = { ...owner, token: (await login(ctx, owner.email, owner.password)).body.token as string };
});
afterAll(() => ctx.close());

describe('a Florida hurricane claim (the reference, worked example 1)', () => {
  let caseId: string;
  beforeAll(async () => {
    caseId = await newCase('Alvarez hurricane roof');
    await ok(await setFacts(caseId));
    await ok(await setDate(caseId, 'date_of_loss', '2024-09-26'));
    await ok(await setDate(caseId, 'claim_reported', '2024-10-01'));
  });

  it('computes the carrier’s and the policyholder’s deadlines, each with its citation', async () => {
    const result = await view(caseId);
    const byRule = new Map(result.deadlines.map((deadline) => [deadline.ruleId, deadline]));
    expect(byRule.get('FL-04')).toMatchObject({ who: 'insurer', dueDate: '2024-10-08', status: 'open' });
    expect(byRule.get('FL-04')!.explanation).toContain('§ 627.70131(1)(a)');
    expect(byRule.get('FL-08')).toMatchObject({
      nominalDate: '2024-11-30',
      rolledDate: '2024-12-02',
      dueDate: '2024-11-30',
    });
    expect(byRule.get('FL-01')!.dueDate).toBe('2025-09-26');
    expect(byRule.get('FL-15')!.dueDate).toBe('2029-09-26');
    for (const deadline of result.deadlines) expect(deadline.citation).not.toBe('');
    // Passed and not reviewed: overdue.
    expect(byRule.get('FL-04')!.overdue).toBe(true);
    expect(byRule.get('FL-15')!.overdue).toBe(false);
    // The date of loss is the case's own field too.
    const detail = await api(attorney.token, 'GET', `/api/cases/${caseId}`);
    expect(detail.json().data.dateOfLoss).toBe('2024-09-26');
    expect(result.keyDates.find((row) => row.kind === 'claim_reported')).toMatchObject({
      date: '2024-10-01',
      source: 'typed',
    });
    expect(result.canEdit).toBe(true);
    expect(result.sources.join(' ')).toMatch(/Florida/);
  });

  it('puts them on the lead attorney’s calendar as deadline events nobody moves there', async () => {
    const events = await ruleEvents(attorney.token, caseId, '2029-09-01', '2029-10-01');
    const suit = events.find((event) => event.deadline?.ruleId === 'FL-15');
    expect(suit).toMatchObject({
      start: '2029-09-26',
      allDay: true,
      eventType: 'deadline',
      editable: false,
      color: CALENDAR_COLOURS.deadline,
    });
    expect(suit!.description).toContain('§ 95.11');
    expect(suit!.description).toContain(DEADLINE_MESSAGES.judgementNote);
    // Another attorney of the firm sees the case's deadlines too.
    expect((await ruleEvents(partner.token, caseId, '2029-09-01', '2029-10-01')).length).toBe(events.length);

    const id = suit!.id;
    const moved = await api(attorney.token, 'PATCH', `/api/calendar/events/sentinel/${id}`, { title: 'x' });
    expect(moved.statusCode).toBe(400);
    expect(moved.json().error).toBe(DEADLINE_MESSAGES.computedEventLocked);
    const deleted = await api(attorney.token, 'DELETE', `/api/calendar/events/sentinel/${id}`);
    expect(deleted.statusCode).toBe(400);
    expect((await ruleEvents(attorney.token, caseId, '2029-09-01', '2029-10-01')).length).toBe(events.length);
  });

  it('shows a client only their own duties on their calendar', async () => {
    // A year: the new-claim bar (FL-01) is the client's, the carrier's answers are not.
    const mine = await ruleEvents(client.token, caseId, '2024-09-27', '2025-10-01');
    expect(mine.map((event) => event.deadline?.ruleId)).toContain('FL-01');
    const all = await ruleEvents(attorney.token, caseId, '2024-09-27', '2025-10-01');
    expect(mine.length).toBeLessThan(all.length);
    expect(mine.map((event) => event.title).join('\n')).not.toMatch(/^Carrier/m);
  });

  it('an attorney marks a deadline met, or sets a date of their own with a reason', async () => {
    const met = await ok(
      await api(attorney.token, 'PUT', `/api/cases/${caseId}/deadlines/FL-04/review`, { status: 'met' }),
    );
    expect(met.deadlines.find((d) => d.ruleId === 'FL-04')).toMatchObject({ status: 'met', overdue: false });

    const noReason = await api(attorney.token, 'PUT', `/api/cases/${caseId}/deadlines/FL-15/review`, {
      status: 'open',
      overrideDate: '2029-09-20',
    });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.body).toContain(DEADLINE_MESSAGES.overrideNeedsReason);

    const overridden = await ok(
      await api(attorney.token, 'PUT', `/api/cases/${caseId}/deadlines/FL-15/review`, {
        status: 'open',
        overrideDate: '2029-09-20',
        reason: 'File a week early: the clerk closes for a holiday that week.',
      }),
    );
    const suit = overridden.deadlines.find((d) => d.ruleId === 'FL-15')!;
    expect(suit).toMatchObject({ date: '2029-09-20', dueDate: '2029-09-26' });
    expect(suit.override?.reason).toMatch(/clerk/);
    expect(suit.reviewReason).toMatch(/clerk/);
    const events = await ruleEvents(attorney.token, caseId, '2029-09-01', '2029-10-01');
    expect(events.find((e) => e.deadline?.ruleId === 'FL-15')!.start).toBe('2029-09-20');

    const audit = await ctx.database.db
      .select()
      .from(schema.auditLog)
      .where(eq(schema.auditLog.action, 'deadline_reviewed'));
    expect(audit.some((row) => JSON.stringify(row.details).includes('clerk'))).toBe(true);

    const unknown = await api(attorney.token, 'PUT', `/api/cases/${caseId}/deadlines/FL-99/review`, {
      status: 'met',
    });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('changing a key date', () => {
  it('moves the calendar events and their reminders, which then arrive', async () => {
    const caseId = await newCase('Moving claim');
    await ok(await setFacts(caseId));
    const reported = addDays(today(), -1);
    const first = await ok(await setDate(caseId, 'claim_reported', reported));
    // FL-04: 7 days after the claim was received.
    expect(first.deadlines.find((d) => d.ruleId === 'FL-04')!.nominalDate).toBe(addDays(reported, 7));
    const range = [addDays(today(), -10), addDays(today(), 80)] as const;
    const [before] = (await ruleEvents(attorney.token, caseId, ...range)).filter(
      (e) => e.deadline?.ruleId === 'FL-04',
    );
    const remindersBefore = await remindersOf(before!.id);
    // A week before has passed already; a day before is ahead.
    expect(remindersBefore.map((r) => r.minutesBefore)).toEqual([1440]);

    await ok(await setDate(caseId, 'claim_reported', today()));
    const [after] = (await ruleEvents(attorney.token, caseId, ...range)).filter(
      (e) => e.deadline?.ruleId === 'FL-04',
    );
    expect(after!.id).toBe(before!.id);
    expect(after!.start).not.toBe(before!.start);
    const remindersAfter = await remindersOf(after!.id);
    // Due a week from today: the week-before moment is this midnight, gone; the day-before moved.
    expect(remindersAfter.map((r) => r.minutesBefore)).toEqual([1440]);
    expect(remindersAfter[0]!.fireAt.getTime()).toBeGreaterThan(remindersBefore[0]!.fireAt.getTime());
    // A deadline two months out (FL-08) has both reminders.
    const [payOrDeny] = (await ruleEvents(attorney.token, caseId, ...range)).filter(
      (e) => e.deadline?.ruleId === 'FL-08',
    );
    const payOrDenyReminders = (await remindersOf(payOrDeny!.id)).map((r) => r.minutesBefore);
    expect(payOrDenyReminders.sort((a, b) => a - b)).toEqual([1440, 10080]);

    // At the moment of the day-before reminder, it arrives in the app.
    const fireAt = remindersAfter.find((r) => r.minutesBefore === 1440)!.fireAt;
    await ctx.app.services.reminders.deliverDue(new Date(fireAt.getTime() + 1000));
    const notifications = await api(attorney.token, 'GET', '/api/notifications');
    expect(
      notifications
        .json()
        .data.some(
          (n: { title: string }) => n.title.includes('is due in 1 day') && n.title.includes('Carrier'),
        ),
    ).toBe(true);

    // Removing the date takes its deadlines off the calendar.
    await ok(await api(attorney.token, 'DELETE', `/api/cases/${caseId}/key-dates/claim_reported`));
    expect(
      (await ruleEvents(attorney.token, caseId, ...range)).filter((e) => e.deadline?.ruleId === 'FL-04'),
    ).toEqual([]);
  });

  it('from the case form: a new date of loss recomputes, a new lead attorney takes the events', async () => {
    const caseId = await newCase('Case form claim');
    await ok(await setFacts(caseId));
    const patched = await api(attorney.token, 'PATCH', `/api/cases/${caseId}`, { dateOfLoss: '2024-09-26' });
    expect(patched.statusCode, patched.body).toBe(200);
    expect((await view(caseId)).deadlines.find((d) => d.ruleId === 'FL-15')!.dueDate).toBe('2029-09-26');

    const handed = await api(attorney.token, 'PATCH', `/api/cases/${caseId}`, { leadAttorneyId: partner.id });
    expect(handed.statusCode, handed.body).toBe(200);
    const owners = await ctx.database.db
      .selectDistinct({ ownerId: schema.calendarEvents.ownerId })
      .from(schema.calendarEvents)
      .where(and(eq(schema.calendarEvents.caseId, caseId), isNotNull(schema.calendarEvents.deadlineRule)));
    expect(owners).toEqual([{ ownerId: partner.id }]);
    expect((await view(caseId)).calendarOwner).toMatch(/\S+ \S+/);
  });
});

describe('bad input changes nothing', () => {
  let caseId: string;
  beforeAll(async () => {
    caseId = await newCase('Validation claim');
  });

  it('refuses a future key date, an impossible date, an unknown kind and an unknown state', async () => {
    const future = await setDate(caseId, 'denial', addDays(today(), 2));
    expect(future.statusCode).toBe(400);
    expect(future.json().error).toBe(DEADLINE_MESSAGES.futureKeyDate);
    expect((await setDate(caseId, 'denial', '2025-02-30')).statusCode).toBe(400);
    expect((await setDate(caseId, 'tuesday', '2025-02-03')).statusCode).toBe(400);
    const state = await setFacts(caseId, { ...FLORIDA, propertyState: 'XX' });
    expect(state.statusCode).toBe(400);
    expect(state.body).toContain(DEADLINE_MESSAGES.unknownState);
    const result = await view(caseId);
    expect(result.keyDates).toEqual([]);
    expect(result.facts.propertyState).toBeNull();
    expect(result.notice).toBeTruthy();
  });

  it('refuses a document of another case', async () => {
    const other = await newCase('Other claim');
    const [document] = await ctx.database.db
      .insert(schema.documents)
      .values({
        firmId: attorney.firmId,
        caseId: other,
        uploadedById: attorney.id,
        fileName: 'other.pdf',
        contentType: 'application/pdf',
        sizeBytes: 10,
        sha256: 'x'.repeat(64),
        storageKey: `test/${other}/other.pdf`,
      })
      .returning();
    const response = await setDate(caseId, 'denial', '2025-02-03', document!.id);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe(DEADLINE_MESSAGES.unknownDocument);
    expect((await view(caseId)).keyDates).toEqual([]);
  });

  it('answers 404 for another firm’s case and 403 to those who may not change or read', async () => {
    expect((await api(foreign.token, 'GET', `/api/cases/${caseId}/deadlines`)).statusCode).toBe(404);
    expect((await setFacts(caseId, FLORIDA, foreign.token)).statusCode).toBe(404);
    expect((await setFacts(caseId, FLORIDA, expert.token)).statusCode).toBe(403);
    expect((await api(client.token, 'GET', `/api/cases/${caseId}/deadlines`)).statusCode).toBe(403);
    // An expert not on the case does not see it.
    expect((await api(expert.token, 'GET', `/api/cases/${caseId}/deadlines`)).statusCode).toBe(404);
    const added = await api(attorney.token, 'POST', `/api/cases/${caseId}/members`, {
      userId: expert.id,
      role: 'expert',
    });
    expect(added.statusCode, added.body).toBe(201);
    expect((await view(caseId, expert.token)).canEdit).toBe(false);
  });
});

describe('the attorney dashboard', () => {
  it('lists the engine’s next open deadlines among the upcoming ones', async () => {
    const caseId = await newCase('Dashboard claim');
    await ok(await setFacts(caseId));
    await ok(await setDate(caseId, 'claim_reported', today()));
    const response = await api(attorney.token, 'GET', '/api/dashboard/attorney');
    expect(response.statusCode).toBe(200);
    const upcoming = response.json().upcomingDeadlines as Array<{ caseId: string; title: string }>;
    expect(upcoming.some((row) => row.caseId === caseId && row.title.startsWith('Carrier:'))).toBe(true);
  });
});

describe('an analysed denial letter', () => {
  it('suggests the denial date; once confirmed, the suit deadline appears', async () => {
    const caseId = await newCase('Flood denial claim');
    await ok(await setFacts(caseId, { ...FLORIDA, policyKind: 'flood' }));
    const boundary = 'deadlineBOUNDARY';
    const lines = [
      'National Flood Insurance Program',
      'February 14, 2025',
      'Re: Claim No. FL-2024-55102',
      'Dear Mr. Alvarez,',
      'We have completed our review of your flood claim with a date of loss of September 26, 2024.',
      'We must respectfully deny your claim for the foundation damage, which the policy excludes.',
      'Sincerely,',
      'Claims Examiner',
    ];
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="denial-letter.pdf"\r\nContent-Type: application/pdf\r\n\r\n`;
    const field = (name: string, value: string) =>
      `\r\n--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}`;
    const tail = `${field('caseId', caseId)}${field('status', 'pending')}\r\n--${boundary}--\r\n`;
    const uploaded = await ctx.app.inject({
      method: 'POST',
      url: '/api/document/upload/single',
      headers: { ...bearer(attorney.token), 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.concat([Buffer.from(head), writePdf([{ kind: 'text', lines }]), Buffer.from(tail)]),
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const documentId = uploaded.json().data.id as string;
    await ctx.app.jobs.drain();

    const suggested = await view(caseId);
    const denial = suggested.suggestions.find((s) => s.kind === 'denial');
    expect(denial).toMatchObject({
      date: '2025-02-14',
      document: { id: documentId, name: 'denial-letter.pdf' },
    });
    expect(suggested.suggestions.find((s) => s.kind === 'date_of_loss')?.date).toBe('2024-09-26');
    // Nothing is applied until an attorney confirms it.
    expect(suggested.deadlines.find((d) => d.ruleId === 'FF-03')).toBeUndefined();
    expect(suggested.pending.some((p) => p.ruleId === 'FF-03' && p.needs === 'denial')).toBe(true);

    const confirmed = await ok(await setDate(caseId, 'denial', denial!.date, documentId));
    expect(confirmed.keyDates.find((row) => row.kind === 'denial')).toMatchObject({
      source: 'document',
      document: { id: documentId, name: 'denial-letter.pdf' },
    });
    expect(confirmed.suggestions.some((s) => s.kind === 'denial')).toBe(false);
    const suit = confirmed.deadlines.find((d) => d.ruleId === 'FF-03');
    expect(suit).toMatchObject({ who: 'policyholder', nominalDate: '2026-02-14' });
    expect(suit!.explanation).toContain('4072');
  });
});

describe('after a deploy that changes the rules', () => {
  it('the resync job recomputes the calendar events of cases computed under other rules', async () => {
    const caseId = await newCase('Stale rules claim');
    await ok(await setFacts(caseId));
    await ok(await setDate(caseId, 'date_of_loss', '2024-09-26'));
    const { db } = ctx.database;
    const suitEvent = and(
      eq(schema.calendarEvents.caseId, caseId),
      eq(schema.calendarEvents.deadlineRule, 'FL-15'),
    );
    // As an older build left it: another date, another fingerprint.
    await db
      .update(schema.calendarEvents)
      .set({ startsAt: new Date('2029-01-01T00:00:00Z'), endsAt: new Date('2029-01-02T00:00:00Z') })
      .where(suitEvent);
    await db
      .update(schema.cases)
      .set({ deadlinesSyncedWith: 'older-rules' })
      .where(eq(schema.cases.id, caseId));

    await ctx.app.jobs.enqueue(db, DEADLINES_RESYNC_JOB, {});
    await ctx.app.jobs.drain();
    const [event] = await db.select().from(schema.calendarEvents).where(suitEvent);
    expect(event!.startsAt.toISOString()).toBe('2029-09-26T00:00:00.000Z');
    const [row] = await db
      .select({ syncedWith: schema.cases.deadlinesSyncedWith })
      .from(schema.cases)
      .where(eq(schema.cases.id, caseId));
    expect(row!.syncedWith).toBe(RULES_FINGERPRINT);
  });
});

/**
 * The reference's worked examples for each jurisdiction, through the API: the deadline on the case
 * page with its citation, and on the lead attorney's calendar on that day (the engine's own tests
 * cover every date of every example; these prove the whole path for each rule set).
 */
describe('a case in each jurisdiction of the reference', () => {
  const examples = [
    {
      name: 'Texas (example 3)',
      facts: { ...FLORIDA, propertyState: 'TX', policyEffectiveDate: null },
      dates: { claim_reported: '2024-05-16', all_items_received: '2024-06-20' },
      expect: [
        { ruleId: 'TX-01', date: '2024-05-31', cites: '§ 542.055(a)' },
        { ruleId: 'TX-02', date: '2024-07-12', cites: '§ 542.056' },
      ],
    },
    {
      name: 'California (example 4)',
      facts: { ...FLORIDA, propertyState: 'CA', policyEffectiveDate: null, stateOfEmergency: true },
      dates: {
        date_of_loss: '2025-01-07',
        claim_reported: '2025-01-10',
        proof_of_loss_submitted: '2025-03-03',
      },
      expect: [
        { ruleId: 'CA-02', date: '2025-01-25', cites: '§ 2695.5(e)' },
        { ruleId: 'CA-03', date: '2025-04-12', cites: '§ 2695.7(b)' },
      ],
    },
    {
      name: 'Federal flood (example 5)',
      facts: { ...FLORIDA, policyKind: 'flood' },
      dates: { date_of_loss: '2024-09-26', denial: '2025-02-14' },
      expect: [
        { ruleId: 'FF-01', date: '2024-11-25', cites: 'art. VII(J)(4)' },
        { ruleId: 'FF-03', date: '2026-02-14', cites: '§ 4072' },
      ],
    },
    {
      name: 'Homeowners appraisal (example 6)',
      facts: { ...FLORIDA, propertyState: 'OH', policyEffectiveDate: null },
      dates: { appraisal_demand: '2025-03-03' },
      expect: [{ ruleId: 'HO-04', date: '2025-03-23', cites: 'Appraisal' }],
    },
  ];

  for (const example of examples)
    it(`${example.name}: the example's deadlines on the case page and the calendar`, async () => {
      const caseId = await newCase(`${example.name} claim`);
      await ok(await setFacts(caseId, example.facts));
      for (const [kind, date] of Object.entries(example.dates)) await ok(await setDate(caseId, kind, date));
      const result = await view(caseId);
      for (const expected of example.expect) {
        const deadline = result.deadlines.find((d) => d.ruleId === expected.ruleId);
        expect(
          deadline,
          `${expected.ruleId} in ${JSON.stringify(result.deadlines.map((d) => d.ruleId))}`,
        ).toBeDefined();
        expect(deadline!.dueDate).toBe(expected.date);
        expect(deadline!.explanation).toContain(expected.cites);
        const onCalendar = await ruleEvents(attorney.token, caseId, expected.date, addDays(expected.date, 1));
        expect(onCalendar.map((event) => event.deadline?.ruleId)).toContain(expected.ruleId);
      }
    });
});
