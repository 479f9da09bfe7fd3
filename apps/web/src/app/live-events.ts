// The live event stream while signed in (issue 22, decision 071), and the queries it keeps fresh. Loaded
// once the page is idle after the first paint (providers.tsx), so none of it weighs on the first screen.
import type { QueryClient } from '@tanstack/react-query';
import type { UserInfo } from '@aula/contracts';
import { startEventStream, subscribe, type StreamOptions } from '@/lib/events';
import { onlineUsersQueryKey } from '@/lib/online-users';
import { selfQueryKey } from '@/lib/session';
import { unseenMessagesQueryOptions } from '@/features/messages/api/unseen-messages';

// the title's chat unread count and alert load with the stream (providers.tsx)
export { watchChatUnread } from './layout/chat-unread-watcher';

export function startLiveEvents(
  queryClient: QueryClient,
  streamOptions?: Partial<StreamOptions>,
): () => void {
  const refetch = (queryKey: readonly unknown[]) => void queryClient.invalidateQueries({ queryKey });
  const adminMessages = unseenMessagesQueryOptions().queryKey;
  const unsubscribe = [
    subscribe('messages.admin', () => refetch(adminMessages)),
    subscribe('presence', () => refetch(onlineUsersQueryKey)),
    subscribe('reset', () => {
      refetch(adminMessages);
      refetch(onlineUsersQueryKey);
    }),
  ];
  const stop = startEventStream(streamOptions);
  return () => {
    stop();
    for (const off of unsubscribe) off();
  };
}

/**
 * Runs the stream while someone is signed in, and restarts it for another user (impersonation): follows the
 * user info in the query cache. Returns the stop function.
 */
export function followSession(queryClient: QueryClient): () => void {
  let running: { userId: number; stop: () => void } | undefined;
  const sync = () => {
    const userId = queryClient.getQueryData<UserInfo | null>(selfQueryKey)?.id;
    if (running && running.userId !== userId) {
      running.stop();
      running = undefined;
    }
    if (userId !== undefined && !running) running = { userId, stop: startLiveEvents(queryClient) };
  };
  sync();
  const unsubscribe = queryClient.getQueryCache().subscribe((event) => {
    if (event.query.queryKey[0] === selfQueryKey[0]) sync();
  });
  return () => {
    unsubscribe();
    running?.stop();
    running = undefined;
  };
}
