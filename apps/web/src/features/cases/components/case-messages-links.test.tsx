import type { ConversationSummary } from '@sentinel/shared';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, mockFetch, queryOf } from '@/testing/fetch-mock';
import { renderWithRouter } from '@/testing/render-app';
import { signIn } from '@/testing/session';
import { CaseMessagesLinks } from './case-messages-links';

const thread = (id: string, kind: 'case' | 'team'): ConversationSummary => ({
  id,
  kind,
  title: 'Roof collapse',
  case: { id: 'case-1', caseNumber: 'CASE-2026-001', title: 'Roof collapse' },
  counterpart: null,
  lastMessage: null,
  unread: 0,
});

describe("the case page's Messages action", () => {
  it('opens the case thread, and the team thread for the team', async () => {
    signIn();
    const { callsTo } = mockFetch({
      'GET /api/conversations': () =>
        json(200, { data: [thread('conv-team', 'team'), thread('conv-case', 'case')], unread: 0 }),
    });
    renderWithRouter(<CaseMessagesLinks caseId="case-1" />);
    expect(await screen.findByRole('link', { name: 'Messages' })).toHaveAttribute(
      'href',
      '/messages?conversation=conv-case',
    );
    expect(screen.getByRole('link', { name: 'Team messages' })).toHaveAttribute(
      'href',
      '/messages?conversation=conv-team',
    );
    expect(queryOf(callsTo('GET /api/conversations')[0]).get('caseId')).toBe('case-1');
  });

  it('offers a client their case thread only (the server lists no team thread for them)', async () => {
    signIn();
    mockFetch({
      'GET /api/conversations': () => json(200, { data: [thread('conv-case', 'case')], unread: 0 }),
    });
    renderWithRouter(<CaseMessagesLinks caseId="case-1" />);
    expect(await screen.findByRole('link', { name: 'Messages' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Team messages' })).toBeNull();
  });
});
