import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { schema } from '@sentinel/db';
import { createCase, createClient } from '@sentinel/db/factories';
import {
  WORKFLOW_ACTION_MINUTES,
  WORKFLOW_MESSAGES,
  WORKFLOW_TEMPLATES,
  type CreateWorkflowRequest,
  type WorkflowRunsResponse,
  type WorkflowsResponse,
  type WorkflowView,
} from '@sentinel/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, DEMO_USERS, seedDemoFirm } from '../../demo/demo-firm';
import { bearer, login, makeUser, outbox, useTestContext } from '../../test/helpers';

const ctx = useTestContext();
type Person = { id: string; firmId: string; token: string; email: string };
let attorney: Person;
let colleague: Person;
let contractor: Person;
let client: Person;
let foreign: Person;

const api = (token: string, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

/** Hands new events to the engine and runs the queued jobs, as main.ts's intervals and the queue do. */
async function settle() {
  const engine = ctx.app.services.workflowEngine;
  await engine.scan();
  const queued = await engine.dispatch();
  await ctx.app.jobs.drain();
  return queued;
}

async function createWorkflow(
  body: Partial<CreateWorkflowRequest> & Pick<CreateWorkflowRequest, 'trigger' | 'actions'>,
) {
  const response = await api(attorney.token, 'POST', '/api/workflows', {
    name: `Workflow ${randomUUID().slice(0, 6)}`,
    category: 'case-management',
    ...body,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as WorkflowView;
}

async function runsOf(workflowId: string) {
  const response = await api(attorney.token, 'GET', `/api/workflows/${workflowId}/runs`);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as WorkflowRunsResponse).data;
}

async function newCase(title: string, extra: Record<string, unknown> = {}) {
  const response = await api(attorney.token, 'POST', '/api/cases', {
    title,
    clientId: client.id,
    leadAttorneyId: attorney.id,
    ...extra,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data.id as string;
}

async function setStatus(caseId: string, status: string) {
  const response = await api(attorney.token, 'PATCH', `/api/cases/${caseId}`, { status });
  expect(response.statusCode, response.body).toBe(200);
}

const caseRow = async (caseId: string) =>
  (await ctx.database.db.select().from(schema.cases).where(eq(schema.cases.id, caseId)))[0]!;

/** Workflows already made would react to the next tests' events: each test pauses what it made. */
async function pauseAll() {
  await ctx.database.db
    .update(schema.workflows)
    .set({ status: 'paused' })
    .where(eq(schema.workflows.firmId, attorney.firmId));
}

beforeAll(async () => {
  const signIn = async (user: { id: string; email: string; password: string }, firmId: string) => ({
    id: user.id,
    firmId,
    email: user.email,
    token: (await login(ctx, user.email, user.password)).body.token as string,
  });
  const lead = await makeUser(ctx, { userType: 'attorney', firstName: 'Lena', lastName: 'Lead' });
  attorney = await signIn(lead, lead.firmId);
  colleague = await signIn(
    await makeUser(ctx, { userType: 'attorney', firmId: lead.firmId, firstName: 'Cole' }),
    lead.firmId,
  );
  contractor = await signIn(
    await makeUser(ctx, { userType: 'restoration-contractor', firmId: lead.firmId, firstName: 'Rhea' }),
    lead.firmId,
  );
  client = await signIn(
    await createClient(ctx.database.db, { firmId: lead.firmId, firstName: 'Dana<b>', lastName: 'Client' }),
    lead.firmId,
  );
  const other = await makeUser(ctx, { userType: 'attorney' });
  foreign = await signIn(other, other.firmId);
});

describe('workflows: create, edit, pause, resume, delete', () => {
  it('creates a workflow from each template as it stands, and lists it with the stat cards', async () => {
    for (const template of WORKFLOW_TEMPLATES) {
      const response = await api(attorney.token, 'POST', '/api/workflows', {
        ...template.workflow,
        templateKey: template.key,
      });
      expect(response.statusCode, `${template.key}: ${response.body}`).toBe(201);
      expect(response.json().message).toBe(WORKFLOW_MESSAGES.created);
      expect(response.json().data).toMatchObject({ templateKey: template.key, status: 'active', runs: 0 });
    }
    expect(new Set(WORKFLOW_TEMPLATES.map((t) => t.category)).size).toBe(6);
    const list = await api(attorney.token, 'GET', '/api/workflows');
    expect(list.statusCode).toBe(200);
    const body = list.json() as WorkflowsResponse;
    expect(body.data).toHaveLength(6);
    expect(body.stats).toEqual({
      activeWorkflows: 6,
      tasksAutomated: 0,
      timeSavedHours: 0,
      successRate: null,
    });
    // Another firm sees none of them.
    const theirs = await api(foreign.token, 'GET', '/api/workflows');
    expect((theirs.json() as WorkflowsResponse).data).toHaveLength(0);
    await pauseAll();
  });

  it('refuses bad input with 400 and writes nothing', async () => {
    const count = async () =>
      (
        await ctx.database.db
          .select()
          .from(schema.workflows)
          .where(eq(schema.workflows.firmId, attorney.firmId))
      ).length;
    const before = await count();
    const base = { name: 'Bad', category: 'compliance', trigger: { type: 'case-created' } };
    const cases: Array<[object, string | RegExp]> = [
      [{ ...base, actions: [] }, 'Add at least one action'],
      [
        {
          ...base,
          trigger: { type: 'case-inactive', days: 0 },
          actions: [{ type: 'change-status', status: 'settled' }],
        },
        'Enter at least 1 day',
      ],
      [
        { ...base, trigger: { type: 'nope' }, actions: [{ type: 'change-status', status: 'settled' }] },
        /trigger/i,
      ],
      [
        { ...base, category: 'misc', actions: [{ type: 'change-status', status: 'settled' }] },
        'Choose a category',
      ],
      [
        { ...base, actions: [{ type: 'notify', recipient: 'person', message: 'Hi' }] },
        'Choose the person to notify',
      ],
      [{ ...base, actions: [{ type: 'add-member', userId: foreign.id }] }, WORKFLOW_MESSAGES.unknownPerson],
      [{ ...base, actions: [{ type: 'add-member', userId: client.id }] }, WORKFLOW_MESSAGES.personIsClient],
      [
        { ...base, templateKey: 'no-such', actions: [{ type: 'change-status', status: 'settled' }] },
        WORKFLOW_MESSAGES.unknownTemplate,
      ],
      [
        { ...base, name: '', actions: [{ type: 'change-status', status: 'settled' }] },
        'Enter the workflow name',
      ],
    ];
    for (const [payload, message] of cases) {
      const response = await api(attorney.token, 'POST', '/api/workflows', payload);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().error).toMatch(message);
    }
    expect(await count()).toBe(before);
  });

  it('edits, pauses, resumes and deletes; another firm’s workflow answers 404', async () => {
    const made = await createWorkflow({
      trigger: { type: 'case-status-changed', toStatus: 'discovery' },
      actions: [{ type: 'notify', recipient: 'lead-attorney', userId: null, message: 'Moved' }],
    });
    const edited = await api(attorney.token, 'PATCH', `/api/workflows/${made.id}`, {
      name: 'Discovery notice',
      conditions: { caseTypes: ['insurance-dispute'], statuses: [] },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data).toMatchObject({
      name: 'Discovery notice',
      conditions: { caseTypes: ['insurance-dispute'] },
    });
    const nothing = await api(attorney.token, 'PATCH', `/api/workflows/${made.id}`, {});
    expect(nothing.statusCode).toBe(400);
    const paused = await api(attorney.token, 'POST', `/api/workflows/${made.id}/pause`);
    expect(paused.json().data.status).toBe('paused');
    expect((await api(attorney.token, 'POST', `/api/workflows/${made.id}/pause`)).statusCode).toBe(400);
    const resumed = await api(attorney.token, 'POST', `/api/workflows/${made.id}/resume`);
    expect(resumed.json().data.status).toBe('active');
    for (const [method, url] of [
      ['PATCH', `/api/workflows/${made.id}`],
      ['POST', `/api/workflows/${made.id}/pause`],
      ['DELETE', `/api/workflows/${made.id}`],
      ['GET', `/api/workflows/${made.id}/runs`],
    ] as const) {
      const response = await api(
        foreign.token,
        method,
        url,
        method === 'PATCH' ? { name: 'Theirs' } : undefined,
      );
      expect(response.statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await api(attorney.token, 'DELETE', `/api/workflows/${made.id}`)).statusCode).toBe(200);
    expect((await api(attorney.token, 'GET', `/api/workflows/${made.id}/runs`)).statusCode).toBe(404);
    const actions = (await ctx.database.db.select().from(schema.auditLog))
      .filter((row) => (row.details as { workflowId?: string } | null)?.workflowId === made.id)
      .map((row) => row.action);
    expect(actions).toEqual(
      expect.arrayContaining([
        'workflow_created',
        'workflow_updated',
        'workflow_paused',
        'workflow_resumed',
        'workflow_deleted',
      ]),
    );
  });
});

describe('the engine: a run for each trigger', () => {
  it('case created: requests a document (on the client’s checklist) and notifies the lead attorney', async () => {
    const workflow = await createWorkflow({
      trigger: { type: 'case-created' },
      conditions: { caseTypes: ['property-damage'], statuses: [] },
      actions: [
        { type: 'request-document', title: 'Policy for {{case.number}}', note: '' },
        { type: 'notify', recipient: 'lead-attorney', userId: null, message: 'Opened {{case.title}}' },
      ],
    });
    const caseId = await newCase('Hail roof');
    await newCase('Ignored injury', { caseType: 'personal-injury' });
    expect(await settle()).toBe(1);
    const [run] = await runsOf(workflow.id);
    expect(run).toMatchObject({ status: 'succeeded', eventType: 'case-created', caseId });
    expect(run!.actions.map((a) => a.status)).toEqual(['succeeded', 'succeeded']);
    const number = (await caseRow(caseId)).caseNumber;
    const requests = await api(client.token, 'GET', `/api/cases/${caseId}/document-requests`);
    expect(requests.statusCode).toBe(200);
    expect(requests.json().data).toEqual([
      expect.objectContaining({ title: `Policy for ${number}`, status: 'open' }),
    ]);
    expect((await api(foreign.token, 'GET', `/api/cases/${caseId}/document-requests`)).statusCode).toBe(404);
    const bell = await api(attorney.token, 'GET', '/api/notifications');
    expect(bell.body).toContain('Opened Hail roof');
    await pauseAll();
  });

  it('case status changed: creates a deadline and e-mails the client, escaped; at most once when delivered twice', async () => {
    const workflow = await createWorkflow({
      trigger: { type: 'case-status-changed', toStatus: 'negotiation' },
      actions: [
        { type: 'create-event', kind: 'deadline', title: 'Respond on {{case.number}}', inDays: 10 },
        {
          type: 'send-email',
          to: 'client',
          subject: 'Update on {{case.number}}',
          body: 'Dear {{client.firstName}},\n\nWe are negotiating.',
        },
      ],
    });
    const caseId = await newCase('Water loss');
    await settle();
    await setStatus(caseId, 'discovery');
    expect(await settle()).toBe(0);
    await setStatus(caseId, 'negotiation');
    expect(await settle()).toBe(1);
    const runs = await runsOf(workflow.id);
    expect(runs).toHaveLength(1);
    expect(runs[0]!.status).toBe('succeeded');
    const number = (await caseRow(caseId)).caseNumber;
    const events = await ctx.database.db
      .select()
      .from(schema.calendarEvents)
      .where(eq(schema.calendarEvents.caseId, caseId));
    expect(events).toEqual([
      expect.objectContaining({ title: `Respond on ${number}`, eventType: 'deadline', ownerId: attorney.id }),
    ]);
    const mail = (await outbox(ctx)).find((m) => m.subject === `Update on ${number}`);
    expect(mail?.to).toContain(client.email);
    expect(mail?.raw).toContain('Dana&lt;b&gt;');
    expect(mail?.raw).not.toContain('Dana<b>,</p>');

    // The same event delivered again (its dispatch undone) makes no second run.
    await ctx.database.db.execute(
      sql`update workflow_events set dispatched_at = null where case_id = ${caseId}`,
    );
    expect(await settle()).toBe(0);
    expect(await runsOf(workflow.id)).toHaveLength(1);
    const after = await ctx.database.db
      .select()
      .from(schema.calendarEvents)
      .where(eq(schema.calendarEvents.caseId, caseId));
    expect(after).toHaveLength(1);
    await pauseAll();
  });

  it('document analysed: only the type asked for runs the workflow', async () => {
    const workflow = await createWorkflow({
      trigger: { type: 'document-analyzed', documentType: 'financial' },
      actions: [{ type: 'notify', recipient: 'team', userId: null, message: 'Figures on {{case.number}}' }],
    });
    const caseId = await newCase('Fire loss');
    const insertDocument = async (documentType: string) => {
      const [row] = await ctx.database.db
        .insert(schema.documents)
        .values({
          firmId: attorney.firmId,
          caseId,
          uploadedById: attorney.id,
          fileName: `${documentType}.pdf`,
          contentType: 'application/pdf',
          sizeBytes: 10,
          sha256: randomUUID(),
          storageKey: randomUUID(),
          analysisStatus: 'pending',
        })
        .returning();
      await ctx.database.db
        .update(schema.documents)
        .set({
          analysisStatus: 'completed',
          analysis: { document_metadata: { document_type: documentType } },
        })
        .where(eq(schema.documents.id, row!.id));
    };
    await insertDocument('correspondence');
    await insertDocument('financial');
    await settle();
    const runs = await runsOf(workflow.id);
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ status: 'succeeded', eventType: 'document-analyzed' });
    await pauseAll();
  });

  it('deadline approaching: the scan finds it once, however often it looks', async () => {
    const workflow = await createWorkflow({
      trigger: { type: 'deadline-approaching', days: 7 },
      actions: [
        {
          type: 'notify',
          recipient: 'person',
          userId: colleague.id,
          message: 'Deadline near on {{case.number}}',
        },
      ],
    });
    const caseId = await newCase('Deadline case');
    const at = (days: number) => new Date(Date.now() + days * 86_400_000);
    for (const days of [3, 30]) {
      await ctx.database.db.insert(schema.calendarEvents).values({
        firmId: attorney.firmId,
        ownerId: attorney.id,
        caseId,
        title: `Due in ${days}`,
        eventType: 'deadline',
        startsAt: at(days),
        endsAt: at(days + 0.01),
      });
    }
    await settle();
    await settle();
    const runs = await runsOf(workflow.id);
    expect(runs).toHaveLength(1);
    expect(runs[0]!.actions[0]).toMatchObject({
      status: 'succeeded',
      detail: expect.stringContaining('Cole'),
    });
    await pauseAll();
  });

  it('client created: e-mails the new client', async () => {
    const workflow = await createWorkflow({
      trigger: { type: 'client-created' },
      actions: [
        {
          type: 'send-email',
          to: 'client',
          subject: 'Welcome to {{firm.name}}',
          body: 'Hello {{client.firstName}}',
        },
        { type: 'create-event', kind: 'reminder', title: 'Call', inDays: 1 },
      ],
    });
    const made = await api(attorney.token, 'POST', '/api/client/new', {
      firstName: 'Nora',
      lastName: 'New',
      email: 'nora.new@example.com',
      phone: '555 0100',
    });
    expect(made.statusCode, made.body).toBe(201);
    await settle();
    const [run] = await runsOf(workflow.id);
    expect(run).toMatchObject({ status: 'succeeded', eventType: 'client-created', caseId: null });
    // An action that needs a case is skipped, not failed.
    expect(run!.actions.map((a) => a.status)).toEqual(['succeeded', 'skipped']);
    const mail = (await outbox(ctx)).find(
      (m) => m.to.includes('nora.new@example.com') && m.subject.startsWith('Welcome'),
    );
    expect(mail).toBeDefined();
    await pauseAll();
  });

  it('client message: the client’s message runs it, the attorney’s does not', async () => {
    const workflow = await createWorkflow({
      trigger: { type: 'client-message' },
      actions: [
        { type: 'notify', recipient: 'lead-attorney', userId: null, message: '{{client.lastName}} wrote' },
      ],
    });
    const caseId = await newCase('Message case');
    const [thread] = await ctx.database.db
      .select()
      .from(schema.conversations)
      .where(and(eq(schema.conversations.caseId, caseId), eq(schema.conversations.kind, 'case')));
    for (const person of [attorney, client]) {
      const sent = await api(person.token, 'POST', `/api/conversations/${thread!.id}/messages`, {
        body: 'Hello',
      });
      expect(sent.statusCode, sent.body).toBe(201);
    }
    await settle();
    const runs = await runsOf(workflow.id);
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ status: 'succeeded', eventType: 'client-message' });
    await pauseAll();
  });

  it('case inactive: adds a member to a case left N days, once per quiet spell', async () => {
    const workflow = await createWorkflow({
      trigger: { type: 'case-inactive', days: 14 },
      actions: [{ type: 'add-member', userId: contractor.id }],
    });
    const quiet = await createCase(ctx.database.db, {
      firmId: attorney.firmId,
      clientId: client.id,
      title: 'Quiet',
    });
    const settled = await createCase(ctx.database.db, {
      firmId: attorney.firmId,
      clientId: client.id,
      title: 'Done',
      status: 'settled',
    });
    for (const id of [quiet.id, settled.id])
      await ctx.database.db
        .update(schema.cases)
        .set({ lastActivityAt: new Date(Date.now() - 20 * 86_400_000) })
        .where(eq(schema.cases.id, id));
    await settle();
    await settle();
    const runs = await runsOf(workflow.id);
    expect(runs.map((run) => run.caseId)).toEqual([quiet.id]);
    const members = await ctx.database.db
      .select()
      .from(schema.caseMembers)
      .where(eq(schema.caseMembers.caseId, quiet.id));
    expect(members).toEqual([expect.objectContaining({ userId: contractor.id, role: 'contractor' })]);
    await pauseAll();
  });
});

describe('the engine: failures, retries, history and loops', () => {
  it('a failing action marks the run failed, the others still run, the workflow shows the error; resume clears it', async () => {
    const leaver = await makeUser(ctx, { userType: 'public-adjuster', firmId: attorney.firmId });
    const workflow = await createWorkflow({
      trigger: { type: 'case-status-changed', toStatus: 'settlement' },
      actions: [
        { type: 'add-member', userId: leaver.id },
        { type: 'request-document', title: 'Proof of loss', note: 'Signed' },
      ],
    });
    await ctx.database.db
      .update(schema.memberships)
      .set({ status: 'ended' })
      .where(eq(schema.memberships.userId, leaver.id));
    const caseId = await newCase('Failing case');
    await setStatus(caseId, 'settlement');
    await settle();
    const [run] = await runsOf(workflow.id);
    expect(run!.status).toBe('failed');
    expect(run!.actions.map((a) => [a.status, a.error])).toEqual([
      ['failed', WORKFLOW_MESSAGES.unknownPerson],
      ['succeeded', null],
    ]);
    const list = (await api(attorney.token, 'GET', '/api/workflows')).json() as WorkflowsResponse;
    const row = list.data.find((w) => w.id === workflow.id)!;
    expect(row.status).toBe('error');
    expect(row.lastError).toContain(WORKFLOW_MESSAGES.unknownPerson);
    expect(row.successRate).toBe(0);
    const resumed = await api(attorney.token, 'POST', `/api/workflows/${workflow.id}/resume`);
    expect(resumed.json().data).toMatchObject({ status: 'active', lastError: null });
    await pauseAll();
  });

  it('a retried run does not redo the actions already recorded', async () => {
    const workflow = await createWorkflow({
      trigger: { type: 'case-created' },
      actions: [
        { type: 'notify', recipient: 'lead-attorney', userId: null, message: 'Retry check {{case.number}}' },
        { type: 'create-event', kind: 'reminder', title: 'Retry reminder', inDays: 2 },
      ],
    });
    const caseId = await newCase('Retry case');
    await settle();
    const [run] = await runsOf(workflow.id);
    // As if the job had died after its first action: the run is running again with one action recorded.
    await ctx.database.db.execute(
      sql`update workflow_runs set status = 'running', finished_at = null where id = ${run!.id}`,
    );
    await ctx.database.db.execute(
      sql`delete from workflow_run_actions where run_id = ${run!.id} and position = 1`,
    );
    await ctx.database.db.execute(sql`delete from calendar_events where case_id = ${caseId}`);
    await ctx.app.services.workflowEngine.execute(run!.id);
    const notes = await ctx.database.db
      .select()
      .from(schema.notifications)
      .where(and(eq(schema.notifications.userId, attorney.id), eq(schema.notifications.kind, 'workflow')));
    expect(notes.filter((n) => n.body.startsWith('Retry check'))).toHaveLength(1);
    const events = await ctx.database.db
      .select()
      .from(schema.calendarEvents)
      .where(eq(schema.calendarEvents.caseId, caseId));
    expect(events).toHaveLength(1);
    const [again] = await runsOf(workflow.id);
    expect(again!.status).toBe('succeeded');
    expect(again!.actions).toHaveLength(2);
    await pauseAll();
  });

  it('a run whose job gave up (every attempt failed) ends failed and shows on its workflow', async () => {
    const workflow = await createWorkflow({
      trigger: { type: 'case-created' },
      actions: [{ type: 'notify', recipient: 'lead-attorney', userId: null, message: 'Gave up' }],
    });
    await newCase('Job gave up');
    const engine = ctx.app.services.workflowEngine;
    await engine.scan();
    await engine.dispatch();
    const [queued] = await runsOf(workflow.id);
    expect(queued!.status).toBe('queued');
    await engine.runJob.failed!({ runId: queued!.id }, 'connection terminated');
    const [ended] = await runsOf(workflow.id);
    expect(ended!.status).toBe('failed');
    const row = ((await api(attorney.token, 'GET', '/api/workflows')).json() as WorkflowsResponse).data.find(
      (item) => item.id === workflow.id,
    )!;
    expect(row).toMatchObject({
      status: 'error',
      lastError: expect.stringContaining('could not be completed'),
    });
    // The queued job then finds the run finished and does nothing.
    await ctx.app.jobs.drain();
    expect((await runsOf(workflow.id))[0]!.actions).toHaveLength(0);
    await pauseAll();
  });

  it('a new workflow does not fire on what happened before it existed', async () => {
    const caseId = await newCase('Before the workflow');
    // The event exists (undispatched) before the workflow is made.
    const workflow = await createWorkflow({
      trigger: { type: 'case-created' },
      actions: [{ type: 'notify', recipient: 'lead-attorney', userId: null, message: 'Late' }],
    });
    await settle();
    expect(await runsOf(workflow.id)).toHaveLength(0);
    // A case opened after it does run it.
    const later = await newCase('After the workflow');
    await settle();
    expect((await runsOf(workflow.id)).map((run) => run.caseId)).toEqual([later]);
    expect(caseId).not.toBe(later);
    await pauseAll();
  });

  it('prunes old dispatched events that made no run, and keeps those with a run or a dedupe key', async () => {
    const workflow = await createWorkflow({
      trigger: { type: 'case-created' },
      actions: [{ type: 'notify', recipient: 'lead-attorney', userId: null, message: 'Kept' }],
    });
    await newCase('Pruning case');
    await settle();
    const [run] = await runsOf(workflow.id);
    const { workflowEvents } = schema;
    // An event that made nothing, one with the run, and a time-based one: all 31 days old.
    const [idle] = await ctx.database.db
      .insert(workflowEvents)
      .values({ firmId: attorney.firmId, type: 'client-created', subjectId: 'x' })
      .returning({ id: workflowEvents.id });
    const [keyed] = await ctx.database.db
      .insert(workflowEvents)
      .values({
        firmId: attorney.firmId,
        type: 'case-inactive',
        dedupeKey: `case-inactive:prune:${randomUUID()}`,
      })
      .returning({ id: workflowEvents.id });
    const runRow = await ctx.database.db
      .select({ eventId: schema.workflowRuns.eventId })
      .from(schema.workflowRuns)
      .where(eq(schema.workflowRuns.id, run!.id));
    const ids = [idle!.id, keyed!.id, runRow[0]!.eventId];
    await ctx.database.db.execute(
      sql`update workflow_events set dispatched_at = now() - interval '31 days' where id in (${sql.join(ids, sql`, `)})`,
    );
    await ctx.app.services.workflowEngine.scan();
    const left = await ctx.database.db
      .select({ id: workflowEvents.id })
      .from(workflowEvents)
      .where(sql`${workflowEvents.id} in (${sql.join(ids, sql`, `)})`);
    expect(left.map((row) => row.id).sort()).toEqual([keyed!.id, runRow[0]!.eventId].sort());
    expect(await runsOf(workflow.id)).toHaveLength(1);
    await pauseAll();
  });

  it('a workflow’s own status change does not trigger it again', async () => {
    const self = await createWorkflow({
      trigger: { type: 'case-status-changed', toStatus: null },
      actions: [{ type: 'change-status', status: 'discovery' }],
    });
    const caseId = await newCase('Self loop case');
    await settle();
    await setStatus(caseId, 'negotiation');
    for (let round = 0; round < 3; round++) await settle();
    const runs = await runsOf(self.id);
    expect(runs).toHaveLength(1);
    expect(runs[0]!.actions[0]).toMatchObject({
      status: 'succeeded',
      detail: expect.stringContaining('to Discovery'),
    });
    expect((await caseRow(caseId)).status).toBe('discovery');
    // The change went the case form's way: the history and the audit trail have it.
    const history = await ctx.database.db
      .select()
      .from(schema.caseStatusHistory)
      .where(eq(schema.caseStatusHistory.caseId, caseId))
      .orderBy(schema.caseStatusHistory.id);
    expect(history.map((row) => row.status)).toEqual(['active', 'negotiation', 'discovery']);
    await pauseAll();
  });

  it('a chain of workflows stops', async () => {
    const toDiscovery = await createWorkflow({
      trigger: { type: 'case-status-changed', toStatus: null },
      actions: [{ type: 'change-status', status: 'discovery' }],
    });
    const toNegotiation = await createWorkflow({
      trigger: { type: 'case-status-changed', toStatus: null },
      actions: [{ type: 'change-status', status: 'negotiation' }],
    });
    const caseId = await newCase('Loop case');
    await settle();
    await setStatus(caseId, 'settlement');
    for (let round = 0; round < 6; round++) await settle();
    const runs = [...(await runsOf(toDiscovery.id)), ...(await runsOf(toNegotiation.id))];
    // The person's change (depth 0) runs both; each one's change runs only the other, up to depth 3.
    expect(runs.length).toBeLessThanOrEqual(2 + 2 + 2);
    expect(runs.length).toBeGreaterThanOrEqual(2);
    const pending = await ctx.database.db.execute(
      sql`select count(*)::int as n from workflow_events where dispatched_at is null`,
    );
    expect((pending as unknown as { rows: Array<{ n: number }> }).rows[0]!.n).toBe(0);
    // Settling again makes nothing more: the chain has ended.
    expect(await settle()).toBe(0);
    const history = await ctx.database.db
      .select()
      .from(schema.caseStatusHistory)
      .where(eq(schema.caseStatusHistory.caseId, caseId));
    expect(history.length).toBeLessThan(10);
    await pauseAll();
  });

  it('the stat cards add up the runs: tasks, hours from the per-action estimates, success rate', async () => {
    const stats = ((await api(attorney.token, 'GET', '/api/workflows')).json() as WorkflowsResponse).stats;
    const rows = await ctx.database.db.execute(sql`
      select a.type, count(*)::int as n from workflow_run_actions a join workflow_runs r on r.id = a.run_id
      where r.firm_id = ${attorney.firmId} and a.status = 'succeeded' group by a.type`);
    const counts = (
      rows as unknown as { rows: Array<{ type: keyof typeof WORKFLOW_ACTION_MINUTES; n: number }> }
    ).rows;
    const tasks = counts.reduce((sum, row) => sum + row.n, 0);
    const minutes = counts.reduce((sum, row) => sum + row.n * WORKFLOW_ACTION_MINUTES[row.type], 0);
    expect(tasks).toBeGreaterThan(5);
    expect(stats.tasksAutomated).toBe(tasks);
    expect(stats.timeSavedHours).toBe(Math.round((minutes / 60) * 10) / 10);
    expect(stats.activeWorkflows).toBe(0);
    expect(stats.successRate).toBeGreaterThan(50);
    expect(stats.successRate).toBeLessThan(100);
  });
});

describe('document requests asked by an attorney', () => {
  it('asks, refuses a duplicate and bad input, marks received, withdraws and reopens; the client reads them', async () => {
    const caseId = await newCase('Requests case');
    const other = await newCase('Another case');
    const url = `/api/cases/${caseId}/document-requests`;
    const asked = await api(attorney.token, 'POST', url, {
      title: '  Roof inspection report ',
      note: 'From 2024',
    });
    expect(asked.statusCode, asked.body).toBe(201);
    const request = asked.json().data;
    expect(request).toMatchObject({ title: 'Roof inspection report', note: 'From 2024', status: 'open' });
    expect(asked.json().message).toBe(WORKFLOW_MESSAGES.requestCreated);
    // The same document again (any case of letters) while it is open: 409, nothing written.
    const again = await api(attorney.token, 'POST', url, { title: 'ROOF INSPECTION REPORT' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(WORKFLOW_MESSAGES.requestExists);
    for (const body of [
      {},
      { title: '   ' },
      { title: 'x'.repeat(161) },
      { title: 'Ok', note: 'n'.repeat(501) },
    ]) {
      const bad = await api(attorney.token, 'POST', url, body);
      expect(bad.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await api(client.token, 'POST', url, { title: 'Mine' })).statusCode).toBe(403);
    expect((await api(foreign.token, 'POST', url, { title: 'Theirs' })).statusCode).toBe(404);
    const listed = async (token: string) =>
      ((await api(token, 'GET', url)).json().data as Array<{ id: string; status: string }>).map(
        (row) => `${row.id}:${row.status}`,
      );
    expect(await listed(client.token)).toEqual([`${request.id}:open`]);

    // Another case's path does not reach it; a bad status is a 400.
    const wrongCase = await api(
      attorney.token,
      'PATCH',
      `/api/cases/${other}/document-requests/${request.id}`,
      {
        status: 'received',
      },
    );
    expect(wrongCase.statusCode).toBe(404);
    expect((await api(attorney.token, 'PATCH', `${url}/${request.id}`, { status: 'lost' })).statusCode).toBe(
      400,
    );
    const received = await api(attorney.token, 'PATCH', `${url}/${request.id}`, { status: 'received' });
    expect(received.statusCode, received.body).toBe(200);
    expect(received.json().data.status).toBe('received');
    expect(await listed(client.token)).toEqual([`${request.id}:received`]);
    // Withdrawn: it leaves the checklist; a new one of the same name may be asked, and reopening the old
    // one while the new one is open is refused.
    await api(attorney.token, 'PATCH', `${url}/${request.id}`, { status: 'cancelled' });
    expect(await listed(client.token)).toEqual([]);
    const renewed = await api(attorney.token, 'POST', url, { title: 'Roof inspection report' });
    expect(renewed.statusCode).toBe(201);
    const reopen = await api(attorney.token, 'PATCH', `${url}/${request.id}`, { status: 'open' });
    expect(reopen.statusCode).toBe(409);
    const audited = await ctx.database.db
      .select({ action: schema.auditLog.action })
      .from(schema.auditLog)
      .where(sql`${schema.auditLog.details} ->> 'requestId' = ${request.id}`);
    expect(audited.map((row) => row.action).sort()).toEqual([
      'document_request_created',
      'document_request_updated',
      'document_request_updated',
    ]);
  });
});

describe('the demo firm', () => {
  it('has three active workflows with their history done for real, and nothing left to dispatch', async () => {
    expect(await seedDemoFirm(ctx.database.db)).toBe(true);
    const demo = DEMO_USERS.find((user) => user.userType === 'attorney')!;
    const token = (await login(ctx, demo.email, DEMO_PASSWORD)).body.token as string;
    const answer = (await api(token, 'GET', '/api/workflows')).json() as WorkflowsResponse;
    expect(answer.data).toHaveLength(3);
    for (const workflow of answer.data) {
      expect(workflow.status, workflow.name).toBe('active');
      expect(workflow.runs, workflow.name).toBeGreaterThan(0);
      const runs = (
        await api(token, 'GET', `/api/workflows/${workflow.id}/runs`)
      ).json() as WorkflowRunsResponse;
      for (const run of runs.data)
        expect(run.status, `${workflow.name}: ${JSON.stringify(run)}`).toBe('succeeded');
    }
    expect(answer.stats.activeWorkflows).toBe(3);
    expect(answer.stats.tasksAutomated).toBeGreaterThan(0);
    expect(answer.stats.successRate).toBe(100);
    // What the intake asked for exists, and never on Jordan Ellis's cases.
    const requests = await ctx.database.db.execute(sql`
      select u.email from document_requests r join cases c on c.id = r.case_id join users u on u.id = c.client_id
      join users a on a.email = ${demo.email} join memberships m on m.user_id = a.id and m.firm_id = r.firm_id`);
    const emails = (requests as unknown as { rows: Array<{ email: string }> }).rows.map((row) => row.email);
    expect(emails.length).toBeGreaterThan(0);
    expect(emails).not.toContain('client@demo.test');
    // The seed's events are history: the engine has nothing to run.
    expect(await settle()).toBe(0);
  });
});
