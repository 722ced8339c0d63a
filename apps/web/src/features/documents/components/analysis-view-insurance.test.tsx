import type { DocumentAnalysis } from '@sentinel/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, mockFetch } from '@/testing/fetch-mock';
import { renderWithRouter } from '@/testing/render-app';
import { attorney, propertyOwner, signIn } from '@/testing/session';
import { analysisOf, completed } from '../testing';
import { AnalysisView } from './analysis-view';

/** Issue 14 on the analysis screen: the insurance subtype, its key facts and the unsure flag. */
const ESTIMATE = analysisOf({
  document_metadata: {
    document_type: 'financial',
    confidence: 0.58,
    type_source: 'classifier',
    page_count: 2,
    ocr_pages: 0,
    needs_confirmation: true,
    subtype: 'repair_estimate',
    key_fields: [
      { field: 'claim_number', value: 'CL-2024-0815', text: 'Claim #: CL-2024-0815' },
      { field: 'date_of_loss', value: '2024-08-15', text: 'Date of Loss: 8/15/2024' },
      { field: 'rcv', value: 18450.25, text: 'RCV 18,450.25' },
      { field: 'coverage_limit', value: 350000, label: 'Coverage A – Dwelling', text: 'Dwelling $350,000' },
      {
        field: 'deductible',
        value: 2500,
        label: 'All Other Perils Deductible',
        text: 'AOP Deductible: $2,500',
      },
    ],
  },
});
const DOC = completed(1, { analysis: ESTIMATE });
const PATCH = `PATCH /api/document/${DOC.id}`;

function show(analysis: DocumentAnalysis = ESTIMATE, user = attorney) {
  signIn(user);
  const document = { ...DOC, analysis, canReview: user === attorney };
  const fetches = mockFetch({ [PATCH]: () => json(200, { data: document }) });
  return { ...fetches, ...renderWithRouter(<AnalysisView document={document} />) };
}

const section = (title: string) => screen.getByRole('heading', { name: title }).closest('section')!;

describe('analysis view of an insurance document', () => {
  it('shows the type with its subtype, and the key facts with the words they were read from', () => {
    show();
    expect(section('Classification')).toHaveTextContent(
      'Financial · Repair estimate58% confidenceNot sure — please confirmDetected automatically',
    );
    const facts = within(section('Key facts'));
    const terms = facts.getAllByRole('term').map((term) => term.textContent);
    expect(terms).toEqual([
      'Claim number',
      'Date of loss',
      'Replacement cost value (RCV)',
      'Coverage limit · Coverage A – Dwelling',
      'All Other Perils Deductible',
    ]);
    const values = facts.getAllByRole('definition').map((value) => value.textContent);
    expect(values).toEqual([
      'CL-2024-0815',
      '“Claim #: CL-2024-0815”',
      'Aug 15, 2024',
      '“Date of Loss: 8/15/2024”',
      '$18,450.25',
      '“RCV 18,450.25”',
      '$350,000.00',
      '“Dwelling $350,000”',
      '$2,500.00',
      '“AOP Deductible: $2,500”',
    ]);
  });

  it('"Not sure — please confirm" takes the reviewer to the type; confirming it sends the type as a review', async () => {
    const { user, callsTo } = show();
    await user.click(screen.getByRole('button', { name: 'Not sure — please confirm' }));
    expect(screen.getByRole('combobox', { name: 'Correct the type' })).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Confirm Financial' }));
    await waitFor(() => expect(callsTo(PATCH)).toHaveLength(1));
    expect(callsTo(PATCH)[0]!.body).toEqual({ documentType: 'financial' });
  });

  it('shows the flag as text to someone who may not review, and not at all once a person chose the type', () => {
    const { unmount } = show(ESTIMATE, propertyOwner);
    expect(section('Classification')).toHaveTextContent('Not sure — please confirm');
    expect(screen.queryByRole('button', { name: 'Not sure — please confirm' })).not.toBeInTheDocument();
    unmount();

    show({
      ...ESTIMATE,
      document_metadata: { ...ESTIMATE.document_metadata, type_source: 'user', confidence: 1 },
    });
    expect(section('Classification')).not.toHaveTextContent('Not sure');
    expect(screen.queryByRole('button', { name: /^Confirm/ })).not.toBeInTheDocument();
  });

  it('renders an analysis made before subtypes as before: no subtype, no flag, no key facts', () => {
    show(analysisOf());
    expect(section('Classification')).toHaveTextContent('Contract87% confidenceDetected automatically');
    expect(screen.queryByRole('heading', { name: 'Key facts' })).not.toBeInTheDocument();
  });

  it('shows an estimate’s first eight amounts, and all ninety on "Show all"', async () => {
    const lineItems = Array.from({ length: 90 }, (_, i) => ({
      value: 100 + i,
      currency: 'USD',
      kind: 'estimate' as const,
      text: `Line ${i + 1} $${100 + i}.00`,
    }));
    const { user } = show({ ...ESTIMATE, entities: { ...ESTIMATE.entities, amounts: lineItems } });
    const amounts = within(section('Amounts'));
    // The largest first: the totals lead, the unit prices follow.
    expect(amounts.getAllByRole('listitem')).toHaveLength(8);
    expect(amounts.getAllByRole('listitem')[0]).toHaveTextContent('$189.00');
    await user.click(amounts.getByRole('button', { name: 'Show all 90 amounts' }));
    expect(amounts.getAllByRole('listitem')).toHaveLength(90);
    await user.click(amounts.getByRole('button', { name: 'Show fewer amounts' }));
    expect(amounts.getAllByRole('listitem')).toHaveLength(8);
  });
});
