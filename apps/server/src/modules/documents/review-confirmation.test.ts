import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { schema } from '@sentinel/db';
import type { DocumentResponse } from '@sentinel/shared';
import { describe, expect, it } from 'vitest';
import { bearer, login, makeUser, useTestContext } from '../../test/helpers';

const ctx = useTestContext();

/**
 * Issue 14: a type the classifier was not sure of is flagged "Not sure — please confirm"; the
 * review that answers it (the same type, confirmed) clears the flag and still teaches the firm.
 */
describe('confirming an unsure type through the review', () => {
  it('clears needs_confirmation, keeps subtype and key fields, and records what the firm learned', async () => {
    const user = await makeUser(ctx, { userType: 'attorney' });
    const token = (await login(ctx, user.email, user.password)).body.token as string;
    const [row] = await ctx.database.db
      .insert(schema.documents)
      .values({
        firmId: user.firmId,
        fileName: 'estimate.txt',
        contentType: 'text/plain',
        sizeBytes: 100,
        sha256: randomUUID(),
        storageKey: randomUUID(),
        uploadedById: user.id,
        analysisStatus: 'completed',
        analyzedAt: new Date(),
        analysis: {
          document_metadata: {
            document_type: 'financial',
            confidence: 0.55,
            type_source: 'classifier',
            page_count: 1,
            ocr_pages: 0,
            needs_confirmation: true,
            subtype: 'repair_estimate',
            key_fields: [{ field: 'total', value: 18450.25, text: 'Total $18,450.25' }],
          },
          entities: { persons: [], dates: [], amounts: [] },
          content: { summary: 'A repair estimate.', word_count: 40 },
          recommendations: [],
          analyzer: { name: 'local', version: 'test', duration_ms: 1 },
          text: 'ESTIMATE OF REPAIRS Roof replacement line items Total $18,450.25 Replacement Cost Value',
        },
      })
      .returning({ id: schema.documents.id });

    const learningRows = () =>
      ctx.database.db
        .select()
        .from(schema.analysisLearning)
        .where(eq(schema.analysisLearning.firmId, user.firmId));
    expect(await learningRows()).toEqual([]);

    const response = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/document/${row!.id}`,
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
    const user = await makeUser(ctx, { userType: 'attorney' });
    const token = (await login(ctx, user.email, user.password)).body.token as string;
    const [row] = await ctx.database.db
      .insert(schema.documents)
      .values({
        firmId: user.firmId,
        fileName: 'declarations.txt',
        contentType: 'text/plain',
        sizeBytes: 100,
        sha256: randomUUID(),
        storageKey: randomUUID(),
        uploadedById: user.id,
        analysisStatus: 'completed',
        analyzedAt: new Date(),
        analysis: {
          document_metadata: {
            document_type: 'contract',
            confidence: 0.6,
            type_source: 'classifier',
            page_count: 1,
            ocr_pages: 0,
            needs_confirmation: true,
            subtype: 'declarations_page',
            key_fields: [{ field: 'policy_number', value: 'HO-4471', text: 'Policy Number: HO-4471' }],
          },
          entities: { persons: [], dates: [], amounts: [] },
          content: { summary: 'A declarations page.', word_count: 40 },
          recommendations: [],
          analyzer: { name: 'local', version: 'test', duration_ms: 1 },
          text: 'DECLARATIONS Policy Number: HO-4471 Coverage A Dwelling $350,000',
        },
      })
      .returning({ id: schema.documents.id });
    const review = async (documentType: string) => {
      const response = await ctx.app.inject({
        method: 'PATCH',
        url: `/api/document/${row!.id}`,
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
