import { and, count, eq } from 'drizzle-orm';
import { schema } from '@sentinel/db';
import { createCase as createCaseRow, createClient } from '@sentinel/db/factories';
import { MESSAGES, type CaseDetail, type CaseSummary } from '@sentinel/shared';
import type { InjectOptions } from 'light-my-request';
import { describe, expect, it, vi } from 'vitest';
import { bearer, login, makeUser, outbox, useTestContext } from '../../test/helpers';

const ctx = useTestContext();
const year = new Date().getUTCFullYear();

type Person = Awaited<ReturnType<typeof makeUser>>;
type Call = Pick<InjectOptions, 'method' | 'url' | 'payload'>;

/**
 * A firm of its own for each test: attorney Dana Reyes, clients Maria and Omar, contractors Carl
 * and Cora, expert Evelyn; with `cases`, the Hernandez water-damage case of Maria (CASE-YYYY-001,
 * due 2031-03-01) and, with `parallel`, 50 cases of Omar after it. Tokens are made on demand.
 */
async function arrange(options: { cases?: boolean; parallel?: boolean } = {}) {
  const db = ctx.database.db;
  const attorney = await makeUser(ctx, { userType: 'attorney', firstName: 'Dana', lastName: 'Reyes' });
  const firmId = attorney.firmId;
  const named = (userType: 'restoration-contractor' | 'expert-witness', firstName: string) =>
    makeUser(ctx, { userType, firmId, firstName, lastName: 'Tester' });
  const clientA = await createClient(db, { firmId, firstName: 'Maria', lastName: 'Tester' });
  const clientB = await createClient(db, { firmId, firstName: 'Omar', lastName: 'Tester' });
  const contractor = await named('restoration-contractor', 'Carl');
  const otherContractor = await named('restoration-contractor', 'Cora');
  const expert = await named('expert-witness', 'Evelyn');
  const hernandez = options.cases
    ? await createCaseRow(db, {
        firmId,
        clientId: clientA.id,
        title: 'Hernandez water damage',
        leadAttorneyId: attorney.id,
        createdById: attorney.id,
        dueDate: '2031-03-01',
        carrier: 'Acme Mutual',
        targetSettlement: 125000.5,
      })
    : undefined;
  if (options.parallel) {
    for (let i = 0; i < 50; i++) {
      await createCaseRow(db, {
        firmId,
        clientId: clientB.id,
        title: `Parallel ${i}`,
        createdById: attorney.id,
      });
    }
  }
  const token = await tokenOf(attorney);
  return { attorney, token, clientA, clientB, contractor, otherContractor, expert, hernandez: hernandez! };
}

const tokenOf = async (user: Person) => (await login(ctx, user.email, user.password)).body.token as string;
const api = (options: Call, auth: string) => ctx.app.inject({ ...options, headers: bearer(auth) });
const createCase = (payload: Record<string, unknown>, auth: string) =>
  api({ method: 'POST', url: '/api/cases', payload }, auth);
const listCases = (query: string, auth: string) => api({ method: 'GET', url: `/api/cases${query}` }, auth);
const getCase = (id: string, auth: string) => api({ method: 'GET', url: `/api/cases/${id}` }, auth);
const caseCount = async (firmId: string) =>
  (await ctx.database.db.select({ n: count() }).from(schema.cases).where(eq(schema.cases.firmId, firmId)))[0]!
    .n;

describe('POST /api/cases', () => {
  it('opens a case with the next number, the creator as lead attorney and its first status', async () => {
    const { attorney, token, clientA } = await arrange();
    const response = await createCase(
      {
        title: 'Hernandez water damage',
        clientId: clientA.id,
        caseType: 'property-damage',
        dueDate: '2031-03-01',
        carrier: 'Acme Mutual',
        targetSettlement: 125000.5,
      },
      token,
    );
    expect(response.statusCode).toBe(201);
    const { data } = response.json() as { data: CaseDetail };
    expect(data).toMatchObject({
      caseNumber: `CASE-${year}-001`,
      title: 'Hernandez water damage',
      status: 'active',
      priority: 'medium',
      client: { id: clientA.id, name: 'Maria Tester' },
      leadAttorney: { id: attorney.id, name: 'Dana Reyes' },
      carrier: 'Acme Mutual',
      targetSettlement: 125000.5,
      settlementAmount: null,
      members: [],
    });
    expect(data.statusHistory).toEqual([expect.objectContaining({ status: 'active', by: 'Dana Reyes' })]);
    expect(data.activity?.map((a) => a.action)).toEqual(['case_created']);
  });

  it('refuses a case without a title or with another firm’s client, and writes nothing', async () => {
    const { attorney, token, clientA, contractor } = await arrange();
    const before = await caseCount(attorney.firmId);
    const noTitle = await createCase({ clientId: clientA.id }, token);
    expect(noTitle.statusCode).toBe(400);
    expect(JSON.stringify(noTitle.json())).toContain(MESSAGES.caseTitleRequired);

    const stranger = await makeUser(ctx, { userType: 'client' });
    const foreign = await createCase({ title: 'Not ours', clientId: stranger.id }, token);
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().error).toBe(MESSAGES.caseClientNotFound);

    const contractorAsClient = await createCase({ title: 'Wrong person', clientId: contractor.id }, token);
    expect(contractorAsClient.json().error).toBe(MESSAGES.caseClientNotFound);
    const badMoney = await createCase({ title: 'Cents', clientId: clientA.id, targetSettlement: -5 }, token);
    expect(badMoney.statusCode).toBe(400);
    expect(await caseCount(attorney.firmId)).toBe(before);
  });

  it('hands out 50 distinct, consecutive numbers to 50 simultaneous creations', async () => {
    const { attorney, token, clientB } = await arrange({ cases: true });
    const before = await caseCount(attorney.firmId);
    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        createCase({ title: `Parallel ${i}`, clientId: clientB.id }, token),
      ),
    );
    expect(responses.map((r) => r.statusCode)).toEqual(Array(50).fill(201));
    const numbers = responses.map((r) => (r.json().data as CaseDetail).caseNumber);
    expect(new Set(numbers).size).toBe(50);
    const sequence = numbers.map((n) => Number(n.split('-')[2])).sort((a, b) => a - b);
    expect(sequence).toEqual(Array.from({ length: 50 }, (_, i) => before + 1 + i));
  });
});

describe('GET /api/cases', () => {
  it('searches by title, case number and client name, with LIKE wildcards taken literally', async () => {
    const { token } = await arrange({ cases: true, parallel: true });
    const byTitle = (await listCases('?search=WATER', token)).json();
    expect(byTitle.data.map((c: CaseSummary) => c.title)).toEqual(['Hernandez water damage']);
    const byNumber = (await listCases(`?search=CASE-${year}-001`, token)).json();
    expect(byNumber.data.map((c: CaseSummary) => c.caseNumber)).toEqual([`CASE-${year}-001`]);
    const byClient = (await listCases('?search=omar%20tester&pageSize=all', token)).json();
    expect(byClient.total).toBe(50);
    expect((await listCases('?search=%25', token)).json().total).toBe(0);
  });

  it('pages with a total, in the chosen order', async () => {
    const { token } = await arrange({ cases: true, parallel: true });
    const first = (await listCases('?sort=title&pageSize=15', token)).json();
    expect(first.total).toBe(51);
    expect(first.data).toHaveLength(15);
    const titles = first.data.map((c: CaseSummary) => c.title);
    expect(titles).toEqual([...titles].sort());
    const last = (await listCases('?sort=title&pageSize=25&page=3', token)).json();
    expect(last.data).toHaveLength(1);
    const all = (await listCases('?pageSize=all', token)).json();
    expect(all.data).toHaveLength(51);
    const byDue = (await listCases('?sort=dueDate&pageSize=10', token)).json();
    expect(byDue.data[0].dueDate).toBe('2031-03-01');
    expect((await listCases('?pageSize=11', token)).statusCode).toBe(400);
    expect((await listCases('?sort=nonsense', token)).statusCode).toBe(400);
  });
});

/** Settles the Hernandez case at 118,000 through the API, as an attorney would. */
const settle = (caseId: string, token: string) =>
  api(
    {
      method: 'PATCH',
      url: `/api/cases/${caseId}`,
      payload: { status: 'settled', settlementAmount: 118000, priority: 'high' },
    },
    token,
  );

describe('PATCH /api/cases/:id', () => {
  it('changes fields, records a status change and moves the last activity', async () => {
    const { token } = await arrange({ cases: true });
    const [target] = (await listCases('?search=hernandez', token)).json().data as CaseSummary[];
    const response = await settle(target!.id, token);
    expect(response.statusCode).toBe(200);
    const { data } = response.json() as { data: CaseDetail };
    expect(data).toMatchObject({ status: 'settled', settlementAmount: 118000, priority: 'high' });
    expect(data.statusHistory.map((h) => h.status)).toEqual(['active', 'settled']);
    expect(Date.parse(data.lastActivityAt)).toBeGreaterThan(Date.parse(target!.lastActivityAt));
    const [row] = await ctx.database.db.select().from(schema.cases).where(eq(schema.cases.id, target!.id));
    expect(row!.settledAt).not.toBeNull();
    expect(data.activity?.[0]).toMatchObject({
      action: 'case_updated',
      details: expect.objectContaining({ statusFrom: 'active', statusTo: 'settled' }),
    });
  });

  it('refuses an empty change, a lead who is not an attorney, and cases it cannot see', async () => {
    const { token, contractor, hernandez } = await arrange({ cases: true });
    const patch = (payload: object, auth = token) =>
      api({ method: 'PATCH', url: `/api/cases/${hernandez.id}`, payload }, auth);
    expect((await patch({})).statusCode).toBe(400);
    const notLead = await patch({ leadAttorneyId: contractor.id });
    expect(notLead.json().error).toBe(MESSAGES.caseLeadNotAttorney);
    const other = await makeUser(ctx, { userType: 'attorney' });
    const otherToken = await tokenOf(other);
    expect((await patch({ title: 'Taken over' }, otherToken)).statusCode).toBe(404);
    expect((await getCase(hernandez.id, token)).json().data.title).toBe('Hernandez water damage');
  });
});

describe('members and who sees what', () => {
  it('a contractor sees only the cases they are a member of, until removed', async () => {
    const { token, contractor, otherContractor, hernandez } = await arrange({ cases: true });
    const caseId = hernandez.id;
    const [carl, cora] = [await tokenOf(contractor), await tokenOf(otherContractor)];
    expect((await listCases('', carl)).json().total).toBe(0);
    expect((await getCase(caseId, carl)).statusCode).toBe(404);

    const added = await api(
      {
        method: 'POST',
        url: `/api/cases/${caseId}/members`,
        payload: { userId: contractor.id, role: 'contractor' },
      },
      token,
    );
    expect(added.statusCode).toBe(201);
    expect(added.json().message).toBe(MESSAGES.caseMemberAdded);
    expect(added.json().data.members).toEqual([
      expect.objectContaining({ userId: contractor.id, role: 'contractor', name: 'Carl Tester' }),
    ]);

    const seen = (await listCases('', carl)).json();
    expect(seen.data.map((c: CaseSummary) => c.id)).toEqual([caseId]);
    const page = (await getCase(caseId, carl)).json().data as CaseDetail;
    expect(page.title).toBe('Hernandez water damage');
    expect(page.activity).toBeUndefined();
    expect((await listCases('', cora)).json().total).toBe(0);
    expect((await getCase(caseId, cora)).statusCode).toBe(404);

    const remove = () =>
      api(
        { method: 'DELETE', url: `/api/cases/${caseId}/members`, payload: { userId: contractor.id } },
        token,
      );
    const removed = await remove();
    expect(removed.statusCode).toBe(200);
    expect(removed.json().data.members).toEqual([]);
    expect((await getCase(caseId, carl)).statusCode).toBe(404);
    expect((await remove()).statusCode).toBe(404);
  });

  it('refuses a role that does not match the account, and the client as a member', async () => {
    const { token, expert, clientA, hernandez } = await arrange({ cases: true });
    const add = (payload: object) =>
      api({ method: 'POST', url: `/api/cases/${hernandez.id}/members`, payload }, token);
    const mismatch = await add({ userId: expert.id, role: 'contractor' });
    expect(mismatch.json().error).toBe(MESSAGES.caseMemberRoleMismatch);
    const clientMember = await add({ userId: clientA.id, role: 'expert' });
    expect(clientMember.json().error).toBe(MESSAGES.caseMemberIsClient);
  });

  it('invites a new person into the firm by e-mail, with a 72-hour temporary password', async () => {
    const { attorney, token, hernandez } = await arrange({ cases: true });
    const email = `adjuster.${Date.now()}@example.com`;
    const response = await api(
      {
        method: 'POST',
        url: `/api/cases/${hernandez.id}/members`,
        payload: { email, firstName: 'Ada', lastName: 'Juster', role: 'adjuster' },
      },
      token,
    );
    expect(response.statusCode).toBe(201);
    const [user] = await ctx.database.db.select().from(schema.users).where(eq(schema.users.email, email));
    const [membership] = await ctx.database.db
      .select()
      .from(schema.memberships)
      .where(eq(schema.memberships.userId, user!.id));
    expect(membership).toMatchObject({
      firmId: attorney.firmId,
      userType: 'public-adjuster',
      status: 'active',
    });
    const hours = (user!.temporaryPasswordExpiresAt!.getTime() - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(71.9);
    const mail = (await outbox(ctx)).find((m) => m.to.includes(email))!;
    expect(mail.subject).toContain('added you to a case');
    expect(mail.raw.replace(/=\r?\n/g, '')).toMatch(/Temporary password: [A-Za-z0-9-]{19}/);
    expect(mail.raw).toContain(`CASE-${year}-001`);
  });

  it('a client sees their own cases and nothing else', async () => {
    const { clientA, clientB, hernandez } = await arrange({ cases: true, parallel: true });
    const [maria, omar] = [await tokenOf(clientA), await tokenOf(clientB)];
    const mine = (await listCases('?pageSize=all', omar)).json();
    expect(mine.total).toBe(50);
    expect(mine.data.every((c: CaseSummary) => c.client.id === clientB.id)).toBe(true);
    expect((await getCase(hernandez.id, omar)).statusCode).toBe(404);
    expect((await getCase(hernandez.id, maria)).statusCode).toBe(200);
    const create = await createCase({ title: 'Mine', clientId: clientA.id }, maria);
    expect(create.statusCode).toBe(403);
  });
});

describe('GET /api/dashboard/attorney', () => {
  it('counts the firm’s cases and clients and lists activity and deadlines', async () => {
    const { token, contractor, hernandez } = await arrange({ cases: true, parallel: true });
    expect((await settle(hernandez.id, token)).statusCode).toBe(200);
    const added = await api(
      {
        method: 'POST',
        url: `/api/cases/${hernandez.id}/members`,
        payload: { userId: contractor.id, role: 'contractor' },
      },
      token,
    );
    expect(added.statusCode).toBe(201);
    const response = await api({ method: 'GET', url: '/api/dashboard/attorney' }, token);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.stats).toEqual({
      activeCases: 50,
      totalClients: 2,
      settlementsMtd: 118000,
      // 118,000 of a 125,000.50 target is 94 %: at least 90 %, a success.
      successRate: 100,
      settledWithTarget: 1,
    });
    expect(body.funnel).toContainEqual({ status: 'settled', count: 1 });
    expect(body.caseTypes).toContainEqual({ caseType: 'property-damage', count: 51 });
    expect(body.recentActivity[0]).toMatchObject({
      action: 'case_member_added',
      caseNumber: `CASE-${year}-001`,
    });
    // The only due date belongs to a settled case: nothing is upcoming.
    expect(body.upcomingDeadlines).toEqual([]);
  });
});

describe('reads are audited, and the kept total follows changes', () => {
  it('writes who opened a case, from where, within a second', async () => {
    const { attorney, token, hernandez } = await arrange({ cases: true });
    await getCase(hernandez.id, token);
    const deadline = Date.now() + 2_000;
    let rows: Array<typeof schema.auditLog.$inferSelect> = [];
    while (rows.length === 0 && Date.now() < deadline) {
      rows = (
        await ctx.database.db.select().from(schema.auditLog).where(eq(schema.auditLog.action, 'case_viewed'))
      ).filter((row) => row.details?.caseId === hernandez.id);
      if (rows.length === 0) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(rows[0]).toMatchObject({ userId: attorney.id, firmId: attorney.firmId, ip: '127.0.0.1' });
  });

  it('counts a new case at once', async () => {
    const { token, clientA, clientB } = await arrange({ cases: true, parallel: true });
    const before = (await listCases('?search=omar', token)).json().total;
    await createCase({ title: 'One more claim', clientId: clientB.id }, token);
    expect((await listCases('?search=omar', token)).json().total).toBe(before + 1);
    const [added] = (await listCases('?search=one%20more%20claim', token)).json().data as CaseSummary[];
    await api({ method: 'PATCH', url: `/api/cases/${added!.id}`, payload: { clientId: clientA.id } }, token);
    expect((await listCases('?search=omar', token)).json().total).toBe(before);
  });
});

describe('tenant boundaries on filters and bodies', () => {
  it('another firm’s case answers 404, as a missing one does, and the probe is audited', async () => {
    const { hernandez } = await arrange({ cases: true });
    const other = await makeUser(ctx, { userType: 'attorney' });
    const otherToken = await tokenOf(other);
    const probe = await getCase(hernandez.id, otherToken);
    const missing = await getCase('00000000-0000-4000-8000-000000000404', otherToken);
    expect([probe.statusCode, missing.statusCode]).toEqual([404, 404]);
    expect(probe.json().error).toBe(missing.json().error);
    await vi.waitFor(async () => {
      const rows = await ctx.database.db
        .select()
        .from(schema.auditLog)
        .where(and(eq(schema.auditLog.action, 'object_not_found'), eq(schema.auditLog.userId, other.id)));
      expect(rows.map((row) => row.details)).toEqual(
        expect.arrayContaining([
          { route: 'GET /api/cases/:id', params: { id: hernandez.id } },
          { route: 'GET /api/cases/:id', params: { id: '00000000-0000-4000-8000-000000000404' } },
        ]),
      );
      expect(rows.every((row) => row.outcome === 'failure' && row.firmId === other.firmId)).toBe(true);
    });
  });

  it('a filter naming another firm’s client returns nothing, and extra fields change nothing', async () => {
    const { attorney, token, hernandez } = await arrange({ cases: true });
    const other = await makeUser(ctx, { userType: 'attorney' });
    const otherToken = await tokenOf(other);
    const theirClient = await createClient(ctx.database.db, { firmId: other.firmId });
    const theirs = await createCase({ title: 'Their case', clientId: theirClient.id }, otherToken);
    expect(theirs.statusCode).toBe(201);
    const leak = (await listCases(`?clientId=${theirClient.id}&pageSize=all`, token)).json();
    expect(leak).toEqual({ data: [], total: 0 });

    const response = await api(
      {
        method: 'PATCH',
        url: `/api/cases/${hernandez.id}`,
        payload: {
          description: 'Checked',
          firmId: other.firmId,
          caseNumber: 'CASE-1999-001',
          id: theirs.json().data.id,
        },
      },
      token,
    );
    expect(response.statusCode).toBe(200);
    const [row] = await ctx.database.db.select().from(schema.cases).where(eq(schema.cases.id, hernandez.id));
    expect(row).toMatchObject({
      firmId: attorney.firmId,
      caseNumber: hernandez.caseNumber,
      description: 'Checked',
    });
  });
});
