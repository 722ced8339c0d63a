import { eq } from 'drizzle-orm';
import { schema } from '@sentinel/db';
import { createCase, createClient } from '@sentinel/db/factories';
import { MESSAGES } from '@sentinel/shared';
import type { InjectOptions } from 'light-my-request';
import { describe, expect, it } from 'vitest';
import { bearer, login, makeUser, outbox, signUp, useTestContext } from '../../test/helpers';

const ctx = useTestContext();

type Call = Pick<InjectOptions, 'method' | 'url' | 'payload'>;
const api = (options: Call, token: string) => ctx.app.inject({ ...options, headers: bearer(token) });
const tokenOf = async (user: { email: string; password: string }) =>
  (await login(ctx, user.email, user.password)).body.token as string;

/** A law firm with an attorney, a client and one case. */
async function lawFirm(name: string) {
  const attorney = await makeUser(ctx, { userType: 'attorney', companyName: name });
  const client = await createClient(ctx.database.db, { firmId: attorney.firmId, lastName: `of ${name}` });
  const row = await createCase(ctx.database.db, {
    firmId: attorney.firmId,
    clientId: client.id,
    title: `${name} water loss`,
    leadAttorneyId: attorney.id,
  });
  return { attorney, client, caseRow: row, token: await tokenOf(attorney) };
}

const addByEmail = (caseId: string, email: string, token: string) =>
  api(
    {
      method: 'POST',
      url: `/api/cases/${caseId}/members`,
      payload: { email, firstName: 'Sam', lastName: 'Adjuster', role: 'adjuster' },
    },
    token,
  );

/** What an answer says, without the ids that differ from one person to the next. */
function shape(body: Record<string, unknown>): unknown {
  return JSON.parse(
    JSON.stringify(body)
      .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, 'ID')
      .replace(/"[^"]*@example\.test"/g, '"EMAIL"')
      .replace(/\d{4}-\d{2}-\d{2}T[\d:.]+Z/g, 'TIME')
      .replace(/CASE-\d{4}-\d{3}/g, 'CASE'),
  );
}

describe('an adjuster who works with two law firms (issue 9)', () => {
  it('is added by a second firm with no 409 and no leak, accepts, switches, and sees only that firm', async () => {
    const a = await lawFirm('Morgan Reyes');
    const b = await lawFirm('Castillo Pierce');
    const adjusterEmail = `sam.${Date.now()}@example.test`;

    // Firm A adds a new person: an account with a temporary password.
    expect((await addByEmail(a.caseRow.id, adjusterEmail, a.token)).statusCode).toBe(201);
    // Firm B adds the same e-mail, and a never-seen e-mail: the same answer for both.
    const existing = await addByEmail(b.caseRow.id, adjusterEmail, b.token);
    const b2 = await createCase(ctx.database.db, {
      firmId: b.attorney.firmId,
      clientId: b.client.id,
      title: 'Castillo Pierce water loss',
      leadAttorneyId: b.attorney.id,
    });
    const fresh = await addByEmail(b2.id, `new.${Date.now()}@example.test`, b.token);
    expect(existing.statusCode).toBe(201);
    expect(fresh.statusCode).toBe(201);
    expect(shape(existing.json())).toEqual(shape(fresh.json()));
    // Nothing of firm A in firm B's answer or e-mail.
    expect(existing.body).not.toContain('Morgan Reyes');
    expect(existing.body).not.toContain(a.attorney.firmId);
    const mail = (await outbox(ctx)).filter((m) => m.to.includes(adjusterEmail)).at(-1)!;
    expect(mail.subject).toBe(`Castillo Pierce has added you to case ${b.caseRow.caseNumber}`);
    expect(mail.raw).not.toContain('Morgan Reyes');
    expect(mail.raw).not.toMatch(/Temporary password/);

    // The adjuster signs in (choosing a password first) and finds firm B's invitation.
    const temporary = (await outbox(ctx))
      .find((m) => m.to.includes(adjusterEmail) && /Temporary password/.test(m.raw))!
      .raw.replace(/=\r?\n/g, '')
      .match(/Temporary password: ([A-Za-z0-9-]{19})/)![1]!;
    const first = await login(ctx, adjusterEmail, temporary);
    const chosen = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/change-temp-password',
      payload: {
        email: adjusterEmail,
        ticket: first.body.temporaryPasswordTicket,
        newPassword: 'Adjusting-Two-Firms-7',
      },
    });
    expect(chosen.statusCode).toBe(200);
    const adjuster = chosen.json();
    expect(adjuster.user).toMatchObject({
      userType: 'public-adjuster',
      firm: { id: a.attorney.firmId, name: 'Morgan Reyes' },
      invitations: 1,
    });
    let token = adjuster.token as string;
    const mine = (await api({ method: 'GET', url: '/api/memberships' }, token)).json().data;
    const invitation = mine.find((m: { status: string }) => m.status === 'pending');
    expect(invitation).toMatchObject({
      firmName: 'Castillo Pierce',
      userType: 'public-adjuster',
      current: false,
    });

    const accepted = await api({ method: 'POST', url: `/api/memberships/${invitation.id}/accept` }, token);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().message).toBe(MESSAGES.invitationAccepted);
    // Accepting keeps the firm they act in; firm B joins the switcher.
    expect(accepted.json().user.firm.id).toBe(a.attorney.firmId);
    expect(
      accepted
        .json()
        .user.firms.map((f: { name: string }) => f.name)
        .sort(),
    ).toEqual(['Castillo Pierce', 'Morgan Reyes']);
    token = accepted.json().token;
    const inA = (await api({ method: 'GET', url: '/api/cases' }, token)).json();
    expect(inA.data.map((c: { id: string }) => c.id)).toEqual([a.caseRow.id]);

    const switched = await api(
      { method: 'POST', url: '/api/auth/switch-firm', payload: { firmId: b.attorney.firmId } },
      token,
    );
    expect(switched.statusCode).toBe(200);
    const tokenInB = switched.json().token as string;
    // The token of firm A stops working; the session (one refresh family) goes on in firm B.
    expect((await api({ method: 'GET', url: '/api/cases' }, token)).statusCode).toBe(401);
    const inB = (await api({ method: 'GET', url: '/api/cases' }, tokenInB)).json();
    expect(inB.data.map((c: { id: string }) => c.id)).toEqual([b.caseRow.id]);
    expect(inB.total).toBe(1);
    expect((await api({ method: 'GET', url: `/api/cases/${a.caseRow.id}` }, tokenInB)).statusCode).toBe(404);

    // Firm B now sees the adjuster by their own name; firm A's audit has nothing of firm B.
    const audit = await ctx.database.db
      .select()
      .from(schema.auditLog)
      .where(eq(schema.auditLog.userId, adjuster.user.userId));
    const switchRow = audit.find((row) => row.action === 'firm_switched')!;
    expect(switchRow.firmId).toBe(b.attorney.firmId);
    expect(audit.find((row) => row.action === 'membership_accepted')!.firmId).toBe(b.attorney.firmId);
    expect(
      audit.every(
        (row) => row.firmId === null || [a.attorney.firmId, b.attorney.firmId].includes(row.firmId),
      ),
    ).toBe(true);

    // Firm B removes the adjuster: the token acting in firm B fails on its next call.
    const removed = await api(
      { method: 'DELETE', url: `/api/firm/members/${adjuster.user.userId}` },
      b.token,
    );
    expect(removed.statusCode).toBe(200);
    expect(removed.json().data.map((m: { userId: string }) => m.userId)).not.toContain(adjuster.user.userId);
    expect((await api({ method: 'GET', url: '/api/cases' }, tokenInB)).statusCode).toBe(401);
    // They are off firm B's case team; what they do in firm A goes on.
    const teamB = (await api({ method: 'GET', url: `/api/cases/${b.caseRow.id}` }, b.token)).json().data
      .members;
    expect(teamB).toEqual([]);
    const again = await login(ctx, adjusterEmail, 'Adjusting-Two-Firms-7');
    expect(again.body.user).toMatchObject({
      firm: { id: a.attorney.firmId },
      firms: [{ name: 'Morgan Reyes' }],
    });
  });

  it('declines an invitation; only its owner may answer it', async () => {
    const a = await lawFirm('Declining A');
    const b = await lawFirm('Declining B');
    const person = await makeUser(ctx, { userType: 'expert-witness', firmId: a.attorney.firmId });
    const intruder = await makeUser(ctx, { userType: 'expert-witness', firmId: a.attorney.firmId });
    const added = await api(
      {
        method: 'POST',
        url: `/api/cases/${b.caseRow.id}/members`,
        payload: { email: person.email, firstName: 'Typed', lastName: 'Name', role: 'expert' },
      },
      b.token,
    );
    expect(added.statusCode).toBe(201);
    // Until they accept, firm B sees the person as it typed them, not their account's name.
    expect(added.json().data.members[0].name).toBe('Typed Name');
    const people = (await api({ method: 'GET', url: '/api/firm/people' }, b.token)).json().data;
    expect(people.find((p: { id: string }) => p.id === person.id).name).toBe('Typed Name');
    const team = (await api({ method: 'GET', url: '/api/firm/members' }, b.token)).json().data;
    expect(team.find((m: { userId: string }) => m.userId === person.id)).toMatchObject({
      name: 'Typed Name',
      status: 'pending',
    });
    const token = await tokenOf(person);
    const [pending] = (await api({ method: 'GET', url: '/api/memberships' }, token))
      .json()
      .data.filter((m: { status: string }) => m.status === 'pending');
    const other = await tokenOf(intruder);
    expect(
      (await api({ method: 'POST', url: `/api/memberships/${pending.id}/accept` }, other)).statusCode,
    ).toBe(404);
    const declined = await api({ method: 'POST', url: `/api/memberships/${pending.id}/decline` }, token);
    expect(declined.statusCode).toBe(200);
    expect(declined.json().memberships.map((m: { firmId: string }) => m.firmId)).toEqual([a.attorney.firmId]);
    expect(
      (await api({ method: 'POST', url: `/api/memberships/${pending.id}/accept` }, token)).statusCode,
    ).toBe(404);
  });

  it('a firm names a client who has not accepted as it typed them, in every answer', async () => {
    const a = await lawFirm('Naming A');
    const b = await lawFirm('Naming B');
    // Firm A's client, with an account of their own name, is added by firm B under another name.
    const added = await api(
      {
        method: 'POST',
        url: '/api/client/new',
        payload: { firstName: 'Typed', lastName: 'Owner', email: a.client.email, phone: '555 0199' },
      },
      b.token,
    );
    expect(added.statusCode).toBe(201);
    expect(added.json().data).toMatchObject({ firstName: 'Typed', lastName: 'Owner', phone: '555 0199' });
    const opened = await api(
      { method: 'POST', url: '/api/cases', payload: { title: 'Typed owner roof', clientId: a.client.id } },
      b.token,
    );
    expect(opened.statusCode).toBe(201);
    expect(opened.json().data.client).toMatchObject({ name: 'Typed Owner', phone: '555 0199' });
    const list = (await api({ method: 'GET', url: '/api/cases?pageSize=all' }, b.token)).json();
    const row = list.data.find((c: { id: string }) => c.id === opened.json().data.id);
    expect(row.client.name).toBe('Typed Owner');
    const everything = [added.body, opened.body, JSON.stringify(list)].join('');
    expect(everything).not.toContain(a.client.lastName);
    const dashboard = await api({ method: 'GET', url: '/api/dashboard/attorney' }, b.token);
    expect(dashboard.body).not.toContain(a.client.lastName);
  });

  it('lets a person leave a firm, but not its last attorney', async () => {
    const a = await lawFirm('Leaving A');
    const soloMembership = (await api({ method: 'GET', url: '/api/memberships' }, a.token)).json().data[0];
    const refused = await api(
      { method: 'POST', url: `/api/memberships/${soloMembership.id}/leave` },
      a.token,
    );
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe(MESSAGES.lastAttorney);

    const contractor = await makeUser(ctx, { userType: 'restoration-contractor', firmId: a.attorney.firmId });
    await ctx.database.db
      .insert(schema.caseMembers)
      .values({ caseId: a.caseRow.id, userId: contractor.id, firmId: a.attorney.firmId, role: 'contractor' });
    const token = await tokenOf(contractor);
    const [membership] = (await api({ method: 'GET', url: '/api/memberships' }, token)).json().data;
    const left = await api({ method: 'POST', url: `/api/memberships/${membership.id}/leave` }, token);
    expect(left.statusCode).toBe(200);
    expect(left.json().user).toMatchObject({ firm: null, userType: null, firms: [] });
    // The new token has no firm; the one before no longer works.
    expect((await api({ method: 'GET', url: '/api/cases' }, token)).statusCode).toBe(401);
    const after = await api({ method: 'GET', url: '/api/cases' }, left.json().token);
    expect(after.statusCode).toBe(403);
    expect(after.json().error).toBe(MESSAGES.noFirmYet);
    const team = (await api({ method: 'GET', url: `/api/cases/${a.caseRow.id}` }, a.token)).json().data
      .members;
    expect(team).toEqual([]);
  });

  it('a person who signed up waits with no firm, then joins the firm that adds them', async () => {
    const a = await lawFirm('Waiting A');
    const signup = await signUp(ctx, {
      email: `contractor.${Date.now()}@example.test`,
      password: 'Restoring-Homes-2026',
      firstName: 'Rita',
      lastName: 'Builder',
      userType: 'restoration-contractor',
      companyName: 'Builder Restoration',
    });
    expect(signup.statusCode).toBe(200);
    const { token, user } = signup.json();
    expect(user).toMatchObject({ firm: null, invitations: 0 });
    expect((await api({ method: 'GET', url: '/api/memberships' }, token)).json().data).toEqual([]);

    const added = await api(
      {
        method: 'POST',
        url: `/api/cases/${a.caseRow.id}/members`,
        payload: { email: user.email, firstName: 'Rita', lastName: 'Builder', role: 'contractor' },
      },
      a.token,
    );
    expect(added.statusCode).toBe(201);
    // No access before accepting.
    expect((await api({ method: 'GET', url: `/api/cases/${a.caseRow.id}` }, token)).statusCode).toBe(403);
    const [invitation] = (await api({ method: 'GET', url: '/api/memberships' }, token)).json().data;
    const accepted = await api({ method: 'POST', url: `/api/memberships/${invitation.id}/accept` }, token);
    // With no firm before, the session now acts in the firm that added them.
    expect(accepted.json().user).toMatchObject({
      userType: 'restoration-contractor',
      firm: { id: a.attorney.firmId },
    });
    const seen = await api({ method: 'GET', url: `/api/cases/${a.caseRow.id}` }, accepted.json().token);
    expect(seen.statusCode).toBe(200);
  });
});
