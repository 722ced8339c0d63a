import { DEADLINE_MESSAGES, type CaseDeadlinesResponse } from '@sentinel/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { queryKeys } from '@/api/query-keys';
import { queryClient } from '@/lib/query-client';
import { json, mockFetch, verifiedAs } from '@/testing/fetch-mock';
import { fillIn, renderApp, renderWithRouter } from '@/testing/render-app';
import { attorney, propertyOwner, signIn } from '@/testing/session';
import {
  ACKNOWLEDGE,
  CASE_ID,
  caseDetail,
  DENIAL_LETTER,
  PAY_OR_DENY,
  PRESUIT,
  VIEW_URL,
  viewOf,
} from '../testing';
import { CaseDeadlines } from './case-deadlines';

function openTab(view: CaseDeadlinesResponse, handlers: Parameters<typeof mockFetch>[0] = {}) {
  signIn(attorney);
  const fetches = mockFetch({ [`GET ${VIEW_URL}`]: () => json(200, view), ...handlers });
  return { ...fetches, ...renderWithRouter(<CaseDeadlines caseId={CASE_ID} />, `/cases/${CASE_ID}`) };
}

const deadlinesCard = () => screen.getByRole('heading', { level: 2, name: 'Deadlines' }).closest('section')!;
/** The view has arrived (the loading state has a Deadlines card too, but no Key dates). */
const loaded = () => screen.findByRole('heading', { level: 2, name: 'Key dates' });
const rowOf = (ruleId: string) => document.getElementById(`deadline-${ruleId}`)!;

describe('deadlines tab', () => {
  it('shows the judgement note and every deadline with its citation, overdue, unverified and rolled dates', async () => {
    openTab(viewOf());
    await loaded();
    expect(screen.getByText(DEADLINE_MESSAGES.judgementNote)).toBeInTheDocument();

    const card = deadlinesCard();
    // Open ones first, in date order; then the reviewed ones.
    const rows = within(card)
      .getAllByRole('listitem')
      .filter((item) => item.id.startsWith('deadline-'));
    expect(rows.map((item) => item.id)).toEqual([
      'deadline-FL-04',
      'deadline-FL-07',
      'deadline-FL-12',
      'deadline-FL-02',
    ]);
    expect(within(card).getByText('1 overdue', { exact: false })).toBeInTheDocument();

    // Overdue: red, said in words, and phrased as the carrier's failure (leverage).
    const overdue = rowOf('FL-04');
    expect(within(overdue).getByText('Tue, Oct 8, 2024')).toHaveClass('text-red-700');
    expect(within(overdue).getByText('Overdue')).toBeInTheDocument();
    expect(within(overdue).getByText('Carrier')).toBeInTheDocument();
    expect(
      within(overdue).getByText(
        'The carrier had to acknowledge the claim and begin the review by Tue, Oct 8, 2024',
      ),
    ).toBeInTheDocument();
    expect(within(overdue).getByText(ACKNOWLEDGE.explanation)).toBeInTheDocument();

    // Unverified, with its caveat and both dates; the next deadline is marked.
    const unverified = rowOf('FL-07');
    expect(within(unverified).getByText('Unverified rule')).toBeInTheDocument();
    expect(within(unverified).getByText('Next')).toBeInTheDocument();
    expect(within(unverified).getByText(PAY_OR_DENY.explanation)).toBeInTheDocument();
    expect(within(unverified).getByText(PAY_OR_DENY.caveat!)).toBeInTheDocument();
    expect(unverified).toHaveTextContent(
      'Falls on Sat, Nov 30, 2024; Mon, Dec 2, 2024 if rolled past the weekend or holiday.',
    );
    expect(within(unverified).queryByText('Overdue')).not.toBeInTheDocument();

    // The attorney's own date, with the reason and the computed one.
    const override = rowOf('FL-12');
    expect(override).toHaveTextContent('Your date: Fri, Jan 10, 2025 — Tolling agreement of Oct 1');
    expect(override).toHaveTextContent('Computed: Mon, Dec 30, 2024');

    // Reviewed: its status and the attorney's note.
    expect(within(rowOf('FL-02')).getByText('Met')).toBeInTheDocument();
    expect(rowOf('FL-02')).toHaveTextContent('Note: Sent with the estimate on Oct 20');

    // The facts' sources and the pending rule.
    expect(screen.getByText('Florida statutes, Common policy terms')).toBeInTheDocument();
    expect(within(card).getByText('1 more deadline waits for a key date')).toBeInTheDocument();
  });

  it("links a deadline to the key date it runs from: 'Change' focuses that row", async () => {
    const { user } = openTab(viewOf());
    await loaded();
    await user.click(within(rowOf('FL-12')).getByRole('link', { name: 'Change denial or partial denial' }));
    expect(document.getElementById('key-date-denial')).toHaveFocus();
  });

  it('gives a team member who may not edit no controls, only the text', async () => {
    openTab(viewOf({ canEdit: false }));
    await loaded();
    expect(
      screen.queryByRole('button', { name: /Review|Edit|Remove|Add date|Use this date|Save/ }),
    ).toBeNull();
    expect(screen.queryByRole('combobox')).toBeNull();
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.queryByRole('checkbox')).toBeNull();
    expect(screen.getByText('Florida')).toBeInTheDocument();
    expect(screen.getByText('Homeowners')).toBeInTheDocument();
    // The suggestion is still visible, and the deadline's key date still reachable.
    expect(document.getElementById('key-date-denial')).toHaveTextContent(
      'denial-letter.pdf(opens in a new tab) says Wed, Oct 30, 2024',
    );
    expect(
      within(rowOf('FL-12')).getByRole('link', { name: 'Show denial or partial denial' }),
    ).toBeInTheDocument();
  });

  it('confirms a suggestion from a document: PUT with its documentId, then shows the date', async () => {
    const after = viewOf({
      suggestions: [],
      keyDates: [
        ...viewOf().keyDates,
        {
          kind: 'denial',
          date: '2024-10-30',
          source: 'document',
          document: DENIAL_LETTER,
          setBy: 'Ada Lovelace',
          updatedAt: '2024-11-20T12:00:00.000Z',
        },
      ],
    });
    const { user, callsTo } = openTab(viewOf(), {
      [`PUT /api/cases/${CASE_ID}/key-dates/denial`]: () => json(200, after),
    });
    await loaded();
    const row = document.getElementById('key-date-denial')!;
    expect(row).toHaveTextContent('denial-letter.pdf(opens in a new tab) says Wed, Oct 30, 2024');
    expect(within(row).getByText('Not set')).toBeInTheDocument();

    queryClient.setQueryData(queryKeys.calendar.caseEvents(CASE_ID), { data: [] });
    queryClient.setQueryData([...queryKeys.dashboard.all, 'attorney'], {});
    await user.click(within(row).getByRole('button', { name: /^Use this date/ }));
    await waitFor(() => expect(callsTo(`PUT /api/cases/${CASE_ID}/key-dates/denial`)).toHaveLength(1));
    expect(callsTo(`PUT /api/cases/${CASE_ID}/key-dates/denial`)[0]?.body).toEqual({
      date: '2024-10-30',
      documentId: DENIAL_LETTER.id,
    });
    expect(await within(row).findByText('Wed, Oct 30, 2024')).toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: /^Use this date/ })).toBeNull();
    expect(row).toHaveTextContent('From denial-letter.pdf');
    // The answer is the cached view; the calendar and the dashboard are told to reload.
    expect(queryClient.getQueryData(queryKeys.deadlines.ofCase(CASE_ID))).toEqual(after);
    expect(queryClient.getQueryState(queryKeys.calendar.caseEvents(CASE_ID))?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState([...queryKeys.dashboard.all, 'attorney'])?.isInvalidated).toBe(true);
  });

  it('types a key date inline and shows the server’s refusal next to it', async () => {
    const { user, callsTo } = openTab(viewOf(), {
      [`PUT /api/cases/${CASE_ID}/key-dates/appraisal_demand`]: () =>
        json(400, { error: DEADLINE_MESSAGES.futureKeyDate, code: 'BAD_REQUEST' }),
    });
    await loaded();
    await user.click(screen.getByRole('button', { name: 'Add date: appraisal demanded' }));
    const input = screen.getByLabelText('Date: appraisal demanded');
    expect(input).toHaveFocus();
    // A date after today is refused before anything is sent.
    fireEvent.change(input, { target: { value: '2024-12-01' } });
    await user.click(screen.getByRole('button', { name: 'Save appraisal demanded' }));
    expect(screen.getByText(DEADLINE_MESSAGES.futureKeyDate)).toBeInTheDocument();
    expect(callsTo(`PUT /api/cases/${CASE_ID}/key-dates/appraisal_demand`)).toHaveLength(0);

    fireEvent.change(input, { target: { value: '2024-11-01' } });
    expect(screen.queryByText(DEADLINE_MESSAGES.futureKeyDate)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Save appraisal demanded' }));
    expect(await screen.findByText(DEADLINE_MESSAGES.futureKeyDate)).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(callsTo(`PUT /api/cases/${CASE_ID}/key-dates/appraisal_demand`)[0]?.body).toEqual({
      date: '2024-11-01',
      documentId: null,
    });
  });

  it('refuses a review with a date of one’s own but no reason, and sends nothing', async () => {
    const { user, callsTo } = openTab(viewOf());
    await loaded();
    await user.click(within(rowOf('FL-07')).getByRole('button', { name: `Review: ${PAY_OR_DENY.action}` }));
    const dialog = await screen.findByRole('dialog', { name: 'Review deadline' });
    fireEvent.change(within(dialog).getByLabelText('Your date (optional)'), {
      target: { value: '2024-12-15' },
    });
    await user.click(within(dialog).getByRole('button', { name: 'Save review' }));
    expect(within(dialog).getByText(DEADLINE_MESSAGES.overrideNeedsReason)).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Reason')).toHaveFocus();
    expect(callsTo(`PUT /api/cases/${CASE_ID}/deadlines/FL-07/review`)).toHaveLength(0);
  });

  it('saves a review: status and a date of one’s own with the reason', async () => {
    const { user, callsTo } = openTab(viewOf(), {
      [`PUT /api/cases/${CASE_ID}/deadlines/FL-04/review`]: () =>
        json(
          200,
          viewOf({ deadlines: [{ ...ACKNOWLEDGE, status: 'missed', overdue: false }, PAY_OR_DENY, PRESUIT] }),
        ),
    });
    await loaded();
    await user.click(within(rowOf('FL-04')).getByRole('button', { name: `Review: ${ACKNOWLEDGE.action}` }));
    const dialog = await screen.findByRole('dialog', { name: 'Review deadline' });
    await user.click(within(dialog).getByRole('radio', { name: /^Missed/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Save review' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(callsTo(`PUT /api/cases/${CASE_ID}/deadlines/FL-04/review`)[0]?.body).toEqual({
      status: 'missed',
      overrideDate: null,
      reason: '',
    });
    expect(await within(rowOf('FL-04')).findByText('Missed')).toBeInTheDocument();
  });

  it('saves the claim facts with one button, sending the whole body', async () => {
    const { user, callsTo } = openTab(
      viewOf({
        facts: {
          propertyState: null,
          policyKind: null,
          policyEffectiveDate: null,
          stateOfEmergency: false,
          surplusLines: false,
          catastropheExtensionDays: 0,
        },
      }),
      {
        [`PUT /api/cases/${CASE_ID}/deadlines/facts`]: (call) =>
          json(200, viewOf({ facts: call.body as never })),
      },
    );
    await loaded();
    await user.selectOptions(screen.getByLabelText('Property state'), 'Florida');
    await user.selectOptions(screen.getByLabelText('Policy kind'), 'Homeowners');
    fireEvent.change(screen.getByLabelText('Policy effective date'), { target: { value: '2024-01-15' } });
    expect(screen.getByLabelText('Policy effective date')).toHaveAccessibleDescription(
      'The policy’s issue or renewal date: Florida’s periods depend on it.',
    );
    await user.click(screen.getByLabelText('A state of emergency was declared for the loss'));
    const days = screen.getByLabelText('Catastrophe order extension (days)');
    await user.clear(days);
    await fillIn(user, days, '30');
    await user.click(screen.getByRole('button', { name: 'Save claim facts' }));

    await waitFor(() => expect(callsTo(`PUT /api/cases/${CASE_ID}/deadlines/facts`)).toHaveLength(1));
    expect(callsTo(`PUT /api/cases/${CASE_ID}/deadlines/facts`)[0]?.body).toEqual({
      propertyState: 'FL',
      policyKind: 'homeowners',
      policyEffectiveDate: '2024-01-15',
      stateOfEmergency: true,
      surplusLines: false,
      catastropheExtensionDays: 30,
    });
    // The answer's facts are now the form's: nothing left to discard.
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Discard changes' })).toBeNull());
    expect(screen.getByLabelText('Property state')).toHaveValue('FL');
    expect(screen.getByLabelText('Catastrophe order extension (days)')).toHaveValue(30);
  });

  it('puts the server’s field error next to its field', async () => {
    const { user } = openTab(viewOf(), {
      [`PUT /api/cases/${CASE_ID}/deadlines/facts`]: () =>
        json(400, {
          error: DEADLINE_MESSAGES.unknownState,
          code: 'VALIDATION_FAILED',
          details: [{ path: 'propertyState', message: DEADLINE_MESSAGES.unknownState }],
        }),
    });
    await loaded();
    await user.click(screen.getByRole('button', { name: 'Save claim facts' }));
    const state = screen.getByLabelText('Property state');
    await waitFor(() => expect(state).toHaveAttribute('aria-invalid', 'true'));
    expect(state).toHaveAccessibleDescription(DEADLINE_MESSAGES.unknownState);
    expect(state).toHaveFocus();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('refuses an extension outside 0–180 days before sending', async () => {
    const { user, callsTo } = openTab(viewOf());
    await loaded();
    const days = screen.getByLabelText('Catastrophe order extension (days)');
    await user.clear(days);
    await fillIn(user, days, '200');
    await user.click(screen.getByRole('button', { name: 'Save claim facts' }));
    expect(screen.getByText('Enter whole days from 0 to 180')).toBeInTheDocument();
    expect(days).toHaveFocus();
    expect(callsTo(`PUT /api/cases/${CASE_ID}/deadlines/facts`)).toHaveLength(0);
  });

  it('tells the truth when there are no deadlines: no state, or key dates missing', async () => {
    const notice = 'Choose the property’s state: its statutes decide most deadlines.';
    const noState = viewOf({
      facts: { ...viewOf().facts, propertyState: null },
      deadlines: [],
      pending: [],
      notice,
    });
    const { unmount } = openTab(noState);
    await loaded();
    const card = deadlinesCard();
    expect(within(card).getByText(notice)).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Choose the property’s state' })).toBeInTheDocument();
    unmount();
    queryClient.clear();

    openTab(viewOf({ keyDates: [], suggestions: [], deadlines: [] }));
    await loaded();
    const empty = deadlinesCard();
    expect(
      within(empty).getByText('Add the claim’s key dates to compute its deadlines.'),
    ).toBeInTheDocument();
    expect(within(empty).getByRole('listitem')).toHaveTextContent(
      'Waiting for Suit filed: File suit — Fla. Stat. § 95.11(4)(a)',
    );
  });

  it('shows a failed load with a retry', async () => {
    let fail = true;
    const { user } = openTab(viewOf(), {
      [`GET ${VIEW_URL}`]: () =>
        fail ? json(500, { error: 'Something went wrong', code: 'INTERNAL' }) : json(200, viewOf()),
    });
    expect(await screen.findByText('Something went wrong', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByText(DEADLINE_MESSAGES.judgementNote)).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Tue, Oct 8, 2024')).toBeInTheDocument();
  });
});

describe('the Deadlines tab on the case page', () => {
  const openCasePage = (user: typeof attorney) => {
    signIn(user);
    const fetches = mockFetch({
      ...verifiedAs(user),
      [`GET /api/cases/${CASE_ID}`]: () => json(200, { data: caseDetail() }),
      [`GET ${VIEW_URL}`]: () => json(200, viewOf({ canEdit: user.userType === 'attorney' })),
      'GET /api/notifications': () => json(200, { data: [], unread: 0 }),
      // The sidebar's unread count and the case page's Messages action (issue 12).
      'GET /api/conversations/unread': () => json(200, { unread: 0 }),
      'GET /api/conversations': () => json(200, { data: [], unread: 0 }),
    });
    return { ...fetches, ...renderApp(`/cases/${CASE_ID}?tab=deadlines`) };
  };

  it('sits between Documents and Events for the case team', async () => {
    const contractor = { ...propertyOwner, userType: 'restoration-contractor' as const };
    const { unexpected } = openCasePage(contractor);
    const tabs = await screen.findByRole('tablist', { name: 'Case sections' });
    const names = within(tabs)
      .getAllByRole('tab')
      .map((tab) => tab.textContent);
    expect(names.indexOf('Deadlines')).toBe(names.indexOf('Documents') + 1);
    expect(names.indexOf('Events')).toBe(names.indexOf('Deadlines') + 1);
    expect(await screen.findByText('Tue, Oct 8, 2024')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Review/ })).toBeNull();
    expect(unexpected).toEqual([]);
  });

  it('is not offered to a client', async () => {
    const { unexpected } = openCasePage(propertyOwner);
    const tabs = await screen.findByRole('tablist', { name: 'Case sections' });
    expect(within(tabs).queryByRole('tab', { name: 'Deadlines' })).toBeNull();
    expect(within(tabs).getByRole('tab', { name: 'Overview', selected: true })).toBeInTheDocument();
    expect(unexpected).toEqual([]);
  });
});
