import { eq } from 'drizzle-orm';
import { schema } from '@sentinel/db';
import { createCase, createClient } from '@sentinel/db/factories';
import { EMAIL_PREVIEW_LENGTH, MESSAGES } from '@sentinel/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestContext, login, makeUser, type TestContext } from '../../test/helpers';
import { connectSandboxAccount, startTestSandbox } from '../../test/provider-sandbox';

let ctx: TestContext;
let sandbox: Awaited<ReturnType<typeof startTestSandbox>>;
const HOUR = 3_600_000;

const GOOGLE = 'mara.quinn@quinnlaw.example';
const MICROSOFT = 'mquinn@quinnlaw.onmicrosoft.example';
const CLIENT_ADDRESS = 'owen.hale@example.com';
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

let attorney: { id: string; firmId: string; token: string };
let caseRow: { id: string; caseNumber: string; claimNumber: string | null };
let otherCaseId: string;

/** Connect a mailbox as the consent screen would (grant issued by the sandbox), and sync it. */
async function connectAndSync(userId: string, provider: 'google' | 'microsoft', email: string) {
  const row = await connectSandboxAccount(ctx, sandbox, userId, provider, email);
  await ctx.app.services.mailSync.sync(row.id);
  return row.id;
}

const get = (token: string, url: string) => ctx.app.inject({ method: 'GET', url, headers: bearer(token) });

beforeAll(async () => {
  sandbox = await startTestSandbox();
  ctx = await createTestContext({ PROVIDER_SANDBOX_URL: sandbox.url });
  const user = await makeUser(ctx, { userType: 'attorney' });
  attorney = { ...user, token: (await login(ctx, user.email, user.password)).body.token };
  const client = await createClient(ctx.database.db, {
    firmId: user.firmId,
    firstName: 'Owen',
    lastName: 'Hale',
    email: CLIENT_ADDRESS,
  });
  const created = await createCase(ctx.database.db, {
    firmId: user.firmId,
    clientId: client.id,
    title: 'Hale Roof Loss',
    leadAttorneyId: user.id,
    createdById: user.id,
    claimNumber: 'CLM-2026-40404',
  });
  caseRow = { id: created.id, caseNumber: created.caseNumber, claimNumber: created.claimNumber };
  otherCaseId = (
    await createCase(ctx.database.db, {
      firmId: user.firmId,
      clientId: client.id,
      title: 'Hale Fence',
      leadAttorneyId: user.id,
      createdById: user.id,
    })
  ).id;
  const now = Date.now();
  sandbox.sandbox.addAccount('google', {
    email: GOOGLE,
    name: 'Mara Quinn',
    messages: [
      {
        from: { name: 'Ray Ortiz', address: 'rortiz@harborline.example' },
        to: [GOOGLE],
        subject: `RE: Claim ${caseRow.claimNumber} – sworn proof of loss`,
        receivedAt: new Date(now - 2 * HOUR),
        html: `<p>Please send the <b>sworn proof of loss</b> within 60 days.</p>${'<p>More text here.</p>'.repeat(20)}`,
        important: true,
        attachments: [{ name: 'proof-of-loss.pdf', mimeType: 'application/pdf', content: PDF }],
      },
      {
        from: { name: 'Owen Hale', address: CLIENT_ADDRESS },
        to: [GOOGLE],
        subject: 'Photos of the attic',
        receivedAt: new Date(now - 5 * HOUR),
        text: 'Here are the photos you asked for.',
      },
      {
        from: { name: 'Mallory', address: 'mallory@evil.example' },
        to: [GOOGLE],
        subject: 'Invoice',
        receivedAt: new Date(now - 30 * HOUR),
        html: '<script>alert(1)</script><img src=x onerror="alert(2)"><a href="javascript:alert(3)">pay</a><img src="https://tracker.example/p.gif" width=1 height=1><p style="background:url(https://evil.example/x.png)">hi</p>',
      },
    ],
  });
  sandbox.sandbox.addAccount('microsoft', {
    email: MICROSOFT,
    name: 'Mara Quinn',
    messages: [
      {
        from: { name: 'Court Clerk', address: 'clerk@court.example' },
        to: [MICROSOFT],
        subject: `Hearing notice for ${caseRow.caseNumber}`,
        receivedAt: new Date(now - 1 * HOUR),
        text: 'Your hearing is set.',
      },
      {
        from: { name: 'Newsletter', address: 'news@bar.example' },
        to: [MICROSOFT],
        subject: 'Bar news',
        receivedAt: new Date(now - 50 * HOUR),
        text: 'Monthly news.',
        unread: false,
      },
    ],
  });
  await connectAndSync(attorney.id, 'google', GOOGLE);
  await connectAndSync(attorney.id, 'microsoft', MICROSOFT);
});
afterAll(async () => {
  await ctx?.close();
  await sandbox?.close();
});

describe('the merged inbox', () => {
  it('lists both providers newest first with the §3 fields, previews of 100 characters and suggestions', async () => {
    const response = await get(attorney.token, '/api/emails/inbox/all');
    expect(response.statusCode, response.body).toBe(200);
    const { data, nextCursor, unreadCount } = response.json();
    expect(data.map((e: { subject: string }) => e.subject)).toEqual([
      `Hearing notice for ${caseRow.caseNumber}`,
      `RE: Claim ${caseRow.claimNumber} – sworn proof of loss`,
      'Photos of the attic',
      'Invoice',
      'Bar news',
    ]);
    expect(nextCursor).toBeNull();
    expect(unreadCount).toBe(4);
    const letter = data[1];
    expect(letter).toMatchObject({
      provider: 'google',
      from: 'Ray Ortiz <rortiz@harborline.example>',
      status: 'Unread',
      priority: 'High',
      case_id: null,
      attachments: ['proof-of-loss.pdf'],
      suggestion: {
        id: caseRow.id,
        reason: 'claim_number',
        reasonText: `Names claim ${caseRow.claimNumber}`,
      },
    });
    expect(letter.body.length).toBeLessThanOrEqual(EMAIL_PREVIEW_LENGTH);
    expect(letter.body).not.toContain('<');
    expect(data[0].suggestion).toMatchObject({ id: caseRow.id, reason: 'case_number' });
    expect(data[2].suggestion).toMatchObject({ reason: 'client', reasonText: 'From the client Owen Hale' });
    expect(data[3].suggestion).toBeNull();

    const google = (await get(attorney.token, '/api/emails/inbox/google')).json().data;
    expect(google.every((e: { provider: string }) => e.provider === 'google')).toBe(true);
    expect(google).toHaveLength(3);
  });

  it('pages with a cursor and filters by unread, words and suggestion', async () => {
    const first = (await get(attorney.token, '/api/emails/inbox/all?limit=2')).json();
    expect(first.data).toHaveLength(2);
    const second = (
      await get(attorney.token, `/api/emails/inbox/all?limit=2&cursor=${first.nextCursor}`)
    ).json();
    expect(second.data.map((e: { id: string }) => e.id)).not.toContain(first.data[0].id);
    expect(second.data).toHaveLength(2);
    const unread = (await get(attorney.token, '/api/emails/inbox/all?unread=true')).json().data;
    expect(unread.map((e: { subject: string }) => e.subject)).not.toContain('Bar news');
    const words = (await get(attorney.token, '/api/emails/inbox/all?q=attic')).json().data;
    expect(words.map((e: { subject: string }) => e.subject)).toEqual(['Photos of the attic']);
    const suggested = (await get(attorney.token, '/api/emails/inbox/all?case=suggested')).json().data;
    expect(suggested).toHaveLength(3);
    expect((await get(attorney.token, '/api/emails/inbox/all?cursor=bad')).statusCode).toBe(400);
    expect((await get(attorney.token, '/api/emails/inbox/yahoo')).statusCode).toBe(400);
  });

  it('files an e-mail to a case and back, marks it read, and the case filter finds it after a reload', async () => {
    const [letter] = (await get(attorney.token, '/api/emails/inbox/all?q=sworn')).json().data;
    const filed = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/emails/${letter.id}`,
      headers: bearer(attorney.token),
      payload: { case_id: caseRow.id, status: 'Read' },
    });
    expect(filed.statusCode, filed.body).toBe(200);
    expect(filed.json().data).toMatchObject({
      case_id: caseRow.id,
      status: 'Read',
      case: { caseNumber: caseRow.caseNumber },
      suggestion: null,
    });
    const inCase = (await get(attorney.token, `/api/emails/inbox/all?case=${caseRow.id}`)).json();
    expect(inCase.data.map((e: { id: string }) => e.id)).toEqual([letter.id]);
    expect(inCase.unreadCount).toBe(3);
    const audit = await ctx.database.db
      .select({ action: schema.auditLog.action })
      .from(schema.auditLog)
      .where(eq(schema.auditLog.userId, attorney.id));
    expect(audit.map((a) => a.action)).toContain('email_filed');

    // A sync does not undo the filing or the read state... of the same message.
    const [connection] = await ctx.database.db
      .select()
      .from(schema.providerConnections)
      .where(eq(schema.providerConnections.provider, 'google'));
    sandbox.sandbox.setRead('google', GOOGLE, (await rowOf(letter.id)).providerMessageId, true);
    await ctx.app.services.mailSync.sync(connection!.id);
    expect((await rowOf(letter.id)).caseId).toBe(caseRow.id);

    const unfiled = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/emails/${letter.id}`,
      headers: bearer(attorney.token),
      payload: { case_id: null },
    });
    expect(unfiled.json().data.case_id).toBeNull();
    expect(unfiled.json().data.suggestion).toMatchObject({ id: caseRow.id });
    const bad = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/emails/${letter.id}`,
      headers: bearer(attorney.token),
      payload: {},
    });
    expect(bad.statusCode).toBe(400);
  });
});

async function rowOf(id: string) {
  const [row] = await ctx.database.db.select().from(schema.emails).where(eq(schema.emails.id, id));
  return row!;
}

describe('the reader', () => {
  it('shows the hostile e-mail sanitised, with its remote images held back until asked for', async () => {
    const [invoice] = (await get(attorney.token, '/api/emails/inbox/all?q=Invoice')).json().data;
    const detail = (await get(attorney.token, `/api/emails/${invoice.id}`)).json().data;
    expect(detail.html).not.toMatch(/<script|onerror|javascript:|alert\(/i);
    expect(detail.html).not.toMatch(/\ssrc="https?:/i);
    expect(detail.html).not.toContain('evil.example');
    expect(detail.remoteImages).toBe(1);
    const shown = (await get(attorney.token, `/api/emails/${invoice.id}?remoteImages=true`)).json().data;
    expect(shown.html).toContain('src="https://tracker.example/p.gif"');
    expect(shown.remoteImages).toBe(0);
    expect(shown.html).not.toMatch(/<script|onerror|javascript:/i);
  });

  it('saves an attachment into the case as a document, analysed like an upload', async () => {
    const [letter] = (await get(attorney.token, '/api/emails/inbox/all?q=sworn')).json().data;
    const detail = (await get(attorney.token, `/api/emails/${letter.id}`)).json().data;
    const attachment = detail.attachments[0];
    expect(attachment).toMatchObject({ name: 'proof-of-loss.pdf', documentId: null });
    const noCase = await ctx.app.inject({
      method: 'POST',
      url: `/api/emails/${letter.id}/attachments/${encodeURIComponent(attachment.id)}/save`,
      headers: bearer(attorney.token),
      payload: {},
    });
    expect(noCase.statusCode).toBe(400);
    expect(noCase.json().error).toBe(MESSAGES.emailNoCaseToSave);
    const saved = await ctx.app.inject({
      method: 'POST',
      url: `/api/emails/${letter.id}/attachments/${encodeURIComponent(attachment.id)}/save`,
      headers: bearer(attorney.token),
      payload: { caseId: otherCaseId },
    });
    expect(saved.statusCode, saved.body).toBe(201);
    const { document } = saved.json();
    expect(document).toMatchObject({ name: 'proof-of-loss.pdf', caseId: otherCaseId });
    const [stored] = await ctx.database.db
      .select()
      .from(schema.documents)
      .where(eq(schema.documents.id, document.id));
    expect(stored).toMatchObject({ caseId: otherCaseId, sizeBytes: PDF.length, analysisStatus: 'pending' });
    const jobs = await ctx.database.db
      .select()
      .from(schema.jobs)
      .where(eq(schema.jobs.kind, 'document.analyze'));
    expect(jobs.some((job) => (job.payload as { documentId?: string }).documentId === document.id)).toBe(
      true,
    );
    const again = (await get(attorney.token, `/api/emails/${letter.id}`)).json().data;
    expect(again.attachments[0].documentId).toBe(document.id);
  });
});

describe('isolation', () => {
  it('another person of the same firm sees none of it, and cannot file into a case of another firm', async () => {
    const colleague = await makeUser(ctx, { userType: 'attorney', firmId: attorney.firmId });
    const token = (await login(ctx, colleague.email, colleague.password)).body.token as string;
    const [mine] = (await get(attorney.token, '/api/emails/inbox/all')).json().data;
    expect((await get(token, '/api/emails/inbox/all')).json().data).toEqual([]);
    expect((await get(token, `/api/emails/${mine.id}`)).statusCode).toBe(404);
    const patch = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/emails/${mine.id}`,
      headers: bearer(token),
      payload: { status: 'Read' },
    });
    expect(patch.statusCode).toBe(404);

    const stranger = await makeUser(ctx, { userType: 'attorney' });
    const strangerClient = await createClient(ctx.database.db, { firmId: stranger.firmId });
    const foreignCase = await createCase(ctx.database.db, {
      firmId: stranger.firmId,
      clientId: strangerClient.id,
      leadAttorneyId: stranger.id,
      createdById: stranger.id,
    });
    const intoForeign = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/emails/${mine.id}`,
      headers: bearer(attorney.token),
      payload: { case_id: foreignCase.id },
    });
    expect(intoForeign.statusCode).toBe(404);
    expect((await get(attorney.token, `/api/emails/inbox/all?case=${foreignCase.id}`)).statusCode).toBe(404);
  });
});

describe('sync', () => {
  it('falls back to a full sync when the history is gone, without duplicates', async () => {
    const [connection] = await ctx.database.db
      .select()
      .from(schema.providerConnections)
      .where(eq(schema.providerConnections.accountEmail, GOOGLE));
    const before = (await get(attorney.token, '/api/emails/inbox/google')).json().data.length;
    sandbox.sandbox.deliver('google', GOOGLE, {
      from: { address: 'rortiz@harborline.example' },
      to: [GOOGLE],
      subject: 'After the gap',
      receivedAt: new Date(),
      text: 'New letter.',
    });
    sandbox.sandbox.expireSyncState('google', GOOGLE);
    await ctx.app.services.mailSync.sync(connection!.id);
    const after = (await get(attorney.token, '/api/emails/inbox/google')).json().data;
    expect(after.length).toBe(before + 1);
    expect(after[0].subject).toBe('After the gap');
    expect((await rowOfConnection(connection!.id)).lastSyncError).toBeNull();
  });

  it('pages through a Graph delta of 120 messages, then applies changes (new, read, removed)', async () => {
    const user = await makeUser(ctx, { userType: 'attorney' });
    const mailbox = 'bulk@quinnlaw.onmicrosoft.example';
    sandbox.sandbox.addAccount('microsoft', {
      email: mailbox,
      name: 'Bulk',
      messages: Array.from({ length: 120 }, (_, i) => ({
        from: { address: `sender${i}@example.com` },
        to: [mailbox],
        subject: `Message ${i}`,
        receivedAt: new Date(Date.now() - (i + 1) * 60_000),
        text: `Body ${i}`,
      })),
    });
    const connectionId = await connectAndSync(user.id, 'microsoft', mailbox);
    const count = async () =>
      (await ctx.database.db.select().from(schema.emails).where(eq(schema.emails.connectionId, connectionId)))
        .length;
    expect(await count()).toBe(120);
    const rows = await ctx.database.db
      .select()
      .from(schema.emails)
      .where(eq(schema.emails.connectionId, connectionId));
    const first = rows.find((r) => r.subject === 'Message 0')!;
    const second = rows.find((r) => r.subject === 'Message 1')!;
    sandbox.sandbox.setRead('microsoft', mailbox, first.providerMessageId, true);
    sandbox.sandbox.remove('microsoft', mailbox, second.providerMessageId);
    sandbox.sandbox.deliver('microsoft', mailbox, {
      from: { address: 'late@example.com' },
      to: [mailbox],
      subject: 'Late arrival',
      receivedAt: new Date(),
      text: 'Hi',
    });
    await ctx.app.services.mailSync.sync(connectionId);
    expect(await count()).toBe(120);
    expect((await rowOf(first.id)).unread).toBe(false);
    const subjects = (
      await ctx.database.db.select().from(schema.emails).where(eq(schema.emails.connectionId, connectionId))
    ).map((r) => r.subject);
    expect(subjects).toContain('Late arrival');
    expect(subjects).not.toContain('Message 1');
  });

  it('completes a sync with nothing lost while 30 % of provider calls answer 429', async () => {
    const user = await makeUser(ctx, { userType: 'attorney' });
    const mailbox = 'storm@quinnlaw.example';
    sandbox.sandbox.addAccount('google', {
      email: mailbox,
      name: 'Storm',
      messages: Array.from({ length: 60 }, (_, i) => ({
        from: { address: `s${i}@example.com` },
        to: [mailbox],
        subject: `Storm ${i}`,
        receivedAt: new Date(Date.now() - (i + 1) * 60_000),
        text: 'x',
      })),
    });
    sandbox.sandbox.faults.set({ rate429: 0.3, retryAfterSeconds: 0, seed: 7 });
    try {
      const connectionId = await connectAndSync(user.id, 'google', mailbox);
      const rows = await ctx.database.db
        .select()
        .from(schema.emails)
        .where(eq(schema.emails.connectionId, connectionId));
      expect(rows).toHaveLength(60);
      expect((await rowOfConnection(connectionId)).lastSyncError).toBeNull();
      expect(sandbox.sandbox.requests.filter((r) => r.status === 429).length).toBeGreaterThan(5);
    } finally {
      sandbox.sandbox.faults.reset();
    }
  });
});

async function rowOfConnection(id: string) {
  const [row] = await ctx.database.db
    .select()
    .from(schema.providerConnections)
    .where(eq(schema.providerConnections.id, id));
  return row!;
}
