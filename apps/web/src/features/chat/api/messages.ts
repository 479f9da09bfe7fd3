import { infiniteQueryOptions, type InfiniteData } from '@tanstack/react-query';
import { CHAT_PAGE_SIZE, ChatMessagePageSchema, type ChatMessagePage } from '@aula/contracts';
import { apiRequest } from '@/lib/api-client';

export const chatMessagesKey = (roomId: number) => ['chat', 'messages', roomId] as const;

/** The pages as the cache holds them: the first page is the newest, each page newest first. */
export type ChatMessagePages = InfiniteData<ChatMessagePage, number | undefined>;

/** GET /api/matrix/{roomId}/messages?before= (decision 070): pages back by cursor, newest page first. */
export function chatMessagesQueryOptions(roomId: number) {
  return infiniteQueryOptions({
    queryKey: chatMessagesKey(roomId),
    queryFn: ({ signal, pageParam }) => {
      const query = new URLSearchParams({ limit: String(CHAT_PAGE_SIZE) });
      if (pageParam !== undefined) query.set('before', String(pageParam));
      return apiRequest(`/api/matrix/${roomId}/messages?${query}`, {
        schema: ChatMessagePageSchema,
        requiresLogin: true,
        signal,
      });
    },
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (page) => page.nextBefore ?? undefined,
    retry: false,
  });
}
