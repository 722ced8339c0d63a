import type { DocumentAnalysis, DocumentDetail, ListCasesResponse } from '@sentinel/shared';

/** Test data of the documents feature (unit tests only). */
export const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

export const CASE_ID = uuid(500);

export const analysisOf = (overrides: Partial<DocumentAnalysis> = {}): DocumentAnalysis => ({
  document_metadata: {
    document_type: 'contract',
    confidence: 0.873,
    type_source: 'classifier',
    page_count: 3,
    ocr_pages: 1,
  },
  entities: {
    persons: [
      { name: 'Jane Doe', role: 'insured' },
      { name: 'Acme Mutual', role: null },
    ],
    dates: [
      { date: '2026-02-20', kind: 'date_of_loss', text: 'February 20, 2026' },
      { date: '2026-04-01', kind: 'deadline', text: 'by April 1, 2026' },
    ],
    amounts: [
      { value: 125000, currency: 'USD', kind: 'policy_limit', text: '$125,000' },
      { value: 2500.5, currency: 'USD', kind: 'deductible', text: '$2,500.50 deductible' },
    ],
  },
  content: { summary: 'A homeowner policy covering wind and hail.', word_count: 1234 },
  recommendations: ['Calendar the April 1 deadline.', 'Compare the estimate with the policy limit.'],
  analyzer: { name: 'local', version: '1.0.0', duration_ms: 42 },
  ...overrides,
});

export const documentOf = (n: number, overrides: Partial<DocumentDetail> = {}): DocumentDetail => ({
  id: uuid(n),
  fileName: `document-${n}.pdf`,
  fileSize: 2048,
  contentType: 'application/pdf',
  createdAt: `2026-03-${String(10 + (n % 18)).padStart(2, '0')}T10:00:00.000Z`,
  caseId: CASE_ID,
  caseNumber: 'CASE-2026-001',
  caseTitle: 'Roof collapse',
  uploadedBy: { id: 'user-1', name: 'Ada Lovelace' },
  sharedWithClient: false,
  activeContent: [],
  analysisStatus: 'not_analyzed',
  analysis: null,
  analysisError: null,
  canDelete: true,
  canReview: true,
  ...overrides,
});

export const completed = (n: number, overrides: Partial<DocumentDetail> = {}) =>
  documentOf(n, { analysisStatus: 'completed', analysis: analysisOf(), ...overrides });

/** GET /api/cases?pageSize=all with one case: what the case selects of the upload forms read. */
export const casesAnswer: ListCasesResponse = {
  data: [
    {
      id: CASE_ID,
      caseNumber: 'CASE-2026-001',
      title: 'Roof collapse',
      caseType: 'property-damage',
      status: 'active',
      priority: 'medium',
      client: { id: 'c-1', name: 'Grace Hopper' },
      leadAttorney: null,
      dateOpened: '2026-03-01',
      dueDate: null,
      settlementAmount: null,
      lastActivityAt: '2026-03-01T10:00:00.000Z',
    },
  ],
  total: 1,
};
