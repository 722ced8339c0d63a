import type {
  DocumentRequestView,
  CaseDetail,
  CaseSummary,
  ConversationSummary,
  DocumentDetail,
  Message,
  SessionUser,
} from '@sentinel/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { json, mockFetch, verifiedAs } from '@/testing/fetch-mock';
import { preloadRoutes, renderApp } from '@/testing/render-app';
import { propertyOwner, signIn } from '@/testing/session';
import { timelineAnswer } from '@/testing/timeline';

const summary = (id: string, caseNumber: string, title: string): CaseSummary => ({
  id,
  caseNumber,
  title,
  caseType: 'property-damage',
  status: 'negotiation',
  priority: 'medium',
  client: { id: 'user-2', name: 'Grace Hopper' },
  leadAttorney: { id: 'att-1', name: 'Ada Lovelace' },
  dateOpened: '2026-01-05',
  dueDate: null,
  settlementAmount: null,
  lastActivityAt: '2026-03-01T10:00:00.000Z',
});

const roof = summary('case-1', 'CASE-2026-001', 'Roof collapse');
const basement = {
  ...summary('case-2', 'CASE-2026-002', 'Flooded basement'),
  caseType: 'personal-injury' as const,
};

const detailOf = (base: CaseSummary, extra: Partial<CaseDetail> = {}): CaseDetail => ({
  ...base,
  client: { id: 'user-2', name: 'Grace Hopper', email: 'grace@example.test', phone: null },
  leadAttorney: { id: 'att-1', name: 'Ada Lovelace', email: 'ada@lovelace-law.test' },
  description: null,
  carrier: null,
  policyNumber: null,
  claimNumber: null,
  dateOfLoss: null,
  propertyAddress: null,
  targetSettlement: null,
  createdAt: '2026-01-05T09:00:00.000Z',
  members: [
    {
      userId: 'm-1',
      name: 'Sam Whitaker',
      email: 'sam@whitaker.test',
      userType: 'restoration-contractor',
      role: 'contractor',
      addedAt: '2026-01-06T09:00:00.000Z',
    },
  ],
  statusHistory: [
    { status: 'active', at: '2026-01-05T12:00:00.000Z', by: 'Ada Lovelace' },
    { status: 'discovery', at: '2026-02-10T12:00:00.000Z', by: 'Ada Lovelace' },
    { status: 'negotiation', at: '2026-03-01T12:00:00.000Z', by: 'Ada Lovelace' },
  ],
  ...extra,
});

const caseThread: ConversationSummary = {
  id: 'conv-case-1',
  kind: 'case',
  title: 'Roof collapse',
  case: { id: 'case-1', caseNumber: 'CASE-2026-001', title: 'Roof collapse' },
  counterpart: null,
  lastMessage: null,
  unread: 0,
};

const sentMessage = (body: string): Message => ({
  id: 'msg-1',
  seq: 1,
  changeSeq: 1,
  conversationId: 'conv-case-1',
  sender: { userId: 'user-2', name: 'Grace Hopper', userType: 'client' },
  kind: 'text',
  body,
  createdAt: '2026-03-02T10:00:00.000Z',
  editedAt: null,
  deletedAt: null,
  documents: [],
});

/** The documents the firm asked of the client, per case (GET /api/cases/{id}/document-requests). */
let requested: Record<string, DocumentRequestView[]> = {};

function open(
  user: SessionUser,
  cases: CaseSummary[],
  details: Record<string, CaseDetail> = {},
  path = '/dashboard',
  documents: DocumentDetail[] = [],
) {
  signIn(user);
  const mock = mockFetch({
    'GET /api/tokens/verify': () => json(200, { success: true, user }),
    [`GET /api/document/${user.userId}/all`]: () => json(200, { data: documents }),
    'GET /api/cases': () => json(200, { data: cases, total: cases.length }),
    'GET /api/conversations/unread': () => json(200, { unread: 0 }),
    'GET /api/conversations': () => json(200, { data: cases.length > 0 ? [caseThread] : [], unread: 0 }),
    'POST /api/conversations/conv-case-1/messages': (call) =>
      json(201, { message: sentMessage((call.body as { body: string }).body) }),
    ...Object.fromEntries(
      Object.entries(details).map(([id, detail]) => [
        `GET /api/cases/${id}`,
        () => json(200, { data: detail }),
      ]),
    ),
    ...Object.fromEntries(
      Object.keys(details).map((id) => [
        `GET /api/cases/${id}/document-requests`,
        () => json(200, { data: requested[id] ?? [] }),
      ]),
    ),
    ...Object.fromEntries(
      Object.entries(details).map(([id, detail]) => [
        `GET /api/cases/${id}/timeline`,
        () => json(200, timelineAnswer(id, detail.status)),
      ]),
    ),
  });
  return { ...renderApp(path), ...mock };
}

const policyPdf: DocumentDetail = {
  id: 'doc-1',
  fileName: 'Homeowner policy.pdf',
  fileSize: 2048,
  contentType: 'application/pdf',
  createdAt: '2026-03-02T10:00:00.000Z',
  caseId: 'case-1',
  caseNumber: 'CASE-2026-001',
  caseTitle: 'Roof collapse',
  uploadedBy: { id: 'user-2', name: 'Grace Hopper' },
  sharedWithClient: true,
  activeContent: [],
  analysisStatus: 'not_analyzed',
  analysis: null,
  analysisError: null,
  canDelete: true,
  canReview: true,
};

const section = (name: string) => screen.getByRole('heading', { name }).closest('section')!;

describe('client dashboard', () => {
  beforeAll(preloadRoutes, 120_000);

  it("welcomes the client and shows their case's progress, team, checklist and the tools", async () => {
    const { calls } = open(propertyOwner, [roof], { 'case-1': detailOf(roof) }, '/dashboard', [policyPdf]);
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, Grace' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 2, name: 'Roof collapse' })).toBeInTheDocument();
    expect(calls.find((call) => call.key === 'GET /api/cases')?.url).toBe('/api/cases?pageSize=all');

    const header = screen.getByRole('region', { name: 'Your case' });
    expect(header).toHaveTextContent('CASE-2026-001 · Property Damage');
    expect(header).toHaveTextContent('Status: Negotiation');
    expect(within(header).getByRole('link', { name: 'Open case page' })).toHaveAttribute(
      'href',
      '/cases/case-1',
    );
    // One case: no selector.
    expect(screen.queryByRole('combobox', { name: 'Case' })).not.toBeInTheDocument();

    // Progress as the case's timeline counts it: in Negotiation 6 of its 8 stages are completed
    // (75 %); the status stepper shows the days earlier steps were reached.
    await screen.findByRole('heading', { name: 'Case progress' });
    expect(await screen.findByRole('progressbar', { name: 'Overall progress' })).toHaveAttribute(
      'aria-valuenow',
      '75',
    );
    expect(section('Case progress')).toHaveTextContent(
      '6 of 8 stages completed · In progress: Settlement negotiations · See the timeline',
    );
    expect(within(section('Case progress')).getByRole('link', { name: 'See the timeline' })).toHaveAttribute(
      'href',
      '/timeline?case=case-1',
    );
    const steps = within(section('Case progress')).getAllByRole('listitem');
    expect(steps.map((step) => step.textContent)).toEqual([
      expect.stringMatching(/^ActiveReached Jan 5, 2026$/),
      expect.stringMatching(/^DiscoveryReached Feb 10, 2026$/),
      expect.stringMatching(/Negotiation\s*Current since Mar 1, 2026$/),
      expect.stringMatching(/Settlement\s*Upcoming$/),
      expect.stringMatching(/Settled\s*Upcoming$/),
    ]);
    expect(steps[2]).toHaveAttribute('aria-current', 'step');

    const team = section('Your team');
    expect(team).toHaveTextContent('Ada LovelaceLead Attorney');
    expect(within(team).getByRole('link', { name: /Ada Lovelace/ })).toHaveAttribute(
      'href',
      'mailto:ada@lovelace-law.test',
    );
    expect(team).toHaveTextContent('Sam WhitakerRestoration Contractor');
    // The client does not see themself listed.
    expect(team).not.toHaveTextContent('Grace Hopper');

    const checklist = section('Document checklist');
    await waitFor(() => expect(checklist).toHaveTextContent('1 of 4 received.'));
    expect(calls.find((call) => call.key === 'GET /api/document/user-2/all')?.url).toBe(
      '/api/document/user-2/all?caseId=case-1',
    );
    expect(
      within(checklist)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Insurance policy: received, Homeowner policy.pdf · matched by its name',
      'Photos of the damage: not received yet',
      'Repair estimates: not received yet',
      'Correspondence with the carrier: not received yet',
    ]);
    expect(checklist).toHaveTextContent(
      'An item is ticked when a document in your case file matches it: by a word in its file name, by being a photo, or by the type its analysis found.',
    );

    // Four tools, each leading to where it is used; nothing claims to come later.
    const tools = section('Tools');
    expect(tools).not.toHaveTextContent(/not available yet|arrives soon|coming soon/i);
    expect(within(tools).queryAllByRole('button')).toHaveLength(0);
    await waitFor(() =>
      expect(within(tools).getByRole('link', { name: /Open your messages/ })).toHaveAttribute(
        'href',
        '/messages?conversation=conv-case-1',
      ),
    );
    expect(within(tools).getByRole('link', { name: /Analyse a document/ })).toHaveAttribute(
      'href',
      '/documents/aiAnalysis',
    );
    expect(within(tools).getByRole('link', { name: /Open your documents/ })).toHaveAttribute(
      'href',
      '/documents',
    );
    expect(within(tools).getByRole('link', { name: /See the timeline/ })).toHaveAttribute(
      'href',
      '/timeline?case=case-1',
    );
  });

  it('posts the quick message into the case thread, with a toast and a link to it', async () => {
    const { callsTo } = open(propertyOwner, [roof], { 'case-1': detailOf(roof) });
    await screen.findByRole('heading', { name: 'Quick message' });
    const message = section('Quick message');
    const box = within(message).getByRole('textbox', { name: 'Message your case team' });
    const send = within(message).getByRole('button', { name: 'Send' });
    await waitFor(() => expect(box).toBeEnabled());
    expect(message).toHaveTextContent(
      'It goes to the conversation of CASE-2026-001 with your attorney and team.',
    );
    expect(within(message).getByRole('link', { name: /Open the conversation/ })).toHaveAttribute(
      'href',
      '/messages?conversation=conv-case-1',
    );
    expect(send).toBeDisabled();
    expect(callsTo('GET /api/conversations')[0]?.url).toBe('/api/conversations?caseId=case-1');

    // Blank text is not sent.
    await userEvent.type(box, '   ');
    expect(send).toBeDisabled();
    await userEvent.clear(box);
    await userEvent.type(box, 'When is the inspection?');
    await userEvent.click(send);

    expect(await screen.findByText('Message sent to your case team')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open conversation' })).toBeInTheDocument();
    expect(callsTo('POST /api/conversations/conv-case-1/messages').map((call) => call.body)).toEqual([
      { body: 'When is the inspection?' },
    ]);
    expect(box).toHaveValue('');
  });

  it('lists the documents the firm requested, ticked by a document uploaded since the request', async () => {
    requested = {
      'case-1': [
        {
          id: 'req-1',
          title: 'Signed proof of loss',
          note: '',
          status: 'open',
          createdAt: '2026-03-01T10:00:00.000Z',
        },
        {
          id: 'req-2',
          title: 'Contractor invoice',
          note: 'The final one',
          status: 'open',
          createdAt: '2026-03-01T10:00:00.000Z',
        },
        // Asked after the policy was uploaded: the older document does not tick it.
        {
          id: 'req-3',
          title: 'Homeowner policy',
          note: '',
          status: 'open',
          createdAt: '2026-03-03T10:00:00.000Z',
        },
      ],
    };
    const proof = {
      ...policyPdf,
      id: 'doc-2',
      fileName: 'Proof of loss signed.pdf',
      createdAt: '2026-03-02T12:00:00.000Z',
    };
    open(propertyOwner, [roof], { 'case-1': detailOf(roof) }, '/dashboard', [policyPdf, proof]);
    const region = await screen.findByRole('region', { name: 'Requested by your legal team' });
    await waitFor(() =>
      expect(
        within(region)
          .getAllByRole('listitem')
          .map((item) => item.textContent),
      ).toEqual([
        'Signed proof of loss: received, Proof of loss signed.pdf · uploaded since the request',
        'Contractor invoice: requested, not received yet, Requested Mar 1, 2026 · The final one',
        'Homeowner policy: requested, not received yet, Requested Mar 3, 2026',
      ]),
    );
    requested = {};
  });

  it('lets someone with several cases pick one, and loads that case', async () => {
    const { user, router } = open(propertyOwner, [roof, basement], {
      'case-1': detailOf(roof),
      'case-2': detailOf(basement, { status: 'settled', statusHistory: [] }),
    });
    const select = await screen.findByRole('combobox', { name: 'Case' });
    expect(select).toHaveValue('case-1');

    await user.selectOptions(select, 'case-2');
    expect(await screen.findByRole('heading', { level: 2, name: 'Flooded basement' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?case=case-2');
    await waitFor(() =>
      expect(screen.getByRole('progressbar', { name: 'Overall progress' })).toHaveAttribute(
        'aria-valuenow',
        '100',
      ),
    );
    expect(within(section('Document checklist')).getAllByRole('listitem')[0]).toHaveTextContent(
      'Medical records',
    );
  });

  it('shows the client as part of the team to a contractor', async () => {
    const contractor: SessionUser = {
      ...propertyOwner,
      userId: 'm-1',
      first_name: 'Sam',
      userType: 'restoration-contractor',
    };
    open(contractor, [roof], { 'case-1': detailOf(roof) });
    await screen.findByRole('heading', { name: 'Your team' });
    const team = section('Your team');
    expect(team).toHaveTextContent('Sam Whitaker (you)Restoration Contractor');
    expect(team).toHaveTextContent('Grace HopperClient (Property Owner)');
  });

  it.each([
    ['client', propertyOwner, 'Your attorney will add your case here.'],
    [
      'contractor',
      { ...propertyOwner, userType: 'restoration-contractor' } as SessionUser,
      'Cases you are added to will appear here.',
    ],
    [
      'expert',
      { ...propertyOwner, userType: 'expert-witness' } as SessionUser,
      'Cases you are added to will appear here.',
    ],
  ])('with no case a %s reads a sentence for their role', async (_role, user, sentence) => {
    open(user, []);
    expect(await screen.findByRole('heading', { name: 'No case yet' })).toBeInTheDocument();
    expect(screen.getByText(sentence)).toBeInTheDocument();
    // No case yet: the tools lead to the screens themselves.
    expect(
      within(section('Tools'))
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Analyse a document', 'Open your documents', 'Open your messages', 'See the timeline']);
  });

  it('offers a retry when the cases cannot be loaded', async () => {
    let calls = 0;
    signIn(propertyOwner);
    mockFetch({
      ...verifiedAs(propertyOwner),
      'GET /api/cases': () => {
        calls += 1;
        return calls === 1
          ? json(404, { error: 'Not found', code: 'NOT_FOUND' })
          : json(200, { data: [], total: 0 });
      },
    });
    const { user } = renderApp('/client/dashboard');
    expect(await screen.findByRole('alert')).toHaveTextContent('Not found');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'No case yet' })).toBeInTheDocument();
  });
});
