import { and, eq, sql } from 'drizzle-orm';
import { schema } from '@sentinel/db';
import { createCase, createClient } from '@sentinel/db/factories';
import { EXPERT_MESSAGES, SAMPLE_SPECIALTIES } from '@sentinel/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestContext, login, makeUser, outbox, type TestContext } from '../../test/helpers';

let ctx: TestContext;
let attorney: Awaited<ReturnType<typeof makeUser>>;
let token: string;
let caseA: { id: string; caseNumber: string };
let caseB: { id: string; caseNumber: string };
let foreignCaseId: string;
let clientEmail: string;

beforeAll(async () => {
  ctx = await createTestContext();
  attorney = await makeUser(ctx, { userType: 'attorney', firstName: 'Dana', lastName: 'Reyes' });
  token = (await login(ctx, attorney.email, attorney.password)).body.token;
  const client = await createClient(ctx.database.db, { firmId: attorney.firmId });
  clientEmail = client.email;
  caseA = await createCase(ctx.database.db, {
    firmId: attorney.firmId,
    clientId: client.id,
    title: 'Roof collapse',
  });
  caseB = await createCase(ctx.database.db, {
    firmId: attorney.firmId,
    clientId: client.id,
    title: 'Kitchen fire',
  });
  const other = await makeUser(ctx, { userType: 'attorney' });
  const otherClient = await createClient(ctx.database.db, { firmId: other.firmId });
  foreignCaseId = (await createCase(ctx.database.db, { firmId: other.firmId, clientId: otherClient.id })).id;
});
afterAll(() => ctx.close());

const unique = () => Math.random().toString(36).slice(2, 8);
const api = (
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  url: string,
  payload?: Record<string, unknown>,
  auth = token,
) => ctx.app.inject({ method, url, headers: bearer(auth), ...(payload === undefined ? {} : { payload }) });

async function addExpert(overrides: Record<string, unknown> = {}) {
  const response = await api('POST', '/api/experts', {
    name: `Dr. Ada Park ${unique()}`,
    specialty: 'Structural Engineering',
    credentials: 'PE, SE',
    company: 'Park Forensic Engineering',
    hourlyRate: 425,
    ...overrides,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as { id: string; name: string };
}

const expertCount = async () =>
  (await ctx.database.db.select({ n: sql<number>`count(*)::int` }).from(schema.experts))[0]!.n;
const engagementCount = async () =>
  (await ctx.database.db.select({ n: sql<number>`count(*)::int` }).from(schema.caseExperts))[0]!.n;

describe('the directory', () => {
  it('adds an expert and answers the profile with the spec fields', async () => {
    const response = await api('POST', '/api/experts', {
      name: 'Dr. Helen Cho',
      specialty: 'Water Damage Specialist',
      credentials: 'IICRC WRT',
      company: 'Cho Moisture Labs',
      availability: 'Busy until 12 May',
      hourlyRate: 310.5,
      email: '',
      phone: '+1 (305) 555-0100',
      notes: 'Testified in 12 cases',
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({
      message: EXPERT_MESSAGES.created,
      data: {
        name: 'Dr. Helen Cho',
        specialty: 'Water Damage Specialist',
        credentials: 'IICRC WRT',
        company: 'Cho Moisture Labs',
        availability: 'Busy until 12 May',
        hourlyRate: 310.5,
        email: null,
        phone: '+1 (305) 555-0100',
        hasAccount: false,
        cvDocument: null,
        engagements: [],
        engagementCount: 0,
      },
    });
  });

  it('searches name, specialty and firm, filters by specialty, and offers the sample specialties', async () => {
    await addExpert({ name: 'Marcus Ortiz', specialty: 'Fire Investigation', company: 'Blaze Analytics' });
    const names = async (query: string) =>
      ((await api('GET', `/api/experts${query}`)).json().data as Array<{ name: string }>).map((e) => e.name);
    expect(await names('?search=ortiz')).toEqual(['Marcus Ortiz']);
    expect(await names('?search=blaze')).toEqual(['Marcus Ortiz']);
    expect(await names('?search=FIRE%20INV')).toEqual(['Marcus Ortiz']);
    expect(await names('?specialty=Fire%20Investigation')).toEqual(['Marcus Ortiz']);
    expect(await names('?search=nobody-matches')).toEqual([]);
    const list = (await api('GET', '/api/experts?specialty=Water%20Damage%20Specialist')).json();
    expect(list.data.map((e: { name: string }) => e.name)).toEqual(['Dr. Helen Cho']);
    expect(list.total).toBe(1);
    for (const sample of SAMPLE_SPECIALTIES) expect(list.specialties).toContain(sample);
  });

  it('refuses bad input with 400 and writes nothing', async () => {
    const before = await expertCount();
    for (const payload of [
      { name: '', specialty: 'X' },
      { name: 'A', specialty: '' },
      { name: 'A', specialty: 'B', hourlyRate: -5 },
      { name: 'A', specialty: 'B', hourlyRate: 10.001 },
      { name: 'A', specialty: 'B', email: 'not-an-email' },
      { name: 'A', specialty: 'B', availability: 'x'.repeat(81) },
      { name: 'A', specialty: 'B', cvDocumentId: 'nope' },
    ]) {
      const response = await api('POST', '/api/experts', payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().error).toEqual(expect.any(String));
    }
    expect(await expertCount()).toBe(before);
    const expert = await addExpert();
    const empty = await api('PATCH', `/api/experts/${expert.id}`, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error).toBe(EXPERT_MESSAGES.nothingToChange);
  });

  it('keeps a CV document of the firm, and refuses one the attorney may not see', async () => {
    const boundary = 'cvBOUNDARY';
    const upload = await ctx.app.inject({
      method: 'POST',
      url: '/api/document/upload/single',
      headers: { ...bearer(token), 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="cv.txt"\r\n\r\nCurriculum vitae\r\n--${boundary}--\r\n`,
    });
    expect(upload.statusCode, upload.body).toBe(200);
    const documentId = upload.json().data.id as string;
    const expert = await addExpert();
    const saved = await api('PATCH', `/api/experts/${expert.id}`, { cvDocumentId: documentId });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.cvDocument).toEqual({ id: documentId, fileName: 'cv.txt' });

    const other = await makeUser(ctx, { userType: 'attorney' });
    const otherToken = (await login(ctx, other.email, other.password)).body.token;
    const foreignUpload = await ctx.app.inject({
      method: 'POST',
      url: '/api/document/upload/single',
      headers: { ...bearer(otherToken), 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="x.txt"\r\n\r\nOther\r\n--${boundary}--\r\n`,
    });
    const refused = await api('PATCH', `/api/experts/${expert.id}`, {
      cvDocumentId: foreignUpload.json().data.id,
      name: 'Changed',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toBe(EXPERT_MESSAGES.unknownDocument);
    const profile = (await api('GET', `/api/experts/${expert.id}`)).json().data;
    expect(profile.name).toBe(expert.name);
    expect(profile.cvDocument.id).toBe(documentId);
  });

  it('answers another firm’s expert 404 and leaves it unchanged', async () => {
    const other = await makeUser(ctx, { userType: 'attorney' });
    const [foreign] = await ctx.database.db
      .insert(schema.experts)
      .values({ firmId: other.firmId, name: 'Foreign Expert', specialty: 'Fire Investigation' })
      .returning();
    expect((await api('GET', `/api/experts/${foreign!.id}`)).statusCode).toBe(404);
    expect((await api('PATCH', `/api/experts/${foreign!.id}`, { name: 'Mine now' })).statusCode).toBe(404);
    expect((await api('DELETE', `/api/experts/${foreign!.id}`)).statusCode).toBe(404);
    const list = (await api('GET', '/api/experts?search=foreign')).json();
    expect(list.data).toEqual([]);
    const [row] = await ctx.database.db
      .select()
      .from(schema.experts)
      .where(eq(schema.experts.id, foreign!.id));
    expect(row!.name).toBe('Foreign Expert');
  });
});

describe('engaging an expert on a case', () => {
  it('without an e-mail or account: records the engagement and says they are not on the team', async () => {
    const expert = await addExpert();
    const response = await api('POST', `/api/experts/${expert.id}/engagements`, {
      caseId: caseA.id,
      reportDueOn: '2027-03-01',
      scope: 'Roof truss failure',
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().message).toBe(EXPERT_MESSAGES.engagedNoAccount);
    expect(response.json().data.engagements).toEqual([
      expect.objectContaining({
        caseId: caseA.id,
        caseNumber: caseA.caseNumber,
        caseTitle: 'Roof collapse',
        scope: 'Roof truss failure',
        reportDueOn: '2027-03-01',
        reportReceivedAt: null,
        onCaseTeam: false,
      }),
    ]);
    const again = await api('POST', `/api/experts/${expert.id}/engagements`, { caseId: caseA.id });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe(EXPERT_MESSAGES.alreadyEngaged);
  });

  it('invites an expert with an e-mail into the firm, links them and puts them on the case team', async () => {
    const email = `expert.${unique()}@example.com`;
    const expert = await addExpert({ name: 'Dr. Ada Park', email });
    const response = await api('POST', `/api/experts/${expert.id}/engagements`, { caseId: caseA.id });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().message).toBe(EXPERT_MESSAGES.engagedInvited);
    expect(response.json().data).toMatchObject({ hasAccount: true, engagements: [{ onCaseTeam: true }] });

    const [user] = await ctx.database.db.select().from(schema.users).where(eq(schema.users.email, email));
    expect(user).toMatchObject({ firstName: 'Ada', lastName: 'Park' });
    expect(user!.temporaryPasswordExpiresAt).not.toBeNull();
    const [membership] = await ctx.database.db
      .select()
      .from(schema.memberships)
      .where(and(eq(schema.memberships.userId, user!.id), eq(schema.memberships.firmId, attorney.firmId)));
    expect(membership).toMatchObject({ userType: 'expert-witness', status: 'active' });
    const [member] = await ctx.database.db
      .select()
      .from(schema.caseMembers)
      .where(and(eq(schema.caseMembers.caseId, caseA.id), eq(schema.caseMembers.userId, user!.id)));
    expect(member!.role).toBe('expert');
    const mail = (await outbox(ctx)).filter((m) => m.to.includes(email));
    expect(mail).toHaveLength(1);
    expect(mail[0]!.raw.replace(/=\r?\n/g, '')).toMatch(/Temporary password: [A-Za-z0-9-]{19}/);

    // A second case: they are the firm's expert witness now, added to the team with a notice.
    const second = await api('POST', `/api/experts/${expert.id}/engagements`, { caseId: caseB.id });
    expect(second.statusCode, second.body).toBe(201);
    expect(second.json().message).toBe(EXPERT_MESSAGES.engagedMember);
    const mails = (await outbox(ctx)).filter((m) => m.to.includes(email));
    expect(mails.at(-1)!.subject).toBe(`You were added to ${caseB.caseNumber} (Kitchen fire)`);
  });

  it('asks someone with an account elsewhere to join the firm, and puts them on the team pending', async () => {
    const elsewhere = await makeUser(ctx, { userType: 'expert-witness' });
    const expert = await addExpert({ email: elsewhere.email });
    expect((await api('GET', `/api/experts/${expert.id}`)).json().data.hasAccount).toBe(false);
    const response = await api('POST', `/api/experts/${expert.id}/engagements`, { caseId: caseB.id });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().message).toBe(EXPERT_MESSAGES.engagedInvited);
    const [membership] = await ctx.database.db
      .select()
      .from(schema.memberships)
      .where(
        and(eq(schema.memberships.userId, elsewhere.id), eq(schema.memberships.firmId, attorney.firmId)),
      );
    expect(membership).toMatchObject({ userType: 'expert-witness', status: 'pending' });
    // No new password for an existing account: an e-mail to sign in and accept.
    const mails = (await outbox(ctx)).filter((m) => m.to.includes(elsewhere.email));
    expect(mails.at(-1)!.subject).toMatch(new RegExp(`has added you to case ${caseB.caseNumber}$`));
    expect(mails.at(-1)!.raw).not.toContain('Temporary password');
  });

  it('engages a linked expert whose account left the firm without putting them on the team', async () => {
    const witness = await makeUser(ctx, { userType: 'expert-witness', firmId: attorney.firmId });
    const expert = await addExpert({ email: witness.email });
    await ctx.database.db
      .update(schema.memberships)
      .set({ status: 'ended', endedAt: new Date(), endedReason: 'left' })
      .where(and(eq(schema.memberships.userId, witness.id), eq(schema.memberships.firmId, attorney.firmId)));
    const response = await api('POST', `/api/experts/${expert.id}/engagements`, { caseId: caseA.id });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().message).toBe(EXPERT_MESSAGES.engagedNotInFirm);
    expect(response.json().data.engagements).toEqual([expect.objectContaining({ onCaseTeam: false })]);
    const members = await ctx.database.db
      .select()
      .from(schema.caseMembers)
      .where(and(eq(schema.caseMembers.caseId, caseA.id), eq(schema.caseMembers.userId, witness.id)));
    expect(members).toEqual([]);
  });

  it('links an expert-witness of the firm by e-mail when the entry is added', async () => {
    const witness = await makeUser(ctx, { userType: 'expert-witness', firmId: attorney.firmId });
    const expert = await api('POST', '/api/experts', {
      name: 'Linked Witness',
      specialty: 'Public Adjuster',
      email: witness.email,
    });
    expect(expert.json().data.hasAccount).toBe(true);
    const duplicate = await api('POST', '/api/experts', {
      name: 'Linked Twice',
      specialty: 'Public Adjuster',
      email: witness.email,
    });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().error).toBe(EXPERT_MESSAGES.userLinkedElsewhere);
  });

  it('refuses an e-mail of someone of the firm who is not an expert witness, and writes nothing', async () => {
    const expert = await addExpert();
    const patched = await api('PATCH', `/api/experts/${expert.id}`, { email: clientEmail });
    expect(patched.statusCode).toBe(400);
    expect(patched.json().error).toBe(EXPERT_MESSAGES.emailIsOtherType);
    // Stored some other way (before the client joined): engaging refuses it, and nothing is kept.
    await ctx.database.db
      .update(schema.experts)
      .set({ email: clientEmail })
      .where(eq(schema.experts.id, expert.id));
    const before = await engagementCount();
    const response = await api('POST', `/api/experts/${expert.id}/engagements`, { caseId: caseB.id });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe(EXPERT_MESSAGES.emailIsOtherType);
    expect(await engagementCount()).toBe(before);
  });

  it('answers another firm’s case 404, and a bad date 400, writing nothing', async () => {
    const expert = await addExpert();
    const before = await engagementCount();
    const foreign = await api('POST', `/api/experts/${expert.id}/engagements`, { caseId: foreignCaseId });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error).toBe(EXPERT_MESSAGES.unknownCase);
    const badDate = await api('POST', `/api/experts/${expert.id}/engagements`, {
      caseId: caseA.id,
      reportDueOn: '2027-02-30',
    });
    expect(badDate.statusCode).toBe(400);
    expect(await engagementCount()).toBe(before);
  });

  it('marks a report received, ends the engagement, and deletes only an expert with none', async () => {
    const expert = await addExpert();
    await api('POST', `/api/experts/${expert.id}/engagements`, {
      caseId: caseB.id,
      reportDueOn: '2027-01-15',
    });
    const received = await api('PATCH', `/api/experts/${expert.id}/engagements/${caseB.id}`, {
      reportReceived: true,
    });
    expect(received.statusCode, received.body).toBe(200);
    expect(received.json().message).toBe(EXPERT_MESSAGES.reportReceived);
    expect(received.json().data.engagements[0].reportReceivedAt).toEqual(expect.any(String));

    const refused = await api('DELETE', `/api/experts/${expert.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe(EXPERT_MESSAGES.engagedOnCases(1));

    const ended = await api('DELETE', `/api/experts/${expert.id}/engagements/${caseB.id}`);
    expect(ended.statusCode).toBe(200);
    expect(ended.json().data.engagements).toEqual([]);
    expect((await api('DELETE', `/api/experts/${expert.id}/engagements/${caseB.id}`)).statusCode).toBe(404);

    const deleted = await api('DELETE', `/api/experts/${expert.id}`);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json().message).toBe(EXPERT_MESSAGES.deleted);
    expect((await api('GET', `/api/experts/${expert.id}`)).statusCode).toBe(404);
  });

  it('writes an audit row with the case for each engagement', async () => {
    const expert = await addExpert();
    await api('POST', `/api/experts/${expert.id}/engagements`, { caseId: caseA.id });
    const rows = await ctx.database.db
      .select()
      .from(schema.auditLog)
      .where(
        and(
          eq(schema.auditLog.action, 'expert_engaged'),
          sql`${schema.auditLog.details}->>'expertId' = ${expert.id}`,
        ),
      );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.details).toMatchObject({ caseId: caseA.id, team: 'none' });
  });
});

describe('an expert witness’s own availability', () => {
  it('reads and sets the linked entry; someone not in the directory is told so', async () => {
    const witness = await makeUser(ctx, { userType: 'expert-witness', firmId: attorney.firmId });
    const witnessToken = (await login(ctx, witness.email, witness.password)).body.token;
    const none = await api('GET', '/api/experts/me', undefined, witnessToken);
    expect(none.statusCode).toBe(200);
    expect(none.json()).toEqual({ data: null });
    const refused = await api('PUT', '/api/experts/me/availability', { availability: 'Busy' }, witnessToken);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().error).toBe(EXPERT_MESSAGES.notInDirectory);

    const expert = await addExpert({ email: witness.email });
    const mine = await api('GET', '/api/experts/me', undefined, witnessToken);
    expect(mine.json().data).toMatchObject({ id: expert.id, availability: 'Available' });
    const set = await api(
      'PUT',
      '/api/experts/me/availability',
      { availability: 'Busy until June' },
      witnessToken,
    );
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject({
      message: EXPERT_MESSAGES.availabilitySaved,
      data: { availability: 'Busy until June' },
    });
    const blank = await api('PUT', '/api/experts/me/availability', { availability: '  ' }, witnessToken);
    expect(blank.statusCode).toBe(400);
    expect((await api('GET', `/api/experts/${expert.id}`)).json().data.availability).toBe('Busy until June');
  });
});
