import type { AnalysisStatus } from '@sentinel/shared';

/** The filters of a documents list (GET /api/document/{userId}/all). */
export interface DocumentFilter {
  caseId?: string;
  search?: string;
  analysisStatus?: AnalysisStatus;
}

/**
 * The query keys of resources that several features read, hierarchical so a change invalidates by
 * prefix: `queryKeys.cases.all` refreshes every list and page of cases, `queryKeys.documents.all`
 * every documents list (the Documents screen, a case's tab, the client dashboard's checklist).
 */
export const queryKeys = {
  cases: {
    all: ['cases'] as const,
    /** One page of the cases list, or every case of a client (`{ clientId }`). */
    list: (params: object) => ['cases', 'list', params] as const,
    /** Every case the user may see (`?pageSize=all`): dashboards and case selects. */
    everything: () => ['cases', 'list', { pageSize: 'all' }] as const,
    detail: (id: string) => ['cases', 'detail', id] as const,
  },
  documents: {
    all: ['documents'] as const,
    list: (userId: string, filter: DocumentFilter) => ['documents', 'list', userId, filter] as const,
  },
  /** The caller's provider connections (Settings → Integrations, the inbox's providers). */
  connections: {
    all: ['connections'] as const,
  },
  /** The merged inbox: pages per filter, and one e-mail per id (and remote-image choice). */
  emails: {
    all: ['emails'] as const,
    inbox: (filter: object) => ['emails', 'inbox', filter] as const,
    detail: (id: string, remoteImages: boolean) => ['emails', 'detail', id, { remoteImages }] as const,
  },
  /** The calendar screen: the events of every calendar in one visible range (issue 11). */
  calendar: {
    all: ['calendar'] as const,
    /** Every range the screen has loaded (their answers are all CalendarResults). */
    ranges: ['calendar', 'events'] as const,
    events: (range: { start: string; end: string }) => ['calendar', 'events', range] as const,
    /** The Sentinel calendar of the range the screen opens on, read ahead in idle time. */
    ahead: (range: { start: string; end: string }) => ['calendar', 'ahead', range] as const,
    /** The upcoming events of one case (its Events tab). */
    caseEvents: (caseId: string) => ['calendar', 'case', caseId] as const,
  },
  /** A case's claim deadlines: facts, key dates and computed deadlines (its Deadlines tab). */
  deadlines: {
    all: ['deadlines'] as const,
    ofCase: (caseId: string) => ['deadlines', caseId] as const,
  },
  /** The dashboards' own queries (features/dashboard: `['dashboard', 'attorney']`), by prefix. */
  dashboard: {
    all: ['dashboard'] as const,
  },
  /** The bell in the top bar (GET /api/notifications). */
  notifications: {
    all: ['notifications'] as const,
  },
  /**
   * Messages (issue 12): the conversation lists (`['conversations','list',{caseId}]`), the
   * sidebar's unread count, one conversation's detail and its messages (page by page), and the
   * people an attorney may write to.
   */
  conversations: {
    all: ['conversations'] as const,
    lists: () => ['conversations', 'list'] as const,
    list: (caseId?: string) => ['conversations', 'list', { caseId: caseId ?? null }] as const,
    unread: () => ['conversations', 'unread'] as const,
    detail: (id: string) => ['conversations', 'detail', id] as const,
    messagesAll: () => ['conversations', 'messages'] as const,
    messages: (id: string) => ['conversations', 'messages', id] as const,
    people: () => ['conversations', 'people'] as const,
  },
  /** The away reply and the digest switch (Settings → Messages). */
  messagingSettings: {
    all: ['messaging-settings'] as const,
  },
  /** Two-step sign-in, the sessions list and the firm's requirement (Settings → Security). */
  security: {
    all: ['security'] as const,
    mfa: () => ['security', 'mfa'] as const,
    sessions: () => ['security', 'sessions'] as const,
    firm: () => ['security', 'firm'] as const,
  },
  /** The secret calendar subscription link (Settings → Calendar). */
  calendarFeed: {
    all: ['calendar-feed'] as const,
  },
  /** The signed-in person's firms and pending invitations (GET /api/memberships). */
  memberships: {
    all: ['memberships'] as const,
  },
  /** The people of the session's firm: `['firm','people']` (case selects), `['firm','members']` (Team). */
  firm: {
    all: ['firm'] as const,
    members: () => ['firm', 'members'] as const,
  },
} as const;
