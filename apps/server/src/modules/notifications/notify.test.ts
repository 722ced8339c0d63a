import { and, eq, sql } from 'drizzle-orm';
import { schema } from '@sentinel/db';
import { createCase, createClient } from '@sentinel/db/factories';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, login, makeUser, outbox, TEST_PUBLIC_URL, useTestContext } from '../../test/helpers';
import { DIGEST_MAIL_JOB } from './digest';

const ctx = useTestContext();

type Person = { id: string; token: string; email: string; firstName: string; lastName: string };
let firmId: string;
let attorney: Person;
let colleague: Person;
let client: Person;
let expert: Person;
let caseId: string;
let caseNumber: string;

async function signIn(user: Omit<Person, 'token'> & { password: string }): Promise<Person> {
  return { ...user, token: (await login(ctx, user.email, user.password)).body.token };
}

const notesOf = async (userId: string, kind: string) =>
  ctx.database.db
    .select()
    .from(schema.notifications)
    .where(and(eq(schema.notifications.userId, userId), eq(schema.notifications.kind, kind)));

beforeAll(async () => {
  const lead = await makeUser(ctx, { userType: 'attorney', firstName: 'Ann', lastName: 'Lead' });
  firmId = lead.firmId;
  attorney = await signIn(lead);
  colleague = await signIn(await makeUser(ctx, { userType: 'attorney', firmId, firstName: 'Carl' }));
  client = await signIn(await createClient(ctx.database.db, { firmId, firstName: 'Maria' }));
  expert = await signIn(await makeUser(ctx, { userType: 'expert-witness', firmId }));
  const kase = await createCase(ctx.database.db, {
    firmId,
    clientId: client.id,
    leadAttorneyId: attorney.id,
    title: 'Hernandez Roof',
  });
  caseId = kase.id;
  caseNumber = kase.caseNumber;
  await ctx.database.db
    .insert(schema.caseMembers)
    .values({ caseId, userId: expert.id, firmId, role: 'expert' });
});

describe('what the bell hears of', () => {
  it('a case status change: everyone on the case but who changed it, each where they open the case', async () => {
    const changed = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/cases/${caseId}`,
      headers: bearer(colleague.token),
      payload: { status: 'discovery' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const [forClient] = await notesOf(client.id, 'case_status');
    expect(forClient).toMatchObject({
      title: `${caseNumber} is now Discovery`,
      body: `Carl ${colleague.lastName} moved Hernandez Roof to Discovery.`,
      link: `/timeline?case=${caseId}`,
      firmId,
    });
    expect((await notesOf(expert.id, 'case_status'))[0]?.link).toBe(`/timeline?case=${caseId}`);
    expect((await notesOf(attorney.id, 'case_status'))[0]?.link).toBe(`/cases/${caseId}`);
    expect(await notesOf(colleague.id, 'case_status')).toEqual([]);
    // A change that leaves the status alone says nothing.
    await ctx.app.inject({
      method: 'PATCH',
      url: `/api/cases/${caseId}`,
      headers: bearer(colleague.token),
      payload: { priority: 'high' },
    });
    expect(await notesOf(client.id, 'case_status')).toHaveLength(1);
  });

  it('a document shared with the client, once, and its analysis to whoever uploaded it', async () => {
    const [document] = await ctx.database.db
      .insert(schema.documents)
      .values({
        firmId,
        caseId,
        fileName: 'estimate.pdf',
        contentType: 'application/pdf',
        sizeBytes: 10,
        sha256: 'x',
        storageKey: 'notify-test-key',
        uploadedById: attorney.id,
      })
      .returning();
    const share = (shared: boolean) =>
      ctx.app.inject({
        method: 'PATCH',
        url: `/api/document/${document!.id}`,
        headers: bearer(attorney.token),
        payload: { sharedWithClient: shared },
      });
    expect((await share(true)).statusCode).toBe(200);
    await share(false);
    await share(true);
    const shared = await notesOf(client.id, 'document_shared');
    expect(shared).toHaveLength(1);
    expect(shared[0]).toMatchObject({
      body: `Ann Lead shared estimate.pdf (${caseNumber}).`,
      link: '/documents',
    });
    await ctx.app.jobs.stop(); // the worker's own run is not what this looks at
    await ctx.app.services.documentAnalysis.analysisJob.failed!({ documentId: document!.id }, 'unreadable');
    expect((await notesOf(attorney.id, 'document_analyzed'))[0]).toMatchObject({
      title: 'Document analysis failed',
      body: 'estimate.pdf could not be analysed.',
    });
  });

  it('an invitation accepted, to whoever invited', async () => {
    const invited = await makeUser(ctx, {
      userType: 'public-adjuster',
      firstName: 'Paula',
      lastName: 'Adams',
    });
    const [membership] = await ctx.database.db
      .insert(schema.memberships)
      .values({
        firmId,
        userId: invited.id,
        userType: 'public-adjuster',
        status: 'pending',
        invitedById: attorney.id,
      })
      .returning();
    const token = (await login(ctx, invited.email, invited.password)).body.token;
    const accepted = await ctx.app.inject({
      method: 'POST',
      url: `/api/memberships/${membership!.id}/accept`,
      headers: bearer(token),
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect((await notesOf(attorney.id, 'invitation_accepted'))[0]).toMatchObject({
      title: 'Invitation accepted',
      body: 'Paula Adams accepted your invitation and can now sign in.',
      firmId,
    });
  });
});

describe('the e-mail digest', () => {
  it('mails what stayed unread 15 minutes, once, with links, to those who keep it on', async () => {
    const insert = (userId: string, title: string, minutesAgo: number, read = false) =>
      ctx.database.db.insert(schema.notifications).values({
        userId,
        firmId,
        kind: 'message',
        title,
        body: `About ${title}`,
        link: '/messages?conversation=abc',
        createdAt: sql`now() - make_interval(mins => ${minutesAgo})`,
        readAt: read ? sql`now()` : null,
      });
    // Only this test's rows: the earlier ones are marked digested already.
    await ctx.database.db.execute(sql`update notifications set digested_at = now()`);
    await insert(client.id, 'Old unread', 20);
    await insert(client.id, 'Older unread', 40);
    await insert(client.id, 'Old but read', 30, true);
    await insert(client.id, 'Too recent', 5);
    await insert(expert.id, 'Expert old unread', 20);
    await ctx.database.db
      .update(schema.users)
      .set({ notificationDigest: false })
      .where(eq(schema.users.id, expert.id));

    const before = (await outbox(ctx)).length;
    expect(await ctx.app.services.digest.sendDue()).toBe(1);
    const jobs = await ctx.database.db
      .select()
      .from(schema.jobs)
      .where(eq(schema.jobs.kind, DIGEST_MAIL_JOB));
    expect(jobs).toHaveLength(1);
    await ctx.app.services.digest.mailJob.run(jobs[0]!.payload as Record<string, unknown>);
    const mails = (await outbox(ctx)).slice(before);
    expect(mails.map((mail) => [mail.to, mail.subject])).toEqual([
      [client.email, 'You have 2 unread notifications in Sentinel'],
    ]);
    const raw = mails[0]!.raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
    expect(raw).toContain('Old unread');
    expect(raw).toContain('Older unread');
    expect(raw).not.toContain('Old but read');
    expect(raw).not.toContain('Too recent');
    expect(raw).toContain(`${TEST_PUBLIC_URL}/messages?conversation=abc`);
    expect(raw).toContain(`${TEST_PUBLIC_URL}/settings`);
    // Nothing twice, and nothing for the expert who turned it off (passed over, not held back).
    expect(await ctx.app.services.digest.sendDue()).toBe(0);
    const [expertNote] = await notesOf(expert.id, 'message');
    expect(expertNote!.digestedAt).not.toBeNull();
  });
});
