import type { Message } from '@sentinel/shared';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { json, mockFetch, queryOf } from '@/testing/fetch-mock';
import { signIn } from '@/testing/session';
import {
  catchUpThreads,
  flattenMessages,
  lastSeqOf,
  mergeMessages,
  type MessagePages,
} from './conversations';
import { queryKeys } from './query-keys';

const msg = (seq: number, extra: Partial<Message> = {}): Message => ({
  id: `m-${seq}`,
  seq,
  changeSeq: seq,
  conversationId: 'c-1',
  sender: { userId: 'u-2', name: 'Grace Hopper', userType: 'client' },
  kind: 'text',
  body: `Message ${seq}`,
  createdAt: '2026-03-01T10:00:00.000Z',
  editedAt: null,
  deletedAt: null,
  documents: [],
  ...extra,
});

/** A thread with the newest page first, as the infinite query keeps it. */
const thread = (...pages: { seqs: number[]; hasMore: boolean }[]): MessagePages => ({
  pages: pages.map(({ seqs, hasMore }) => ({ data: seqs.map((seq) => msg(seq)), hasMore })),
  pageParams: pages.map((_, index) => (index === 0 ? undefined : 100 - index)),
});

const seqs = (data: MessagePages) => flattenMessages(data).map((m) => m.seq);

describe('mergeMessages', () => {
  it('appends a new message after the newest, and a second copy changes nothing', () => {
    const once = mergeMessages(thread({ seqs: [4, 5], hasMore: false }), [msg(6)]);
    expect(seqs(once)).toEqual([4, 5, 6]);
    expect(seqs(mergeMessages(once, [msg(6)]))).toEqual([4, 5, 6]);
  });

  it('replaces an edited or deleted message in place, in whichever page holds it', () => {
    const data = thread({ seqs: [5, 6], hasMore: true }, { seqs: [3, 4], hasMore: false });
    const edited = mergeMessages(data, [
      msg(3, { body: 'Changed', editedAt: '2026-03-01T10:01:00.000Z' }),
      msg(6, { body: '', deletedAt: '2026-03-01T10:02:00.000Z' }),
    ]);
    expect(seqs(edited)).toEqual([3, 4, 5, 6]);
    expect(flattenMessages(edited)[0]).toMatchObject({ body: 'Changed' });
    expect(flattenMessages(edited)[3]).toMatchObject({ body: '', deletedAt: expect.any(String) });
  });

  it('keeps the order when messages arrive out of order', () => {
    const data = mergeMessages(thread({ seqs: [1, 2], hasMore: false }), [msg(5), msg(3), msg(4)]);
    expect(seqs(data)).toEqual([1, 2, 3, 4, 5]);
    expect(lastSeqOf(data)).toBe(5);
  });

  it('leaves a message older than every loaded page for scrolling back', () => {
    const data = thread({ seqs: [10, 11], hasMore: true });
    expect(seqs(mergeMessages(data, [msg(3)]))).toEqual([10, 11]);
    expect(seqs(mergeMessages(thread({ seqs: [10], hasMore: false }), [msg(3)]))).toEqual([3, 10]);
  });

  it('returns the same object when nothing changed shape', () => {
    const data = thread({ seqs: [1], hasMore: false });
    expect(mergeMessages(data, [])).toBe(data);
  });
});

describe('catchUpThreads (after a reconnection)', () => {
  it('asks each loaded thread for what came after its last message and merges it without doubles', async () => {
    signIn();
    const queryClient = new QueryClient();
    queryClient.setQueryData(
      queryKeys.conversations.messages('c-1'),
      thread({ seqs: [1, 2], hasMore: false }),
    );
    queryClient.setQueryData(queryKeys.conversations.messages('c-2'), {
      pages: [{ data: [msg(7, { conversationId: 'c-2', id: 'n-7' })], hasMore: false }],
      pageParams: [undefined],
    });
    const { callsTo } = mockFetch({
      // The live channel already brought 3 before the drop; the answer has it again.
      'GET /api/conversations/c-1/messages': () =>
        json(200, { data: [msg(2), msg(3), msg(4)], hasMore: true }),
      'GET /api/conversations/c-2/messages': () => json(200, { data: [], hasMore: true }),
    });
    queryClient.setQueryData<MessagePages>(queryKeys.conversations.messages('c-1'), (data) =>
      mergeMessages(data!, [msg(3)]),
    );

    await catchUpThreads(queryClient);

    expect(queryOf(callsTo('GET /api/conversations/c-1/messages')[0]).get('after')).toBe('3');
    expect(queryOf(callsTo('GET /api/conversations/c-2/messages')[0]).get('after')).toBe('7');
    expect(seqs(queryClient.getQueryData<MessagePages>(queryKeys.conversations.messages('c-1'))!)).toEqual([
      1, 2, 3, 4,
    ]);
  });

  it('starts after the latest change held, and takes in an older message edited or deleted meanwhile', async () => {
    signIn();
    const queryClient = new QueryClient();
    queryClient.setQueryData(queryKeys.conversations.messages('c-1'), {
      // Message 1 was edited while connected: its change came after message 3.
      pages: [{ data: [msg(1, { changeSeq: 5, body: 'edited' }), msg(2), msg(3)], hasMore: false }],
      pageParams: [undefined],
    });
    const { callsTo } = mockFetch({
      // While disconnected: message 2 was deleted, and message 8 arrived.
      'GET /api/conversations/c-1/messages': () =>
        json(200, {
          data: [msg(2, { changeSeq: 7, body: '', deletedAt: '2026-11-24T10:00:00.000Z' }), msg(8)],
          hasMore: false,
        }),
    });

    await catchUpThreads(queryClient);

    expect(queryOf(callsTo('GET /api/conversations/c-1/messages')[0]).get('after')).toBe('5');
    const held = queryClient.getQueryData<MessagePages>(queryKeys.conversations.messages('c-1'))!;
    expect(seqs(held)).toEqual([1, 2, 3, 8]);
    expect(held.pages[0]!.data.find((message) => message.seq === 2)?.deletedAt).not.toBeNull();
  });
});
