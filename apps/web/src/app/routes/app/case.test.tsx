import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { attorney, detailOf } from '@/features/cases/testing';
import { completed } from '@/features/documents/testing';
import { json, mockFetch, verifiedAs } from '@/testing/fetch-mock';
import { renderApp } from '@/testing/render-app';
import { signIn } from '@/testing/session';

const CASE = detailOf(5);

describe('case page composition', () => {
  beforeAll(() => import('./case'), 120_000);

  it("adds the documents feature's Documents tab, before the status history", async () => {
    signIn(attorney);
    const { callsTo } = mockFetch({
      ...verifiedAs(attorney),
      [`GET /api/cases/${CASE.id}`]: () => json(200, { data: CASE }),
      [`GET /api/document/${attorney.userId}/all`]: () =>
        json(200, { data: [completed(1, { fileName: 'policy.pdf', caseId: CASE.id })] }),
    });
    renderApp(`/cases/${CASE.id}?tab=documents`);
    const tabs = await screen.findByRole('tablist', { name: 'Case sections' });
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual([
      'Overview',
      'Members',
      'Documents',
      'Deadlines',
      'Events',
      'Timeline',
      'Negotiation',
      'Status history',
      'Activity',
    ]);
    const panel = screen.getByRole('tabpanel', { name: 'Documents' });
    expect(await within(panel).findByText('policy.pdf', { selector: 'p' })).toBeInTheDocument();
    expect(within(panel).getByRole('switch', { name: 'Shared with client: policy.pdf' })).toBeInTheDocument();
    expect(
      new URL(
        callsTo(`GET /api/document/${attorney.userId}/all`)[0]!.url,
        'http://localhost',
      ).searchParams.get('caseId'),
    ).toBe(CASE.id);
  });

  it("adds the calendar's Events tab: the case's upcoming events, each linking to its day", async () => {
    signIn(attorney);
    mockFetch({
      ...verifiedAs(attorney),
      [`GET /api/cases/${CASE.id}`]: () => json(200, { data: CASE }),
      [`GET /api/calendar/cases/${CASE.id}/events`]: () =>
        json(200, {
          data: [
            {
              id: 'ev-1',
              title: 'Property Inspection - Roof',
              start: '2027-03-22T18:00:00.000Z',
              end: '2027-03-22T20:00:00.000Z',
              allDay: false,
              color: '#4f46e5',
              source: 'sentinel',
              description: '',
              location: '4412 Coral Way',
              attendees: [],
              eventType: 'inspection',
              case: { id: CASE.id, caseNumber: CASE.caseNumber, title: CASE.title },
              reminders: [],
              deadline: null,
              editable: true,
              conferenceUrl: null,
              htmlLink: null,
            },
          ],
        }),
    });
    renderApp(`/cases/${CASE.id}?tab=events`);
    const panel = await screen.findByRole('tabpanel', { name: 'Events' });
    expect(await within(panel).findByText('Property Inspection - Roof')).toBeInTheDocument();
    // 18:00 UTC is 2 PM in New York, the signed-in attorney's zone.
    expect(within(panel).getByText(/Mon, Mar 22, 2027, 2:00\s?PM – 4:00\s?PM EDT/)).toBeInTheDocument();
    expect(within(panel).getByText('Inspection')).toBeInTheDocument();
    expect(
      within(panel).getByRole('link', { name: 'Show Property Inspection - Roof in the calendar' }),
    ).toHaveAttribute('href', '/calendar?date=2027-03-22');
  });
});
