import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { schema } from '@sentinel/db';
import type { DocumentResponse, DocumentSubtype, DocumentType, KeyFieldValue } from '@sentinel/shared';
import { describe, expect, it } from 'vitest';
import { bearer, login, makeUser, useTestContext } from '../../test/helpers';

const ctx = useTestContext();

/** An attorney, and a completed analysis of theirs the classifier was not sure of. */
async function unsureDocument(document: {
  fileName: string;
  documentType: DocumentType;
  confidence: number;
  subtype: DocumentSubtype;
  keyFields: KeyFieldValue[];
  summary: string;
  text: string;
}) {
  const user = await makeUser(ctx, { userType: 'attorney' });
  const token = (await login(ctx, user.email, user.password)).body.token as string;
  const [row] = await ctx.database.db
    .insert(schema.documents)
    .values({
      firmId: user.firmId,
      fileName: document.fileName,
      contentType: 'text/plain',
      sizeBytes: 100,
      sha256: randomUUID(),
      storageKey: randomUUID(),
      uploadedById: user.id,
      analysisStatus: 'completed',
      analyzedAt: new Date(),
      analysis: {
        document_metadata: {
          document_type: document.documentType,
          confidence: document.confidence,
          type_source: 'classifier',
          page_count: 1,
          ocr_pages: 0,
          needs_confirmation: true,
          subtype: document.subtype,
          key_fields: document.keyFields,
        },
        entities: { persons: [], dates: [], amounts: [] },
        content: { summary: document.summary, word_count: 40 },
        recommendations: [],
        analyzer: { name: 'local', version: 'test', duration_ms: 1 },
        text: document.text,
      },
    })
    .returning({ id: schema.documents.id });
  return { user, token, id: row!.id };
}

/**
 * Issue 14: a type the classifier was not sure of is flagged "Not sure — please confirm"; the
 * review that answers it (the same type, confirmed) clears the flag and still teaches the firm.
 */
describe('confirming an unsure type through the review', () => {
  it('clears needs_confirmation, keeps subtype and key fields, and records what the firm learned', async () => {
    const { user, token, id } = await unsureDocument({
      fileName: 'estimate.txt',
      documentType: 'financial',
      confidence: 0.55,
      subtype: 'repair_estimate',
      keyFields: [{ field: 'total', value: 18450.25, text: 'Total $18,450.25' }],
      summary: 'A repair estimate.',
      text: 'ESTIMATE OF REPAIRS Roof replacement line items Total $18,450.25 Replacement Cost Value',
    });

    const learningRows = () =>
      ctx.database.db
        .select()
        .from(schema.analysisLearning)
        .where(eq(schema.analysisLearning.firmId, user.firmId));
    expect(await learningRows()).toEqual([]);

    const response = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/document/${id}`,
      headers: bearer(token),
      payload: { documentType: 'financial' },
    });
    expect(response.statusCode, response.body).toBe(200);
    const meta = (response.json() as DocumentResponse).data.analysis!.document_metadata;
    expect(meta).toMatchObject({
      document_type: 'financial',
      type_source: 'user',
      needs_confirmation: false,
      subtype: 'repair_estimate',
      key_fields: [{ field: 'total', value: 18450.25, text: 'Total $18,450.25' }],
    });
    const [learning] = await learningRows();
    expect(learning?.learned).toBeTruthy();
  });

  it('drops the subtype and its key fields when the corrected type does not fit them', async () => {
    const { token, id } = await unsureDocument({
      fileName: 'declarations.txt',
      documentType: 'contract',
      confidence: 0.6,
      subtype: 'declarations_page',
      keyFields: [{ field: 'policy_number', value: 'HO-4471', text: 'Policy Number: HO-4471' }],
      summary: 'A declarations page.',
      text: 'DECLARATIONS Policy Number: HO-4471 Coverage A Dwelling $350,000',
    });
    const review = async (documentType: string) => {
      const response = await ctx.app.inject({
        method: 'PATCH',
        url: `/api/document/${id}`,
        headers: bearer(token),
        payload: { documentType },
      });
      expect(response.statusCode, response.body).toBe(200);
      return (response.json() as DocumentResponse).data.analysis!.document_metadata;
    };
    // Financial fits a declarations page (a table of limits): it stays.
    expect(await review('financial')).toMatchObject({ subtype: 'declarations_page' });
    // A pleading does not.
    expect(await review('pleading')).toMatchObject({
      document_type: 'pleading',
      subtype: null,
      key_fields: [],
    });
  });
});
