import type { QueryClient } from '@tanstack/react-query';
import type { ChatMessage, ChatRoomDetails, ChatRoomList, EventData } from '@aula/contracts';

// The chat's live state is the query cache: the answers of the api/ fetchers, changed in place by what this
// tab sends and by the chat.* events of the stream (decision 071), so nothing is fetched twice. The keys are
// spelled here as in api/ (a lib may not import api/, and api/ imports this).

type Pages = {
  pages: { items: ChatMessage[]; nextBefore: number | null }[];
  pageParams: (number | undefined)[];
};

const roomsKey = ['chat', 'rooms'] as const;
const roomKey = (roomId: number) => ['chat', 'room', roomId] as const;
const messagesKey = (roomId: number) => ['chat', 'messages', roomId] as const;
export const pendingKey = (roomId: number) => ['chat', 'pending', roomId] as const;

/** A message this tab sent that the server has not confirmed: shown at once, kept with its text on failure. */
export interface PendingMessage {
  clientId: string;
  body: string;
  status: 'sending' | 'failed';
  error?: unknown;
}

export function pendingMessages(queryClient: QueryClient, roomId: number): PendingMessage[] {
  return queryClient.getQueryData<PendingMessage[]>(pendingKey(roomId)) ?? [];
}

export function setPending(queryClient: QueryClient, roomId: number, pending: PendingMessage): void {
  queryClient.setQueryData<PendingMessage[]>(pendingKey(roomId), (list = []) =>
    list.some((p) => p.clientId === pending.clientId)
      ? list.map((p) => (p.clientId === pending.clientId ? pending : p))
      : [...list, pending],
  );
}

export function removePending(queryClient: QueryClient, roomId: number, clientId: string): void {
  queryClient.setQueryData<PendingMessage[]>(pendingKey(roomId), (list = []) =>
    list.filter((p) => p.clientId !== clientId),
  );
}

/**
 * Changes a room's cached messages by a live event, and changes them again once a read of them that is under
 * way has answered: that read (older messages loading while scrolling up, or the room read again) builds its
 * pages from what it started with, and would drop the event's change. Every change here is the same when
 * made twice (a message is known by its id).
 */
function updateMessages(queryClient: QueryClient, roomId: number, update: (data: Pages) => Pages): void {
  const key = messagesKey(roomId);
  const apply = () => queryClient.setQueryData<Pages>(key, (data) => (data ? update(data) : data));
  apply();
  const cache = queryClient.getQueryCache();
  const query = cache.find({ queryKey: key, exact: true });
  if (query?.state.fetchStatus !== 'fetching') return;
  const stop = cache.subscribe((event) => {
    if (event.query !== query || query.state.fetchStatus === 'fetching') return;
    stop();
    apply();
  });
}

function mapMessages(queryClient: QueryClient, roomId: number, map: (m: ChatMessage) => ChatMessage): void {
  updateMessages(queryClient, roomId, (data) => ({
    ...data,
    pages: data.pages.map((page) => ({ ...page, items: page.items.map(map) })),
  }));
}

/**
 * Moves the room list on by a live event. A read of the list that is under way may have left before the event's
 * change was committed, and its answer would put the old counts back over the event's (an unread message lost
 * until the next read): it is cancelled and the list read again, so the answer comes from after the event.
 */
function updateRooms(queryClient: QueryClient, update: (list: ChatRoomList) => ChatRoomList): void {
  queryClient.setQueryData<ChatRoomList>(roomsKey, (list) => (list ? update(list) : list));
  if (queryClient.getQueryState(roomsKey)?.fetchStatus === 'fetching')
    void queryClient.refetchQueries({ queryKey: roomsKey, exact: true }, { cancelRefetch: true });
}

/** Newest last message first; rooms without messages by their creation, newest first. */
export function byLastMessage(a: ChatRoomList['items'][number], b: ChatRoomList['items'][number]): number {
  const at = (room: typeof a) => room.lastMessage?.createdAt ?? room.createdAt;
  return at(b).localeCompare(at(a));
}

/**
 * A new message (sent here, or from the stream): added to the newest page once (the id decides), the pending
 * copy with its client id dropped, and the room list's preview, order and unread count moved on.
 */
export function addMessage(
  queryClient: QueryClient,
  roomId: number,
  message: ChatMessage,
  { own }: { own: boolean },
): void {
  updateMessages(queryClient, roomId, (data) => {
    if (data.pages.some((page) => page.items.some((m) => m.id === message.id))) return data;
    const [first, ...rest] = data.pages;
    const newest = first ?? { items: [], nextBefore: null };
    return { ...data, pages: [{ ...newest, items: [message, ...newest.items] }, ...rest] };
  });
  if (message.clientId) removePending(queryClient, roomId, message.clientId);
  const known = queryClient.getQueryData<ChatRoomList>(roomsKey)?.items.some((r) => r.id === roomId);
  if (known === false) {
    // a room this tab has not listed yet (made a moment ago): read the list again
    void queryClient.invalidateQueries({ queryKey: roomsKey });
    return;
  }
  updateRooms(queryClient, (list) => ({
    items: list.items
      .map((room) => {
        if (room.id !== roomId) return room;
        const newer = !room.lastMessage || room.lastMessage.id < message.id;
        const counts = !own && newer;
        return {
          ...room,
          lastMessage: newer || room.lastMessage?.id === message.id ? message : room.lastMessage,
          unread: counts ? room.unread + 1 : room.unread,
        };
      })
      .sort(byLastMessage),
  }));
}

/** An edited message (or its reports changed): replaced where it is shown. */
export function replaceMessage(queryClient: QueryClient, roomId: number, message: ChatMessage): void {
  mapMessages(queryClient, roomId, (m) => (m.id === message.id ? { ...m, ...message } : m));
  updateRooms(queryClient, (list) => ({
    items: list.items.map((room) =>
      room.id === roomId && room.lastMessage?.id === message.id ? { ...room, lastMessage: message } : room,
    ),
  }));
}

/**
 * Whether deleting this message takes one off the room's unread count. The server counts others' messages
 * after the reader's marker that are not deleted, so the unread ones are the newest `unread` of those: the
 * message is one of them when no more than `unread` such messages (itself included) are as new. When this tab
 * cannot tell (the message is not cached, or who is reading is not known) the answer is `undefined`.
 */
function deletionLowersUnread(
  queryClient: QueryClient,
  room: ChatRoomList['items'][number],
  messageId: number,
  selfId: number | undefined,
): boolean | undefined {
  if (room.unread === 0) return false;
  if (selfId === undefined) return undefined;
  const fromOthers = (m: ChatMessage) => m.deletedAt === null && m.sender?.id !== selfId;
  const cached = queryClient.getQueryData<Pages>(messagesKey(room.id))?.pages.flatMap((page) => page.items);
  const target = cached?.find((m) => m.id === messageId);
  if (cached && target) {
    if (!fromOthers(target)) return false;
    return cached.filter((m) => m.id >= messageId && fromOthers(m)).length <= room.unread;
  }
  // the room list's newest message: unread whenever anything is
  if (room.lastMessage?.id === messageId) return fromOthers(room.lastMessage);
  return undefined;
}

/**
 * A deleted message keeps its place, without text or file (decision 070); if it was unread it no longer
 * counts, and when this tab cannot tell, the list is read again.
 */
export function markDeleted(
  queryClient: QueryClient,
  roomId: number,
  messageId: number,
  { selfId, at }: { selfId: number | undefined; at?: string },
): void {
  const room = queryClient.getQueryData<ChatRoomList>(roomsKey)?.items.find((r) => r.id === roomId);
  const lowers = room ? deletionLowersUnread(queryClient, room, messageId, selfId) : false;
  const deleted = (m: ChatMessage): ChatMessage =>
    m.id === messageId
      ? { ...m, body: null, file: null, deletedAt: m.deletedAt ?? at ?? new Date().toISOString(), reports: 0 }
      : m;
  mapMessages(queryClient, roomId, deleted);
  updateRooms(queryClient, (list) => ({
    items: list.items.map((r) => {
      if (r.id !== roomId) return r;
      const lastMessage = r.lastMessage?.id === messageId ? deleted(r.lastMessage) : r.lastMessage;
      return { ...r, lastMessage, unread: lowers ? Math.max(0, r.unread - 1) : r.unread };
    }),
  }));
  if (lowers === undefined) void queryClient.invalidateQueries({ queryKey: roomsKey });
}

export function setReports(
  queryClient: QueryClient,
  roomId: number,
  messageId: number,
  reports: number,
): void {
  mapMessages(queryClient, roomId, (m) => (m.id === messageId ? { ...m, reports } : m));
}

/** The caller has seen the room: no unread messages left in the list. */
export function markRoomRead(queryClient: QueryClient, roomId: number): void {
  updateRooms(queryClient, (list) => ({
    items: list.items.map((room) => (room.id === roomId && room.unread > 0 ? { ...room, unread: 0 } : room)),
  }));
}

/** chat_show_seen_indicator: a member's newest seen message, only ever forward. */
export function applySeen(
  queryClient: QueryClient,
  { roomId, userId, messageId }: EventData<'chat.seen'>,
): void {
  queryClient.setQueryData<ChatRoomDetails>(roomKey(roomId), (room) => {
    if (!room) return room;
    const current = room.seen.find((s) => s.userId === userId);
    if (current && current.messageId >= messageId) return room;
    return {
      ...room,
      seen: [...room.seen.filter((s) => s.userId !== userId), { userId, messageId }],
    };
  });
}

/** A room was made, renamed, reconfigured or its members changed: read it and the list again. */
export async function roomChanged(queryClient: QueryClient, roomId: number): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: roomsKey }),
    queryClient.invalidateQueries({ queryKey: roomKey(roomId) }),
  ]);
}

/** The caller left the room or it was deleted: forget it. */
export function roomRemoved(queryClient: QueryClient, roomId: number): void {
  updateRooms(queryClient, (list) => ({ items: list.items.filter((room) => room.id !== roomId) }));
  for (const key of [roomKey(roomId), messagesKey(roomId), pendingKey(roomId)]) {
    queryClient.removeQueries({ queryKey: key });
  }
}

/** The stream could not replay what was missed: read everything of the chat again (pending sends stay). */
export async function resetChat(queryClient: QueryClient): Promise<void> {
  await queryClient.invalidateQueries({
    queryKey: ['chat'],
    predicate: (query) => query.queryKey[1] !== 'pending',
  });
}

/** The chat.* events of the stream, each applied to the cache; `selfId` tells the caller's own messages. */
export const chatEventHandlers = {
  'chat.message': (qc: QueryClient, data: EventData<'chat.message'>, selfId: number | undefined) =>
    addMessage(qc, data.roomId, data.message, { own: data.message.sender?.id === selfId }),
  'chat.message.edited': (qc: QueryClient, data: EventData<'chat.message.edited'>) =>
    replaceMessage(qc, data.roomId, data.message),
  'chat.message.deleted': (
    qc: QueryClient,
    data: EventData<'chat.message.deleted'>,
    selfId: number | undefined,
  ) => markDeleted(qc, data.roomId, data.messageId, { selfId }),
  'chat.seen': (qc: QueryClient, data: EventData<'chat.seen'>) => applySeen(qc, data),
  'chat.room': (qc: QueryClient, data: EventData<'chat.room'>) => void roomChanged(qc, data.roomId),
  'chat.room.removed': (qc: QueryClient, data: EventData<'chat.room.removed'>) =>
    roomRemoved(qc, data.roomId),
  // reported or dismissed (moderators only): the event carries no count, so the room's messages and the
  // list's open-report counts are read again
  'chat.report': (qc: QueryClient, data: EventData<'chat.report'>) =>
    void Promise.all([
      qc.invalidateQueries({ queryKey: messagesKey(data.roomId) }),
      qc.invalidateQueries({ queryKey: roomsKey }),
    ]),
  reset: (qc: QueryClient) => void resetChat(qc),
} as const;
