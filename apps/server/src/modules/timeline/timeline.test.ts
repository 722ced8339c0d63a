import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { schema } from '@sentinel/db';
import { createCase, createClient, createMembership } from '@sentinel/db/factories';
import {
  TIMELINE_MESSAGES,
  type CaseStatus,
  type CaseTimelineResponse,
  type TimelineCasesResponse,
  type UserType,
} from '@sentinel/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedDemoTimelines } from '../../demo/timeline';
import { bearer, login, makeUser, useTestContext } from '../../test/helpers';

const ctx = useTestContext();
type Person = { id: string; firmId: string; token: string };
let attorney: Person;
let client: Person;
let otherClient: Person;
let contractor: Person;
let adjuster: Person;
let expert: Person;
let foreign: Person;

const api = (token: string, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

async function timelineOf(caseId: string, token = attorney.token) {
  const response = await api(token, 'GET', `/api/cases/${caseId}/timeline`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as CaseTimelineResponse;
}

async function newCase(title: string, clientId = client.id, caseType = 'property-damage') {
  const response = await api(attorney.token, 'POST', '/api/cases', { title, clientId, caseType });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data.id as string;
}

const setStatus = async (caseId: string, status: string) => {
  const response = await api(attorney.token, 'PATCH', `/api/cases/${caseId}`, { status });
  expect(response.statusCode, response.body).toBe(200);
};

const byTitle = (answer: CaseTimelineResponse, title: string) => {
  const stage = answer.stages.find((item) => item.title === title);
  if (!stage) throw new Error(`no stage ${title}: ${answer.stages.map((s) => s.title).join(', ')}`);
  return stage;
};
const statuses = (answer: CaseTimelineResponse) => answer.stages.map((stage) => stage.status);
const today = () => new Date().toISOString().slice(0, 10);

const storedStages = (caseId: string) =>
  ctx.database.db.select().from(schema.caseStages).where(eq(schema.caseStages.caseId, caseId));
const auditActions = async (caseId: string) =>
  (await ctx.database.db.select().from(schema.auditLog))
    .filter((row) => (row.details as { caseId?: string } | null)?.caseId === caseId)
    .map((row) => row.action);

beforeAll(async () => {
  const signIn = async (user: { id: string; email: string; password: string }, firmId: string) => ({
    id: user.id,
    firmId,
    token: (await login(ctx, user.email, user.password)).body.token as string,
  });
  const lead = await makeUser(ctx, { userType: 'attorney' });
  attorney = await signIn(lead, lead.firmId);
  const person = async (userType: UserType) =>
    signIn(await makeUser(ctx, { userType, firmId: lead.firmId }), lead.firmId);
  contractor = await person('restoration-contractor');
  adjuster = await person('public-adjuster');
  expert = await person('expert-witness');
  client = await signIn(await createClient(ctx.database.db, { firmId: lead.firmId }), lead.firmId);
  otherClient = await signIn(await createClient(ctx.database.db, { firmId: lead.firmId }), lead.firmId);
  const other = await makeUser(ctx, { userType: 'attorney' });
  foreign = await signIn(other, other.firmId);
});

describe('the stages of a case follow its status', () => {
  let caseId: string;
  beforeAll(async () => {
    caseId = await newCase('Okafor roof and interior');
  });

  it('starts from the template: case filed completed on the day it was opened, consultation in progress', async () => {
    const answer = await timelineOf(caseId);
    expect(answer.stages.map((stage) => stage.title)).toEqual([
      'Case filed',
      'Consultation',
      'Claim filed',
      'Discovery',
      'Adjuster deposition',
      'Expert report',
      'Settlement negotiations',
      'Settled',
    ]);
    expect(statuses(answer)).toEqual([
      'completed',
      'current',
      'upcoming',
      'upcoming',
      'upcoming',
      'upcoming',
      'upcoming',
      'upcoming',
    ]);
    expect(byTitle(answer, 'Case filed')).toMatchObject({
      date: today(),
      completedBy: 'status',
      completesWith: 'active',
      templateKey: 'case_filed',
    });
    expect(answer.stats).toEqual({ completed: 1, inProgress: 1, upcoming: 6, total: 8, percent: 13 });
    expect(answer.canEdit).toBe(true);
    expect(answer.items).toEqual([
      expect.objectContaining({ kind: 'status', status: 'active', opened: true, by: expect.any(String) }),
    ]);
    // Stored once, on the first read: a second read adds nothing.
    expect(await storedStages(caseId)).toHaveLength(8);
    await timelineOf(caseId);
    expect(await storedStages(caseId)).toHaveLength(8);
  });

  it('completes stages as the case moves forward, and reopens them when it moves back', async () => {
    await setStatus(caseId, 'discovery');
    let answer = await timelineOf(caseId);
    expect(statuses(answer).slice(0, 5)).toEqual([
      'completed',
      'completed',
      'completed',
      'current',
      'upcoming',
    ]);
    expect(byTitle(answer, 'Claim filed')).toMatchObject({ completedBy: 'status', date: today() });
    expect(answer.stats).toEqual({ completed: 3, inProgress: 1, upcoming: 4, total: 8, percent: 38 });

    await setStatus(caseId, 'negotiation');
    answer = await timelineOf(caseId);
    expect(answer.stats).toEqual({ completed: 6, inProgress: 1, upcoming: 1, total: 8, percent: 75 });
    expect(byTitle(answer, 'Settlement negotiations').status).toBe('current');

    await setStatus(caseId, 'discovery');
    answer = await timelineOf(caseId);
    expect(answer.stats.completed).toBe(3);
    expect(byTitle(answer, 'Discovery').status).toBe('current');

    await setStatus(caseId, 'settled');
    answer = await timelineOf(caseId);
    expect(answer.stats).toEqual({ completed: 8, inProgress: 0, upcoming: 0, total: 8, percent: 100 });
    // Every change of status is on the timeline, in order.
    expect(answer.items.filter((item) => item.kind === 'status').map((item) => item.status)).toEqual([
      'active',
      'discovery',
      'negotiation',
      'discovery',
      'settled',
    ]);
  });

  it('gives a type its own wording of the template', async () => {
    const injury = await newCase('Slip on the stairs', client.id, 'personal-injury');
    const answer = await timelineOf(injury);
    expect(answer.stages.map((stage) => stage.title)).toContain('Medical expert report');
    expect(answer.stages).toHaveLength(8);
  });
});

describe('an attorney edits the stages', () => {
  let caseId: string;
  let answer: CaseTimelineResponse;
  const stageUrl = (stageId: string) => `/api/cases/${caseId}/stages/${stageId}`;
  beforeAll(async () => {
    caseId = await newCase('Ellery basement flood');
    answer = await timelineOf(caseId);
  });

  it('adds a stage after another, with a date, and removes it again', async () => {
    const after = byTitle(answer, 'Claim filed').id;
    const added = await api(attorney.token, 'POST', `/api/cases/${caseId}/stages`, {
      title: '  Site inspection  ',
      description: 'With the carrier’s field adjuster',
      date: '2031-04-02',
      afterStageId: after,
    });
    expect(added.statusCode, added.body).toBe(201);
    answer = added.json();
    expect(answer.stages.map((stage) => stage.title).slice(2, 5)).toEqual([
      'Claim filed',
      'Site inspection',
      'Discovery',
    ]);
    const inspection = byTitle(answer, 'Site inspection');
    expect(inspection).toMatchObject({
      status: 'upcoming',
      date: '2031-04-02',
      plannedDate: '2031-04-02',
      templateKey: null,
      completesWith: null,
      description: 'With the carrier’s field adjuster',
    });
    expect(answer.stats.total).toBe(9);
    // At the end when no stage is named.
    const last = await api(attorney.token, 'POST', `/api/cases/${caseId}/stages`, {
      title: 'Closing letter',
    });
    expect(last.statusCode, last.body).toBe(201);
    expect((last.json() as CaseTimelineResponse).stages.at(-1)!.title).toBe('Closing letter');

    const removed = await api(attorney.token, 'DELETE', stageUrl(inspection.id));
    expect(removed.statusCode, removed.body).toBe(200);
    answer = removed.json();
    expect(answer.stages.map((stage) => stage.title)).not.toContain('Site inspection');
    expect(answer.stats.total).toBe(9);
    expect(await auditActions(caseId)).toEqual(
      expect.arrayContaining(['case_stage_added', 'case_stage_removed']),
    );
  });

  it('renames, dates, completes and reopens a stage, and moves it', async () => {
    const report = byTitle(answer, 'Expert report');
    let response = await api(attorney.token, 'PATCH', stageUrl(report.id), {
      title: 'Engineer’s report',
      date: '2031-05-10',
    });
    expect(response.statusCode, response.body).toBe(200);
    answer = response.json();
    expect(byTitle(answer, 'Engineer’s report')).toMatchObject({ date: '2031-05-10', status: 'upcoming' });

    // Completed by hand before the case's status gets there.
    response = await api(attorney.token, 'PATCH', stageUrl(report.id), { completed: true });
    answer = response.json();
    expect(byTitle(answer, 'Engineer’s report')).toMatchObject({
      status: 'completed',
      completedBy: 'attorney',
      completedByName: expect.any(String),
      // The plan was overtaken: the day it was completed, the plan kept.
      date: today(),
      plannedDate: '2031-05-10',
    });
    expect(answer.stats.completed).toBe(2);

    response = await api(attorney.token, 'PATCH', stageUrl(report.id), { completed: false, date: null });
    answer = response.json();
    expect(byTitle(answer, 'Engineer’s report')).toMatchObject({
      status: 'upcoming',
      date: null,
      completedBy: null,
    });

    // Completed by hand with no date of its own: the day it was completed.
    const consultation = byTitle(answer, 'Consultation');
    answer = (await api(attorney.token, 'PATCH', stageUrl(consultation.id), { completed: true })).json();
    expect(byTitle(answer, 'Consultation')).toMatchObject({ status: 'completed', date: today() });
    expect(byTitle(answer, 'Claim filed').status).toBe('current');

    // A stage the case's status completed is reopened by moving the case back, not by hand.
    const filed = byTitle(answer, 'Case filed');
    response = await api(attorney.token, 'PATCH', stageUrl(filed.id), { completed: false });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe(TIMELINE_MESSAGES.completedByStatus);

    response = await api(attorney.token, 'PATCH', stageUrl(report.id), { move: 'up' });
    answer = response.json();
    const titles = answer.stages.map((stage) => stage.title);
    expect(titles.indexOf('Engineer’s report')).toBe(titles.indexOf('Adjuster deposition') - 1);
    response = await api(attorney.token, 'PATCH', stageUrl(filed.id), { move: 'up' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe(TIMELINE_MESSAGES.cannotMove);
    expect(await auditActions(caseId)).toContain('case_stage_updated');
  });

  it('refuses bad input with a clear 400 and writes nothing', async () => {
    const before = await storedStages(caseId);
    const stage = answer.stages[1]!;
    const cases: Array<[string, 'POST' | 'PATCH', object, string]> = [
      ['an empty title', 'POST', { title: '   ' }, TIMELINE_MESSAGES.titleRequired],
      ['no title', 'POST', {}, TIMELINE_MESSAGES.titleRequired],
      ['a long title', 'POST', { title: 'x'.repeat(121) }, TIMELINE_MESSAGES.titleTooLong],
      [
        'a date that is no date',
        'POST',
        { title: 'Mediation', date: '2031-02-30' },
        'Use a date like 2026-03-01',
      ],
      ['nothing to change', 'PATCH', {}, TIMELINE_MESSAGES.nothingToChange],
      ['a bad move', 'PATCH', { move: 'sideways' }, ''],
    ];
    for (const [what, method, payload, message] of cases) {
      const url = method === 'POST' ? `/api/cases/${caseId}/stages` : stageUrl(stage.id);
      const response = await api(attorney.token, method, url, payload);
      expect(response.statusCode, what).toBe(400);
      if (message) expect(response.json().error, what).toContain(message);
    }
    const afterUnknown = await api(attorney.token, 'POST', `/api/cases/${caseId}/stages`, {
      title: 'Mediation',
      afterStageId: randomUUID(),
    });
    expect(afterUnknown.statusCode).toBe(400);
    expect(afterUnknown.json().error).toBe(TIMELINE_MESSAGES.unknownAfter);
    const template = await api(attorney.token, 'DELETE', stageUrl(stage.id));
    expect(template.statusCode).toBe(400);
    expect(template.json().error).toBe(TIMELINE_MESSAGES.onlyAddedRemovable);
    const unknown = await api(attorney.token, 'PATCH', stageUrl(randomUUID()), { title: 'Nope' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toBe(TIMELINE_MESSAGES.unknownStage);
    expect(await storedStages(caseId)).toEqual(before);
  });

  it('caps a case at 30 stages', async () => {
    const capped = await newCase('Many stages');
    for (let i = 0; i < 22; i++) {
      const response = await api(attorney.token, 'POST', `/api/cases/${capped}/stages`, {
        title: `Step ${i}`,
      });
      expect(response.statusCode, response.body).toBe(201);
    }
    const over = await api(attorney.token, 'POST', `/api/cases/${capped}/stages`, { title: 'One more' });
    expect(over.statusCode).toBe(400);
    expect(over.json().error).toBe(TIMELINE_MESSAGES.tooManyStages);
  });
});

describe('who may read and edit a timeline', () => {
  let own: string;
  let others: string;
  beforeAll(async () => {
    own = await newCase('Client’s own case');
    others = await newCase('Another client’s case', otherClient.id);
    for (const [member, role] of [
      [contractor, 'contractor'],
      [expert, 'expert'],
    ] as const) {
      const response = await api(attorney.token, 'POST', `/api/cases/${own}/members`, {
        userId: member.id,
        role,
      });
      expect(response.statusCode, response.body).toBe(201);
    }
  });

  it('shows a client their own cases only, a team member the cases they are on, an attorney the firm’s', async () => {
    expect((await timelineOf(own, client.token)).canEdit).toBe(false);
    expect((await api(client.token, 'GET', `/api/cases/${others}/timeline`)).statusCode).toBe(404);
    for (const member of [contractor, expert]) {
      expect((await timelineOf(own, member.token)).canEdit).toBe(false);
      expect((await api(member.token, 'GET', `/api/cases/${others}/timeline`)).statusCode).toBe(404);
    }
    expect((await api(adjuster.token, 'GET', `/api/cases/${own}/timeline`)).statusCode).toBe(404);
    expect((await timelineOf(others)).case.title).toBe('Another client’s case');

    const list = async (token: string) => {
      const response = await api(token, 'GET', '/api/timeline');
      expect(response.statusCode, response.body).toBe(200);
      return (response.json() as TimelineCasesResponse).data.map((row) => row.id);
    };
    const clientCases = await list(client.token);
    expect(clientCases).toContain(own);
    expect(clientCases).not.toContain(others);
    expect(await list(contractor.token)).toEqual([own]);
    expect(await list(adjuster.token)).toEqual([]);
    expect(await list(attorney.token)).toEqual(expect.arrayContaining([own, others]));
    expect(await list(foreign.token)).toEqual([]);
  });

  it('answers another firm’s case 404, to reads and changes alike, and writes nothing', async () => {
    const stage = (await timelineOf(own)).stages[0]!;
    const before = await storedStages(own);
    expect((await api(foreign.token, 'GET', `/api/cases/${own}/timeline`)).statusCode).toBe(404);
    expect(
      (await api(foreign.token, 'POST', `/api/cases/${own}/stages`, { title: 'Probe' })).statusCode,
    ).toBe(404);
    expect(
      (await api(foreign.token, 'PATCH', `/api/cases/${own}/stages/${stage.id}`, { title: 'Probe' }))
        .statusCode,
    ).toBe(404);
    expect((await api(foreign.token, 'DELETE', `/api/cases/${own}/stages/${stage.id}`)).statusCode).toBe(404);
    // A stage id of another case of the firm is not this case's.
    const otherStage = (await timelineOf(others)).stages[0]!;
    expect(
      (await api(attorney.token, 'PATCH', `/api/cases/${own}/stages/${otherStage.id}`, { title: 'Moved' }))
        .statusCode,
    ).toBe(404);
    expect(await storedStages(own)).toEqual(before);
  });

  it('lets only attorneys change stages', async () => {
    const stage = (await timelineOf(own)).stages[1]!;
    for (const person of [client, contractor, expert]) {
      expect(
        (await api(person.token, 'POST', `/api/cases/${own}/stages`, { title: 'Mine' })).statusCode,
      ).toBe(403);
      expect(
        (await api(person.token, 'PATCH', `/api/cases/${own}/stages/${stage.id}`, { completed: true }))
          .statusCode,
      ).toBe(403);
    }
  });

  it('a person of both firms acting in the other sees none of this one', async () => {
    const dual = await makeUser(ctx, { userType: 'attorney' });
    await createMembership(ctx.database.db, {
      firmId: attorney.firmId,
      userId: dual.id,
      userType: 'attorney',
    });
    const token = (await login(ctx, dual.email, dual.password)).body.token as string;
    expect((await api(token, 'GET', `/api/cases/${own}/timeline`)).statusCode).toBe(404);
  });
});

describe('what happened on the case, at its dates', () => {
  let caseId: string;
  beforeAll(async () => {
    caseId = await newCase('Items on the timeline');
    const db = ctx.database.db;
    const document = (fileName: string, sharedWithClient: boolean, createdAt: Date) => ({
      firmId: attorney.firmId,
      caseId,
      fileName,
      contentType: 'application/pdf',
      sizeBytes: 1000,
      sha256: randomUUID().replace(/-/g, ''),
      storageKey: randomUUID(),
      uploadedById: attorney.id,
      sharedWithClient,
      createdAt,
    });
    await db
      .insert(schema.documents)
      .values([
        document('Estimate.pdf', true, new Date('2030-01-10T15:00:00Z')),
        document('Strategy memo.pdf', false, new Date('2030-01-11T15:00:00Z')),
      ]);
    await db.insert(schema.calendarEvents).values([
      {
        firmId: attorney.firmId,
        ownerId: attorney.id,
        caseId,
        title: 'Roof inspection',
        eventType: 'inspection',
        startsAt: new Date('2030-01-12T14:00:00Z'),
        endsAt: new Date('2030-01-12T15:00:00Z'),
      },
      {
        firmId: attorney.firmId,
        ownerId: attorney.id,
        caseId,
        title: 'Carrier must acknowledge the claim',
        eventType: 'deadline',
        allDay: true,
        startsAt: new Date('2030-01-13T00:00:00Z'),
        endsAt: new Date('2030-01-14T00:00:00Z'),
        deadlineRule: 'FL-04',
        deadlineParty: 'insurer',
      },
    ]);
    const threads = await db
      .select()
      .from(schema.conversations)
      .where(eq(schema.conversations.caseId, caseId));
    const thread = (kind: string) => threads.find((row) => row.kind === kind)!.id;
    const message = (conversationId: string, createdAt: Date, deletedAt: Date | null = null) => ({
      conversationId,
      firmId: attorney.firmId,
      senderId: attorney.id,
      body: 'Update',
      createdAt,
      deletedAt,
    });
    await db
      .insert(schema.messages)
      .values([
        message(thread('case'), new Date('2030-01-14T09:00:00Z')),
        message(thread('case'), new Date('2030-01-14T11:00:00Z')),
        message(thread('case'), new Date('2030-01-14T12:00:00Z'), new Date('2030-01-14T12:01:00Z')),
        message(thread('team'), new Date('2030-01-14T10:00:00Z')),
      ]);
    const member = await api(attorney.token, 'POST', `/api/cases/${caseId}/members`, {
      userId: contractor.id,
      role: 'contractor',
    });
    expect(member.statusCode, member.body).toBe(201);
  });

  it('shows the attorney documents, events, status changes and each day’s messages of both threads, oldest first', async () => {
    const answer = await timelineOf(caseId);
    const items = answer.items;
    expect(items.map((item) => item.kind)).toEqual([
      'status',
      'document',
      'document',
      'event',
      'messages',
      'messages',
    ]);
    expect(items.map((item) => item.at)).toEqual([...items.map((item) => item.at)].sort());
    expect(items[1]).toMatchObject({ kind: 'document', fileName: 'Estimate.pdf' });
    expect(items[3]).toMatchObject({ kind: 'event', title: 'Roof inspection', eventType: 'inspection' });
    const days = items.filter((item) => item.kind === 'messages');
    expect(days).toEqual([
      expect.objectContaining({ thread: 'team', count: 1, day: '2030-01-14' }),
      expect.objectContaining({
        thread: 'case',
        count: 2,
        day: '2030-01-14',
        at: '2030-01-14T11:00:00.000Z',
      }),
    ]);
    // The claim deadline engine's dates stay on the Deadlines tab.
    expect(JSON.stringify(items)).not.toContain('Carrier must acknowledge');
    expect(answer.itemsTruncated).toBe(false);
  });

  it('shows a client only the documents shared with them and never the team thread', async () => {
    const items = (await timelineOf(caseId, client.token)).items;
    expect(items.filter((item) => item.kind === 'document').map((item) => item.fileName)).toEqual([
      'Estimate.pdf',
    ]);
    expect(items.filter((item) => item.kind === 'messages')).toEqual([
      expect.objectContaining({ thread: 'case', count: 2 }),
    ]);
    expect(items.some((item) => item.kind === 'event')).toBe(true);
  });

  it('shows a team member the case’s documents and both threads', async () => {
    const items = (await timelineOf(caseId, contractor.token)).items;
    expect(items.filter((item) => item.kind === 'document')).toHaveLength(2);
    expect(items.filter((item) => item.kind === 'messages')).toHaveLength(2);
  });

  it('reads the days of messages in the person’s time zone', async () => {
    await ctx.database.db
      .update(schema.users)
      .set({ timeZone: 'Pacific/Auckland' })
      .where(eq(schema.users.id, contractor.id));
    const token = (
      await login(
        ctx,
        (await ctx.database.db.select().from(schema.users).where(eq(schema.users.id, contractor.id)))[0]!
          .email,
        'Claims-Desk-2026',
      )
    ).body.token as string;
    const days = (await timelineOf(caseId, token)).items.filter((item) => item.kind === 'messages');
    // 09:00 and 11:00 UTC are 22:00 and 24:00 in Auckland (UTC+13 in January): two days.
    expect(
      days.map((item) => item.kind === 'messages' && `${item.thread} ${item.day} ${item.count}`),
    ).toEqual(['case 2030-01-14 1', 'team 2030-01-14 1', 'case 2030-01-15 1']);
  });

  it('keeps the latest items when there are more than the timeline shows', async () => {
    const many = await newCase('Many documents');
    await ctx.database.db.insert(schema.documents).values(
      Array.from({ length: 205 }, (_, i) => ({
        firmId: attorney.firmId,
        caseId: many,
        fileName: `Photo ${String(i).padStart(3, '0')}.jpg`,
        contentType: 'image/jpeg',
        sizeBytes: 10,
        sha256: randomUUID(),
        storageKey: randomUUID(),
        uploadedById: attorney.id,
        createdAt: new Date(Date.UTC(2030, 0, 1) + i * 60_000),
      })),
    );
    const answer = await timelineOf(many);
    expect(answer.items).toHaveLength(200);
    expect(answer.itemsTruncated).toBe(true);
    expect(answer.items.at(-1)).toMatchObject({ fileName: 'Photo 204.jpg' });
  });
});

describe('the case chooser', () => {
  it('lists each case with the progress its timeline shows, without storing stages for it', async () => {
    const fresh = await newCase('Never opened on the timeline', otherClient.id);
    await setStatus(fresh, 'negotiation');
    const response = await api(otherClient.token, 'GET', '/api/timeline');
    expect(response.statusCode, response.body).toBe(200);
    const row = (response.json() as TimelineCasesResponse).data.find((item) => item.id === fresh)!;
    expect(row).toMatchObject({ title: 'Never opened on the timeline', status: 'negotiation' });
    expect(row.stats).toEqual({ completed: 6, inProgress: 1, upcoming: 1, total: 8, percent: 75 });
    expect(await storedStages(fresh)).toHaveLength(0);
    // The case's own timeline agrees.
    expect((await timelineOf(fresh)).stats).toEqual(row.stats);
    // Reads are audited (in batches, within 250 ms).
    await new Promise((resolve) => setTimeout(resolve, 400));
    const viewed = await ctx.database.db
      .select()
      .from(schema.auditLog)
      .where(
        and(eq(schema.auditLog.action, 'case_timeline_viewed'), eq(schema.auditLog.userId, attorney.id)),
      );
    expect(viewed.map((row) => (row.details as { caseId: string }).caseId)).toContain(fresh);
  });
});

describe('the demo firm’s timelines', () => {
  it('gives the demo cases their stages, with the attorney’s edits', async () => {
    const db = ctx.database.db;
    const demo = async (
      title: string,
      caseType: 'property-damage' | 'insurance-dispute',
      status: CaseStatus,
    ) => (await createCase(db, { firmId: attorney.firmId, clientId: client.id, title, caseType, status })).id;
    const roof = await demo('Ellis Residence – Roof Wind Claim', 'insurance-dispute', 'discovery');
    const water = await demo('Ellis Residence – Water Damage', 'property-damage', 'negotiation');
    const fire = await demo('Hernandez Kitchen Fire', 'property-damage', 'settlement');
    await db.transaction((tx) => seedDemoTimelines(tx, attorney.firmId, attorney.id));

    const roofTimeline = await timelineOf(roof, client.token);
    expect(byTitle(roofTimeline, 'Adjuster deposition')).toMatchObject({
      status: 'completed',
      completedBy: 'attorney',
    });
    expect(byTitle(roofTimeline, 'Expert report')).toMatchObject({
      status: 'upcoming',
      date: expect.any(String),
    });
    expect(roofTimeline.stats).toMatchObject({ completed: 4, total: 8, percent: 50 });

    const waterTimeline = await timelineOf(water);
    const titles = waterTimeline.stages.map((stage) => stage.title);
    expect(titles.slice(-3)).toEqual([
      'Settlement negotiations',
      'Mediation with Harborline Mutual',
      'Settled',
    ]);
    expect(byTitle(waterTimeline, 'Mediation with Harborline Mutual')).toMatchObject({
      status: 'upcoming',
      templateKey: null,
    });
    expect((await timelineOf(fire)).stages.map((stage) => stage.title)).toContain(
      'Fire cause and origin report',
    );
    expect(await storedStages(fire)).toHaveLength(8);
  });
});
