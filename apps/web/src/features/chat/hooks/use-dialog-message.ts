import { useInfiniteQuery } from '@tanstack/react-query';
import { chatMessagesQueryOptions } from '../api/messages';
import { useChatAddress } from './use-chat-address';

/**
 * The message a chat dialog is about (`?room=&msg=`), from the conversation's cached pages (read when the
 * dialog is opened from a link). undefined while loading; null when the room has no such message (loaded).
 */
export function useDialogMessage() {
  const { room, msg } = useChatAddress();
  const pages = useInfiniteQuery({ ...chatMessagesQueryOptions(room ?? 0), enabled: room !== undefined });
  const found = pages.data?.pages.flatMap((page) => page.items).find((m) => m.id === msg);
  const message =
    room === undefined || msg === undefined
      ? null
      : (found ?? (pages.data || pages.isError ? null : undefined));
  return { roomId: room, message, error: pages.error };
}
