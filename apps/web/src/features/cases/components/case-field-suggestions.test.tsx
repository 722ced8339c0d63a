import { CASE_FIELD_SUGGESTION_MESSAGES, type CaseDetail, type CaseFieldSuggestion } from '@sentinel/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { json, mockFetch } from '@/testing/fetch-mock';
import { renderWithRouter } from '@/testing/render-app';
import { signIn } from '@/testing/session';
import { attorney, detailOf, peopleAnswer, uuid } from '../testing';
import { CasePage } from './case-page';

const EMPTY = detailOf(7, { carrier: null, policyNumber: null, dateOfLoss: null });
const URL_OF = `/api/cases/${EMPTY.id}`;
const DECLARATIONS = { id: uuid(501), name: 'declarations.pdf', subtype: 'declarations_page' as const };
const DENIAL = { id: uuid(502), name: 'denial-letter.pdf', subtype: 'denial_letter' as const };

const SUGGESTIONS: CaseFieldSuggestion[] = [
  {
    field: 'carrier',
    value: 'Gulf Coast Mutual',
    sources: [{ document: DECLARATIONS, text: 'Gulf Coast Mutual Insurance Company' }],
  },
  {
    field: 'policyNumber',
    value: 'HO-4471-2290',
    sources: [
      { document: DECLARATIONS, text: 'Policy Number: HO-4471-2290' },
      { document: { ...DENIAL, subtype: null }, text: 'Policy HO 4471 2290' },
    ],
  },
  {
    field: 'dateOfLoss',
    value: '2024-08-15',
    sources: [{ document: DENIAL, text: 'date of loss of August 15, 2024' }],
  },
];

function openCase(suggestions: CaseFieldSuggestion[], handlers: Parameters<typeof mockFetch>[0] = {}) {
  signIn(attorney);
  let detail: CaseDetail = EMPTY;
  const fetches = mockFetch({
    [`GET ${URL_OF}`]: () => json(200, { data: detail }),
    [`GET ${URL_OF}/field-suggestions`]: () => json(200, { data: suggestions }),
    'GET /api/firm/people': () => json(200, peopleAnswer()),
    [`POST ${URL_OF}/field-suggestions/apply`]: (call) => {
      const body = call.body as { field: keyof CaseDetail; value: string };
      detail = { ...detail, [body.field]: body.value };
      suggestions = suggestions.filter((suggestion) => suggestion.field !== body.field);
      return json(200, { data: detail });
    },
    ...handlers,
  });
  return { ...fetches, ...renderWithRouter(<CasePage caseId={EMPTY.id} />, `/cases/${EMPTY.id}`) };
}

const card = async () =>
  (await screen.findByRole('heading', { name: 'Suggested from documents' })).closest('section')!;

afterEach(() => sessionStorage.clear());

describe('suggested from documents', () => {
  it('lists each value with its field, the documents it comes from and the words quoted', async () => {
    openCase(SUGGESTIONS);
    const section = await card();
    const items = within(section).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(items[0]).toHaveTextContent('Carrier');
    expect(items[0]).toHaveTextContent('Gulf Coast Mutual');
    expect(items[0]).toHaveTextContent('from declarations.pdf (Declarations page)');
    expect(items[0]).toHaveTextContent('“Gulf Coast Mutual Insurance Company”');
    expect(items[1]).toHaveTextContent('from declarations.pdf (Declarations page) and denial-letter.pdf');
    expect(items[2]).toHaveTextContent('Aug 15, 2024');
    expect(items[2]).toHaveTextContent('from denial-letter.pdf (Denial letter)');
    expect(
      within(items[1]!).getByRole('button', { name: 'Use HO-4471-2290 as the policy number' }),
    ).toBeInTheDocument();
  });

  it('"Use" sends the suggestion, shows the value on the case and takes the suggestion away', async () => {
    const { user, callsTo } = openCase(SUGGESTIONS);
    const section = await card();
    await user.click(within(section).getByRole('button', { name: 'Use HO-4471-2290 as the policy number' }));

    expect(await screen.findByText('Policy number set to HO-4471-2290, from declarations.pdf')).toBeVisible();
    expect(callsTo(`POST ${URL_OF}/field-suggestions/apply`)[0]!.body).toEqual({
      field: 'policyNumber',
      value: 'HO-4471-2290',
      documentId: DECLARATIONS.id,
    });
    const claim = screen.getByRole('heading', { name: 'Insurance claim' }).closest('section')!;
    expect(within(claim).getByText('HO-4471-2290')).toBeInTheDocument();
    await waitFor(() => expect(within(section).getAllByRole('listitem')).toHaveLength(2));
    expect(within(section).queryByText('HO-4471-2290')).not.toBeInTheDocument();
  });

  it('"Dismiss" hides one for the session and sends nothing; with none left there is no card', async () => {
    const { user, callsTo } = openCase(SUGGESTIONS.slice(0, 1));
    const section = await card();
    await user.click(
      within(section).getByRole('button', { name: 'Dismiss Gulf Coast Mutual as the carrier' }),
    );
    expect(screen.queryByRole('heading', { name: 'Suggested from documents' })).not.toBeInTheDocument();
    expect(callsTo(`POST ${URL_OF}/field-suggestions/apply`)).toHaveLength(0);
    expect(JSON.parse(sessionStorage.getItem(`sentinel.dismissed-field-suggestions.${EMPTY.id}`)!)).toEqual([
      'carrier:Gulf Coast Mutual',
    ]);
  });

  it('shows no card when the documents suggest nothing', async () => {
    const { callsTo } = openCase([]);
    await screen.findByRole('heading', { name: 'Insurance claim' });
    await waitFor(() => expect(callsTo(`GET ${URL_OF}/field-suggestions`)).toHaveLength(1));
    expect(screen.queryByRole('heading', { name: 'Suggested from documents' })).not.toBeInTheDocument();
  });

  it('says why when the server refuses (someone filled the field meanwhile)', async () => {
    const { user } = openCase(SUGGESTIONS, {
      [`POST ${URL_OF}/field-suggestions/apply`]: () =>
        json(409, { error: CASE_FIELD_SUGGESTION_MESSAGES.fieldFilled, code: 'CONFLICT' }),
    });
    const section = await card();
    await user.click(within(section).getByRole('button', { name: 'Use Gulf Coast Mutual as the carrier' }));
    expect(await screen.findByText(CASE_FIELD_SUGGESTION_MESSAGES.fieldFilled)).toBeVisible();
  });
});
