import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, trusted } from '@/lib/api-client';
import { markRoomRead } from '../lib/chat-cache';
import { chatRoomsKey } from './rooms';

export interface MarkSeen {
  roomId: number;
  messageId: number;
}

/** POST /api/matrix/{roomId}/seen (decision 070): the newest message the caller has seen. */
export function markSeen({ roomId, messageId }: MarkSeen) {
  return apiRequest(`/api/matrix/${roomId}/seen`, {
    method: 'POST',
    body: { messageId },
    schema: trusted<unknown>(),
    requiresLogin: true,
  });
}

export function useMarkSeen() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markSeen,
    // a list read before the marker landed would count the room unread again: stop it, and read it after
    onMutate: async ({ roomId }) => {
      await queryClient.cancelQueries({ queryKey: chatRoomsKey });
      markRoomRead(queryClient, roomId);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: chatRoomsKey }),
  });
}
