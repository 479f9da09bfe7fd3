import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, trusted } from '@/lib/api-client';
import { useSelf } from '@/lib/session';
import { markDeleted } from '../lib/chat-cache';

export interface DeleteMessage {
  roomId: number;
  messageId: number;
}

/** POST /api/matrix/message/delete (spec 7.3; decision 072: one's own, or any as moderator or owner). */
export function deleteMessage({ roomId, messageId }: DeleteMessage) {
  return apiRequest('/api/matrix/message/delete', {
    method: 'POST',
    body: { roomId, messageId },
    schema: trusted<unknown>(),
    requiresLogin: true,
  });
}

export function useDeleteMessage() {
  const queryClient = useQueryClient();
  const selfId = useSelf()?.id;
  return useMutation({
    mutationFn: deleteMessage,
    onSuccess: (_answer, { roomId, messageId }) => markDeleted(queryClient, roomId, messageId, { selfId }),
  });
}
