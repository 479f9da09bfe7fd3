import { InfiniteQueryObserver, QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { ChatMessage, ChatRoom, ChatRoomList } from '@aula/contracts';
import {
  addMessage,
  chatEventHandlers,
  markDeleted,
  pendingMessages,
  replaceMessage,
  setPending,
} from './chat-cache';

function message(id: number, roomId: number, senderId: number, body = `m${id}`): ChatMessage {
  return {
    id,
    roomId,
    sender: { id: senderId, name: `User ${senderId}`, type: 'S' },
    body,
    file: null,
    createdAt: `2026-11-26T10:${String(id).padStart(2, '0')}:00.000Z`,
    editedAt: null,
    deletedAt: null,
    clientId: `client-${id}xx`,
  };
}

function room(id: number, last: ChatMessage | null, unread = 0): ChatRoom {
  return {
    id,
    kind: 'group',
    name: `Room ${id}`,
    peer: null,
    config: { announcements: false, uploads: true },
    unread,
    lastMessage: last,
    memberCount: 3,
    isModerator: false,
    canPost: true,
    canEdit: false,
    canReport: true,
    reports: 0,
    createdAt: '2026-11-01T00:00:00.000Z',
  };
}

function setup() {
  const qc = new QueryClient();
  qc.setQueryData<ChatRoomList>(['chat', 'rooms'], {
    items: [room(2, message(5, 2, 9)), room(1, message(3, 1, 9))],
  });
  qc.setQueryData(['chat', 'messages', 1], {
    pages: [{ items: [message(3, 1, 9), message(1, 1, 7)], nextBefore: null }],
    pageParams: [undefined],
  });
  return qc;
}

const items = (qc: QueryClient, roomId: number) =>
  qc
    .getQueryData<{ pages: { items: ChatMessage[] }[] }>(['chat', 'messages', roomId])!
    .pages.flatMap((p) => p.items);
const rooms = (qc: QueryClient) => qc.getQueryData<ChatRoomList>(['chat', 'rooms'])!.items;

describe('chat cache', () => {
  it('a new message from someone else lands once, moves its room to the top and counts as unread', () => {
    const qc = setup();
    const incoming = message(7, 1, 9);
    chatEventHandlers['chat.message'](qc, { roomId: 1, message: incoming }, 7);
    chatEventHandlers['chat.message'](qc, { roomId: 1, message: incoming }, 7);
    expect(items(qc, 1).map((m) => m.id)).toEqual([7, 3, 1]);
    expect(rooms(qc).map((r) => [r.id, r.unread, r.lastMessage?.id])).toEqual([
      [1, 1, 7],
      [2, 0, 5],
    ]);
  });

  it('an own message replaces its pending copy and adds no unread', () => {
    const qc = setup();
    const own = message(8, 1, 7);
    setPending(qc, 1, { clientId: own.clientId!, body: own.body!, status: 'sending' });
    expect(pendingMessages(qc, 1)).toHaveLength(1);
    chatEventHandlers['chat.message'](qc, { roomId: 1, message: own }, 7);
    expect(pendingMessages(qc, 1)).toEqual([]);
    expect(rooms(qc)[0]).toMatchObject({ id: 1, unread: 0 });
  });

  it('an edit replaces the text; a delete keeps the place without text', () => {
    const qc = setup();
    replaceMessage(qc, 1, { ...message(3, 1, 9, 'neu'), editedAt: '2026-11-26T11:00:00.000Z' });
    expect(items(qc, 1)[0]).toMatchObject({ id: 3, body: 'neu' });
    expect(rooms(qc).find((r) => r.id === 1)?.lastMessage?.body).toBe('neu');
    markDeleted(qc, 1, 3, { selfId: 7 });
    expect(items(qc, 1)[0]).toMatchObject({ id: 3, body: null, file: null });
    expect(items(qc, 1)[0]?.deletedAt).not.toBeNull();
    expect(items(qc, 1)).toHaveLength(2);
  });

  it('a removed room leaves the list and its conversation is forgotten', () => {
    const qc = setup();
    chatEventHandlers['chat.room.removed'](qc, { roomId: 1 });
    expect(rooms(qc).map((r) => r.id)).toEqual([2]);
    expect(qc.getQueryData(['chat', 'messages', 1])).toBeUndefined();
  });

  it('a message in a room the list does not know yet reads the list again', () => {
    const qc = setup();
    addMessage(qc, 3, message(9, 3, 9), { own: false });
    expect(qc.getQueryState(['chat', 'rooms'])?.isInvalidated).toBe(true);
  });

  it('a deleted unread message from someone else no longer counts; an older, read one or an own one leaves the count', () => {
    const qc = setup();
    // 7 reads room 1: 3 (from 9) is unread, 1 is her own; then 9 sends 4, now two unread
    qc.setQueryData<ChatRoomList>(['chat', 'rooms'], { items: [room(1, message(3, 1, 9), 1)] });
    chatEventHandlers['chat.message'](qc, { roomId: 1, message: message(4, 1, 9) }, 7);
    expect(rooms(qc)[0]?.unread).toBe(2);
    chatEventHandlers['chat.message.deleted'](qc, { roomId: 1, messageId: 1 }, 7);
    expect(rooms(qc)[0]?.unread).toBe(2);
    chatEventHandlers['chat.message.deleted'](qc, { roomId: 1, messageId: 3 }, 7);
    expect(rooms(qc)[0]?.unread).toBe(1);
    // twice is once
    chatEventHandlers['chat.message.deleted'](qc, { roomId: 1, messageId: 3 }, 7);
    expect(rooms(qc)[0]?.unread).toBe(1);
    chatEventHandlers['chat.message.deleted'](qc, { roomId: 1, messageId: 4 }, 7);
    expect(rooms(qc)[0]?.unread).toBe(0);
    expect(qc.getQueryState(['chat', 'rooms'])?.isInvalidated).toBe(false);
  });

  it('a deleted message older than the unread ones leaves the count', () => {
    const qc = setup();
    qc.setQueryData<ChatRoomList>(['chat', 'rooms'], { items: [room(1, message(3, 1, 9), 1)] });
    qc.setQueryData(['chat', 'messages', 1], {
      pages: [{ items: [message(3, 1, 9), message(2, 1, 9)], nextBefore: null }],
      pageParams: [undefined],
    });
    markDeleted(qc, 1, 2, { selfId: 7 });
    expect(rooms(qc)[0]?.unread).toBe(1);
  });

  it('the newest message of a room whose conversation is not loaded counts off; an unknown one reads the list again', () => {
    const qc = setup();
    qc.setQueryData<ChatRoomList>(['chat', 'rooms'], { items: [room(2, message(5, 2, 9), 3)] });
    markDeleted(qc, 2, 5, { selfId: 7 });
    expect(rooms(qc)[0]).toMatchObject({ unread: 2, lastMessage: { id: 5, body: null } });
    expect(qc.getQueryState(['chat', 'rooms'])?.isInvalidated).toBe(false);
    markDeleted(qc, 2, 4, { selfId: 7 });
    expect(rooms(qc)[0]?.unread).toBe(2);
    expect(qc.getQueryState(['chat', 'rooms'])?.isInvalidated).toBe(true);
  });

  it('a message that comes while the list is being read again is not undone by that read (a read from before it)', async () => {
    const qc = setup();
    // the server's answers: the first read left before the message was committed, any later one after it
    const before: ChatRoomList = { items: [room(2, message(5, 2, 9)), room(1, message(3, 1, 9))] };
    const after: ChatRoomList = { items: [room(1, message(6, 1, 9), 1), room(2, message(5, 2, 9))] };
    let answerFirst: (list: ChatRoomList) => void = () => {};
    let reads = 0;
    const observer = new QueryObserver(qc, {
      queryKey: ['chat', 'rooms'],
      queryFn: () =>
        ++reads === 1
          ? new Promise<ChatRoomList>((resolve) => (answerFirst = resolve))
          : Promise.resolve(after),
    });
    // a watcher that starts (or a refetch) reads the list: the first read is under way
    const stop = observer.subscribe(() => {});
    expect(qc.getQueryState(['chat', 'rooms'])?.fetchStatus).toBe('fetching');
    chatEventHandlers['chat.message'](qc, { roomId: 1, message: message(6, 1, 9) }, 7);
    expect(rooms(qc)[0]).toMatchObject({ id: 1, unread: 1 });
    // the overtaken read answers last, with the old counts
    answerFirst(before);
    await expect.poll(() => qc.getQueryState(['chat', 'rooms'])?.fetchStatus).toBe('idle');
    expect(rooms(qc)[0]).toMatchObject({ id: 1, unread: 1, lastMessage: { id: 6 } });
    expect(reads).toBe(2);
    stop();
  });

  it('a message that comes while older messages load stays when they arrive', async () => {
    const qc = setup();
    qc.setQueryData(['chat', 'messages', 1], {
      pages: [{ items: [message(3, 1, 9), message(1, 1, 7)], nextBefore: 1 }],
      pageParams: [undefined],
    });
    let answerOlder: (page: { items: ChatMessage[]; nextBefore: number | null }) => void = () => {};
    const observer = new InfiniteQueryObserver(qc, {
      queryKey: ['chat', 'messages', 1],
      initialPageParam: undefined as number | undefined,
      getNextPageParam: (page: { nextBefore: number | null }) => page.nextBefore ?? undefined,
      queryFn: () =>
        new Promise<{ items: ChatMessage[]; nextBefore: number | null }>(
          (resolve) => (answerOlder = resolve),
        ),
      staleTime: Infinity,
    });
    const stop = observer.subscribe(() => {});
    // scrolling up: the page before the oldest one is asked for
    const older = observer.fetchNextPage();
    expect(qc.getQueryState(['chat', 'messages', 1])?.fetchStatus).toBe('fetching');
    addMessage(qc, 1, message(8, 1, 9), { own: false });
    expect(items(qc, 1)[0]?.id).toBe(8);
    answerOlder({ items: [message(0, 1, 7)], nextBefore: null });
    await older;
    await expect.poll(() => qc.getQueryState(['chat', 'messages', 1])?.fetchStatus).toBe('idle');
    expect(
      qc
        .getQueryData<{ pages: { items: ChatMessage[] }[] }>(['chat', 'messages', 1])!
        .pages.flatMap((page) => page.items.map((m) => m.id)),
    ).toEqual([8, 3, 1, 0]);
    stop();
  });
});
