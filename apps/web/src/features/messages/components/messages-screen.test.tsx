import {
  MESSAGES,
  type ConversationDetailResponse,
  type ConversationPerson,
  type ConversationSummary,
  type Message,
  type SessionUser,
} from '@sentinel/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { FakeWebSocket } from '@/testing/fake-websocket';
import { deferred, json, mockFetch, queryOf, verifiedAs, type FetchHandler } from '@/testing/fetch-mock';
import { setScreenWide } from '@/testing/media';
import { currentUrl, preloadRoutes, renderApp } from '@/testing/render-app';
import { attorney, propertyOwner, signIn } from '@/testing/session';

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

const ada = { userId: attorney.userId, name: 'Ada Lovelace', userType: 'attorney' as const };
const grace = { userId: propertyOwner.userId, name: 'Grace Hopper', userType: 'client' as const };
const sam = { userId: 'user-9', name: 'Sam Whitaker', userType: 'restoration-contractor' as const };

const msg = (
  seq: number,
  sender: ConversationPerson | null,
  body: string,
  extra: Partial<Message> = {},
): Message => ({
  id: `m-${seq}`,
  seq,
  changeSeq: seq,
  conversationId: 'conv-1',
  sender,
  kind: 'text',
  body,
  createdAt: minutesAgo(30 - seq),
  editedAt: null,
  deletedAt: null,
  documents: [],
  ...extra,
});

const caseThread: ConversationSummary = {
  id: 'conv-1',
  kind: 'case',
  title: 'Roof collapse',
  case: { id: 'case-1', caseNumber: 'CASE-2026-001', title: 'Roof collapse' },
  counterpart: null,
  lastMessage: { preview: 'The adjuster comes Tuesday', sender: ada, createdAt: minutesAgo(5), seq: 4 },
  unread: 2,
};
const direct: ConversationSummary = {
  id: 'conv-2',
  kind: 'direct',
  title: 'Sam Whitaker',
  case: null,
  counterpart: sam,
  lastMessage: { preview: 'Photos attached', sender: sam, createdAt: minutesAgo(60 * 26), seq: 9 },
  unread: 0,
};

const thread = [
  msg(1, grace, 'Is the roof covered?'),
  msg(2, ada, 'It should be. Old draft', { editedAt: minutesAgo(20) }),
  msg(3, grace, '', { deletedAt: minutesAgo(10) }),
  msg(4, ada, 'The adjuster comes Tuesday', {
    documents: [{ id: 'doc-1', fileName: 'Adjuster letter.pdf' }],
  }),
  msg(5, ada, "Thank you for your message. I'll get back to you as soon as possible.", { kind: 'away' }),
];

const detail = (readSeqs: Record<string, number> = {}): ConversationDetailResponse => ({
  conversation: caseThread,
  participants: [ada, grace, sam].map((person) => ({ ...person, readSeq: readSeqs[person.userId] ?? 0 })),
  canWrite: true,
});

function open(
  user: SessionUser,
  path: string,
  {
    conversations = [caseThread, direct],
    extra = {},
  }: { conversations?: ConversationSummary[]; extra?: Record<string, FetchHandler> } = {},
) {
  signIn(user);
  let nextSeq = 6;
  const mock = mockFetch({
    ...verifiedAs(user),
    'GET /api/notifications': () => json(200, { data: [], unread: 0 }),
    'GET /api/conversations/unread': () => json(200, { unread: 2 }),
    'GET /api/conversations': () =>
      json(200, { data: conversations, unread: conversations.reduce((n, c) => n + c.unread, 0) }),
    'GET /api/conversations/conv-1': () => json(200, detail({ [grace.userId]: 4, [sam.userId]: 2 })),
    'GET /api/conversations/conv-1/messages': () => json(200, { data: thread, hasMore: false }),
    'POST /api/conversations/conv-1/read': () => new Response(null, { status: 204 }),
    'POST /api/conversations/conv-1/messages': (call) =>
      json(201, {
        message: msg(
          nextSeq++,
          user.userId === ada.userId ? ada : grace,
          (call.body as { body: string }).body,
          {
            createdAt: new Date().toISOString(),
          },
        ),
      }),
    ...extra,
  });
  return { ...mock, ...renderApp(path) };
}

const conversationList = () => screen.findByRole('region', { name: 'Conversations' });
const log = () => screen.getByRole('log');

describe('messages screen', () => {
  beforeAll(preloadRoutes, 120_000);

  it('says so when there are no conversations, after loading them', async () => {
    setScreenWide(true);
    const answer = deferred<Response>();
    open(propertyOwner, '/messages', { extra: { 'GET /api/conversations': () => answer.promise } });
    expect(await screen.findByText(MESSAGES.loadingConversations)).toBeInTheDocument();
    answer.resolve(json(200, { data: [], unread: 0 }));
    expect(await screen.findByRole('heading', { name: MESSAGES.noConversationsYet })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: MESSAGES.noConversationSelected })).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.messagesEmptyHint)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'New message' })).toBeNull();
  });

  it('lists conversations with their case or person, last sender, age, preview and unread dot', async () => {
    setScreenWide(true);
    open(propertyOwner, '/messages');
    const items = await within(await conversationList()).findAllByRole('link');
    expect(items.map((item) => item.textContent)).toEqual([
      'ALCASE-2026-001 · Roof collapseJust nowCase threadAda: The adjuster comes Tuesday, 2 unread',
      'SWSam WhitakerYesterdayRestoration ContractorSam: Photos attached',
    ]);
    expect(items[0]).toHaveAttribute('href', '/messages?conversation=conv-1');
    expect(screen.getByRole('heading', { name: MESSAGES.noConversationSelected })).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.selectConversationHint)).toBeInTheDocument();
    // The sidebar's count.
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(await within(nav).findByRole('link', { name: 'Messages, 2 unread' })).toHaveAttribute(
      'href',
      '/messages',
    );
  });

  it('opens a conversation from the list: the thread, read marks, and it is marked read', async () => {
    setScreenWide(true);
    const { user, router, callsTo } = open(propertyOwner, '/messages');
    await user.click(await within(await conversationList()).findByRole('link', { name: /Roof collapse/ }));
    expect(currentUrl(router)).toBe('/messages?conversation=conv-1');

    const heading = await screen.findByRole('heading', { level: 2, name: 'CASE-2026-001 · Roof collapse' });
    const header = heading.closest('header')!;
    expect(header).toHaveTextContent('Case thread');
    expect(header).toHaveTextContent('With: Ada Lovelace (Attorney), Sam Whitaker (Restoration Contractor)');
    expect(within(header).getByRole('link', { name: 'Open case' })).toHaveAttribute('href', '/cases/case-1');

    const messages = within(log()).getAllByRole('article');
    expect(messages.map((m) => m.getAttribute('aria-label')?.split(',')[0])).toEqual([
      'You',
      'Ada Lovelace',
      'You',
      'Ada Lovelace',
      'Ada Lovelace',
    ]);
    expect(messages[1]).toHaveTextContent('edited');
    expect(messages[2]).toHaveTextContent(MESSAGES.messageDeleted);
    expect(within(messages[3]!).getByRole('button', { name: /Adjuster letter.pdf/ })).toBeInTheDocument();
    expect(messages[4]).toHaveTextContent('Automatic reply');
    // Sam read up to 2: under the newest message he read that someone else sent.
    expect(messages[1]!.closest('li')).toHaveTextContent('Seen by Sam Whitaker');

    // Read up to the newest message; the dot goes at once.
    await waitFor(() => expect(callsTo('POST /api/conversations/conv-1/read')).toHaveLength(1));
    expect(callsTo('POST /api/conversations/conv-1/read')[0]?.body).toEqual({ seq: 5 });
    expect(
      within(await conversationList()).getByRole('link', { name: /Roof collapse/ }),
    ).not.toHaveTextContent('unread');
    expect(within(await conversationList()).getByRole('link', { name: /Roof collapse/ })).toHaveAttribute(
      'aria-current',
      'true',
    );
  });

  it('sends with Enter, keeps Shift+Enter as a new line and ignores a blank text', async () => {
    setScreenWide(true);
    const { user, callsTo } = open(propertyOwner, '/messages?conversation=conv-1');
    const box = await screen.findByRole('textbox', { name: 'Message to CASE-2026-001 · Roof collapse' });
    expect(box).toHaveAttribute('placeholder', MESSAGES.typeYourMessage);

    await user.type(box, '   {Enter}');
    expect(callsTo('POST /api/conversations/conv-1/messages')).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();

    await user.clear(box);
    await user.type(box, 'First line{Shift>}{Enter}{/Shift}second line');
    expect(box).toHaveValue('First line\nsecond line');
    await user.type(box, '{Enter}');

    await waitFor(() => expect(box).toHaveValue(''));
    expect(callsTo('POST /api/conversations/conv-1/messages').map((call) => call.body)).toEqual([
      { body: 'First line\nsecond line' },
    ]);
    const last = within(log()).getAllByRole('article').at(-1)!;
    expect(within(last).getByText(/First line/).textContent).toBe('First line\nsecond line');
  });

  it('shows messages, edits and read marks that arrive live, and catches up after a reconnection', async () => {
    setScreenWide(true);
    const { callsTo } = open(propertyOwner, '/messages?conversation=conv-1', {
      extra: {
        'GET /api/conversations/conv-1/messages': (call) =>
          queryOf(call).get('after') === '6'
            ? json(200, { data: [msg(6, ada, 'Live one'), msg(7, ada, 'Missed while away')], hasMore: false })
            : json(200, { data: thread, hasMore: false }),
      },
    });
    await screen.findByRole('log');
    await waitFor(() => expect(FakeWebSocket.latest).toBeDefined());
    const socket = FakeWebSocket.latest!;
    socket.serverOpens();
    expect(socket.sent[0]).toMatchObject({ type: 'auth' });
    socket.serverSends({ type: 'ready' });

    socket.serverSends({ type: 'message', message: msg(6, ada, 'Live one') });
    expect(await within(log()).findByText('Live one')).toBeInTheDocument();
    socket.serverSends({
      type: 'message',
      message: msg(4, ada, 'The adjuster comes Wednesday', { editedAt: minutesAgo(1) }),
    });
    expect(await within(log()).findByText('The adjuster comes Wednesday')).toBeInTheDocument();
    socket.serverSends({ type: 'read', conversationId: 'conv-1', userId: sam.userId, seq: 6 });
    await waitFor(() =>
      expect(within(log()).getByText('Live one').closest('li')).toHaveTextContent('Seen by Sam Whitaker'),
    );

    // Dropped and back: what came meanwhile is fetched once, nothing doubled.
    socket.serverCloses(1006);
    await waitFor(() => expect(FakeWebSocket.all.length).toBe(2), { timeout: 5000 });
    const again = FakeWebSocket.latest!;
    again.serverOpens();
    again.serverSends({ type: 'ready' });
    expect(await within(log()).findByText('Missed while away')).toBeInTheDocument();
    expect(within(log()).getAllByText('Live one')).toHaveLength(1);
    expect(queryOf(callsTo('GET /api/conversations/conv-1/messages').at(-1)).get('after')).toBe('6');
  });

  it('edits an own message within five minutes and deletes one after confirming', async () => {
    setScreenWide(true);
    const fresh = msg(6, grace, 'Typo here', { createdAt: minutesAgo(1) });
    const { user, callsTo } = open(propertyOwner, '/messages?conversation=conv-1', {
      extra: {
        'GET /api/conversations/conv-1/messages': () =>
          json(200, { data: [...thread, fresh], hasMore: false }),
        'PATCH /api/conversations/conv-1/messages/m-6': (call) =>
          json(200, {
            message: {
              ...fresh,
              body: (call.body as { body: string }).body,
              editedAt: new Date().toISOString(),
            },
          }),
        'DELETE /api/conversations/conv-1/messages/m-1': () =>
          json(200, { message: { ...thread[0], body: '', deletedAt: new Date().toISOString() } }),
      },
    });
    await screen.findByRole('log');
    const menus = screen.getAllByRole('button', { name: /^Options for your message/ });
    // Own messages that are not deleted: 1 and 6.
    expect(menus).toHaveLength(2);

    await user.click(menus[1]!);
    await user.click(await screen.findByRole('menuitem', { name: 'Edit' }));
    const editor = screen.getByRole('textbox', { name: 'Edit message' });
    await user.clear(editor);
    await user.type(editor, 'No typo here{Enter}');
    expect(await within(log()).findByText('No typo here')).toBeInTheDocument();
    expect(callsTo('PATCH /api/conversations/conv-1/messages/m-6')[0]?.body).toEqual({
      body: 'No typo here',
    });

    // The first message is older than five minutes: delete only.
    await user.click(screen.getAllByRole('button', { name: /^Options for your message/ })[0]!);
    expect(screen.queryByRole('menuitem', { name: 'Edit' })).toBeNull();
    await user.click(screen.getByRole('menuitem', { name: 'Delete' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete this message?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(within(log()).getAllByText(MESSAGES.messageDeleted)).toHaveLength(2));
    expect(callsTo('DELETE /api/conversations/conv-1/messages/m-1')).toHaveLength(1);
  });

  it('on a phone shows the list, or the open conversation with a way back', async () => {
    setScreenWide(false);
    const { user, router } = open(propertyOwner, '/messages');
    await user.click(await within(await conversationList()).findByRole('link', { name: /Roof collapse/ }));
    await screen.findByRole('log');
    expect(screen.queryByRole('region', { name: 'Conversations' })).toBeNull();
    await user.click(screen.getByRole('link', { name: 'Back to conversations' }));
    expect(currentUrl(router)).toBe('/messages');
    expect(await screen.findByRole('region', { name: 'Conversations' })).toBeInTheDocument();
    expect(screen.queryByRole('log')).toBeNull();
  });

  it('lets an attorney start a direct conversation with New message', async () => {
    setScreenWide(true);
    const { user, router, callsTo } = open(attorney, '/messages', {
      extra: {
        'GET /api/conversations/people': () => json(200, { data: [grace, sam] }),
        'POST /api/conversations/direct': () => json(200, { conversation: { ...direct, id: 'conv-9' } }),
        'GET /api/conversations/conv-9': () =>
          json(200, { conversation: { ...direct, id: 'conv-9' }, participants: [], canWrite: true }),
        'GET /api/conversations/conv-9/messages': () => json(200, { data: [], hasMore: false }),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'New message' }));
    const dialog = await screen.findByRole('dialog', { name: 'New message' });
    await user.selectOptions(await within(dialog).findByRole('combobox', { name: 'To' }), 'user-9');
    await user.click(within(dialog).getByRole('button', { name: 'Open conversation' }));
    await waitFor(() => expect(currentUrl(router)).toBe('/messages?conversation=conv-9'));
    expect(callsTo('POST /api/conversations/direct')[0]?.body).toEqual({ userId: 'user-9' });
    expect(await screen.findByRole('heading', { level: 2, name: 'Sam Whitaker' })).toBeInTheDocument();
    expect(screen.getByText('No messages yet. Write the first one below.')).toBeInTheDocument();
  });
});
