import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { eq } from 'drizzle-orm';
import { schema } from '@sentinel/db';
import { createClient } from '@sentinel/db/factories';
import { MESSAGES, type DocumentDetail, type UserType } from '@sentinel/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestContext,
  login,
  makeUser,
  TEST_APP_SECRET,
  TEST_PUBLIC_URL,
  type TestContext,
} from '../../test/helpers';
import { writePdf } from '@sentinel/analyzer/fixtures/pdf-writer';
import { writeDocx, writeZip } from '@sentinel/analyzer/fixtures/zip-writer';
import { SignedUrls } from './signed-urls';

let ctx: TestContext;
interface Person {
  id: string;
  token: string;
}
let attorney: Person & { firmId: string };
let client: Person;
let member: Person;
let outsider: Person;
let otherFirm: Person;
let caseId: string;
let foreignCaseId: string;

/** A multipart/form-data body as a browser sends it: the file first, then the fields (spec §3). */
function multipart(
  file: { name: string; data: Uint8Array | string; type?: string } | null,
  fields: Record<string, string> = {},
) {
  const boundary = `----sentinel${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      Buffer.from(file.data),
      Buffer.from('\r\n'),
    );
  }
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

const upload = (who: Person, file: Parameters<typeof multipart>[0], fields: Record<string, string> = {}) => {
  const body = multipart(file, fields);
  return ctx.app.inject({
    method: 'POST',
    url: '/api/document/upload/single',
    headers: { ...bearer(who.token), 'content-type': body.contentType },
    payload: body.payload,
  });
};
const get = (who: Person, url: string) => ctx.app.inject({ method: 'GET', url, headers: bearer(who.token) });

const documentCount = async () => (await ctx.database.db.select().from(schema.documents)).length;
const filesOnDisk = async () => {
  const root = path.join(ctx.dataDir, 'files');
  const shards = await readdir(root).catch(() => [] as string[]);
  return (await Promise.all(shards.map((s) => readdir(path.join(root, s))))).flat();
};
const tmpFiles = () => readdir(path.join(ctx.dataDir, 'tmp')).catch(() => [] as string[]);

async function person(userType: UserType, firmId?: string) {
  const user =
    userType === 'client' && firmId
      ? await createClient(ctx.database.db, { firmId })
      : await makeUser(ctx, { userType, firmId });
  return {
    id: user.id,
    firmId: user.firmId,
    token: (await login(ctx, user.email, user.password)).body.token as string,
  };
}

beforeAll(async () => {
  ctx = await createTestContext({ DOCUMENT_MAX_MB: '0.05' });
  attorney = await person('attorney');
  client = await person('client', attorney.firmId);
  member = await person('restoration-contractor', attorney.firmId);
  outsider = await person('restoration-contractor', attorney.firmId);
  const created = await ctx.app.inject({
    method: 'POST',
    url: '/api/cases',
    headers: bearer(attorney.token),
    payload: { title: 'Water damage', clientId: client.id },
  });
  caseId = created.json().data.id;
  await ctx.app.inject({
    method: 'POST',
    url: `/api/cases/${caseId}/members`,
    headers: bearer(attorney.token),
    payload: { userId: member.id, role: 'contractor' },
  });
  const other = await person('attorney');
  otherFirm = other;
  const theirClient = await createClient(ctx.database.db, { firmId: other.firmId });
  foreignCaseId = (
    await ctx.app.inject({
      method: 'POST',
      url: '/api/cases',
      headers: bearer(other.token),
      payload: { title: 'Theirs', clientId: theirClient.id },
    })
  ).json().data.id;
});
afterAll(() => ctx.close());

describe('POST /api/document/upload/single', () => {
  it('stores the file under a random key, hashed, with the uploader from the session', async () => {
    const text = 'Estimate for water damage repairs: $12,400.00\n';
    const response = await upload(
      attorney,
      { name: 'estimate.txt', data: text, type: 'text/plain' },
      {
        uploaderId: outsider.id,
        uploaderEmail: 'someone@else.test',
        uploadedByType: 'client',
        analysisStatus: 'not_analyzed',
        caseId,
      },
    );
    expect(response.statusCode).toBe(200);
    const { data } = response.json() as { data: DocumentDetail };
    expect(data).toMatchObject({
      fileName: 'estimate.txt',
      fileSize: Buffer.byteLength(text),
      contentType: 'text/plain; charset=utf-8',
      caseId,
      analysisStatus: 'not_analyzed',
      uploadedBy: { id: attorney.id },
      canDelete: true,
    });
    const [row] = await ctx.database.db
      .select()
      .from(schema.documents)
      .where(eq(schema.documents.id, data.id));
    expect(row!.sha256).toBe(createHash('sha256').update(text).digest('hex'));
    expect(row!.storageKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(existsSync(path.join(ctx.dataDir, 'files', row!.storageKey.slice(0, 2), row!.storageKey))).toBe(
      true,
    );
    expect(await tmpFiles()).toEqual([]);
  });

  it('refuses an oversized file while it streams (413), leaving no row and no file', async () => {
    const before = { rows: await documentCount(), files: (await filesOnDisk()).length };
    const response = await upload(attorney, { name: 'big.txt', data: Buffer.alloc(80 * 1024, 'a') });
    expect(response.statusCode).toBe(413);
    expect(await documentCount()).toBe(before.rows);
    expect((await filesOnDisk()).length).toBe(before.files);
    expect(await tmpFiles()).toEqual([]);
  });

  it('checks the bytes against the extension', async () => {
    const before = await documentCount();
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    const spoofedPdf = await upload(attorney, { name: 'policy.pdf', data: 'not a pdf at all' });
    expect(spoofedPdf.statusCode).toBe(400);
    expect(spoofedPdf.json().error).toBe(MESSAGES.documentContentMismatch);
    expect((await upload(attorney, { name: 'photo.jpg', data: png })).json().error).toBe(
      MESSAGES.documentContentMismatch,
    );
    expect(
      (
        await upload(attorney, { name: 'notes.txt', data: writePdf([{ kind: 'text', lines: ['hello'] }]) })
      ).json().error,
    ).toBe(MESSAGES.documentContentMismatch);
    expect((await upload(attorney, { name: 'run.exe', data: 'MZ' })).json().error).toBe(
      MESSAGES.documentTypeNotAllowed,
    );
    expect((await upload(attorney, null, { caseId })).json().error).toBe(MESSAGES.selectFileToUpload);
    expect(await documentCount()).toBe(before);
    expect(await tmpFiles()).toEqual([]);
  });

  it('trusts the bytes, not the browser: a PDF sent as image/png is a PDF; HTML and SVG are refused', async () => {
    const sentAsPng = await upload(attorney, {
      name: 'policy.pdf',
      data: writePdf([{ kind: 'text', lines: ['Policy'] }]),
      type: 'image/png',
    });
    expect(sentAsPng.json().data.contentType).toBe('application/pdf');
    const svg = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>';
    expect(
      (await upload(attorney, { name: 'logo.svg', data: svg, type: 'image/svg+xml' })).json().error,
    ).toBe(MESSAGES.documentTypeNotAllowed);
    expect(
      (await upload(attorney, { name: 'page.html', data: '<script>alert(1)</script>' })).json().error,
    ).toBe(MESSAGES.documentTypeNotAllowed);
    // An executable renamed to .pdf.
    expect(
      (await upload(attorney, { name: 'invoice.pdf', data: Buffer.from('4d5a90000300', 'hex') })).json()
        .error,
    ).toBe(MESSAGES.documentContentMismatch);
  });

  it('keeps only the last segment of a path in the name, and never uses it for storage', async () => {
    const response = await upload(attorney, { name: '../../../etc/passwd.txt', data: 'root:x:0:0' });
    expect(response.statusCode).toBe(200);
    const { data } = response.json() as { data: DocumentDetail };
    expect(data.fileName).toBe('passwd.txt');
    const backslashes = await upload(attorney, { name: '..\\..\\windows\\win.txt', data: 'x' });
    expect(backslashes.json().data.fileName).toBe('win.txt');
    const absolute = await upload(attorney, { name: '/etc/shadow.txt', data: 'x' });
    expect(absolute.json().data.fileName).toBe('shadow.txt');
    const long = await upload(attorney, { name: `${'a'.repeat(320)}.txt`, data: 'x' });
    expect(long.json().data.fileName).toBe(`${'a'.repeat(196)}.txt`);
    const [row] = await ctx.database.db
      .select()
      .from(schema.documents)
      .where(eq(schema.documents.id, data.id));
    expect(row!.storageKey).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('refuses an archive that unpacks far beyond its size', async () => {
    const bomb = writeZip([{ name: 'zeros.bin', data: Buffer.alloc(5 * 1024 * 1024) }]);
    expect(bomb.length).toBeLessThan(50 * 1024);
    const response = await upload(attorney, { name: 'evidence.zip', data: bomb });
    expect(response.statusCode).toBe(413);
    expect(response.json().error).toBe(MESSAGES.archiveTooLarge);
    const fine = writeZip([{ name: 'a.txt', data: Buffer.from('photos log') }]);
    expect((await upload(attorney, { name: 'evidence.zip', data: fine })).statusCode).toBe(200);
  });

  it('flags a PDF with active content, and serves it only as a download', async () => {
    const active = Buffer.from(
      '%PDF-1.7\n1 0 obj\n<< /Type /Catalog /OpenAction << /S /JavaScript /JS (app.alert\\(1\\)) >> >>\nendobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
    );
    const response = await upload(attorney, { name: 'estimate.pdf', data: active }, { caseId });
    expect(response.statusCode).toBe(200);
    const document = response.json().data as DocumentDetail;
    expect(document.activeContent).toEqual(['JavaScript']);
    const { url } = (
      await get(attorney, `/api/document/${document.id}/signedUrl?disposition=inline`)
    ).json() as {
      url: string;
    };
    expect(url).toContain('d=attachment');
    const served = await ctx.app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-disposition']).toMatch(/^attachment;/);
    // An ordinary PDF has none and opens inline.
    const plain = (
      await upload(attorney, { name: 'letter.pdf', data: writePdf([{ kind: 'text', lines: ['Hi'] }]) })
    ).json().data as DocumentDetail;
    expect(plain.activeContent).toEqual([]);
  });

  it('holds a .docx to the same archive limits: one that inflates 290 times is refused', async () => {
    const bomb = writeDocx('Roof damage to the detached garage.\n'.repeat(100_000));
    expect(bomb.length).toBeLessThan(32 * 1024); // unpacks to 8.9 MB: 290 times
    const letter = writeDocx('Dear Ms. Hernandez,\nWe have received your claim for roof damage.');
    expect((await upload(attorney, { name: 'letter.docx', data: letter })).statusCode).toBe(200);
    const response = await upload(attorney, { name: 'letter.docx', data: bomb });
    expect(response.statusCode).toBe(413);
    expect(response.json().error).toBe(MESSAGES.archiveTooLarge);
  });

  it('the AI upload needs a case and a PDF (spec §5 texts), and a case the uploader may see', async () => {
    expect(
      (
        await upload(
          attorney,
          { name: 'a.pdf', data: writePdf([{ kind: 'text', lines: ['x'] }]) },
          { status: 'pending' },
        )
      ).json().error,
    ).toBe(MESSAGES.selectCase);
    expect(
      (await upload(attorney, { name: 'a.txt', data: 'x' }, { status: 'pending', caseId })).json().error,
    ).toBe(MESSAGES.aiPdfOnly);
    expect(
      (
        await upload(
          attorney,
          { name: 'a.pdf', data: writePdf([{ kind: 'text', lines: ['x'] }]) },
          { caseId: foreignCaseId },
        )
      ).statusCode,
    ).toBe(404);
    expect((await upload(outsider, { name: 'a.txt', data: 'x' }, { caseId })).statusCode).toBe(404);
  });

  it("'Analyze after upload' queues the analysis of any file, with or without a case", async () => {
    const jobsFor = async (documentId: string) =>
      (await ctx.database.db.select().from(schema.jobs)).filter(
        (job) => (job.payload as { documentId?: string }).documentId === documentId,
      );
    const noCase = await upload(
      attorney,
      { name: 'notes.txt', data: 'Roof leak noted on 3 March.' },
      { analyze: 'true' },
    );
    expect(noCase.statusCode).toBe(200);
    expect(noCase.json().data).toMatchObject({ caseId: null, analysisStatus: 'pending' });
    expect(await jobsFor(noCase.json().data.id)).toHaveLength(1);

    const plain = await upload(attorney, { name: 'notes.txt', data: 'x' }, { analyze: 'false', caseId });
    expect(plain.json().data).toMatchObject({ caseId, analysisStatus: 'not_analyzed' });
    expect(await jobsFor(plain.json().data.id)).toHaveLength(0);
  });

  it('an interrupted upload leaves neither a row nor a file', async () => {
    const before = { rows: await documentCount(), files: (await filesOnDisk()).length };
    const address = await ctx.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = new URL(address);
    const body = multipart({ name: 'half.txt', data: Buffer.alloc(40 * 1024, 'b') }, { caseId });
    await new Promise<void>((resolve) => {
      const req = httpRequest({
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/api/document/upload/single',
        headers: {
          ...bearer(attorney.token),
          'content-type': body.contentType,
          'content-length': body.payload.length,
        },
      });
      req.on('error', () => resolve());
      req.on('close', () => resolve());
      req.write(body.payload.subarray(0, 20 * 1024), () => setTimeout(() => req.destroy(), 100));
    });
    // The server notices the closed connection; give it a moment to clean up.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await documentCount()).toBe(before.rows);
    expect((await filesOnDisk()).length).toBe(before.files);
    expect(await tmpFiles()).toEqual([]);
  });
});

describe('who sees a document', () => {
  let shared: DocumentDetail;
  beforeAll(async () => {
    shared = (
      await upload(attorney, { name: 'denial-letter.txt', data: 'We deny the claim.' }, { caseId })
    ).json().data;
  });
  const list = (who: Person) => get(who, `/api/document/${who.id}/all`);

  it('attorneys and case members; not other members of the firm, nor another firm', async () => {
    expect((await list(attorney)).json().data.map((d: DocumentDetail) => d.id)).toContain(shared.id);
    expect((await get(member, `/api/document/${shared.id}`)).statusCode).toBe(200);
    expect((await list(member)).json().data.map((d: DocumentDetail) => d.id)).toContain(shared.id);
    expect((await get(outsider, `/api/document/${shared.id}`)).statusCode).toBe(404);
    expect((await list(outsider)).json().data).toEqual([]);
    for (const url of [`/api/document/${shared.id}`, `/api/document/${shared.id}/signedUrl`]) {
      expect((await get(otherFirm, url)).statusCode, url).toBe(404);
    }
    const del = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/document/${shared.id}`,
      headers: bearer(otherFirm.token),
    });
    expect(del.statusCode).toBe(404);
    expect((await get(attorney, `/api/document/${otherFirm.id}/all`)).statusCode).toBe(404);
  });

  it('the case’s client once an attorney shares it', async () => {
    expect((await get(client, `/api/document/${shared.id}`)).statusCode).toBe(404);
    const share = (who: Person) =>
      ctx.app.inject({
        method: 'PATCH',
        url: `/api/document/${shared.id}`,
        headers: bearer(who.token),
        payload: { sharedWithClient: true },
      });
    expect((await share(member)).statusCode).toBe(403);
    expect((await share(attorney)).json().data.sharedWithClient).toBe(true);
    expect((await get(client, `/api/document/${shared.id}`)).statusCode).toBe(200);
    expect((await list(client)).json().data.map((d: DocumentDetail) => d.id)).toEqual([shared.id]);
  });

  it('a signed link stops working the moment its holder may no longer see the document', async () => {
    const setShared = (sharedWithClient: boolean) =>
      ctx.app.inject({
        method: 'PATCH',
        url: `/api/document/${shared.id}`,
        headers: bearer(attorney.token),
        payload: { sharedWithClient },
      });
    await setShared(true);
    const { url } = (await get(client, `/api/document/${shared.id}/signedUrl?disposition=inline`)).json() as {
      url: string;
    };
    const { url: attorneysUrl } = (
      await get(attorney, `/api/document/${shared.id}/signedUrl?disposition=inline`)
    ).json() as { url: string };
    const open = (link: string) => ctx.app.inject({ method: 'GET', url: link });
    expect((await open(url)).statusCode).toBe(200);
    await setShared(false);
    const refused = await open(url);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().error).toBe('This link is invalid or has expired');
    // The attorney's link to the same document still works.
    expect((await open(attorneysUrl)).statusCode).toBe(200);
    await setShared(true);
  });

  it('only attorneys and the uploader delete; the audit record outlives the file', async () => {
    const mine = (
      await upload(member, { name: 'photos-log.txt', data: 'Photo 1: ceiling' }, { caseId })
    ).json().data as DocumentDetail;
    const del = (who: Person, id: string) =>
      ctx.app.inject({ method: 'DELETE', url: `/api/document/${id}`, headers: bearer(who.token) });
    expect((await del(member, shared.id)).statusCode).toBe(403);
    expect((await del(member, mine.id)).statusCode).toBe(200);
    const [row] = await ctx.database.db
      .select()
      .from(schema.documents)
      .where(eq(schema.documents.id, mine.id));
    expect(row).toBeUndefined();
    const trail = await ctx.database.db
      .select()
      .from(schema.auditLog)
      .where(eq(schema.auditLog.action, 'document_deleted'));
    expect(trail.find((entry) => entry.details?.documentId === mine.id)).toMatchObject({
      userId: member.id,
      details: expect.objectContaining({ fileName: 'photos-log.txt', sha256: expect.any(String) }),
    });
  });
});

describe('file names', () => {
  it('lose control characters (NUL, CR, LF) and stay quoted safely in Content-Disposition', async () => {
    const { cleanFileName } = await import('./file-checks');
    expect(cleanFileName('evil\u0000.txt')).toBe('evil.txt');
    expect(cleanFileName('a\r\nSet-Cookie: x=1.txt')).toBe('aSet-Cookie: x=1.txt');
    expect(cleanFileName('...hidden')).toBe('hidden');
    expect(cleanFileName('')).toBe('document');
  });

  it('lose bidirectional controls, which make a name read as another (U+202E: exe.pdf)', async () => {
    const { cleanFileName } = await import('./file-checks');
    expect(cleanFileName('invoice\u202Efdp.exe')).toBe('invoicefdp.exe');
    expect(cleanFileName('a\u2066b\u2069c\u200Fd\u061Ce.pdf')).toBe('abcde.pdf');
    expect(cleanFileName('\u202E')).toBe('document');
    // Letters of right-to-left scripts stay.
    expect(cleanFileName('عقد التأمين.pdf')).toBe('عقد التأمين.pdf');
  });
});

describe('the clean-up job', () => {
  it('removes what a killed upload left (a .part file, an object without a row) and keeps the rest', async () => {
    const { storageCleanup } = await import('./storage-cleanup');
    const { LocalBlobStore } = await import('../../platform/storage/local-store');
    const { writeFile, mkdir } = await import('node:fs/promises');
    const tmp = path.join(ctx.dataDir, 'tmp');
    await mkdir(tmp, { recursive: true });
    await writeFile(path.join(tmp, 'killed-upload.part'), 'half');
    const store = new LocalBlobStore(path.join(ctx.dataDir, 'files'));
    const orphan = '00000000-0000-4000-8000-00000000dead';
    await writeFile(path.join(ctx.dataDir, 'orphan.part'), 'no row');
    await store.put(orphan, path.join(ctx.dataDir, 'orphan.part'));
    const kept = (await upload(attorney, { name: 'kept.txt', data: 'kept' })).json().data as DocumentDetail;
    const [keptRow] = await ctx.database.db
      .select()
      .from(schema.documents)
      .where(eq(schema.documents.id, kept.id));

    await storageCleanup(ctx.database.db, store, tmp, ctx.app.log, 0).run({});
    expect(await tmpFiles()).toEqual([]);
    const files = await filesOnDisk();
    expect(files).not.toContain(orphan);
    expect(files).toContain(keptRow!.storageKey);
  });
});

describe('signed links', () => {
  let document: DocumentDetail;
  const content = 'Proof of loss, signed.';
  beforeAll(async () => {
    document = (
      await upload(attorney, { name: 'Proof of Loss – final.txt', data: content }, { caseId })
    ).json().data;
  });
  const link = async (disposition: 'inline' | 'attachment') =>
    (await get(attorney, `/api/document/${document.id}/signedUrl?disposition=${disposition}`)).json() as {
      url: string;
      expiresAt: string;
    };
  const open = (url: string) => ctx.app.inject({ method: 'GET', url: url.replace(TEST_PUBLIC_URL, '') });
  const absolute = (url: string) => new URL(url, TEST_PUBLIC_URL);

  it('serve the bytes without a session for five minutes, with safe headers', async () => {
    const { url, expiresAt } = await link('attachment');
    expect(Date.parse(expiresAt) - Date.now()).toBeLessThanOrEqual(300_000);
    await new Promise((resolve) => setTimeout(resolve, 400)); // the read audit's batch
    const issued = await ctx.database.db
      .select()
      .from(schema.auditLog)
      .where(eq(schema.auditLog.action, 'document_link_issued'));
    expect(
      issued.some((entry) => entry.details?.documentId === document.id && entry.userId === attorney.id),
    ).toBe(true);
    const response = await open(url);
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(content);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    // RFC 6266: an ASCII fallback and the UTF-8 name.
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="Proof of Loss ? final.txt"; filename*=UTF-8''Proof%20of%20Loss%20%E2%80%93%20final.txt`,
    );
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toContain('sandbox');
    expect((await open((await link('inline')).url)).headers['content-disposition']).toMatch(/^inline;/);
  });

  it('are relative, so they work on whatever origin the app was opened at', async () => {
    // Opened at http://127.0.0.1:3000 with PUBLIC_URL unset: a link to localhost would be blocked.
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/api/document/${document.id}/signedUrl?disposition=attachment`,
      headers: { ...bearer(attorney.token), host: '127.0.0.1:3000' },
    });
    const { url } = response.json() as { url: string };
    expect(url).toMatch(
      new RegExp(
        `^/api/files/${document.id}\\?d=attachment&e=\\d+&u=${attorney.id}&f=${attorney.firmId}&s=[\\w-]+$`,
      ),
    );
    expect((await open(url)).body).toBe(content);
  });

  it('refuse a tampered, re-targeted or expired link, and a deleted document', async () => {
    const { url } = await link('inline');
    const tampered = absolute(url);
    tampered.searchParams.set('d', 'attachment');
    expect((await open(tampered.toString())).statusCode).toBe(404);
    const forged = absolute(url);
    forged.searchParams.set('s', `${forged.searchParams.get('s')!.slice(0, -2)}AA`);
    expect((await open(forged.toString())).statusCode).toBe(404);
    const someoneElse = absolute(url);
    someoneElse.searchParams.set('u', client.id);
    expect((await open(someoneElse.toString())).statusCode).toBe(404);
    const longer = absolute(url);
    longer.searchParams.set('e', String(Number(longer.searchParams.get('e')) + 3600));
    expect((await open(longer.toString())).statusCode).toBe(404);
    const old = new SignedUrls(TEST_APP_SECRET).create(
      document.id,
      'inline',
      { userId: attorney.id, firmId: attorney.firmId },
      Date.now() - 301_000,
    );
    expect((await open(old.url)).statusCode).toBe(404);
    const otherDocument = (await upload(attorney, { name: 'x.txt', data: 'x' })).json()
      .data as DocumentDetail;
    expect((await open(url.replace(document.id, otherDocument.id))).statusCode).toBe(404);

    await ctx.app.inject({
      method: 'DELETE',
      url: `/api/document/${document.id}`,
      headers: bearer(attorney.token),
    });
    expect((await open(url)).statusCode).toBe(404);
  });
});

describe('a slow upload', () => {
  it('is cut off with 408 once it brings less than the minimum rate, leaving no file', async () => {
    // 1 KB in each second at least; this one sends 300 bytes and then nothing.
    const slow = await createTestContext({ UPLOAD_MIN_RATE: '1024/1s' });
    try {
      const owner = await makeUser(slow, { userType: 'attorney' });
      const token = (await login(slow, owner.email, owner.password)).body.token as string;
      const body = multipart({ name: 'slow.txt', data: Buffer.alloc(20 * 1024, 'c') });
      const stalled = new PassThrough();
      stalled.write(body.payload.subarray(0, 300));
      const started = Date.now();
      const response = await slow.app.inject({
        method: 'POST',
        url: '/api/document/upload/single',
        headers: {
          ...bearer(token),
          'content-type': body.contentType,
          'content-length': String(body.payload.length),
        },
        payload: stalled,
      });
      expect(response.statusCode).toBe(408);
      expect(response.json().error).toBe(
        'The upload was too slow (under 1 KB/s for 1 seconds). Check the connection and try again.',
      );
      expect(Date.now() - started).toBeLessThan(5_000);
      expect(await readdir(path.join(slow.dataDir, 'tmp'))).toEqual([]);
      expect(await slow.database.db.select().from(schema.documents)).toEqual([]);
      stalled.destroy();
    } finally {
      await slow.close();
    }
  });
});
