import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, trusted } from '@/lib/api-client';
import { markRoomRead } from '../lib/chat-cache';

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
    onMutate: ({ roomId }) => markRoomRead(queryClient, roomId),
  });
}
