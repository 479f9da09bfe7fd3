import { QueryObserver, type QueryClient } from '@tanstack/react-query';
import type { ChatMessage, ChatRoomList } from '@aula/contracts';
import { subscribe } from '@/lib/events';
import { i18n } from '@/lib/i18n';
import { notify } from '@/lib/notify';
import { chatRoomsQueryOptions } from '../api/rooms';
import { chatEventHandlers } from './chat-cache';

/** The unread messages of all the caller's rooms. */
export function totalUnread(list: ChatRoomList | undefined): number {
  return (list?.items ?? []).reduce((sum, room) => sum + Math.max(0, room.unread), 0);
}

export interface UnreadWatch {
  /** the total, each time it changes */
  onCount: (count: number) => void;
  /** a message from someone else arrived (for the chat alert) */
  onMessage: (message: ChatMessage, roomId: number) => void;
}

/**
 * Keeps the title's unread count live on every page (issue 22 item 4): the room list (GET /api/matrix/rooms,
 * the same query as the chat page's) is read once, and the stream's chat events move it on through the chat's
 * cache (lib/chat-cache.ts): a message from someone else counts one up, the page marking a room seen brings
 * it down (in another tab: the caller's own seen marker), a deleted unread message comes off, a room that is
 * gone drops out. Applying an event twice (the chat page subscribes too) changes nothing more, since the cache
 * knows each message by its id. A moderator hears of a new report here too, with a toast on any page.
 */
export function watchUnread(queryClient: QueryClient, selfId: number, watch: UnreadWatch): () => void {
  const observer = new QueryObserver(queryClient, chatRoomsQueryOptions());
  let last = -1;
  const report = (list: ChatRoomList | undefined) => {
    const count = totalUnread(list);
    if (count !== last) watch.onCount((last = count));
  };
  const stopObserving = observer.subscribe((result) => report(result.data));
  report(observer.getCurrentResult().data);
  const stops = [
    subscribe('chat.message', (data) => {
      chatEventHandlers['chat.message'](queryClient, data, selfId);
      if (data.message.sender && data.message.sender.id !== selfId)
        watch.onMessage(data.message, data.roomId);
    }),
    // read in another tab (chat_show_seen_indicator on): this tab's count asks the server again
    subscribe('chat.seen', (data) => {
      if (data.userId === selfId)
        void queryClient.invalidateQueries({ queryKey: chatRoomsQueryOptions().queryKey });
    }),
    // a deleted unread message no longer counts
    subscribe('chat.message.deleted', (data) =>
      chatEventHandlers['chat.message.deleted'](queryClient, data, selfId),
    ),
    // moderators: a message was reported (or its reports dismissed); on any page a new report is a toast
    subscribe('chat.report', (data) => void announceReport(queryClient, data.roomId)),
    subscribe('chat.room', (data) => chatEventHandlers['chat.room'](queryClient, data)),
    subscribe('chat.room.removed', (data) => chatEventHandlers['chat.room.removed'](queryClient, data)),
    subscribe(
      'reset',
      () => void queryClient.invalidateQueries({ queryKey: chatRoomsQueryOptions().queryKey }),
    ),
  ];
  return () => {
    stopObserving();
    for (const stop of stops) stop();
  };
}

/**
 * chat.report says only "the reports of this message changed" (reported or dismissed): the room list is read
 * again (once, shared with the chat page's refresh), and a room whose open reports went up is a toast.
 */
export async function announceReport(queryClient: QueryClient, roomId: number): Promise<boolean> {
  const options = chatRoomsQueryOptions();
  const before = queryClient.getQueryData(options.queryKey)?.items.find((r) => r.id === roomId)?.reports ?? 0;
  try {
    const list = await queryClient.fetchQuery({ ...options, staleTime: 0 });
    const room = list.items.find((r) => r.id === roomId);
    if (!room || room.reports <= before) return false;
    notify({ title: i18n.t('chat.report.arrived', { room: room.name }) });
    return true;
  } catch {
    return false; // offline: the badge catches up with the next read of the list
  }
}
