import { queryOptions } from '@tanstack/react-query';
import { ChatRoomDetailsSchema } from '@aula/contracts';
import { apiRequest } from '@/lib/api-client';

export const chatRoomKey = (roomId: number) => ['chat', 'room', roomId] as const;

/** GET /api/matrix/{roomId} (decision 070): the room with its members and seen markers. */
export function chatRoomQueryOptions(roomId: number) {
  return queryOptions({
    queryKey: chatRoomKey(roomId),
    queryFn: ({ signal }) =>
      apiRequest(`/api/matrix/${roomId}`, { schema: ChatRoomDetailsSchema, requiresLogin: true, signal }),
    retry: false,
  });
}
