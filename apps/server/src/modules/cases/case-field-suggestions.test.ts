import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { schema } from '@sentinel/db';
import { createClient } from '@sentinel/db/factories';
import {
  CASE_FIELD_SUGGESTION_MESSAGES,
  type CaseDetail,
  type CaseFieldSuggestionsResponse,
  type KeyFieldValue,
} from '@sentinel/shared';
import { writePdf } from '@sentinel/analyzer/fixtures/pdf-writer';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, login, makeUser, useTestContext } from '../../test/helpers';

const ctx = useTestContext();
type Person = { id: string; firmId: string; token: string };
let attorney: Person;
let client: Person;
let contractor: Person;
let foreign: Person;

const api = (token: string, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

async function newCase(title: string, extra: Record<string, unknown> = {}) {
  const response = await api(attorney.token, 'POST', '/api/cases', { title, clientId: client.id, ...extra });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data.id as string;
}

/** A document of the case whose completed analysis reads these key fields. */
async function analysedDocument(
  caseId: string,
  fileName: string,
  keyFields: KeyFieldValue[],
  options: { subtype?: string | null; createdAt?: Date; status?: string; uploadedById?: string } = {},
) {
  const [row] = await ctx.database.db
    .insert(schema.documents)
    .values({
      firmId: attorney.firmId,
      caseId,
      fileName,
      contentType: 'text/plain',
      sizeBytes: 1000,
      sha256: randomUUID(),
      storageKey: randomUUID(),
      uploadedById: options.uploadedById ?? attorney.id,
      analysisStatus: options.status ?? 'completed',
      analyzedAt: new Date(),
      createdAt: options.createdAt ?? new Date(),
      analysis: {
        document_metadata: {
          document_type: 'contract',
          confidence: 0.9,
          type_source: 'classifier',
          page_count: 1,
          ocr_pages: 0,
          subtype: options.subtype === undefined ? 'declarations_page' : options.subtype,
          key_fields: keyFields,
        },
        entities: { persons: [], dates: [], amounts: [] },
        content: { summary: '', word_count: 100 },
        recommendations: [],
        analyzer: { name: 'local', version: 'test', duration_ms: 1 },
      },
    })
    .returning({ id: schema.documents.id });
  return row!.id;
}

const DECLARATIONS: KeyFieldValue[] = [
  {
    field: 'carrier',
    value: 'Gulf Coast Mutual Insurance Company',
    text: 'Gulf Coast Mutual Insurance Company',
  },
  { field: 'policy_number', value: 'HO-4471-2290', text: 'Policy Number: HO-4471-2290' },
  {
    field: 'property_address',
    value: '1418 Palmetto Drive, Tampa, FL 33602',
    text: 'Residence Premises: 1418 Palmetto Drive, Tampa, FL 33602',
  },
  {
    field: 'coverage_limit',
    value: 350000,
    label: 'Coverage A – Dwelling',
    text: 'Coverage A – Dwelling $350,000',
  },
];

const suggestions = async (caseId: string, token = attorney.token) => {
  const response = await api(token, 'GET', `/api/cases/${caseId}/field-suggestions`);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as CaseFieldSuggestionsResponse).data;
};
const apply = (caseId: string, payload: object, token = attorney.token) =>
  api(token, 'POST', `/api/cases/${caseId}/field-suggestions/apply`, payload);
const caseRow = async (caseId: string) =>
  (await ctx.database.db.select().from(schema.cases).where(eq(schema.cases.id, caseId)))[0]!;
const auditOf = async (caseId: string) =>
  (await ctx.database.db.select().from(schema.auditLog)).filter(
    (row) => (row.details as { caseId?: string } | null)?.caseId === caseId && row.action === 'case_updated',
  );

beforeAll(async () => {
  const signIn = async (user: { id: string; email: string; password: string }, firmId: string) => ({
    id: user.id,
    firmId,
    token: (await login(ctx, user.email, user.password)).body.token as string,
  });
  const lead = await makeUser(ctx, { userType: 'attorney' });
  attorney = await signIn(lead, lead.firmId);
  client = await signIn(await createClient(ctx.database.db, { firmId: lead.firmId }), lead.firmId);
  contractor = await signIn(
    await makeUser(ctx, { userType: 'restoration-contractor', firmId: lead.firmId }),
    lead.firmId,
  );
  const other = await makeUser(ctx, { userType: 'attorney' });
  foreign = await signIn(other, other.firmId);
});

describe('GET /api/cases/:id/field-suggestions', () => {
  it("suggests the documents' key fields for the case's empty fields only, citing the document", async () => {
    const caseId = await newCase('Palmetto Drive Residence', { carrier: 'Already Set Insurance' });
    const documentId = await analysedDocument(caseId, 'declarations.txt', DECLARATIONS);

    const data = await suggestions(caseId);
    expect(data).toEqual([
      {
        field: 'policyNumber',
        value: 'HO-4471-2290',
        sources: [
          {
            document: { id: documentId, name: 'declarations.txt', subtype: 'declarations_page' },
            text: 'Policy Number: HO-4471-2290',
          },
        ],
      },
      {
        field: 'propertyAddress',
        value: '1418 Palmetto Drive, Tampa, FL 33602',
        sources: [
          {
            document: { id: documentId, name: 'declarations.txt', subtype: 'declarations_page' },
            text: 'Residence Premises: 1418 Palmetto Drive, Tampa, FL 33602',
          },
        ],
      },
    ]);
    // Reading suggestions changes nothing.
    const row = await caseRow(caseId);
    expect([row.carrier, row.policyNumber, row.propertyAddress]).toEqual([
      'Already Set Insurance',
      null,
      null,
    ]);
  });

  it('cites every document that gives the same value, newest first, and keeps differing values apart', async () => {
    const caseId = await newCase('Two Letters Residence');
    const older = await analysedDocument(
      caseId,
      'reservation-of-rights.txt',
      [
        { field: 'claim_number', value: 'CL 2024 0815', text: 'Claim No.: CL 2024 0815' },
        { field: 'date_of_loss', value: '2024-08-15', text: 'date of loss of August 15, 2024' },
      ],
      { subtype: 'reservation_of_rights', createdAt: new Date('2024-09-01T10:00:00Z') },
    );
    const newer = await analysedDocument(
      caseId,
      'denial.txt',
      [
        { field: 'claim_number', value: 'CL-2024-0815', text: 'Re: Claim CL-2024-0815' },
        { field: 'date_of_loss', value: '2024-08-16', text: 'loss reported on 08/16/2024' },
      ],
      { subtype: 'denial_letter', createdAt: new Date('2024-10-01T10:00:00Z') },
    );
    // Not counted: an analysis still running, a date of loss in the future, an older analysis without key fields.
    await analysedDocument(
      caseId,
      'pending.txt',
      [{ field: 'carrier', value: 'Pending Mutual', text: 'x' }],
      {
        status: 'pending',
      },
    );
    await analysedDocument(caseId, 'future.txt', [{ field: 'date_of_loss', value: '2999-01-01', text: 'x' }]);
    await ctx.database.db.insert(schema.documents).values({
      firmId: attorney.firmId,
      caseId,
      fileName: 'old-analysis.pdf',
      contentType: 'application/pdf',
      sizeBytes: 10,
      sha256: randomUUID(),
      storageKey: randomUUID(),
      uploadedById: attorney.id,
      analysisStatus: 'completed',
      analysis: { document_metadata: { document_type: 'other', confidence: 0.5 } },
    });

    const data = await suggestions(caseId);
    expect(data.map((s) => [s.field, s.value, s.sources.map((source) => source.document.id)])).toEqual([
      ['claimNumber', 'CL-2024-0815', [newer, older]],
      ['dateOfLoss', '2024-08-16', [newer]],
      ['dateOfLoss', '2024-08-15', [older]],
    ]);
    expect(data[0]!.sources.map((source) => source.text)).toEqual([
      'Re: Claim CL-2024-0815',
      'Claim No.: CL 2024 0815',
    ]);
  });

  it('shows a name as a document spells it rather than as a letterhead sets it in capitals', async () => {
    const caseId = await newCase('Letterhead Residence');
    const letter = await analysedDocument(
      caseId,
      'reservation-of-rights.txt',
      [
        {
          field: 'carrier',
          value: 'Gulf Coast Mutual Insurance Company',
          text: 'Gulf Coast Mutual Insurance Company',
        },
      ],
      { subtype: 'reservation_of_rights', createdAt: new Date('2024-09-01T10:00:00Z') },
    );
    const declarations = await analysedDocument(
      caseId,
      'declarations.txt',
      [
        {
          field: 'carrier',
          value: 'GULF COAST MUTUAL INSURANCE COMPANY',
          text: 'GULF COAST MUTUAL INSURANCE COMPANY',
        },
      ],
      { createdAt: new Date('2024-10-01T10:00:00Z') },
    );
    const [carrier] = await suggestions(caseId);
    expect(carrier!.value).toBe('Gulf Coast Mutual Insurance Company');
    expect(carrier!.sources.map((source) => source.document.id)).toEqual([declarations, letter]);
  });

  it('is for attorneys of the firm: another firm gets 404, a client and a contractor 403', async () => {
    const caseId = await newCase('Private Residence');
    await analysedDocument(caseId, 'declarations.txt', DECLARATIONS);
    expect((await api(foreign.token, 'GET', `/api/cases/${caseId}/field-suggestions`)).statusCode).toBe(404);
    expect((await api(client.token, 'GET', `/api/cases/${caseId}/field-suggestions`)).statusCode).toBe(403);
    expect((await api(contractor.token, 'GET', `/api/cases/${caseId}/field-suggestions`)).statusCode).toBe(
      403,
    );
    const foreignApply = await apply(
      caseId,
      { field: 'carrier', value: 'Gulf Coast Mutual Insurance Company', documentId: randomUUID() },
      foreign.token,
    );
    expect(foreignApply.statusCode).toBe(404);
    expect((await caseRow(caseId)).carrier).toBeNull();
  });
});

/** A policy declarations page of our own making (no real policy), as a PDF with a text layer. */
const DECLARATIONS_PAGE = [
  'GRANITE STATE MUTUAL INSURANCE COMPANY',
  'HOMEOWNERS POLICY DECLARATIONS',
  'Policy Number: HO-4471-2026',
  'Policy Period: 01/01/2026 to 01/01/2027   12:01 a.m. standard time',
  'Named Insured: Priya Natarajan',
  'Residence Premises: 14 Juniper Lane, Concord, NH 03301',
  'SECTION I COVERAGES                       LIMIT OF LIABILITY      PREMIUM',
  'Coverage A – Dwelling                     $350,000                $1,912.00',
  'DEDUCTIBLES',
  'All Other Perils Deductible: $2,500',
  'FORMS AND ENDORSEMENTS MADE PART OF THIS POLICY',
  'Total Annual Premium: $1,912.00',
];

describe('from upload to suggestion, with the offline analyzer', () => {
  it('offers the policy number an uploaded declarations page states, and writes nothing by itself', async () => {
    const caseId = await newCase('Juniper Lane Residence');
    const boundary = 'suggestionsBOUNDARY';
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="declarations.pdf"\r\nContent-Type: application/pdf\r\n\r\n`;
    const tail = `\r\n--${boundary}\r\nContent-Disposition: form-data; name="caseId"\r\n\r\n${caseId}\r\n--${boundary}\r\nContent-Disposition: form-data; name="status"\r\n\r\npending\r\n--${boundary}--\r\n`;
    const uploaded = await ctx.app.inject({
      method: 'POST',
      url: '/api/document/upload/single',
      headers: { ...bearer(attorney.token), 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.concat([
        Buffer.from(head),
        writePdf([{ kind: 'text', lines: DECLARATIONS_PAGE }]),
        Buffer.from(tail),
      ]),
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const documentId = uploaded.json().data.id as string;
    expect(await suggestions(caseId)).toEqual([]);

    expect(await ctx.app.jobs.drain()).toBe(1);
    const policy = (await suggestions(caseId)).find((suggestion) => suggestion.field === 'policyNumber');
    expect(policy).toEqual({
      field: 'policyNumber',
      value: 'HO-4471-2026',
      sources: [
        {
          document: { id: documentId, name: 'declarations.pdf', subtype: 'declarations_page' },
          text: 'Policy Number: HO-4471-2026',
        },
      ],
    });
    const row = await caseRow(caseId);
    expect([row.carrier, row.policyNumber, row.propertyAddress]).toEqual([null, null, null]);
  });
});

describe('POST /api/cases/:id/field-suggestions/apply', () => {
  it('writes the confirmed value, audits it as a case edit, and refuses it a second time', async () => {
    const caseId = await newCase('Apply Residence');
    const documentId = await analysedDocument(caseId, 'declarations.txt', DECLARATIONS);
    const body = { field: 'policyNumber', value: 'HO-4471-2290', documentId };

    const response = await apply(caseId, body);
    expect(response.statusCode, response.body).toBe(200);
    const { data } = response.json() as { data: CaseDetail };
    expect(data.policyNumber).toBe('HO-4471-2290');
    expect(data.carrier).toBeNull();
    expect((await caseRow(caseId)).policyNumber).toBe('HO-4471-2290');
    const audits = await auditOf(caseId);
    expect(audits).toHaveLength(1);
    expect(audits[0]!.details).toMatchObject({ fields: ['policyNumber'], fromDocumentId: documentId });
    expect((await suggestions(caseId)).map((s) => s.field)).toEqual(['carrier', 'propertyAddress']);

    const again = await apply(caseId, body);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe(CASE_FIELD_SUGGESTION_MESSAGES.fieldFilled);
    expect(await auditOf(caseId)).toHaveLength(1);
  });

  it('takes the value as the documents give it, and sets the date of loss the deadlines count from', async () => {
    const caseId = await newCase('Date Residence');
    const documentId = await analysedDocument(caseId, 'proof-of-loss.txt', [
      { field: 'date_of_loss', value: '2024-08-15', text: 'Date of Loss: 08/15/2024' },
      { field: 'claim_number', value: 'CL-2024-0815', text: 'Claim CL-2024-0815' },
    ]);
    // The same value in another spelling identifies the suggestion; the documents' spelling is written.
    const claim = await apply(caseId, { field: 'claimNumber', value: 'cl 2024 0815', documentId });
    expect(claim.statusCode, claim.body).toBe(200);
    expect((await caseRow(caseId)).claimNumber).toBe('CL-2024-0815');

    const date = await apply(caseId, { field: 'dateOfLoss', value: '2024-08-15', documentId });
    expect(date.statusCode, date.body).toBe(200);
    expect((await caseRow(caseId)).dateOfLoss).toBe('2024-08-15');
    const deadlines = await api(attorney.token, 'GET', `/api/cases/${caseId}/deadlines`);
    expect(deadlines.json().keyDates).toContainEqual(
      expect.objectContaining({
        kind: 'date_of_loss',
        date: '2024-08-15',
        source: 'document',
        document: expect.objectContaining({ id: documentId }),
      }),
    );
  });

  it('refuses a value no document gives, or a document that does not give it (409), and writes nothing', async () => {
    const caseId = await newCase('Refused Residence');
    const documentId = await analysedDocument(caseId, 'declarations.txt', DECLARATIONS);
    const otherId = await analysedDocument(caseId, 'estimate.txt', [], { subtype: 'repair_estimate' });

    const typed = await apply(caseId, { field: 'carrier', value: 'Made Up Insurance', documentId });
    expect(typed.statusCode).toBe(409);
    expect(typed.json().error).toBe(CASE_FIELD_SUGGESTION_MESSAGES.suggestionGone);
    const elsewhere = await apply(caseId, {
      field: 'carrier',
      value: 'Gulf Coast Mutual Insurance Company',
      documentId: otherId,
    });
    expect(elsewhere.statusCode).toBe(409);
    const notSuggestible = await apply(caseId, { field: 'title', value: 'x', documentId });
    expect(notSuggestible.statusCode).toBe(400);
    expect(await auditOf(caseId)).toHaveLength(0);
    expect((await caseRow(caseId)).carrier).toBeNull();
  });
});
