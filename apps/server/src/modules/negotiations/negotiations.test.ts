import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { schema } from '@sentinel/db';
import { createClient } from '@sentinel/db/factories';
import {
  NEGOTIATION_MESSAGES,
  type AttorneyDashboardResponse,
  type ListNegotiationsResponse,
  type NegotiationResponse,
  offerStanding,
} from '@sentinel/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, DEMO_USERS, seedDemoFirm } from '../../demo/demo-firm';
import { bearer, login, makeUser, useTestContext } from '../../test/helpers';

const ctx = useTestContext();
type Person = { id: string; firmId: string; token: string };
let attorney: Person;
let colleague: Person;
let client: Person;
let contractor: Person;
let foreign: Person;

const api = (token: string, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

async function newCase(title: string, extra: Record<string, unknown> = {}, token = attorney.token) {
  const clientId = token === foreign.token ? foreignClientId : client.id;
  const response = await api(token, 'POST', '/api/cases', { title, clientId, ...extra });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data.id as string;
}

async function start(caseId: string, token = attorney.token) {
  const response = await api(token, 'POST', '/api/negotiations', { caseId });
  expect(response.statusCode, response.body).toBe(201);
  return (response.json() as NegotiationResponse).data;
}

async function record(id: string, payload: object, status = 201) {
  const response = await api(attorney.token, 'POST', `/api/negotiations/${id}/actions`, payload);
  expect(response.statusCode, response.body).toBe(status);
  return response.json();
}

const detail = async (id: string) => {
  const response = await api(attorney.token, 'GET', `/api/negotiations/${id}`);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as NegotiationResponse).data;
};

const actionRows = (negotiationId: string) =>
  ctx.database.db
    .select()
    .from(schema.negotiationActions)
    .where(eq(schema.negotiationActions.negotiationId, negotiationId));
const caseRow = async (caseId: string) =>
  (await ctx.database.db.select().from(schema.cases).where(eq(schema.cases.id, caseId)))[0]!;
const auditOf = async (caseId: string) =>
  (await ctx.database.db.select().from(schema.auditLog))
    .filter((row) => (row.details as { caseId?: string } | null)?.caseId === caseId)
    .map((row) => row.action);

let foreignClientId: string;

/** A document of the case with a completed analysis reading these amounts. */
async function analysedDocument(
  caseId: string,
  fileName: string,
  amounts: Array<{ value: number; kind: string; text: string; currency?: string }>,
  options: {
    firmId?: string;
    uploadedById?: string;
    createdAt?: Date;
    status?: string;
    metadata?: Record<string, unknown>;
  } = {},
) {
  const [row] = await ctx.database.db
    .insert(schema.documents)
    .values({
      firmId: options.firmId ?? attorney.firmId,
      caseId,
      fileName,
      contentType: 'application/pdf',
      sizeBytes: 1000,
      sha256: randomUUID(),
      storageKey: randomUUID(),
      uploadedById: options.uploadedById ?? attorney.id,
      analysisStatus: options.status ?? 'completed',
      analyzedAt: new Date(),
      createdAt: options.createdAt ?? new Date(),
      analysis: {
        ...(options.metadata && { document_metadata: options.metadata }),
        entities: {
          persons: [],
          dates: [],
          amounts: amounts.map((amount) => ({ currency: 'USD', ...amount })),
        },
      },
    })
    .returning({ id: schema.documents.id });
  return row!.id;
}

beforeAll(async () => {
  const signIn = async (user: { id: string; email: string; password: string }, firmId: string) => ({
    id: user.id,
    firmId,
    token: (await login(ctx, user.email, user.password)).body.token as string,
  });
  const lead = await makeUser(ctx, { userType: 'attorney' });
  attorney = await signIn(lead, lead.firmId);
  colleague = await signIn(await makeUser(ctx, { userType: 'attorney', firmId: lead.firmId }), lead.firmId);
  contractor = await signIn(
    await makeUser(ctx, { userType: 'restoration-contractor', firmId: lead.firmId }),
    lead.firmId,
  );
  client = await signIn(await createClient(ctx.database.db, { firmId: lead.firmId }), lead.firmId);
  const other = await makeUser(ctx, { userType: 'attorney' });
  foreign = await signIn(other, other.firmId);
  foreignClientId = (await createClient(ctx.database.db, { firmId: other.firmId })).id;
});

describe('opening a negotiation', () => {
  it('opens one per case for an attorney of the firm, and a second answers 409', async () => {
    const caseId = await newCase('Open Once Residence', {
      carrier: 'Harborline Mutual',
      targetSettlement: 100000,
    });
    const picker = await api(attorney.token, 'GET', '/api/negotiations/cases');
    expect(picker.json().data.map((item: { id: string }) => item.id)).toContain(caseId);

    const opened = await start(caseId);
    expect(opened).toMatchObject({
      status: 'open',
      case: { id: caseId, title: 'Open Once Residence' },
      carrier: 'Harborline Mutual',
      targetSettlement: 100000,
      targetSource: 'typed',
      currentOffer: null,
      actions: [],
      suggestion: null,
    });
    const again = await api(colleague.token, 'POST', '/api/negotiations', { caseId });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe(NEGOTIATION_MESSAGES.alreadyOpen);
    const after = await api(attorney.token, 'GET', '/api/negotiations/cases');
    expect(after.json().data.map((item: { id: string }) => item.id)).not.toContain(caseId);
    expect(await auditOf(caseId)).toContain('negotiation_opened');

    const byCase = await api(attorney.token, 'GET', `/api/cases/${caseId}/negotiation`);
    expect(byCase.json()).toEqual({ data: { id: opened.id, status: 'open' } });
  });

  it('answers 404 for another firm’s case and for an unknown case, and opens nothing', async () => {
    const foreignCase = await newCase('Foreign Warehouse', {}, foreign.token);
    const response = await api(attorney.token, 'POST', '/api/negotiations', { caseId: foreignCase });
    expect(response.statusCode).toBe(404);
    expect(response.json().error).toBe(NEGOTIATION_MESSAGES.caseNotFound);
    const rows = await ctx.database.db
      .select()
      .from(schema.negotiations)
      .where(eq(schema.negotiations.caseId, foreignCase));
    expect(rows).toHaveLength(0);
    const byCase = await api(attorney.token, 'GET', `/api/cases/${foreignCase}/negotiation`);
    expect(byCase.statusCode).toBe(404);
    const noneYet = await api(
      attorney.token,
      'GET',
      `/api/cases/${await newCase('No Talks Yet')}/negotiation`,
    );
    expect(noneYet.json()).toEqual({ data: null });
  });

  it('is the attorneys’: clients and other roles of the firm are refused', async () => {
    const caseId = await newCase('Roles Residence');
    for (const person of [client, contractor]) {
      expect((await api(person.token, 'GET', '/api/negotiations')).statusCode).toBe(403);
      expect((await api(person.token, 'POST', '/api/negotiations', { caseId })).statusCode).toBe(403);
    }
  });
});

describe('demands and offers', () => {
  it('keeps the history in date order; the current offer is the carrier’s latest by date, then by entry', async () => {
    const caseId = await newCase('Offer History Home', {
      carrier: 'Sunstate Insurance',
      targetSettlement: 200000,
    });
    const { id } = await start(caseId);
    await record(id, {
      kind: 'demand',
      amount: 240000,
      date: '2026-03-01',
      actor: 'Our firm',
      note: 'Opening demand',
    });
    await record(id, { kind: 'offer', amount: 90000, date: '2026-03-10', actor: 'Dana Price, adjuster' });
    // Entered later but dated earlier: not the current offer.
    await record(id, { kind: 'offer', amount: 50000, date: '2026-03-05' });
    const answer = (await record(id, {
      kind: 'offer',
      amount: 130000.5,
      date: '2026-03-10',
    })) as NegotiationResponse;

    expect(answer.data.currentOffer).toEqual({ amount: 130000.5, date: '2026-03-10' });
    expect(answer.data.latestDemand).toEqual({ amount: 240000, date: '2026-03-01' });
    expect(answer.data.actions.map((action) => [action.kind, action.amount, action.date])).toEqual([
      ['demand', 240000, '2026-03-01'],
      ['offer', 50000, '2026-03-05'],
      ['offer', 90000, '2026-03-10'],
      ['offer', 130000.5, '2026-03-10'],
    ]);
    expect(answer.data.actions[0]).toMatchObject({ actor: 'Our firm', note: 'Opening demand' });
    expect(answer.data.lastAction).toEqual({ kind: 'offer', date: '2026-03-10', amount: 130000.5 });

    const list = await api(attorney.token, 'GET', '/api/negotiations?search=offer%20history');
    const row = (list.json() as ListNegotiationsResponse).data.find((item) => item.id === id)!;
    expect(row.currentOffer).toEqual({ amount: 130000.5, date: '2026-03-10' });
    expect(row.carrier).toBe('Sunstate Insurance');
    expect(await auditOf(caseId)).toContain('negotiation_action_recorded');
  });

  it('links a document of the same case; another case’s or firm’s document is refused and nothing is written', async () => {
    const caseId = await newCase('Linked Letter Case');
    const otherCaseId = await newCase('Some Other Case');
    const { id } = await start(caseId);
    const own = await analysedDocument(caseId, 'offer-letter.pdf', []);
    const elsewhere = await analysedDocument(otherCaseId, 'elsewhere.pdf', []);
    const foreignCase = await newCase('Foreign Case Docs', {}, foreign.token);
    const foreignDoc = await analysedDocument(foreignCase, 'foreign.pdf', [], {
      firmId: foreign.firmId,
      uploadedById: foreign.id,
    });

    const linked = (await record(id, {
      kind: 'offer',
      amount: 1000,
      date: '2026-02-01',
      documentId: own,
    })) as NegotiationResponse;
    expect(linked.data.actions[0]!.document).toEqual({ id: own, fileName: 'offer-letter.pdf' });
    for (const documentId of [elsewhere, foreignDoc, randomUUID()]) {
      const refused = await record(id, { kind: 'offer', amount: 2000, date: '2026-02-02', documentId }, 400);
      expect(refused.error).toBe(NEGOTIATION_MESSAGES.documentNotOnCase);
    }
    expect(await actionRows(id)).toHaveLength(1);
  });

  it('refuses bad input with a 400 that says what is wrong, and writes nothing', async () => {
    const { id } = await start(await newCase('Bad Input Case'));
    const cases: Array<[object, string]> = [
      [{ kind: 'offer', date: '2026-01-01' }, NEGOTIATION_MESSAGES.amountRequired],
      [{ kind: 'offer', amount: -5, date: '2026-01-01' }, 'Amounts cannot be negative'],
      [{ kind: 'offer', amount: 10.005, date: '2026-01-01' }, 'Use at most two decimals'],
      [{ kind: 'offer', amount: 2e12, date: '2026-01-01' }, 'That amount is too large'],
      [{ kind: 'offer', amount: 10, date: '01/02/2026' }, 'Use a date in the form YYYY-MM-DD'],
      [{ kind: 'target', amount: 10, date: '2026-01-01' }, 'Choose demand, offer, settlement or note'],
      [{ kind: 'note', date: '2026-01-01' }, 'Write the note'],
      [
        { kind: 'offer', amount: 10, date: '2026-01-01', note: 'x'.repeat(2001) },
        'The note is at most 2000 characters',
      ],
    ];
    for (const [payload, message] of cases) {
      const response = await api(attorney.token, 'POST', `/api/negotiations/${id}/actions`, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.body, JSON.stringify(payload)).toContain(message);
    }
    expect(await actionRows(id)).toHaveLength(0);
    const unknown = await api(attorney.token, 'POST', `/api/negotiations/${randomUUID()}/actions`, {
      kind: 'note',
      note: 'hello',
      date: '2026-01-01',
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('searches by case name or carrier, pages, and sorts by last action or case name', async () => {
    const a = await start(await newCase('Zephyr Search Loft', { carrier: 'Quillmark Casualty' }));
    const b = await start(await newCase('Aster Search Villa', { carrier: 'Harborline Mutual' }));
    await record(a.id, { kind: 'note', note: 'Called', date: '2026-01-01' });
    const list = async (query: string) =>
      (await api(attorney.token, 'GET', `/api/negotiations?${query}`)).json() as ListNegotiationsResponse;
    expect((await list('search=quillmark')).data.map((row) => row.id)).toEqual([a.id]);
    const both = await list('search=search%20&sort=caseName');
    expect(both.data.map((row) => row.id)).toEqual([b.id, a.id]);
    expect(both.total).toBe(2);
    const byLast = await list('search=search%20');
    expect(byLast.data.map((row) => row.id)).toEqual([a.id, b.id]);
    const paged = await list('search=search%20&pageSize=10&page=2');
    expect(paged).toEqual({ data: [], total: 2 });
    expect((await list('search=%25')).data).toEqual([]);
    const bad = await api(attorney.token, 'GET', '/api/negotiations?pageSize=7');
    expect(bad.statusCode).toBe(400);
    // Another firm sees none of them.
    const theirs = await api(foreign.token, 'GET', '/api/negotiations?search=search');
    expect(theirs.json()).toEqual({ data: [], total: 0 });
    expect((await api(foreign.token, 'GET', `/api/negotiations/${a.id}`)).statusCode).toBe(404);
  });
});

describe('carrier, claim number and target: the case’s own fields', () => {
  it('changes them on the case, records a change of target as an action, and audits as the case form does', async () => {
    const caseId = await newCase('Target Change Case', { targetSettlement: 50000 });
    const { id } = await start(caseId);
    const response = await api(attorney.token, 'PATCH', `/api/negotiations/${id}`, {
      carrier: 'Atlantic Commercial Assurance',
      claimNumber: 'CLM-77',
      targetSettlement: 80000,
    });
    expect(response.statusCode, response.body).toBe(200);
    const data = (response.json() as NegotiationResponse).data;
    expect(data).toMatchObject({
      carrier: 'Atlantic Commercial Assurance',
      claimNumber: 'CLM-77',
      targetSettlement: 80000,
      targetSource: 'typed',
    });
    expect(data.actions.map((action) => [action.kind, action.amount])).toEqual([['target', 80000]]);
    const row = await caseRow(caseId);
    expect([row.carrier, row.claimNumber, row.targetSettlement]).toEqual([
      'Atlantic Commercial Assurance',
      'CLM-77',
      80000,
    ]);
    const caseAnswer = await api(attorney.token, 'GET', `/api/cases/${caseId}`);
    expect(caseAnswer.json().data.targetSettlement).toBe(80000);
    const audits = await ctx.database.db
      .select()
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.action, 'case_updated'), eq(schema.auditLog.userId, attorney.id)));
    const mine = audits.find((entry) => (entry.details as { caseId: string }).caseId === caseId)!;
    expect(mine.details).toMatchObject({
      fields: expect.arrayContaining(['carrier', 'claimNumber', 'targetSettlement']),
      targetFrom: 50000,
      targetTo: 80000,
    });

    // Clearing the target is a note (a target action carries an amount).
    const cleared = await api(attorney.token, 'PATCH', `/api/negotiations/${id}`, { targetSettlement: null });
    expect((cleared.json() as NegotiationResponse).data).toMatchObject({
      targetSettlement: null,
      targetSource: null,
    });
    expect((await actionRows(id)).map((action) => action.kind).sort()).toEqual(['note', 'target']);
  });

  it('refuses an empty change, a bad amount, and a target with the suggestion both', async () => {
    const { id } = await start(await newCase('Empty Patch Case'));
    for (const [payload, message] of [
      [{}, NEGOTIATION_MESSAGES.nothingToChange],
      [{ targetSettlement: -1 }, 'Amounts cannot be negative'],
      [{ targetSettlement: 10, acceptSuggestion: { amount: 10 } }, NEGOTIATION_MESSAGES.oneTarget],
      [{ carrier: 'x'.repeat(201) }, 'The carrier is at most 200 characters'],
    ] as const) {
      const response = await api(attorney.token, 'PATCH', `/api/negotiations/${id}`, payload);
      expect(response.statusCode).toBe(400);
      expect(response.body).toContain(message);
    }
  });
});

describe('the suggested target from the case’s documents', () => {
  it('adds up each estimate’s largest amount and cites every document with its words', async () => {
    const caseId = await newCase('Estimates Sum House');
    await analysedDocument(caseId, 'roof-estimate.pdf', [
      { value: 42000, kind: 'estimate', text: 'Total estimate $42,000.00' },
      { value: 3000, kind: 'estimate', text: 'Line item $3,000.00' },
      { value: 1000, kind: 'deductible', text: '$1,000 deductible' },
    ]);
    await analysedDocument(caseId, 'interior-estimate.pdf', [
      { value: 18500.25, kind: 'estimate', text: 'Interior total $18,500.25' },
    ]);
    // Not counted: a pending analysis, another currency, a payment.
    await analysedDocument(caseId, 'pending.pdf', [{ value: 99999, kind: 'estimate', text: 'x' }], {
      status: 'pending',
    });
    await analysedDocument(caseId, 'euro.pdf', [
      { value: 5000, kind: 'estimate', text: '€5,000', currency: 'EUR' },
    ]);
    await analysedDocument(caseId, 'check.pdf', [{ value: 7000, kind: 'payment', text: 'Paid $7,000' }]);
    const { id } = await start(caseId);
    const data = await detail(id);
    expect(data.analysedDocuments).toBe(4);
    expect(data.suggestion).toMatchObject({ amount: 60500.25, basis: 'estimates' });
    expect(
      data
        .suggestion!.citations.map((citation) => [citation.fileName, citation.amount, citation.text])
        .sort(),
    ).toEqual([
      ['interior-estimate.pdf', 18500.25, 'Interior total $18,500.25'],
      ['roof-estimate.pdf', 42000, 'Total estimate $42,000.00'],
    ]);
  });

  it('takes the latest proof of loss over estimates, citing earlier ones as superseded', async () => {
    const caseId = await newCase('Proof Of Loss House');
    await analysedDocument(caseId, 'estimate.pdf', [{ value: 50000, kind: 'estimate', text: '$50,000' }]);
    await analysedDocument(
      caseId,
      'proof-of-loss-1.pdf',
      [{ value: 70000, kind: 'claim', text: 'Whole loss $70,000' }],
      {
        createdAt: new Date(Date.now() - 86_400_000),
      },
    );
    await analysedDocument(caseId, 'proof-of-loss-2.pdf', [
      { value: 76000, kind: 'claim', text: 'Whole loss $76,000' },
    ]);
    const { id } = await start(caseId);
    const { suggestion } = await detail(id);
    expect(suggestion).toMatchObject({ amount: 76000, basis: 'proof_of_loss' });
    expect(suggestion!.citations.map((citation) => [citation.fileName, citation.superseded])).toEqual([
      ['proof-of-loss-2.pdf', false],
      ['proof-of-loss-1.pdf', true],
    ]);
  });

  it('reads a repair estimate by its replacement cost, never its “net claim” lines as a proof of loss', async () => {
    const caseId = await newCase('Xactimate House');
    await analysedDocument(
      caseId,
      'xactimate.pdf',
      [
        { value: 186351.81, kind: 'claim', text: 'Net Claim $186,351.81' },
        { value: 12000, kind: 'estimate', text: 'Drywall $12,000.00' },
      ],
      {
        metadata: {
          subtype: 'repair_estimate',
          key_fields: [
            { field: 'acv', value: 171647.48, text: 'ACV $171,647.48' },
            { field: 'rcv', value: 188851.81, text: 'Replacement Cost Value $188,851.81' },
          ],
        },
      },
    );
    const { id } = await start(caseId);
    const { suggestion } = await detail(id);
    expect(suggestion).toMatchObject({ amount: 188851.81, basis: 'estimates' });
    expect(suggestion!.citations.map((citation) => citation.text)).toEqual([
      'Replacement Cost Value $188,851.81',
    ]);
  });

  it('cites only documents the attorney can see, and none of another firm', async () => {
    const caseId = await newCase('Visibility House');
    // A row of another firm pointing at this case (it cannot be seen: documents are firm-scoped).
    await analysedDocument(caseId, 'not-ours.pdf', [{ value: 9999, kind: 'estimate', text: '$9,999' }], {
      firmId: foreign.firmId,
      uploadedById: foreign.id,
    });
    const { id } = await start(caseId);
    expect((await detail(id)).suggestion).toBeNull();
  });

  it('is accepted as the target with its documents as the basis; a changed suggestion is refused', async () => {
    const caseId = await newCase('Accept Suggestion House', { targetSettlement: 10000 });
    await analysedDocument(caseId, 'estimate-a.pdf', [{ value: 30000, kind: 'estimate', text: '$30,000' }]);
    const { id } = await start(caseId);
    const stale = await api(attorney.token, 'PATCH', `/api/negotiations/${id}`, {
      acceptSuggestion: { amount: 25000 },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error).toBe(NEGOTIATION_MESSAGES.suggestionChanged);
    expect((await caseRow(caseId)).targetSettlement).toBe(10000);

    const accepted = await api(attorney.token, 'PATCH', `/api/negotiations/${id}`, {
      acceptSuggestion: { amount: 30000 },
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const data = (accepted.json() as NegotiationResponse).data;
    expect(data).toMatchObject({ targetSettlement: 30000, targetSource: 'documents' });
    expect(data.targetBasis!.map((citation) => citation.fileName)).toEqual(['estimate-a.pdf']);
    expect(data.actions.at(-1)).toMatchObject({ kind: 'target', amount: 30000 });
    expect(data.actions.at(-1)!.note).toContain('estimate-a.pdf');
    const [stored] = await ctx.database.db
      .select()
      .from(schema.negotiations)
      .where(eq(schema.negotiations.id, id));
    expect(stored!.targetSource).toBe('documents');

    const none = await start(await newCase('No Documents House'));
    const refused = await api(attorney.token, 'PATCH', `/api/negotiations/${none.id}`, {
      acceptSuggestion: { amount: 1 },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe(NEGOTIATION_MESSAGES.noSuggestion);
  });
});

describe('settling', () => {
  it('settles the case: amount, date, status history, the bell, and the dashboard’s figures move', async () => {
    const dashboard = async () =>
      ((await api(attorney.token, 'GET', '/api/dashboard/attorney')).json() as AttorneyDashboardResponse)
        .stats;
    const before = await dashboard();
    const caseId = await newCase('Settle Me House', { targetSettlement: 100000, status: 'negotiation' });
    const { id } = await start(caseId);
    await record(id, { kind: 'offer', amount: 80000, date: '2026-04-01' });
    const settled = (await record(id, {
      kind: 'settlement',
      amount: 95000,
      date: '2026-04-10',
      note: 'Signed release',
    })) as NegotiationResponse;
    expect(settled.data).toMatchObject({
      status: 'settled',
      settlementAmount: 95000,
      case: { status: 'settled' },
    });
    expect(settled.data.settledAt).not.toBeNull();

    const row = await caseRow(caseId);
    expect(row.status).toBe('settled');
    expect(row.settlementAmount).toBe(95000);
    expect(row.settledAt).not.toBeNull();
    const history = await ctx.database.db
      .select()
      .from(schema.caseStatusHistory)
      .where(eq(schema.caseStatusHistory.caseId, caseId));
    expect(history.map((entry) => entry.status)).toEqual(['negotiation', 'settled']);
    const bell = await ctx.database.db
      .select()
      .from(schema.notifications)
      .where(and(eq(schema.notifications.userId, client.id), eq(schema.notifications.kind, 'case_status')));
    expect(bell.some((entry) => entry.link?.includes(caseId) && entry.title.endsWith('is now Settled'))).toBe(
      true,
    );
    expect(await auditOf(caseId)).toEqual(expect.arrayContaining(['negotiation_settled', 'case_updated']));

    const after = await dashboard();
    expect(after.settlementsMtd).toBe(before.settlementsMtd + 95000);
    // The only settled case with a target in this firm reached 95 % of it (at least 90 % counts).
    expect(before.successRate).toBeNull();
    expect(after.successRate).toBe(100);

    // Settling again, or a new offer, is a clear 409 and changes nothing.
    const again = await record(id, { kind: 'settlement', amount: 1, date: '2026-04-11' }, 409);
    expect(again.error).toBe(NEGOTIATION_MESSAGES.alreadySettled);
    await record(id, { kind: 'offer', amount: 1, date: '2026-04-11' }, 409);
    expect((await caseRow(caseId)).settlementAmount).toBe(95000);
    expect(await actionRows(id)).toHaveLength(2);
    // A note is still welcome.
    await record(id, { kind: 'note', note: 'Payment received', date: '2026-04-20' });
  });
});

describe('the demo firm', () => {
  it('has negotiations with offer histories in every colour, and the settled one matches its case', async () => {
    expect(await seedDemoFirm(ctx.database.db)).toBe(true);
    const demo = DEMO_USERS.find((user) => user.userType === 'attorney')!;
    const token = (await login(ctx, demo.email, DEMO_PASSWORD)).body.token as string;
    const list = (
      await api(token, 'GET', '/api/negotiations?pageSize=all')
    ).json() as ListNegotiationsResponse;
    const byTitle = Object.fromEntries(list.data.map((row) => [row.case.title, row]));
    expect(Object.keys(byTitle).sort()).toEqual([
      'Ellis Detached Garage Collapse',
      'Ellis Residence – Water Damage',
      'Hernandez Kitchen Fire',
      'Hernandez Mold Remediation',
      'Riverside Plaza Business Interruption',
    ]);
    const tone = (title: string) =>
      offerStanding(byTitle[title]!.currentOffer?.amount, byTitle[title]!.targetSettlement).tone;
    expect(tone('Ellis Residence – Water Damage')).toBe('yellow');
    expect(tone('Riverside Plaza Business Interruption')).toBe('red');
    expect(tone('Hernandez Kitchen Fire')).toBe('green');
    const settled = byTitle['Hernandez Mold Remediation']!;
    expect(settled).toMatchObject({
      status: 'settled',
      settlementAmount: 64000,
      lastAction: { kind: 'settlement' },
    });
    const water = await api(
      token,
      'GET',
      `/api/negotiations/${byTitle['Ellis Residence – Water Damage']!.id}`,
    );
    expect((water.json() as NegotiationResponse).data.actions.map((action) => action.kind)).toEqual([
      'demand',
      'offer',
      'demand',
      'offer',
    ]);
  });
});
