import {
  WORKFLOW_MESSAGES,
  WORKFLOW_TEMPLATES,
  type WorkflowRunView,
  type WorkflowsResponse,
  type WorkflowView,
} from '@sentinel/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { json, mockFetch, verifiedAs, type FetchHandler } from '@/testing/fetch-mock';
import { preloadRoutes, renderApp } from '@/testing/render-app';
import { attorney, signIn } from '@/testing/session';

const WORKFLOW_ID = '00000000-0000-4000-8000-00000000000a';

const settlement = WORKFLOW_TEMPLATES.find((template) => template.key === 'settlement-preparation')!;

const workflow = (overrides: Partial<WorkflowView> = {}): WorkflowView => ({
  id: WORKFLOW_ID,
  name: 'Settlement Preparation',
  description: '',
  category: 'financial',
  templateKey: 'settlement-preparation',
  status: 'error',
  trigger: { type: 'case-status-changed', toStatus: 'settlement' },
  conditions: { caseTypes: ['property-damage'], statuses: [] },
  actions: [
    { type: 'request-document', title: 'Signed proof of loss', note: '' },
    { type: 'add-member', userId: 'person-1' },
  ],
  lastError: 'Action 2 (Add a member to the case) failed: That person is not in your firm',
  lastRunAt: '2026-03-05T10:00:00.000Z',
  createdAt: '2026-03-01T10:00:00.000Z',
  runs: 2,
  tasksCompleted: 3,
  successRate: 50,
  ...overrides,
});

const run: WorkflowRunView = {
  id: 'run-1',
  status: 'failed',
  eventType: 'case-status-changed',
  caseId: '00000000-0000-4000-8000-000000000001',
  caseNumber: 'CASE-2026-001',
  createdAt: '2026-03-05T10:00:00.000Z',
  finishedAt: '2026-03-05T10:00:01.000Z',
  actions: [
    {
      position: 0,
      type: 'request-document',
      status: 'succeeded',
      detail: 'Requested “Signed proof of loss” from the client',
      error: null,
    },
    {
      position: 1,
      type: 'add-member',
      status: 'failed',
      detail: '',
      error: 'That person is not in your firm',
    },
  ],
};

function openWorkflows(answer: WorkflowsResponse, extra: Record<string, FetchHandler> = {}) {
  signIn(attorney);
  const mock = mockFetch({
    ...verifiedAs(attorney),
    'GET /api/notifications': () => json(200, { data: [], unread: 0 }),
    'GET /api/conversations/unread': () => json(200, { unread: 0 }),
    'GET /api/workflows': () => json(200, answer),
    'GET /api/firm/people': () =>
      json(200, {
        data: [{ id: 'person-1', name: 'Rhea Stone', email: 'r@x.test', userType: 'restoration-contractor' }],
      }),
    ...extra,
  });
  return { ...renderApp('/workflows'), ...mock };
}

describe('Workflow Automation', () => {
  beforeAll(preloadRoutes, 120_000);

  it('shows the four stat cards, the six templates and an honest empty state', async () => {
    openWorkflows({
      stats: { activeWorkflows: 0, tasksAutomated: 0, timeSavedHours: 0, successRate: null },
      data: [],
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: WORKFLOW_MESSAGES.title }),
    ).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: WORKFLOW_MESSAGES.empty })).toBeInTheDocument();
    for (const label of [
      WORKFLOW_MESSAGES.activeWorkflows,
      WORKFLOW_MESSAGES.tasksAutomated,
      WORKFLOW_MESSAGES.timeSaved,
    ])
      expect(screen.getByRole('heading', { level: 2, name: label }).closest('section')).toHaveTextContent(
        '0',
      );
    expect(
      screen.getByRole('heading', { level: 2, name: WORKFLOW_MESSAGES.successRate }).closest('section'),
    ).toHaveTextContent('No finished runs yet');
    for (const template of WORKFLOW_TEMPLATES)
      expect(screen.getByRole('button', { name: `Use template ${template.name}` })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: WORKFLOW_MESSAGES.empty })).toBeInTheDocument();
  });

  it('creates a workflow from a template with the template’s own trigger and actions', async () => {
    const user = userEvent.setup();
    const { callsTo } = openWorkflows(
      { stats: { activeWorkflows: 0, tasksAutomated: 0, timeSavedHours: 0, successRate: null }, data: [] },
      {
        'POST /api/workflows': () =>
          json(201, { message: WORKFLOW_MESSAGES.created, data: workflow({ status: 'active' }) }),
      },
    );
    await user.click(await screen.findByRole('button', { name: 'Use template Settlement Preparation' }));
    const dialog = await screen.findByRole('dialog', { name: /Settlement Preparation/ });
    expect(within(dialog).getByLabelText(/^Name/)).toHaveValue('Settlement Preparation');
    await user.click(within(dialog).getByRole('button', { name: 'Create workflow' }));
    await waitFor(() => expect(callsTo('POST /api/workflows')).toHaveLength(1));
    expect(callsTo('POST /api/workflows')[0]!.body).toEqual({
      ...settlement.workflow,
      templateKey: 'settlement-preparation',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('refuses an empty name and an action with no text before sending anything', async () => {
    const user = userEvent.setup();
    const { callsTo } = openWorkflows({
      stats: { activeWorkflows: 0, tasksAutomated: 0, timeSavedHours: 0, successRate: null },
      data: [],
    });
    await user.click(await screen.findByRole('button', { name: 'New Workflow' }));
    const dialog = await screen.findByRole('dialog', { name: 'New workflow' });
    await user.click(within(dialog).getByRole('button', { name: 'Create workflow' }));
    expect(await within(dialog).findByText('Enter the workflow name')).toBeInTheDocument();
    expect(within(dialog).getByText('Enter the message')).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/^Name/)).toHaveFocus();
    expect(callsTo('POST /api/workflows')).toHaveLength(0);
  });

  it('shows a failed workflow in red with its error, its runs with each action’s outcome, and resumes it', async () => {
    const user = userEvent.setup();
    const { callsTo } = openWorkflows(
      {
        stats: { activeWorkflows: 0, tasksAutomated: 3, timeSavedHours: 0.3, successRate: 50 },
        data: [workflow()],
      },
      {
        [`GET /api/workflows/${WORKFLOW_ID}/runs`]: () => json(200, { data: [run] }),
        [`POST /api/workflows/${WORKFLOW_ID}/resume`]: () =>
          json(200, {
            message: WORKFLOW_MESSAGES.resumed,
            data: workflow({ status: 'active', lastError: null }),
          }),
      },
    );
    const mine = await screen.findByRole('region', { name: WORKFLOW_MESSAGES.yourWorkflows });
    const card = within(mine)
      .getByRole('heading', { level: 3, name: 'Settlement Preparation' })
      .closest('li')!;
    expect(within(card).getByText('Error')).toHaveClass('bg-red-50');
    expect(card).toHaveTextContent('That person is not in your firm');
    expect(card).toHaveTextContent('When a case moves to Settlement');
    expect(card).toHaveTextContent('Only for Property Damage');
    expect(card).toHaveTextContent('Add Rhea Stone to the case');
    expect(card).toHaveTextContent('50%');

    await user.click(within(card).getByRole('button', { name: 'Runs of Settlement Preparation' }));
    const runs = await screen.findByRole('dialog', { name: 'Runs of Settlement Preparation' });
    // The run failed, and so did its second action; the first one's outcome is kept.
    expect(await within(runs).findAllByText('Failed')).toHaveLength(2);
    expect(within(runs).getByText('Done')).toBeInTheDocument();
    expect(runs).toHaveTextContent('Requested “Signed proof of loss” from the client');
    expect(within(runs).getByRole('link', { name: 'CASE-2026-001' })).toBeInTheDocument();
    await user.keyboard('{Escape}');

    await user.click(within(card).getByRole('button', { name: 'Resume Settlement Preparation' }));
    await waitFor(() => expect(callsTo(`POST /api/workflows/${WORKFLOW_ID}/resume`)).toHaveLength(1));
  });
});
