import { CASE_DOCUMENT_CHECKLIST, type DocumentDetail, type DocumentType } from '@sentinel/shared';
import { describe, expect, it } from 'vitest';
import { tickChecklist } from './checklist';

let n = 0;
const doc = (
  fileName: string,
  options: { type?: DocumentType; contentType?: string; day?: number } = {},
): DocumentDetail => {
  n += 1;
  return {
    id: `doc-${n}`,
    fileName,
    fileSize: 100,
    contentType: options.contentType ?? 'application/pdf',
    createdAt: `2026-03-${String(options.day ?? 10).padStart(2, '0')}T10:00:00.000Z`,
    caseId: 'case-1',
    caseNumber: 'CASE-2026-001',
    caseTitle: 'Roof',
    uploadedBy: null,
    sharedWithClient: true,
    activeContent: [],
    analysisStatus: options.type ? 'completed' : 'not_analyzed',
    analysis: options.type
      ? {
          document_metadata: {
            document_type: options.type,
            confidence: 0.9,
            type_source: 'classifier',
            page_count: 1,
            ocr_pages: 0,
          },
          entities: { persons: [], dates: [], amounts: [] },
          content: { summary: '', word_count: 10 },
          recommendations: [],
          analyzer: { name: 'local', version: '1', duration_ms: 1 },
        }
      : null,
    analysisError: null,
    canDelete: false,
    canReview: false,
  };
};

const summary = (items: readonly string[], documents: DocumentDetail[]) =>
  Object.fromEntries(
    tickChecklist(items, documents).map((tick) => [
      tick.item,
      tick.document ? `${tick.document.fileName} (${tick.reason})` : null,
    ]),
  );

describe('document checklist matching', () => {
  const propertyDamage = CASE_DOCUMENT_CHECKLIST['property-damage'];

  it('ticks nothing without documents', () => {
    expect(summary(propertyDamage, [])).toEqual({
      'Insurance policy': null,
      'Photos of the damage': null,
      'Repair estimates': null,
      'Correspondence with the carrier': null,
    });
  });

  it('matches words of the file name, pictures, and the analysed type of unclaimed documents', () => {
    expect(
      summary(propertyDamage, [
        doc('Homeowner_Policy-2026.pdf'),
        doc('IMG_2041.jpg', { contentType: 'image/jpeg' }),
        doc('contractor-quote.pdf'),
        doc('scan0001.pdf', { type: 'correspondence' }),
      ]),
    ).toEqual({
      'Insurance policy': 'Homeowner_Policy-2026.pdf (name)',
      'Photos of the damage': 'IMG_2041.jpg (image)',
      'Repair estimates': 'contractor-quote.pdf (name)',
      'Correspondence with the carrier': 'scan0001.pdf (type)',
    });
  });

  it('does not let a document claimed by name tick another item by its type, nor match inside words', () => {
    // 'policy.pdf' is a contract: it ticks the policy by name, and is not also the estimate.
    expect(
      summary(propertyDamage, [doc('policy.pdf', { type: 'financial' }), doc('unestimated.pdf')]),
    ).toMatchObject({ 'Insurance policy': 'policy.pdf (name)', 'Repair estimates': null });
  });

  it('a contract ticks the policy, a financial document the estimates, the earliest one first', () => {
    expect(
      summary(propertyDamage, [
        doc('b.pdf', { type: 'financial', day: 12 }),
        doc('a.pdf', { type: 'financial', day: 11 }),
        doc('c.pdf', { type: 'contract' }),
      ]),
    ).toMatchObject({ 'Insurance policy': 'c.pdf (type)', 'Repair estimates': 'a.pdf (type)' });
  });

  it('one letter ticks one correspondence item unless its name says more', () => {
    const items = CASE_DOCUMENT_CHECKLIST['insurance-dispute'];
    expect(summary(items, [doc('scan.pdf', { type: 'correspondence' })])).toMatchObject({
      'Denial or offer letter': 'scan.pdf (type)',
      'Claim file correspondence': null,
    });
    expect(summary(items, [doc('Denial letter.pdf'), doc('proof-of-loss.pdf')])).toMatchObject({
      'Denial or offer letter': 'Denial letter.pdf (name)',
      'Proof of loss': 'proof-of-loss.pdf (name)',
    });
  });

  it("'Supporting documents' takes any document left over", () => {
    expect(summary(CASE_DOCUMENT_CHECKLIST.other, [doc('policy.pdf'), doc('anything.zip')])).toEqual({
      'Insurance policy': 'policy.pdf (name)',
      'Supporting documents': 'anything.zip (any)',
    });
  });
});
