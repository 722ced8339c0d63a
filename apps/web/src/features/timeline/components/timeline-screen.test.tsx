import {
  MESSAGES,
  TIMELINE_MESSAGES,
  timelineStatusLabel,
  type CaseDetail,
  type CaseTimelineResponse,
  type SessionUser,
  type TimelineCase,
} from '@sentinel/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { deferred, json, mockFetch, verifiedAs, type FetchHandler } from '@/testing/fetch-mock';
import { currentUrl, fillIn, preloadRoutes, renderApp } from '@/testing/render-app';
import { attorney, propertyOwner, signIn } from '@/testing/session';
import { timelineAnswer } from '@/testing/timeline';

const CASE_1 = '00000000-0000-4000-8000-000000000001';
const CASE_2 = '00000000-0000-4000-8000-000000000002';

const chooserRow = (id: string, title: string, answer: CaseTimelineResponse): TimelineCase => ({
  ...answer.case,
  id,
  title,
  caseNumber: id === CASE_1 ? 'CASE-2026-001' : 'CASE-2026-002',
  stats: answer.stats,
  lastActivityAt: '2026-03-05T10:00:00.000Z',
});

const roof = timelineAnswer(CASE_1, 'discovery', {
  title: 'Roof collapse',
  items: [
    {
      kind: 'status',
      id: 'status-0',
      at: '2026-02-01T15:00:00.000Z',
      status: 'active',
      opened: true,
      by: 'Ada Lovelace',
    },
    { kind: 'document', id: 'doc-1', at: '2026-02-03T15:00:00.000Z', fileName: 'Estimate.pdf' },
    {
      kind: 'messages',
      id: 'conv-1:2026-02-03',
      at: '2026-02-03T18:00:00.000Z',
      day: '2026-02-03',
      conversationId: 'conv-1',
      thread: 'case',
      count: 3,
    },
    {
      kind: 'event',
      id: 'event-1',
      at: '2026-02-10T00:00:00.000Z',
      title: 'Roof inspection',
      eventType: 'inspection',
      allDay: true,
    },
  ],
});
const basement = timelineAnswer(CASE_2, 'settled', { title: 'Flooded basement' });

function openTimeline(
  user: SessionUser,
  rows: TimelineCase[],
  extra: Record<string, FetchHandler> = {},
  path = '/timeline',
) {
  signIn(user);
  const mock = mockFetch({
    ...verifiedAs(user),
    'GET /api/notifications': () => json(200, { data: [], unread: 0 }),
    'GET /api/conversations/unread': () => json(200, { unread: 0 }),
    'GET /api/timeline': () => json(200, { data: rows }),
    [`GET /api/cases/${CASE_1}/timeline`]: () => json(200, roof),
    [`GET /api/cases/${CASE_2}/timeline`]: () => json(200, basement),
    ...extra,
  });
  return { ...renderApp(path), ...mock };
}

const stageItem = (title: string) => screen.getByRole('heading', { level: 3, name: title }).closest('li')!;

describe('Case Timeline & Progress', () => {
  beforeAll(preloadRoutes, 120_000);

  it('says it is loading, then shows the spec’s empty texts to someone with no case', async () => {
    const held = deferred<Response>();
    openTimeline(propertyOwner, [], { 'GET /api/timeline': () => held.promise });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Case Timeline & Progress' }),
    ).toBeInTheDocument();
    expect(screen.getByText(TIMELINE_MESSAGES.subtitle)).toBeInTheDocument();
    expect(await screen.findByText(MESSAGES.loadingTimeline)).toBeInTheDocument();
    held.resolve(json(200, { data: [] }));
    expect(await screen.findByRole('heading', { name: MESSAGES.noTimelineEvents })).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.timelineEmptyHint)).toBeInTheDocument();
  });

  it('shows a client the progress, the counters, each stage’s status and what happened, by day', async () => {
    openTimeline(propertyOwner, [chooserRow(CASE_1, 'Roof collapse', roof)]);
    expect(await screen.findByRole('progressbar', { name: 'Overall Progress' })).toHaveAttribute(
      'aria-valuenow',
      '38',
    );
    expect(screen.getByText('38%')).toBeInTheDocument();
    const counters = screen.getByRole('heading', { name: 'Progress' }).closest('section')!;
    expect(within(counters).getByText('Completed').nextSibling).toHaveTextContent('3');
    expect(within(counters).getByText('In Progress').nextSibling).toHaveTextContent('1');
    expect(within(counters).getByText('Upcoming').nextSibling).toHaveTextContent('4');
    // One case: no chooser.
    expect(screen.queryByRole('combobox', { name: 'Case' })).not.toBeInTheDocument();

    const stages = within(screen.getByRole('list', { name: 'Stages' })).getAllByRole('listitem');
    expect(stages).toHaveLength(8);
    expect(stageItem('Claim filed')).toHaveTextContent('Completed');
    expect(stageItem('Claim filed')).toHaveTextContent(
      'Completed Feb 10, 2026, when the case reached Discovery',
    );
    expect(stageItem('Discovery')).toHaveTextContent('In Progress');
    expect(stageItem('Discovery')).toHaveAttribute('aria-current', 'step');
    expect(stageItem('Settled')).toHaveTextContent('Upcoming');
    // Read-only: no controls.
    expect(screen.queryByRole('button', { name: 'Add stage' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Edit/ })).not.toBeInTheDocument();

    const activity = screen.getByRole('heading', { name: 'Case activity' }).closest('section')!;
    expect(within(activity).getByText('Case opened as Active')).toBeInTheDocument();
    expect(within(activity).getByRole('link', { name: 'Document added: Estimate.pdf' })).toHaveAttribute(
      'href',
      `/cases/${CASE_1}?tab=documents`,
    );
    expect(within(activity).getByRole('link', { name: '3 messages in the case thread' })).toHaveAttribute(
      'href',
      '/messages?conversation=conv-1',
    );
    expect(within(activity).getByRole('heading', { name: 'Feb 10, 2026' })).toBeInTheDocument();
    expect(within(activity).getByText('Inspection')).toBeInTheDocument();
  });

  it('lets someone with several cases choose one, and keeps the choice in the URL', async () => {
    const { user, router } = openTimeline(propertyOwner, [
      chooserRow(CASE_1, 'Roof collapse', roof),
      chooserRow(CASE_2, 'Flooded basement', basement),
    ]);
    const chooser = await screen.findByRole('combobox', { name: 'Case' });
    expect(chooser).toHaveValue(CASE_1);
    expect(
      within(chooser)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['CASE-2026-001 · Roof collapse (38%)', 'CASE-2026-002 · Flooded basement (100%)']);
    await user.selectOptions(chooser, CASE_2);
    expect(currentUrl(router)).toBe(`/timeline?case=${CASE_2}`);
    await waitFor(() =>
      expect(screen.getByRole('progressbar', { name: 'Overall Progress' })).toHaveAttribute(
        'aria-valuenow',
        '100',
      ),
    );
    expect(screen.getByRole('heading', { level: 2, name: 'Flooded basement' })).toBeInTheDocument();
  });

  it('reads §4’s labels, and Unknown for any other status', () => {
    expect(['completed', 'current', 'upcoming', 'paused'].map(timelineStatusLabel)).toEqual([
      'Completed',
      'In Progress',
      'Upcoming',
      'Unknown',
    ]);
  });
});

describe('the case page’s Timeline tab', () => {
  beforeAll(preloadRoutes, 120_000);

  const detail = {
    id: CASE_1,
    caseNumber: 'CASE-2026-001',
    title: 'Roof collapse',
    caseType: 'property-damage',
    status: 'discovery',
    priority: 'medium',
    client: { id: 'user-2', name: 'Grace Hopper', email: 'grace@example.test', phone: null },
    leadAttorney: { id: 'user-1', name: 'Ada Lovelace', email: 'ada@lovelace-law.test' },
    description: null,
    dateOpened: '2026-02-01',
    dueDate: null,
    carrier: null,
    dateOfLoss: null,
    propertyAddress: null,
    settlementAmount: null,
    lastActivityAt: '2026-03-05T10:00:00.000Z',
    createdAt: '2026-02-01T10:00:00.000Z',
    members: [],
    statusHistory: [],
  } as unknown as CaseDetail;
  const editable = { ...roof, canEdit: true };

  function openTab(extra: Record<string, FetchHandler> = {}) {
    return openTimeline(
      attorney,
      [],
      {
        [`GET /api/cases/${CASE_1}`]: () => json(200, { data: detail }),
        [`GET /api/cases/${CASE_1}/timeline`]: () => json(200, editable),
        ...extra,
      },
      `/cases/${CASE_1}?tab=timeline`,
    );
  }

  it('lets an attorney add a stage after another, checking the title first', async () => {
    const added = {
      ...editable,
      stages: [
        ...editable.stages.slice(0, 3),
        {
          ...editable.stages[3]!,
          id: 'stage-new',
          title: 'Site inspection',
          templateKey: null,
          completesWith: null,
          status: 'upcoming' as const,
          plannedDate: '2026-04-02',
          date: '2026-04-02',
        },
        ...editable.stages.slice(3),
      ],
    };
    const { user, callsTo } = openTab({
      [`POST /api/cases/${CASE_1}/stages`]: () => json(201, added),
    });
    await user.click(await screen.findByRole('button', { name: 'Add stage' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a stage' });
    await user.click(within(dialog).getByRole('button', { name: 'Add stage' }));
    expect(await within(dialog).findByText(TIMELINE_MESSAGES.titleRequired)).toBeInTheDocument();
    expect(callsTo(`POST /api/cases/${CASE_1}/stages`)).toHaveLength(0);

    await fillIn(user, within(dialog).getByLabelText(/^Title/), 'Site inspection');
    await fillIn(user, within(dialog).getByLabelText('Date'), '2026-04-02');
    await user.selectOptions(within(dialog).getByLabelText('Position'), 'After Claim filed');
    await user.click(within(dialog).getByRole('button', { name: 'Add stage' }));
    await waitFor(() => expect(callsTo(`POST /api/cases/${CASE_1}/stages`)).toHaveLength(1));
    expect(callsTo(`POST /api/cases/${CASE_1}/stages`)[0]!.body).toEqual({
      title: 'Site inspection',
      description: null,
      date: '2026-04-02',
      afterStageId: 'stage-claim_filed',
    });
    expect(await screen.findByRole('heading', { level: 3, name: 'Site inspection' })).toBeInTheDocument();
    expect(stageItem('Site inspection')).toHaveTextContent('Planned for Apr 2, 2026');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('marks a stage complete, moves one, and removes an added one after asking', async () => {
    const withAdded = {
      ...editable,
      stages: [
        ...editable.stages,
        {
          ...editable.stages[7]!,
          id: 'stage-extra',
          title: 'Closing letter',
          templateKey: null,
          completesWith: null,
        },
      ],
    };
    const { user, callsTo } = openTab({
      [`GET /api/cases/${CASE_1}/timeline`]: () => json(200, withAdded),
      [`PATCH /api/cases/${CASE_1}/stages/stage-discovery`]: () => json(200, withAdded),
      [`PATCH /api/cases/${CASE_1}/stages/stage-settled`]: () => json(200, withAdded),
      [`DELETE /api/cases/${CASE_1}/stages/stage-extra`]: () => json(200, editable),
    });
    await user.click(await screen.findByRole('button', { name: 'Mark complete: Discovery' }));
    await waitFor(() => expect(callsTo(`PATCH /api/cases/${CASE_1}/stages/stage-discovery`)).toHaveLength(1));
    expect(callsTo(`PATCH /api/cases/${CASE_1}/stages/stage-discovery`)[0]!.body).toEqual({
      completed: true,
    });

    await user.click(screen.getByRole('button', { name: 'Move Settled up' }));
    await waitFor(() => expect(callsTo(`PATCH /api/cases/${CASE_1}/stages/stage-settled`)).toHaveLength(1));
    expect(callsTo(`PATCH /api/cases/${CASE_1}/stages/stage-settled`)[0]!.body).toEqual({ move: 'up' });
    // The first stage cannot move up; template stages cannot be removed.
    expect(screen.getByRole('button', { name: 'Move Case filed up' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Remove: Settled' })).not.toBeInTheDocument();
    // Completed by the case's status: no reopening by hand.
    expect(screen.queryByRole('button', { name: 'Reopen: Claim filed' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Remove: Closing letter' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Remove stage' });
    await user.click(within(confirm).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(callsTo(`DELETE /api/cases/${CASE_1}/stages/stage-extra`)).toHaveLength(1));
    await waitFor(() =>
      expect(screen.queryByRole('heading', { level: 3, name: 'Closing letter' })).not.toBeInTheDocument(),
    );
  });
});
