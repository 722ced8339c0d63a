import { randomUUID } from 'node:crypto';
import { schema } from '@sentinel/db';
import { createCase, createClient } from '@sentinel/db/factories';
import {
  FIELD_ACCESS,
  USER_TYPES,
  type CaseDetail,
  type DocumentAnalysis,
  type DocumentDetail,
  type UserType,
} from '@sentinel/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, login, makeUser, useTestContext } from '../../test/helpers';

const ctx = useTestContext();

const ANALYSIS: DocumentAnalysis = {
  document_metadata: {
    document_type: 'correspondence',
    confidence: 0.93,
    type_source: 'classifier',
    page_count: 1,
    ocr_pages: 0,
    subtype: 'denial_letter',
    key_fields: [{ field: 'claim_number', value: 'CLM-2026-88310', text: 'Claim No. CLM-2026-88310' }],
  },
  entities: { persons: [{ name: 'Janet Cole', role: 'insurer' }], dates: [], amounts: [] },
  content: { summary: 'The carrier denies the claim for water damage.', word_count: 120 },
  recommendations: ['Demand appraisal before April 15, 2026; the carrier’s estimate is $26,850 short.'],
  analyzer: { name: 'local', version: 'test', duration_ms: 1 },
};

/**
 * One case seen by each of the five user types: the attorney, the client (the case's), and a
 * contractor, a public adjuster and an expert on the case's team; one analysed document of the
 * case shared with the client. What each reads must be what FIELD_ACCESS declares.
 */
const tokens = {} as Record<UserType, string>;
const userIds = {} as Record<UserType, string>;
let caseId: string;
let documentId: string;

beforeAll(async () => {
  const db = ctx.database.db;
  const attorney = await makeUser(ctx, { userType: 'attorney' });
  const firmId = attorney.firmId;
  const client = await createClient(db, { firmId });
  const row = await createCase(db, {
    firmId,
    clientId: client.id,
    title: 'Hernandez water damage',
    createdById: attorney.id,
    carrier: 'Harborline Mutual',
    policyNumber: 'HO-5521-0098',
    claimNumber: 'CLM-2026-88310',
    targetSettlement: 125000,
    settlementAmount: 98000,
  });
  caseId = row.id;
  tokens.attorney = (await login(ctx, attorney.email, attorney.password)).body.token as string;
  tokens.client = (await login(ctx, client.email, client.password)).body.token as string;
  userIds.attorney = attorney.id;
  userIds.client = client.id;
  for (const [userType, role] of [
    ['restoration-contractor', 'contractor'],
    ['public-adjuster', 'adjuster'],
    ['expert-witness', 'expert'],
  ] as const) {
    const member = await makeUser(ctx, { userType, firmId });
    const added = await ctx.app.inject({
      method: 'POST',
      url: `/api/cases/${caseId}/members`,
      headers: bearer(tokens.attorney),
      payload: { userId: member.id, role },
    });
    expect(added.statusCode).toBe(201);
    tokens[userType] = (await login(ctx, member.email, member.password)).body.token as string;
    userIds[userType] = member.id;
  }
  const [document] = await db
    .insert(schema.documents)
    .values({
      firmId,
      caseId,
      fileName: 'denial-letter.pdf',
      contentType: 'application/pdf',
      sizeBytes: 1000,
      sha256: '0'.repeat(64),
      storageKey: randomUUID(),
      uploadedById: attorney.id,
      sharedWithClient: true,
      analysisStatus: 'completed',
      analysis: ANALYSIS as unknown as Record<string, unknown>,
    })
    .returning();
  documentId = document!.id;
});

const read = async <T>(userType: UserType, url: string) => {
  const response = await ctx.app.inject({ method: 'GET', url, headers: bearer(tokens[userType]) });
  expect(response.statusCode, `${userType} GET ${url} ${response.body}`).toBe(200);
  return response.json().data as T;
};

describe('field-level access: each role reads what FIELD_ACCESS declares', () => {
  it.each(USER_TYPES)('%s: the case', async (userType) => {
    const detail = await read<CaseDetail>(userType, `/api/cases/${caseId}`);
    // What every role on the case reads.
    expect(detail).toMatchObject({ title: 'Hernandez water damage', carrier: 'Harborline Mutual' });
    expect(detail.settlementAmount).toBe(98000);
    const values: Record<keyof typeof FIELD_ACCESS.case, unknown> = {
      policyNumber: 'HO-5521-0098',
      claimNumber: 'CLM-2026-88310',
      targetSettlement: 125000,
      activity: expect.any(Array),
    };
    for (const [field, readers] of Object.entries(FIELD_ACCESS.case)) {
      const key = field as keyof typeof values;
      if ((readers as readonly UserType[]).includes(userType))
        expect(detail[key], field).toEqual(values[key]);
      else expect(detail, `${userType} must not read ${field}`).not.toHaveProperty(field);
    }
    // Nor does the body carry them anywhere else.
    const body = JSON.stringify(detail);
    if (userType !== 'attorney') {
      expect(body).not.toContain('HO-5521-0098');
      expect(body).not.toContain('CLM-2026-88310');
      expect(body).not.toContain('125000');
    }
  });

  it.each(USER_TYPES)('%s: the analysed document', async (userType) => {
    const detail = await read<DocumentDetail>(userType, `/api/document/${documentId}`);
    expect(detail.analysis).toMatchObject({
      document_metadata: { document_type: 'correspondence' },
      content: { summary: ANALYSIS.content.summary },
    });
    const readsRecommendations = (
      FIELD_ACCESS.document['analysis.recommendations'] as readonly UserType[]
    ).includes(userType);
    if (readsRecommendations) expect(detail.analysis?.recommendations).toEqual(ANALYSIS.recommendations);
    else {
      expect(detail.analysis).not.toHaveProperty('recommendations');
      expect(JSON.stringify(detail)).not.toContain('Demand appraisal');
    }
    // The subtype is everyone's; its key fields (a claim number here) only FIELD_ACCESS's.
    expect(detail.analysis?.document_metadata.subtype).toBe('denial_letter');
    if ((FIELD_ACCESS.document['analysis.key_fields'] as readonly UserType[]).includes(userType))
      expect(detail.analysis?.document_metadata.key_fields).toEqual(ANALYSIS.document_metadata.key_fields);
    else {
      expect(detail.analysis?.document_metadata).not.toHaveProperty('key_fields');
      expect(JSON.stringify(detail)).not.toContain('CLM-2026-88310');
    }
    // The list of documents carries the same.
    const list = await ctx.app.inject({
      method: 'GET',
      url: `/api/document/${userIds[userType]}/all?caseId=${caseId}`,
      headers: bearer(tokens[userType]),
    });
    expect(list.statusCode).toBe(200);
    expect(list.body).toContain(documentId);
    expect(list.body.includes('Demand appraisal')).toBe(readsRecommendations);
    expect(list.body.includes('CLM-2026-88310')).toBe(userType === 'attorney');
  });
});
