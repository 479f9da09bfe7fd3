import { queryOptions } from '@tanstack/react-query';
import { ChatHistorySchema } from '@aula/contracts';
import { apiRequest } from '@/lib/api-client';

export const chatHistoryKey = (roomId: number, messageId: number) =>
  ['chat', 'history', roomId, messageId] as const;

/** GET /api/matrix/{roomId}/messages/{messageId}/history (history-msg): every version, oldest first. */
export function chatHistoryQueryOptions(roomId: number, messageId: number) {
  return queryOptions({
    queryKey: chatHistoryKey(roomId, messageId),
    queryFn: ({ signal }) =>
      apiRequest(`/api/matrix/${roomId}/messages/${messageId}/history`, {
        schema: ChatHistorySchema,
        requiresLogin: true,
        signal,
      }),
    retry: false,
  });
}
