import { queryOptions } from '@tanstack/react-query';
import { ChatRoomListSchema } from '@aula/contracts';
import { apiRequest } from '@/lib/api-client';

export const chatRoomsKey = ['chat', 'rooms'] as const;

/** GET /api/matrix/rooms (decision 070): the caller's rooms with unread counts and the last message. */
export function chatRoomsQueryOptions() {
  return queryOptions({
    queryKey: chatRoomsKey,
    queryFn: ({ signal }) =>
      apiRequest('/api/matrix/rooms', { schema: ChatRoomListSchema, requiresLogin: true, signal }),
  });
}
