// The live event stream while signed in (issue 22, decision 071), and the queries it keeps fresh. Loaded
// after the first paint by use-live-events.ts, so none of it weighs on the first screen.
import type { QueryClient } from '@tanstack/react-query';
import { startEventStream, subscribe, type StreamOptions } from '@/lib/events';
import { onlineUsersQueryKey } from '@/lib/online-users';
import { unseenMessagesQueryOptions } from '@/features/messages/api/unseen-messages';

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
