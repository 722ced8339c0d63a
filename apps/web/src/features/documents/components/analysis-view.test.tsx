import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch } from '@/testing/fetch-mock';
import { renderWithRouter } from '@/testing/render-app';
import { attorney, propertyOwner, signIn } from '@/testing/session';
import { analysisOf, completed } from '../testing';
import { AnalysisView } from './analysis-view';
import { DocumentsPage } from './documents-page';

const DOC = completed(1);
const PATCH = `PATCH /api/document/${DOC.id}`;

function show(document = DOC) {
  signIn(attorney);
  const fetches = mockFetch({
    [PATCH]: (call) => {
      const body = call.body as { documentType?: string };
      const analysis = analysisOf();
      return json(200, {
        data: body.documentType
          ? {
              ...document,
              analysis: {
                ...analysis,
                document_metadata: {
                  ...analysis.document_metadata,
                  document_type: body.documentType,
                  confidence: 1,
                  type_source: 'user',
                },
              },
            }
          : document,
      });
    },
  });
  return { ...fetches, ...renderWithRouter(<AnalysisView document={document} />) };
}

const section = (title: string) => screen.getByRole('heading', { name: title }).closest('section')!;

describe('analysis view', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows the type with its confidence, parties, dates, amounts, summary and recommendations', () => {
    show();
    const classification = section('Classification');
    expect(classification).toHaveTextContent('Contract87% confidenceDetected automatically');
    expect(classification).toHaveTextContent('3 pages · 1 page read by OCR · 1,234 words');

    const parties = within(section('Parties'));
    expect(parties.getByText('Jane Doe')).toBeInTheDocument();
    expect(parties.getByRole('combobox', { name: 'Role of Jane Doe' })).toHaveValue('insured');
    expect(parties.getByRole('combobox', { name: 'Role of Acme Mutual' })).toHaveValue('');

    const dates = section('Dates');
    expect(dates).toHaveTextContent('Feb 20, 2026 · Date of loss');
    expect(dates).toHaveTextContent('“February 20, 2026”');
    expect(dates).toHaveTextContent('Apr 1, 2026 · Deadline');

    const amounts = section('Amounts');
    expect(amounts).toHaveTextContent('$125,000.00 · Policy limit');
    expect(amounts).toHaveTextContent('$2,500.50 · Deductible');

    expect(section('Summary')).toHaveTextContent('A homeowner policy covering wind and hail.');
    expect(
      within(section('Recommendations'))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Calendar the April 1 deadline.', 'Compare the estimate with the policy limit.']);
  });

  it('shows a client what the API gives them: no recommendations, no raw data', () => {
    signIn(propertyOwner);
    const { recommendations: _attorneys, ...shared } = analysisOf();
    renderWithRouter(<AnalysisView document={{ ...DOC, analysis: shared, canReview: false }} />);
    expect(section('Summary')).toHaveTextContent('A homeowner policy covering wind and hail.');
    expect(screen.queryByRole('heading', { name: 'Recommendations' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Raw data' })).not.toBeInTheDocument();
    expect(screen.queryByText('No recommendations.')).not.toBeInTheDocument();
  });

  it('copies the raw JSON and says Copied', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    const { user } = show();
    // user-event installs its own clipboard stub; replace it after setup.
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    expect(screen.getByLabelText('Raw JSON of the analysis').textContent).toBe(
      JSON.stringify(DOC.analysis, null, 2),
    );
    await user.click(screen.getByRole('button', { name: 'Copy JSON' }));
    expect(await screen.findByRole('button', { name: 'Copied' })).toBeInTheDocument();
    expect(screen.getByText('Copied to the clipboard')).toBeInTheDocument();
    expect(JSON.parse(writeText.mock.calls[0]![0] as string)).toEqual(DOC.analysis);
  });

  it('sends each review as a PATCH: the type, a role, a removed entity', async () => {
    const { user, callsTo } = show();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Correct the type' }), 'Pleading');
    await waitFor(() => expect(callsTo(PATCH)).toHaveLength(1));
    expect(callsTo(PATCH)[0]!.body).toEqual({ documentType: 'pleading' });

    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Role of Acme Mutual' })).toBeEnabled());
    await user.selectOptions(screen.getByRole('combobox', { name: 'Role of Acme Mutual' }), 'Insurer');
    await waitFor(() => expect(callsTo(PATCH)).toHaveLength(2));
    expect(callsTo(PATCH)[1]!.body).toEqual({
      entityCorrections: [{ kind: 'person', name: 'Acme Mutual', role: 'insurer' }],
    });

    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Role of Jane Doe' })).toBeEnabled());
    await user.selectOptions(screen.getByRole('combobox', { name: 'Role of Jane Doe' }), 'Role unknown');
    await waitFor(() => expect(callsTo(PATCH)).toHaveLength(3));
    expect(callsTo(PATCH)[2]!.body).toEqual({
      entityCorrections: [{ kind: 'person', name: 'Jane Doe', role: null }],
    });

    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Remove the date by April 1, 2026' })).toBeEnabled(),
    );
    await user.click(screen.getByRole('button', { name: 'Remove the date by April 1, 2026' }));
    await waitFor(() => expect(callsTo(PATCH)).toHaveLength(4));
    expect(callsTo(PATCH)[3]!.body).toEqual({
      entityCorrections: [{ kind: 'remove', entity: 'date', text: 'by April 1, 2026' }],
    });

    await waitFor(() => expect(screen.getByRole('button', { name: 'Remove Acme Mutual' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Remove Acme Mutual' }));
    await waitFor(() => expect(callsTo(PATCH)).toHaveLength(5));
    expect(callsTo(PATCH)[4]!.body).toEqual({
      entityCorrections: [{ kind: 'remove', entity: 'person', text: 'Acme Mutual' }],
    });

    await user.click(screen.getByRole('button', { name: 'Remove the amount $2,500.50 deductible' }));
    await waitFor(() => expect(callsTo(PATCH)).toHaveLength(6));
    expect(callsTo(PATCH)[5]!.body).toEqual({
      entityCorrections: [{ kind: 'remove', entity: 'amount', text: '$2,500.50 deductible' }],
    });
  });

  it('says "Corrected by you" after the user corrects the type, and "Set by a person" otherwise', async () => {
    const set = analysisOf();
    const byPerson = completed(2, {
      analysis: {
        ...set,
        document_metadata: { ...set.document_metadata, type_source: 'user', confidence: 1 },
      },
    });
    const first = show(byPerson);
    expect(section('Classification')).toHaveTextContent('ContractSet by a person');
    first.unmount();

    // On the documents screen: the PATCH answer replaces the listed document.
    let doc = completed(1);
    mockFetch({
      [`GET /api/document/${attorney.userId}/all`]: () => json(200, { data: [doc] }),
      [PATCH]: (call) => {
        const type = (call.body as { documentType: 'financial' }).documentType;
        doc = {
          ...doc,
          analysis: {
            ...set,
            document_metadata: {
              ...set.document_metadata,
              document_type: type,
              confidence: 1,
              type_source: 'user',
            },
          },
        };
        return json(200, { data: doc });
      },
    });
    const { user } = renderWithRouter(<DocumentsPage />, '/documents');
    await user.click(await screen.findByRole('button', { name: 'Show analysis of document-1.pdf' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Correct the type' }), 'Financial');
    expect(await screen.findByText('Corrected by you')).toBeInTheDocument();
    expect(section('Classification')).toHaveTextContent('FinancialCorrected by you');
  });

  it('has no review controls without canReview', () => {
    show(completed(1, { canReview: false }));
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Remove/ })).not.toBeInTheDocument();
    expect(within(section('Parties')).getByText('Insured')).toBeInTheDocument();
    expect(within(section('Parties')).getByText('Role unknown')).toBeInTheDocument();
  });
});
