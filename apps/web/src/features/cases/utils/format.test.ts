import { describe, expect, it } from 'vitest';
import { describeActivity } from './format';

describe('describeActivity', () => {
  it("says when a case field was filled from a document's suggestion", () => {
    const entry = { action: 'case_updated', at: '2026-03-05T10:00:00.000Z', by: 'Ada Lovelace' };
    expect(
      describeActivity({
        ...entry,
        details: { fields: ['policyNumber'], fromDocumentId: '00000000-0000-4000-8000-000000000501' },
      }),
    ).toEqual({ title: 'Case updated', detail: 'Changed: Policy number · from a document' });
    expect(describeActivity({ ...entry, details: { fields: ['policyNumber'] } })).toEqual({
      title: 'Case updated',
      detail: 'Changed: Policy number',
    });
  });
});
